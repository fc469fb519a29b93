import Foundation
import Testing
@testable import Canvas
@testable import Tactics

/// Pixel probes on replayed boards (1024 x 768 surface, rendered at its own size).
@Suite struct BoardRenderingTests {
    /// A horizontal red line through the left half at y = 20 m.
    let redLine = Boards.stroke("red", [Boards.surface(10, 20), Boards.surface(40, 20)])

    func point(_ x: Double, _ y: Double, in renderer: BoardRenderer) -> Point {
        renderer.outputLayout.metresToSpace.apply(Point(x: x, y: y))
    }

    @Test func penColourOnAStrokeAndGrassElsewhere() throws {
        let (image, renderer) = try Boards.render(try Boards.log([redLine]))
        #expect(image.pixel(at: point(25, 20, in: renderer), is: Boards.red))
        #expect(image.pixel(at: point(25, 30, in: renderer), is: Boards.grass))
        #expect(image.pixel(at: point(80, 10, in: renderer), is: Boards.grass))
        // The margin around the field is grass too.
        #expect(image.pixel(x: 3, y: 3).distance(to: Boards.grass) <= 8)
    }

    @Test func whiteAtTheCentreMarkAndPenaltyMarks() throws {
        let (image, renderer) = try Boards.render(try Boards.log([]))
        for (x, y) in [(52.5, 34.0), (11, 34), (94, 34)] {
            #expect(image.pixel(at: point(x, y, in: renderer), is: Boards.white, tolerance: 24), "mark at \(x) m")
        }
        // Between the marks: grass.
        #expect(image.pixel(at: point(30, 34, in: renderer), is: Boards.grass))
        // The halfway line and the touchline are white; the centre circle passes 9.15 m from the mark.
        #expect(image.pixel(at: point(52.5, 10, in: renderer), is: Boards.white, tolerance: 60))
        #expect(image.pixel(at: point(30, 0.06, in: renderer), is: Boards.white, tolerance: 60))
        #expect(image.pixel(at: point(52.5 + 9.09, 34, in: renderer), is: Boards.white, tolerance: 60))
    }

    @Test func theEraserShowsThePitchWhereItPassedOverInk() throws {
        let eraser = Boards.stroke("eraser", [Boards.surface(25, 10), Boards.surface(25, 30)])
        let (image, renderer) = try Boards.render(try Boards.log([redLine, eraser]))
        #expect(image.pixel(at: point(25, 20, in: renderer), is: Boards.grass))
        #expect(image.pixel(at: point(15, 20, in: renderer), is: Boards.red))
        // Erasing over a marking leaves the marking: the eraser never touches the pitch.
        let overMark = Boards.stroke("eraser", [Boards.surface(52.5, 30), Boards.surface(52.5, 38)])
        let (marked, markedRenderer) = try Boards.render(try Boards.log([overMark]))
        #expect(marked.pixel(at: point(52.5, 34, in: markedRenderer), is: Boards.white, tolerance: 24))
    }

    @Test func inkDrawnAfterTheEraserStays() throws {
        let eraser = Boards.stroke("eraser", [Boards.surface(25, 10), Boards.surface(25, 30)])
        let blue = Boards.stroke("blue", [Boards.surface(25, 15), Boards.surface(25, 25)])
        let (image, renderer) = try Boards.render(try Boards.log([redLine, eraser, blue]))
        #expect(image.pixel(at: point(25, 20, in: renderer), is: Boards.blue))
    }

    @Test func nothingIsLeftAfterClear() throws {
        let scribble = Boards.stroke("blue", (0..<50).map { Boards.surface(10 + Double($0), 10 + Double($0 % 7) * 5) })
        let (cleared, _) = try Boards.render(try Boards.log([redLine, scribble, ["type": "clear"]]))
        let (empty, _) = try Boards.render(try Boards.log([]))
        #expect(cleared == empty)
        let (redrawn, renderer) = try Boards.render(try Boards.log([redLine, ["type": "clear"], scribble]))
        #expect(redrawn.pixel(at: point(25, 20, in: renderer), is: Boards.grass))
    }

    @Test func aOnePointStrokeIsADotOfThePensWidth() throws {
        let log = try Boards.log([Boards.stroke("red", [Boards.surface(30, 50)])], extra: ["pens": ["red": ["color": "#D32F2F", "width": 20]]])
        let (image, renderer) = try Boards.render(log, BoardRenderOptions(smoothing: .none))
        let center = point(30, 50, in: renderer)
        #expect(image.pixel(at: center, is: Boards.red))
        #expect(image.pixel(at: Point(x: center.x + 8, y: center.y), is: Boards.red))
        #expect(image.pixel(at: Point(x: center.x + 13, y: center.y), is: Boards.grass))
        let reds = image.count { $0.distance(to: Boards.red) <= 40 }
        // A disc of radius 10: about 314 pixels.
        #expect(reds > 260 && reds < 340)
    }

