import Foundation
import Testing
@testable import Canvas

/// Pixel probes on small canvases.
@Suite struct CanvasTests {
    static let red = RGBA(red: 0xD3, green: 0x2F, blue: 0x2F)
    static let grass = RGBA(red: 0x3D, green: 0x8B, blue: 0x3D)

    func redColor() throws -> Color { try Color(hex: "#D32F2F") }
    func grassColor() throws -> Color { try Color(hex: "#3D8B3D") }

    @Test func paintsAndStrokes() throws {
        let canvas = try Canvas(width: 100, height: 50)
        canvas.paint(try grassColor())
        canvas.stroke(Path(polyline: [Point(x: 10, y: 25), Point(x: 90, y: 25)]),
                      style: StrokeStyle(color: try redColor(), width: 6, cap: .round, join: .round))
        let image = try canvas.rasterImage()
        #expect(image.width == 100 && image.height == 50)
        #expect(image.pixel(x: 50, y: 25) == Self.red)
        #expect(image.pixel(x: 50, y: 10) == Self.grass)
        // Round caps reach beyond the end points by half the width.
        #expect(image.pixel(x: 8, y: 25) == Self.red)
        #expect(image.pixel(x: 5, y: 25) == Self.grass)
    }

    @Test func roundedRectanglesCutTheirCorners() throws {
        let canvas = try Canvas(width: 100, height: 60)
        var path = Path()
        path.addRoundedRect(Rect(x: 10, y: 10, width: 80, height: 40), radius: 12)
        canvas.fill(path, color: try redColor())
        let image = try canvas.rasterImage()
        #expect(image.pixel(x: 50, y: 30) == Self.red)
        #expect(image.pixel(x: 50, y: 11) == Self.red)  // the straight edges are whole
        #expect(image.pixel(x: 11, y: 30) == Self.red)
        #expect(image.pixel(x: 11, y: 11).alpha == 0)   // the corners are cut
        #expect(image.pixel(x: 88, y: 48).alpha == 0)
        #expect(image.pixel(x: 16, y: 16) == Self.red)  // inside the arc
        // A radius larger than half a side is capped; zero gives a plain rectangle.
        var pill = Path()
        pill.addRoundedRect(Rect(x: 0, y: 0, width: 40, height: 10), radius: 50)
        var square = Path()
        square.addRoundedRect(Rect(x: 0, y: 0, width: 40, height: 10), radius: 0)
        var plain = Path()
        plain.addRect(Rect(x: 0, y: 0, width: 40, height: 10))
        #expect(square == plain)
        #expect(pill.elements.contains { if case .arc(_, let radius, _, _, _) = $0 { return radius == 5 } else { return false } })
    }

    @Test func aOnePointPathWithRoundCapsIsADot() throws {
        let canvas = try Canvas(width: 40, height: 40)
        canvas.stroke(Path(polyline: [Point(x: 20, y: 20)]),
                      style: StrokeStyle(color: try redColor(), width: 10, cap: .round))
        let image = try canvas.rasterImage()
        #expect(image.pixel(x: 20, y: 20) == Self.red)
        #expect(image.pixel(x: 22, y: 22) == Self.red)
        #expect(image.pixel(x: 20, y: 27).alpha == 0)
    }

    @Test func erasingInsideALayerKeepsWhatIsBeneath() throws {
        let canvas = try Canvas(width: 60, height: 20)
        canvas.paint(try grassColor())
        let red = try redColor()
        var whole = Path()
        whole.addRect(Rect(x: 0, y: 0, width: 60, height: 20))
        canvas.layer {
            canvas.fill(whole, color: red)
            canvas.stroke(Path(polyline: [Point(x: 30, y: 0), Point(x: 30, y: 20)]),
                          style: StrokeStyle(color: .black, width: 10), operator: .destinationOut)
        }
        let image = try canvas.rasterImage()
        #expect(image.pixel(x: 30, y: 10) == Self.grass)
        #expect(image.pixel(x: 10, y: 10) == Self.red)
    }

