import Foundation
import Testing
@testable import Canvas
@testable import Tactics

@Suite struct BoardAnimatorTests {
    func timedLog() throws -> StrokeLog {
        // Three strokes drawn 0-100 ms, 200-300 ms and 400-500 ms, then a clear at 600 ms.
        func stroke(_ tool: String, _ y: Double, from start: Double) -> [String: Any] {
            Boards.stroke(tool, (0...10).map { Boards.surface(20 + Double($0) * 3, y) + [start + Double($0) * 10] })
        }
        return try Boards.log([stroke("red", 10, from: 0), stroke("blue", 30, from: 200), stroke("red", 50, from: 400),
                               ["type": "clear", "t": 600]])
    }

    @Test func everyNEventsCountsFrames() throws {
        let renderer = try BoardRenderer(log: try timedLog())
        #expect(try BoardAnimator(renderer: renderer, spacing: .everyEvents(1)).frames.map(\.completedEvents) == [1, 2, 3, 4])
        #expect(try BoardAnimator(renderer: renderer, spacing: .everyEvents(3)).frames.map(\.completedEvents) == [3, 4])
        #expect(try BoardAnimator(renderer: renderer, spacing: .everyEvents(10)).frames.count == 1)
        #expect(throws: BoardAnimatorError.self) { try BoardAnimator(renderer: renderer, spacing: .everyEvents(0)) }
    }