    @Test func untilShowsTheBoardAfterTheFirstEvents() throws {
        let blue = Boards.stroke("blue", [Boards.surface(60, 40), Boards.surface(90, 40)])
        let log = try Boards.log([redLine, blue, ["type": "clear"]])
        let (first, renderer) = try Boards.render(log, BoardRenderOptions(until: 1))
        #expect(first.pixel(at: point(25, 20, in: renderer), is: Boards.red))
        #expect(first.pixel(at: point(75, 40, in: renderer), is: Boards.grass))
        let (both, _) = try Boards.render(log, BoardRenderOptions(until: 2))
        #expect(both.pixel(at: point(75, 40, in: renderer), is: Boards.blue))
        let (none, _) = try Boards.render(log, BoardRenderOptions(until: 0))
        #expect(none.pixel(at: point(25, 20, in: renderer), is: Boards.grass))
        // Beyond the log: the whole board, here cleared.
        let (all, beyond) = try Boards.render(log, BoardRenderOptions(until: 99))
        #expect(beyond.shownEvents == 3)
        #expect(all == none)
    }

    @Test func pressureWidensTheLine() throws {
        func inkPixels(pressure: Double) throws -> Int {
            let points = (0..<20).map { Boards.surface(20 + Double($0), 40) + [Double($0) * 10, pressure] }
            let (image, _) = try Boards.render(try Boards.log([Boards.stroke("red", points)]))
            return image.count { $0.distance(to: Boards.red) <= 40 }
        }
        let light = try inkPixels(pressure: 0.1), heavy = try inkPixels(pressure: 1)
        #expect(Double(heavy) > 2 * Double(light))
    }

    @Test func blankAndTransparentBackgrounds() throws {
        let log = try Boards.log([redLine])
        let (blank, renderer) = try Boards.render(log, BoardRenderOptions(background: .blank))
        #expect(blank.pixel(at: point(52.5, 34, in: renderer), is: Boards.white))
        #expect(blank.pixel(at: point(30, 34, in: renderer), is: Boards.white))
        #expect(blank.pixel(at: point(25, 20, in: renderer), is: Boards.red))
        let (none, _) = try Boards.render(log, BoardRenderOptions(background: BoardBackground.none))
        #expect(none.pixel(at: point(30, 34, in: renderer)).alpha == 0)
        #expect(none.pixel(at: point(25, 20, in: renderer), is: Boards.red))
    }

    @Test func stripesAlternateAcrossTheLength() throws {
        let (image, renderer) = try Boards.render(try Boards.log([]), BoardRenderOptions(stripes: true))
        let stripe = RGBA(BoardStyle.standard.stripe)
        #expect(image.pixel(at: point(2.6, 5, in: renderer), is: stripe))
        #expect(image.pixel(at: point(7.9, 5, in: renderer), is: Boards.grass))
        #expect(image.pixel(at: point(13.1, 5, in: renderer), is: stripe))
    }

    @Test func inkTurnsWithAVerticalPitch() throws {
        // A dot on the left penalty mark stays on that mark when the pitch stands up.
        let dot = Boards.stroke("blue", [Boards.surface(11, 34)])
        let log = try Boards.log([dot], extra: ["pens": ["blue": ["color": "#1976D2", "width": 12]]])
        let options = BoardRenderOptions(size: Size(width: 600, height: 900), orientation: .vertical)
        let (image, renderer) = try Boards.render(log, options)
        #expect(renderer.outputLayout.orientation == .vertical)
        let mark = point(11, 34, in: renderer)
        #expect(mark.y > 700) // the x = 0 goal is at the bottom
        #expect(image.pixel(at: Point(x: mark.x + 3, y: mark.y), is: Boards.blue))
        #expect(image.pixel(at: point(94, 34, in: renderer), is: Boards.white, tolerance: 24))
    }

    @Test func anExplicitPitchRectPlacesThePitch() throws {
        let log = try Boards.log([], extra: ["pitch": ["rect": [100, 100, 840, 544]]])
        let (image, renderer) = try Boards.render(log)
        #expect(renderer.outputLayout.area == Rect(x: 100, y: 100, width: 840, height: 544))
        // Centre mark at the rect's centre.
        #expect(image.pixel(x: 520, y: 372).distance(to: Boards.white) <= 24)
    }