    @Test func clearingALayerShowsWhatIsBeneath() throws {
        let canvas = try Canvas(width: 60, height: 20)
        canvas.paint(try grassColor())
        let red = try redColor()
        canvas.layer {
            canvas.paint(red)
            canvas.clear()
            canvas.stroke(Path(polyline: [Point(x: 0, y: 5), Point(x: 60, y: 5)]), style: StrokeStyle(color: red, width: 2))
        }
        let image = try canvas.rasterImage()
        #expect(image.pixel(x: 30, y: 15) == Self.grass)
        #expect(image.pixel(x: 30, y: 5) == Self.red)
    }

    @Test func dashesLeaveGaps() throws {
        let canvas = try Canvas(width: 100, height: 10)
        canvas.stroke(Path(polyline: [Point(x: 0, y: 5), Point(x: 100, y: 5)]),
                      style: StrokeStyle(color: .black, width: 4, dash: [10, 10]))
        let image = try canvas.rasterImage()
        #expect(image.pixel(x: 5, y: 5).alpha == 255)
        #expect(image.pixel(x: 15, y: 5).alpha == 0)
        #expect(image.pixel(x: 25, y: 5).alpha == 255)
    }

    @Test func scaleMultipliesPixelsNotTheDrawing() throws {
        let canvas = try Canvas(width: 100, height: 50, scale: 2)
        canvas.stroke(Path(polyline: [Point(x: 10, y: 25), Point(x: 90, y: 25)]),
                      style: StrokeStyle(color: try redColor(), width: 6))
        let image = try canvas.rasterImage()
        #expect(image.width == 200 && image.height == 100)
        #expect(image.pixel(x: 100, y: 50) == Self.red)
        // 6 units wide at scale 2: rows 44 to 55.
        #expect(image.pixel(x: 100, y: 42).alpha == 0)
        #expect(image.pixel(x: 100, y: 44) == Self.red)
        #expect(image.pixel(x: 100, y: 55) == Self.red)
        #expect(image.pixel(x: 100, y: 57).alpha == 0)
    }

    @Test func refusesOversizedCanvasesBeforeAllocating() {
        #expect(throws: CanvasError.imageTooLarge(width: 16_385, height: 10)) {
            try Canvas(width: 16_385, height: 10)
        }
        #expect(throws: CanvasError.imageTooLarge(width: 10_001, height: 10_001)) {
            try Canvas(width: 10_001, height: 10_001)
        }
        #expect(throws: CanvasError.imageTooLarge(width: 16_400, height: 200)) {
            try Canvas(width: 8_200, height: 100, scale: 2)
        }
        #expect(throws: CanvasError.self) { try Canvas(width: 0, height: 10) }
        #expect(throws: CanvasError.self) { try Canvas(width: .infinity, height: 10) }
        #expect(throws: CanvasError.self) { try Canvas(width: 10, height: .nan, format: .pdf) }
        // The limits themselves are allowed.
        #expect((try? Canvas.checkedPixelSize(width: 16_384, height: 6_103)) != nil)
    }

    @Test func measuresText() throws {
        let canvas = try Canvas(width: 400, height: 100)
        let small = canvas.measure("Touchline", font: Font(size: 20))
        let large = canvas.measure("Touchline", font: Font(size: 40))
        #expect(small.advance > 50)
        #expect(abs(large.advance / small.advance - 2) < 0.1)
        #expect(small.ascent > 10 && small.descent > 0)
        #expect(canvas.measure("", font: Font(size: 20)).advance == 0)
    }

    @Test func drawsTextWhereItWasAsked() throws {
        let canvas = try Canvas(width: 300, height: 60)
        canvas.paint(.white)
        canvas.draw(text: "HHHH", at: Point(x: 150, y: 45), font: Font(size: 40, weight: .bold), color: .black,
                    alignment: .center)
        let image = try canvas.rasterImage()
        let dark = { (p: RGBA) in p.red < 100 }
        #expect(image.count(where: dark) > 300)
        // Centred on x = 150: no ink at the far left or right.
        for y in 0..<60 {
            #expect(!dark(image.pixel(x: 5, y: y)) && !dark(image.pixel(x: 295, y: y)))
        }
    }
}

@Suite struct EncodingTests {
    func board() throws -> Canvas {
        let canvas = try Canvas(width: 160, height: 104)
        canvas.paint(try Color(hex: "#3D8B3D"))
        canvas.stroke(Path(polyline: [Point(x: 10, y: 10), Point(x: 150, y: 90)]),
                      style: StrokeStyle(color: try Color(hex: "#1976D2"), width: 5, cap: .round))
        return canvas
    }