    @Test func framesPerSecondFollowTheTimestamps() throws {
        let renderer = try BoardRenderer(log: try timedLog())
        let animator = try BoardAnimator(renderer: renderer, spacing: .perSecond(10))
        // 0, 100, ..., 600 ms: seven frames.
        #expect(animator.frames.map(\.time) == [0, 100, 200, 300, 400, 500, 600])
        #expect(animator.frames.map(\.completedEvents) == [0, 1, 1, 2, 2, 3, 4])
        for fps in [0, -5, 1001, .infinity, .nan] {
            // NaN is no value's equal, so the error is checked by its message.
            let error = #expect(throws: BoardAnimatorError.self) {
                try BoardAnimator(renderer: renderer, spacing: .perSecond(fps))
            }
            #expect(error?.errorDescription == "the frames per second must be above 0 and at most 1000")
        }
    }

    @Test func stepsOutsideTheirRangeAreRefusedNotOverflowed() throws {
        let renderer = try BoardRenderer(log: try timedLog())
        // Int.max - 1 trapped on `events.count + step - 1` ("arithmetic overflow", exit 132).
        for step in [0, -1, Int.min, StrokeLog.maximumEvents + 1, Int.max - 1, Int.max] {
            #expect(throws: BoardAnimatorError.invalidSpacing(.everyEvents(step))) {
                try BoardAnimator(renderer: renderer, spacing: .everyEvents(step))
            }
        }
        let widest = try BoardAnimator(renderer: renderer, spacing: .everyEvents(StrokeLog.maximumEvents))
        #expect(widest.frames == [FrameSpec(completedEvents: 4, time: nil)])
        #expect(FrameSpacing.everyEvents(1).isValid && !FrameSpacing.perSecond(.nan).isValid)
    }

    @Test func aRateTooSmallForItsIntervalGivesOneFrameAtZero() throws {
        // 1000 / 1e-310 is infinite, and 0 x infinity is NaN: the one frame's time was NaN.
        let animator = try BoardAnimator(renderer: try BoardRenderer(log: try timedLog()), spacing: .perSecond(1e-310))
        #expect(animator.frames == [FrameSpec(completedEvents: 0, time: 0)])
        let slow = try BoardAnimator(renderer: try BoardRenderer(log: try timedLog()), spacing: .perSecond(1e-300))
        #expect(slow.frames.map(\.time) == [0, 600])
    }

    @Test func refusesAbsurdFrameCounts() throws {
        let log = try Boards.log([Boards.stroke("red", [[1, 1, 0], [2, 2, 86_400_000]])])
        #expect(throws: BoardAnimatorError.tooManyFrames(864_001, maximum: 10_000)) {
            try BoardAnimator(renderer: try BoardRenderer(log: log), spacing: .perSecond(10))
        }
    }

    @Test func aFrontEndMayTakeFewerFramesButNeverMore() throws {
        let renderer = try BoardRenderer(log: try timedLog())
        // 0 to 600 ms at 10 fps is seven frames; every event is four.
        #expect(try BoardAnimator(renderer: renderer, spacing: .perSecond(10), maximumFrames: 7).frames.count == 7)
        #expect(throws: BoardAnimatorError.tooManyFrames(7, maximum: 6)) {
            try BoardAnimator(renderer: renderer, spacing: .perSecond(10), maximumFrames: 6)
        }
        #expect(throws: BoardAnimatorError.tooManyFrames(4, maximum: 3)) {
            try BoardAnimator(renderer: renderer, spacing: .everyEvents(1), maximumFrames: 3)
        }
        let log = try Boards.log([Boards.stroke("red", [[1, 1, 0], [2, 2, 86_400_000]])])
        #expect(throws: BoardAnimatorError.tooManyFrames(864_001, maximum: BoardAnimator.maximumFrames)) {
            try BoardAnimator(renderer: try BoardRenderer(log: log), spacing: .perSecond(10), maximumFrames: .max)
        }
    }

    @Test func errorsNameTheSettingsAsEachFrontEndDoes() {
        let tooMany = BoardAnimatorError.tooManyFrames(1201, maximum: 600)
        #expect(tooMany.description { "--\($0.rawValue)" }
                == "the animation would have 1201 frames; at most 600 are written (lower --fps or raise --every)")
        #expect(tooMany.errorDescription
                == "the animation would have 1201 frames; at most 600 are written (lower the frames per second or raise the events per frame)")
        #expect(BoardAnimatorError.invalidSpacing(.perSecond(0)).description { "--\($0.rawValue)" }
                == "--fps must be above 0 and at most 1000")
        #expect(BoardAnimatorError.invalidSpacing(.everyEvents(0)).errorDescription
                == "the events per frame must be from 1 to 1000000 (a log holds at most that many events)")
    }

    @Test func anUntimedLogGetsAFramePerEventWhateverTheRate() {
        #expect(FrameSpacing(fps: 10, every: nil, timed: true) == .perSecond(10))
        #expect(FrameSpacing(fps: 10, every: nil, timed: false) == .everyEvents(1))
        #expect(FrameSpacing(fps: nil, every: 3, timed: true) == .everyEvents(3))
        #expect(FrameSpacing(fps: nil, every: nil, timed: false) == .everyEvents(1))
    }

    @Test func frameFilesAreNumberedFromOneInFiveDigits() {
        #expect(BoardAnimator.fileName(ofFrame: 0) == "frame-00001.png")
        #expect(BoardAnimator.fileName(ofFrame: 9_999) == "frame-10000.png")
        #expect(BoardAnimator.fileName(ofFrame: 123_455) == "frame-123456.png")
    }

    @Test func framesShowTheBoardAsItWasDrawn() throws {
        let log = try timedLog()
        let renderer = try BoardRenderer(log: log)
        let animator = try BoardAnimator(renderer: renderer, spacing: .perSecond(20))
        var frames: [RasterImage] = []
        try animator.renderFrames { index, data in
            #expect(index == frames.count)
            frames.append(try RasterImage(pngData: data))
        }
        #expect(frames.count == 13)
        let map = renderer.outputLayout.metresToSpace
        func probe(_ frame: Int, _ x: Double, _ y: Double) -> RGBA { frames[frame].pixel(at: map.apply(Point(x: x, y: y))) }
        // At 50 ms the first stroke is half drawn: ink at its start, none at its end.
        #expect(probe(1, 22, 10).distance(to: Boards.red) <= 8)
        #expect(probe(1, 48, 10).distance(to: Boards.grass) <= 8)
        // At 100 ms it is complete; the blue stroke has not begun.
        #expect(probe(2, 48, 10).distance(to: Boards.red) <= 8)
        #expect(probe(2, 35, 30).distance(to: Boards.grass) <= 8)
        // At 550 ms all three strokes; at 600 ms the clear has wiped them.
        #expect(probe(11, 35, 50).distance(to: Boards.red) <= 8)
        #expect(probe(12, 35, 10).distance(to: Boards.grass) <= 8)
        // The last frame of a stepped animation is the full render.
        var stepped: [Data] = []
        try BoardAnimator(renderer: renderer, spacing: .everyEvents(1)).renderFrames { stepped.append($1) }
        #expect(try RasterImage(pngData: stepped[2]) == RasterImage(pngData: BoardRenderer(log: log, options: BoardRenderOptions(until: 3)).render(format: .png)))
    }

    @Test(arguments: [(BoardBackground.pitch, 1.0), (.blank, 1), (.none, 1), (.blank, 0.5)])
    func revealingTheBackgroundMatchesCuttingAnInkLayer(_ background: BoardBackground, _ opacity: Double) throws {
        // The renderer paints the background back under the eraser; the animator cuts a separate
        // ink layer. Both must give the same picture, antialiased edges included.
        let scribble = Boards.stroke("red", (0..<40).map { Boards.surface(40 + Double($0) * 0.6, 28 + Double($0 % 5) * 2) })
        let eraser = Boards.stroke("eraser", [Boards.surface(45, 20), Boards.surface(55, 45), Boards.surface(52.5, 34)])
        let blue = Boards.stroke("blue", [Boards.surface(50, 25), Boards.surface(56, 40)])
        let log = try Boards.log([scribble, eraser, blue])
        var style = BoardStyle.standard
        style.blank = style.blank.withAlpha(opacity)
        let renderer = try BoardRenderer(log: log, options: BoardRenderOptions(background: background, stripes: true,
                                                                               style: style))
        var last = Data()
        try BoardAnimator(renderer: renderer, spacing: .everyEvents(3)).renderFrames { last = $1 }
        let layered = try RasterImage(pngData: last)
        let direct = try RasterImage(pngData: try renderer.render(format: .png))
        var worst = 0
        for y in 0..<direct.height {
            for x in 0..<direct.width { worst = max(worst, direct.pixel(x: x, y: y).distance(to: layered.pixel(x: x, y: y))) }
        }
        // Compositing in two steps rounds to 8 bits twice: a few levels of 255 at most.
        #expect(worst <= 4)
    }

    // MARK: Strokes in progress

    /// Long strokes of every kind drawn at once: a zigzag pen, a translucent pen, a pen with
    /// pressure, a pen whose pressure starts halfway, an eraser, and a short stroke finished
    /// while the long ones go on.
    static func busyLog(points: Int = 1_200) throws -> StrokeLog {
        func line(_ count: Int, from start: Double, every step: Double, _ place: (Int) -> [Double],
                  pressure: ((Int) -> Double?)? = nil) -> [[Double]] {
            (0..<count).map { index in
                var point = place(index) + [start + Double(index) * step]
                if let value = pressure?(index) { point.append(value) }
                return point
            }
        }
        let zigzag = line(points, from: 0, every: 2.5) { [100 + Double($0) * 0.7, 384 + ($0 % 2 == 0 ? -150 : 150)] }
        let wave = line(points * 2 / 3, from: 100, every: 3) {
            [120 + Double($0), 300 + 80 * sin(Double($0) / 20) + ($0 % 2 == 0 ? -30 : 30)]
        }
        let pressed = line(points / 2, from: 200, every: 4, { [200 + Double($0) * 1.2, 500 + 60 * cos(Double($0) / 9)] },
                           pressure: { 0.5 + 0.5 * sin(Double($0) / 7) })
        let late = line(points / 3, from: 600, every: 3, { [700 - Double($0), 150 + Double($0) * 0.8] },
                        pressure: { $0 < points / 6 ? nil : 0.9 })
        let rubber = line(points / 2, from: 500, every: 4.5) {
            [150 + Double($0) * 1.1, 200 + Double($0 % 40) * 5 + ($0 % 2 == 0 ? 0 : 60)]
        }
        let short = line(30, from: 300, every: 3) { [800 + Double($0), 600] }
        return try Boards.log([Boards.stroke("red", zigzag), Boards.stroke("green", wave), Boards.stroke("blue", pressed),
                               Boards.stroke("blue", late), Boards.stroke("eraser", rubber), Boards.stroke("red", short)],
                              extra: ["pens": ["red": ["color": "#D32F2F", "width": 6],
                                               "blue": ["color": "#1976D2", "width": 8],
                                               "green": ["color": "#2E7D3280", "width": 12]],
                                      "eraser": ["width": 24]])
    }

    /// A frame drawn the way the animator drew it before strokes were followed: every stroke
    /// begun by the frame's time cut there and drawn whole by the renderer.
    static func frameRedrawingEveryStroke(_ renderer: BoardRenderer, _ frame: FrameSpec) throws -> RasterImage {
        let canvas = try renderer.makeCanvas()
        renderer.drawBackground(on: canvas)
        var ink = try InkReplay(renderer: renderer)
        try ink.advance(to: frame.completedEvents)
        let events = renderer.log.events
        let time = try #require(frame.time)
        canvas.layer {
            canvas.draw(ink.ink)
            for event in events[frame.completedEvents...] {
                guard case .stroke(let stroke) = event, let start = stroke.startTime else { continue }
                if start > time { break }
                var lastTime = start
                let drawn = stroke.points.prefix { point in
                    lastTime = point.time ?? lastTime
                    return lastTime <= time
                }
                renderer.draw(Stroke(tool: stroke.tool, points: Array(drawn)), on: canvas, erasing: .removeInk)
            }
        }
        return try RasterImage(pngData: try canvas.encoded())
    }

    @Test(arguments: [(Size(width: 256, height: 192), 1.0, BoardBackground.pitch), (Size(width: 512, height: 384), 1, .none),
                      (Size(width: 300, height: 200), 2, .blank)])
    func followingStrokesDrawsWhatRedrawingThemDid(_ size: Size, _ scale: Double, _ background: BoardBackground) throws {
        let renderer = try BoardRenderer(log: try Self.busyLog(),
                                         options: BoardRenderOptions(size: size, scale: scale, background: background))
        let animator = try BoardAnimator(renderer: renderer, spacing: .perSecond(12))
        var frames: [RasterImage] = []
        let work = try animator.renderFramesFollowingStrokes { _, data in frames.append(try RasterImage(pngData: data)) }
        #expect(frames.count == animator.frames.count && frames.count > 30)
        var worst = 0, differing = 0, compared = 0
        for (index, frame) in animator.frames.enumerated() {
            let before = try Self.frameRedrawingEveryStroke(renderer, frame)
            for y in 0..<before.height {
                for x in 0..<before.width {
                    let difference = Self.premultipliedDistance(before.pixel(x: x, y: y), frames[index].pixel(x: x, y: y))
                    worst = max(worst, difference)
                    if difference > 24 { differing += 1 }
                    compared += 1
                }
            }
        }
        // Antialiased edges differ where a line was drawn in two pieces (where it was baked)
        // and where simplification cut another corner; nowhere else.
        #expect(work.layersMade >= 5) // every long stroke was baked at least once
        #expect(Double(differing) <= Double(compared) * 1e-4)
        #expect(worst <= 128)
    }

    /// The largest difference of two pixels' channels premultiplied by alpha, as they are
    /// drawn: an edge pixel almost transparent can have any colour once divided by its alpha.
    static func premultipliedDistance(_ a: RGBA, _ b: RGBA) -> Int {
        func premultiplied(_ pixel: RGBA) -> [Int] {
            let alpha = Int(pixel.alpha)
            return [Int(pixel.red) * alpha / 255, Int(pixel.green) * alpha / 255, Int(pixel.blue) * alpha / 255, alpha]
        }
        return zip(premultiplied(a), premultiplied(b)).map { abs($0 - $1) }.max() ?? 0
    }

    @Test func followingAStrokeCostsItsPointsAndTheFramesNotTheirProduct() throws {
        // One zigzag that no simplification shortens, as in the 40,000-point stroke that took
        // 210 s over 2,001 frames; drawn whole each frame it costs frames x points / 2 vertices.
        for count in [2_000, 8_000] {
            let zigzag: [[Double]] = (0..<count).map { index in
                let x: Double = 100 + Double(index) * 800 / Double(count)
                let y: Double = index % 2 == 0 ? 184 : 584
                return [x, y, Double(index * 5)]
            }
            let renderer = try BoardRenderer(log: try Boards.log([Boards.stroke("red", zigzag)]),
                                             options: BoardRenderOptions(size: Size(width: 256, height: 192)))
            let animator = try BoardAnimator(renderer: renderer, spacing: .perSecond(2))
            var frames = 0
            let work = try animator.renderFramesFollowingStrokes { _, _ in frames += 1 }
            #expect(frames == count * 5 / 500 + 1)
            let perFrame = StrokesInProgress.bakingThreshold + 16
            let drawn = work.drawnVertices, processed = work.processedPoints
            #expect(drawn <= count + frames * perFrame, "\(count) points: \(drawn) vertices")
            #expect(processed <= 3 * count + frames * 16, "\(count) points: \(processed) points")
        }
    }
}