    @Test func theSurfaceMapsOntoAnotherOutputSizeByOneUniformScale() throws {
        let log = try Boards.log([redLine])
        let (image, renderer) = try Boards.render(log, BoardRenderOptions(size: Size(width: 2048, height: 768)))
        #expect(image.width == 2048 && image.height == 768)
        // Fit and centre: the 1024 x 768 surface sits in the middle.
        #expect(renderer.inkTransform == Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 512, ty: 0))
        #expect(image.pixel(at: point(25, 20, in: renderer), is: Boards.red))
        #expect(image.pixel(at: point(52.5, 34, in: renderer), is: Boards.white, tolerance: 24))
    }

    @Test func scaleTwoGivesTheSamePictureAtTwiceTheResolution() throws {
        let log = try Boards.log([redLine])
        let (single, _) = try Boards.render(log)
        let (double, _) = try Boards.render(log, BoardRenderOptions(scale: 2))
        #expect(double.width == 2048 && double.height == 1536)
        var differing = 0, samples = 0
        for y in stride(from: 1, to: 768, by: 7) {
            for x in stride(from: 1, to: 1024, by: 7) {
                samples += 1
                if single.pixel(x: x, y: y).distance(to: double.pixel(x: 2 * x, y: 2 * y)) > 60 { differing += 1 }
            }
        }
        // Only antialiased edges of thin lines differ.
        #expect(differing < samples / 100)
    }

    @Test func refusesOutputsOverTheLimits() {
        let log = StrokeLog(form: .strokeDocument, surface: Size(width: 1024, height: 768), events: [])
        #expect(throws: CanvasError.imageTooLarge(width: 16_385, height: 100)) {
            try BoardRenderer(log: log, options: BoardRenderOptions(size: Size(width: 16_385, height: 100)))
        }
        #expect(throws: CanvasError.imageTooLarge(width: 20_000, height: 15_000)) {
            try BoardRenderer(log: log, options: BoardRenderOptions(size: Size(width: 10_000, height: 7_500), scale: 2))
        }
    }

    @Test func rendersAreDeterministic() throws {
        let log = try Boards.read(String(decoding: try Data(contentsOf: Self.example("433.json")), as: UTF8.self))
        let renderer = try BoardRenderer(log: log, options: BoardRenderOptions(stripes: true))
        #expect(try renderer.render(format: .png) == renderer.render(format: .png))
        #expect(try renderer.render(format: .pdf) == renderer.render(format: .pdf))
    }

    @Test(arguments: [BoardBackground.pitch, .none])
    func bandedRenderingMatchesOneCanvas(_ background: BoardBackground) throws {
        let log = try Boards.read(String(decoding: try Data(contentsOf: Self.example("mistake.json")), as: UTF8.self))
        let renderer = try BoardRenderer(log: log, options: BoardRenderOptions(background: background, stripes: true))
        let canvas = try renderer.makeCanvas()
        renderer.drawBackground(on: canvas)
        renderer.drawInk(on: canvas, events: renderer.shownEvents)
        #expect(try renderer.render(format: .png) == canvas.pngData())
    }

    @Test func vectorFormatsCarryThePicture() throws {
        let renderer = try BoardRenderer(log: try Boards.log([redLine]))
        let pdf = try renderer.render(format: .pdf)
        #expect(pdf.starts(with: Array("%PDF-".utf8)))
        #expect(String(decoding: pdf, as: UTF8.self).contains("/MediaBox [ 0 0 1024 768 ]"))
        let svg = String(decoding: try renderer.render(format: .svg), as: UTF8.self)
        #expect(svg.contains("<svg"))
        #expect(svg.contains("1024"))
    }

    static func example(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/boards/\(name)")
    }
}

@Suite struct SmoothingTests {
    @Test func staysWithinHalfAPenWidthAndKeepsTheEnds() {
        let width = 6.0
        // Jitter of up to 3 units either way, repeatable (a sine hash).
        func jitter(_ index: Int) -> Double {
            let value = sin(Double(index) * 12.9898) * 43_758.5453
            return (value - value.rounded(.down) - 0.5) * 6
        }
        let jittery = (0..<200).map { index in
            Point(x: Double(index) * 2 + jitter(2 * index), y: 100 + jitter(2 * index + 1))
        }
        let smoothed = StrokeSmoothing.standard.smooth(jittery, width: width)
        #expect(smoothed.first == jittery.first && smoothed.last == jittery.last)
        for (original, moved) in zip(jittery, smoothed) {
            #expect(original.distance(to: moved) <= width / 2)
        }
        // It does smooth: the path gets shorter.
        func length(_ points: [Point]) -> Double { zip(points, points.dropFirst()).map { $0.distance(to: $1) }.reduce(0, +) }
        #expect(length(smoothed) < length(jittery) * 0.9)
        #expect(StrokeSmoothing.none.smooth(jittery, width: width) == jittery)
    }
}