    @Test(arguments: PNGOptions.Compression.allCases)
    func everyCompressionDecodesToTheSamePixels(_ compression: PNGOptions.Compression) throws {
        let canvas = try board()
        let data = try canvas.pngData(options: PNGOptions(compression: compression))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try RasterImage(pngData: data) == canvas.rasterImage())
    }

    @Test func smallestIsSmallerThanFastest() throws {
        let canvas = try board()
        let fastest = try canvas.pngData(options: PNGOptions(compression: .fastest))
        let smallest = try canvas.pngData(options: PNGOptions(compression: .smallest))
        #expect(smallest.count < fastest.count)
    }

    @Test func opaqueImagesAreWrittenAsRGBAndTranslucentOnesKeepAlpha() throws {
        let opaque = try board().pngData()
        #expect(opaque[25] == 2) // IHDR colour type: truecolour
        let canvas = try Canvas(width: 20, height: 20)
        canvas.fill({ var p = Path(); p.addRect(Rect(x: 0, y: 0, width: 10, height: 20)); return p }(),
                    color: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        let translucent = try canvas.pngData()
        #expect(translucent[25] == 6) // truecolour with alpha
        let decoded = try RasterImage(pngData: translucent)
        let pixel = decoded.pixel(x: 5, y: 5)
        #expect(pixel.red == 255 && pixel.green == 0 && abs(Int(pixel.alpha) - 128) <= 1)
        #expect(decoded.pixel(x: 15, y: 5).alpha == 0)
    }

    @Test func encodingIsDeterministic() throws {
        #expect(try board().pngData() == board().pngData())
    }

    @Test func rejectsBytesThatAreNotAPNG() {
        #expect(throws: CanvasError.self) { try RasterImage(pngData: Data("not a png".utf8)) }
        #expect(throws: CanvasError.self) { try RasterImage(pngData: Data()) }
    }

    @Test func drawsADecodedImageScaled() throws {
        let source = try board()
        let image = try RasterImage(pngData: try source.pngData())
        let canvas = try Canvas(width: 80, height: 52)
        try canvas.draw(image, in: Rect(x: 0, y: 0, width: 80, height: 52))
        let result = try canvas.rasterImage()
        #expect(result.pixel(x: 2, y: 50).distance(to: RGBA(red: 0x3D, green: 0x8B, blue: 0x3D)) <= 2)
    }

    @Test func writesPDFPagesWithFixedMetadata() throws {
        func pdf() throws -> Data {
            let canvas = try Canvas(width: 595, height: 842, format: .pdf, title: "Test")
            canvas.stroke(Path(polyline: [Point(x: 10, y: 10), Point(x: 500, y: 800)]), style: StrokeStyle(color: .black, width: 2))
            canvas.draw(text: "Touchline", at: Point(x: 100, y: 100), font: Font(size: 12), color: .black)
            return try canvas.encoded()
        }
        let first = try pdf()
        let text = String(decoding: first, as: UTF8.self)
        #expect(first.starts(with: Array("%PDF-".utf8)))
        #expect(text.contains("/MediaBox [ 0 0 595 842 ]"))
        #expect(text.contains("/CreationDate (20000101000000Z)"))
        #expect(try pdf() == first)
    }

    @Test func writesSVGDocuments() throws {
        let canvas = try Canvas(width: 320, height: 200, format: .svg)
        canvas.stroke(Path(polyline: [Point(x: 10, y: 10), Point(x: 300, y: 190)]), style: StrokeStyle(color: .black, width: 2))
        let text = String(decoding: try canvas.encoded(), as: UTF8.self)
        #expect(text.contains("<svg"))
        #expect(text.contains("width=\"320pt\"") || text.contains("width=\"320\""))
        #expect(throws: CanvasError.finished) { try canvas.encoded() }
        #expect(throws: CanvasError.notRaster) { try canvas.rasterImage() }
    }

    @Test func theSameSVGDrawingIsTheSameBytes() throws {
        // Groups (a layer) make Cairo name surfaces with process-wide numbers; the document renumbers them.
        func drawing() throws -> Data {
            let canvas = try Canvas(width: 320, height: 200, format: .svg)
            canvas.paint(.white)
            canvas.layer(opacity: 0.5) {
                canvas.stroke(Path(polyline: [Point(x: 10, y: 10), Point(x: 300, y: 190)]),
                              style: StrokeStyle(color: .black, width: 8))
            }
            return try canvas.encoded()
        }
        let first = try drawing()
        _ = try Canvas(width: 10, height: 10, format: .svg)   // another surface in between
        let second = try drawing()
        #expect(first == second)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.contains(#"id="surface1""#))
        // Every reference still names a group the document defines.
        for reference in text.components(separatedBy: "xlink:href=\"#").dropFirst() {
            let name = reference.prefix { $0 != "\"" }
            #expect(text.contains("id=\"\(name)\""), "\(name)")
        }
    }

    @Test func svgNamesAreRenumberedInOrderOfAppearance() {
        let svg = ##"<g id="surface31"><use xlink:href="#surface40"/><g id="surface40" clip-path="url(#clip3)">"##
            + ##"<image id="image77"/><use xlink:href="#image77"/></g></g><g id="surface31x"/>"##
        let expected = ##"<g id="surface1"><use xlink:href="#surface2"/><g id="surface2" clip-path="url(#clip3)">"##
            + ##"<image id="image1"/><use xlink:href="#image1"/></g></g><g id="surface31x"/>"##
        #expect(String(decoding: SVGIdentifiers.normalized(Data(svg.utf8)), as: UTF8.self) == expected)
    }

    @Test func writesFilesAtomically() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("canvas-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("board.png")
        try board().write(to: url)
        #expect(try RasterImage(contentsOf: url).width == 160)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["board.png"])
    }
}

@Suite struct BandedEncodingTests {
    static func picture(_ canvas: Canvas) {
        canvas.paint(Color(red: 0.24, green: 0.55, blue: 0.24))
        var circle = Path()
        circle.addCircle(center: Point(x: 150, y: 200), radius: 120)
        canvas.stroke(circle, style: StrokeStyle(color: .white, width: 3))
        canvas.stroke(Path(polyline: [Point(x: 0, y: 0), Point(x: 300, y: 401)]),
                      style: StrokeStyle(color: Color(red: 0.8, green: 0.2, blue: 0.2), width: 7, cap: .round))
        canvas.draw(text: "Bands", at: Point(x: 20, y: 130), font: Font(size: 30), color: .black)
    }

    @Test(arguments: [1.0, 2, 1.5])
    func bandsGiveTheSameBytesAsOneCanvas(_ scale: Double) throws {
        let whole = try Canvas(width: 300, height: 401, scale: scale)
        Self.picture(whole)
        let banded = try Canvas.bandedPNG(width: 300, height: 401, scale: scale, opaque: true) { Self.picture($0) }
        #expect(banded == (try whole.pngData()))
        #expect(try RasterImage(pngData: banded).height == Int((401 * scale).rounded(.up)))
    }

    @Test func translucentPicturesKeepTheirAlpha() throws {
        let banded = try Canvas.bandedPNG(width: 50, height: 300, opaque: false) { canvas in
            var band = Path()
            band.addRect(Rect(x: 0, y: 100, width: 50, height: 100))
            canvas.fill(band, color: Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        }
        let image = try RasterImage(pngData: banded)
        #expect(image.pixel(x: 10, y: 50).alpha == 0)
        #expect(abs(Int(image.pixel(x: 10, y: 150).alpha) - 128) <= 1)
    }

    @Test func refusesOversizedPictures() {
        #expect(throws: CanvasError.imageTooLarge(width: 20_000, height: 10)) {
            try Canvas.bandedPNG(width: 20_000, height: 10, opaque: true) { _ in }
        }
    }
}

@Suite struct MultiPageTests {
    @Test func pdfCanvasesStartNewPages() throws {
        let canvas = try Canvas(width: 200, height: 100, format: .pdf)
        canvas.draw(text: "one", at: Point(x: 10, y: 50), font: Font(size: 12), color: .black)
        try canvas.newPage()
        canvas.draw(text: "two", at: Point(x: 10, y: 50), font: Font(size: 12), color: .black)
        let text = String(decoding: try canvas.encoded(), as: UTF8.self)
        #expect(text.contains("/Count 2"))
        let raster = try Canvas(width: 10, height: 10)
        #expect(throws: CanvasError.self) { try raster.newPage() }
    }
}
