import Foundation
import TestSupport
import Testing
@testable import Canvas

/// JPEG decoding, EXIF orientation, format sniffing and size limits checked from the header.
/// The fixtures are made by `Fixtures/make_fixtures.py` and `Fixtures/make_ycck.c`.
@Suite struct ImageDecodingTests {
    static let red = RGBA(red: 220, green: 30, blue: 30)
    static let green = RGBA(red: 30, green: 180, blue: 60)
    static let blue = RGBA(red: 40, green: 60, blue: 220)
    static let yellow = RGBA(red: 240, green: 220, blue: 40)

    static func fixture(_ name: String) throws -> Data {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return try Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// The four quadrants of the upright 48 x 32 test picture, probed near their centres.
    static func expectUpright(_ image: RasterImage, _ comment: Comment? = nil) {
        #expect(image.width == 48 && image.height == 32, comment)
        let probes = [(12, 8, red), (36, 8, green), (12, 24, blue), (36, 24, yellow)]
        for (x, y, colour) in probes {
            #expect(image.pixel(x: x, y: y).distance(to: colour) <= 12,
                    "\(comment.map { "\($0)" } ?? ""): (\(x), \(y)) is \(image.pixel(x: x, y: y)), not \(colour)")
        }
    }

    @Test(arguments: 1...8) func everyExifOrientationIsShownUpright(_ orientation: Int) throws {
        let data = try Self.fixture("orientation-\(orientation).jpg")
        let info = try RasterImage.info(of: data)
        #expect(info.format == .jpeg && info.orientation == orientation)
        #expect(info.uprightWidth == 48 && info.uprightHeight == 32)
        // Stored turned a quarter for 5 to 8.
        #expect(info.width == (orientation >= 5 ? 32 : 48))
        Self.expectUpright(try RasterImage(jpegData: data), "orientation \(orientation)")
        Self.expectUpright(try RasterImage(imageData: data), "orientation \(orientation) sniffed")
    }

    @Test func orientationSixIsAQuarterTurnClockwiseAndThreeAHalfTurn() throws {
        // Without the tag, the stored pixels of 6 have red (upright top-left) at the bottom-left:
        // turning them a quarter clockwise brings it to the top-left.
        let six = try Self.fixture("orientation-6.jpg")
        let stored = try RasterImage(jpegData: Self.withoutExif(six))
        #expect(stored.width == 32 && stored.height == 48)
        #expect(stored.pixel(x: 8, y: 36).distance(to: Self.red) <= 12)
        #expect(stored.pixel(x: 8, y: 12).distance(to: Self.green) <= 12)
        Self.expectUpright(try RasterImage(jpegData: six))

        let three = try Self.fixture("orientation-3.jpg")
        let storedThree = try RasterImage(jpegData: Self.withoutExif(three))
        #expect(storedThree.pixel(x: 36, y: 24).distance(to: Self.red) <= 12)
        Self.expectUpright(try RasterImage(jpegData: three))
    }

    /// `data` with its APP1 segments renamed to APP15, so libjpeg no longer finds the EXIF.
    static func withoutExif(_ data: Data) -> Data {
        var bytes = [UInt8](data)
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF, bytes[index + 1] != 0xDA {
            if bytes[index + 1] == 0xE1 { bytes[index + 1] = 0xEF }
            index += 2 + (Int(bytes[index + 2]) << 8 | Int(bytes[index + 3]))
        }
        return Data(bytes)
    }

    @Test func readsExifOrientationWithEveryOffsetChecked() {
        func read(_ bytes: [UInt8]) -> Int {
            bytes.withUnsafeBufferPointer { ExifOrientation.read($0) }
        }
        let exif: [UInt8] = Array("Exif".utf8) + [0, 0]
        // Big-endian TIFF, one entry: orientation SHORT 8.
        let bigEndian = exif + [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 8, 0, 0]
        #expect(read(bigEndian) == 8)
        // Little-endian, the tag after another entry.
        let littleEndian = exif + [0x49, 0x49, 42, 0, 8, 0, 0, 0, 2, 0,
                                   0x0F, 0x01, 2, 0, 4, 0, 0, 0, 0x41, 0x42, 0x43, 0,
                                   0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0]
        #expect(read(littleEndian) == 6)
        // Truncated anywhere: never a crash, always 1.
        for length in 0..<(littleEndian.count - 2) { #expect(read(Array(littleEndian.prefix(length))) == 1) }
        // Out-of-range values, offsets past the end, a huge entry count, a wrong type.
        var nine = bigEndian
        nine[nine.count - 3] = 9
        #expect(read(nine) == 1)
        var farIFD = bigEndian
        farIFD[10...13] = [0x7F, 0xFF, 0xFF, 0xFF]
        #expect(read(farIFD) == 1)
        var manyEntries = bigEndian
        manyEntries[14...17] = [0xFF, 0xFF, 0x01, 0x0F]
        #expect(read(manyEntries) == 1)
        var ascii = bigEndian
        ascii[19] = 2
        #expect(read(ascii) == 1)
        #expect(read(Array("Exif".utf8) + [0, 0, 0x49, 0x49]) == 1)
        #expect(read(Array("JFIF".utf8)) == 1)
    }

    @Test func decodesGreyscaleCMYKAndYCCK() throws {
        let grey = try RasterImage(imageData: Self.fixture("grey.jpg"))
        #expect(grey.width == 32 && grey.height == 16)
        #expect(grey.pixel(x: 4, y: 8).distance(to: RGBA(red: 50, green: 50, blue: 50)) <= 3)
        #expect(grey.pixel(x: 28, y: 8).distance(to: RGBA(red: 200, green: 200, blue: 200)) <= 3)
        for name in ["cmyk.jpg", "ycck.jpg"] {
            let image = try RasterImage(imageData: Self.fixture(name))
            #expect(image.width == 32 && image.height == 16, "\(name)")
            #expect(image.pixel(x: 4, y: 8).distance(to: RGBA(red: 255, green: 0, blue: 0)) <= 8,
                    "\(name): \(image.pixel(x: 4, y: 8))")
            #expect(image.pixel(x: 28, y: 8).distance(to: RGBA(red: 128, green: 128, blue: 128)) <= 8,
                    "\(name): \(image.pixel(x: 28, y: 8))")
        }
    }

    @Test func decodesProgressiveJPEGsAndRefusesScanBombs() throws {
        let data = try Self.fixture("progressive.jpg")
        Self.expectUpright(try RasterImage(jpegData: data))
        // The last scan repeated 300 times: a few kB that would redo the image 300 times.
        let bytes = [UInt8](data)
        let scans = (0..<(bytes.count - 1)).filter { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }
        let last = try #require(scans.last)
        let scan = bytes[last..<(bytes.count - 2)]
        let bomb = Data(bytes[..<(bytes.count - 2)] + Array(repeating: scan, count: 300).joined() + [0xFF, 0xD9])
        #expect(throws: CanvasError.jpegDecoding("more than \(RasterImage.maximumJPEGScans) progressive scans")) {
            try RasterImage(jpegData: bomb)
        }
    }

    @Test func decodesALargeJPEGSmallerWhenItIsDrawnSmall() throws {
        let data = try Self.fixture("large.jpg")
        let full = try RasterImage(jpegData: data)
        #expect(full.width == 800 && full.height == 600)
        // A 150 x 150 frame needs 150 x 113 of it: 1/4 (200 x 150) still covers that, 1/8 would not.
        let quarter = try RasterImage(imageData: data, fittingIn: Size(width: 150, height: 150))
        #expect(quarter.width == 200 && quarter.height == 150)
        #expect(quarter.pixel(x: 50, y: 40).distance(to: Self.red) <= 16)
        #expect(quarter.pixel(x: 150, y: 110).distance(to: Self.yellow) <= 16)
        #expect(try RasterImage(jpegData: data, fittingIn: Size(width: 10, height: 10)).width == 100)
        #expect(try RasterImage(jpegData: data, fittingIn: Size(width: 2_000, height: 2_000)).width == 800)
        // Orientation 6 stores a 32 x 48 picture: a frame of 24 x 16 (upright) allows a half.
        let six = try RasterImage(jpegData: Self.fixture("orientation-6.jpg"), fittingIn: Size(width: 24, height: 16))
        #expect(six.width == 24 && six.height == 16)
    }

    @Test func sniffsTheFormatFromTheBytes() throws {
        let canvas = try Canvas(width: 10, height: 6)
        canvas.paint(.white)
        let png = try canvas.pngData()
        #expect(ImageFormat.sniff(png) == .png)
        #expect(ImageFormat.sniff(TestImages.smallJPEG) == .jpeg)
        #expect(try RasterImage(imageData: png).width == 10)
        #expect(try RasterImage(imageData: TestImages.smallJPEG).pixel(x: 4, y: 4).distance(to: RGBA(red: 128, green: 128, blue: 128)) <= 2)
        let webp = Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)
        #expect(throws: CanvasError.unsupportedImageFormat("WebP")) { try RasterImage(imageData: webp) }
        #expect(throws: CanvasError.unsupportedImageFormat("GIF")) { try RasterImage(imageData: Data("GIF89a....".utf8)) }
        #expect(throws: CanvasError.unsupportedImageFormat("empty")) { try RasterImage(imageData: Data()) }
        #expect(CanvasError.unsupportedImageFormat("WebP").localizedDescription == "a WebP image: only PNG and JPEG are read")
    }

    @Test func brokenJPEGsAreErrorsNotCrashes() throws {
        let good = try Self.fixture("orientation-1.jpg")
        // Every truncation of the header, and garbage after the start-of-image marker.
        for length in [3, 10, 30, 100, 200] {
            #expect(throws: CanvasError.self) { try RasterImage(jpegData: good.prefix(length)) }
        }
        #expect(throws: CanvasError.self) { try RasterImage(jpegData: Data([0xFF, 0xD8, 0xFF]) + Data(repeating: 0x41, count: 64)) }
        // Truncated in the scan data: libjpeg fills the rest, as browsers do.
        let scan = try #require(good.lastRange(of: Data([0xFF, 0xDA]))).upperBound
        #expect(try RasterImage(jpegData: good.prefix((scan + good.count) / 2)).width == 48)
    }

    @Test func refusesFromTheHeaderWhatIsOverTheLimits() throws {
        let photo = ImageLimits(maximumBytes: 2 << 20, maximumSide: 4_096, maximumPixels: 16_000_000)
        for bomb in [TestImages.png(claimingWidth: 16_384, height: 6_100),
                     TestImages.jpeg(claimingWidth: 16_384, height: 6_100)] {
            let started = ContinuousClock.now
            #expect(throws: CanvasError.imageOverLimits(width: 16_384, height: 6_100, limits: photo)) {
                try RasterImage(imageData: bomb, limits: photo)
            }
            #expect(ContinuousClock.now - started < .seconds(1))
            let info = try RasterImage.info(of: bomb)
            #expect(info.width == 16_384 && info.height == 6_100)
        }
        #expect(CanvasError.imageOverLimits(width: 16_384, height: 6_100, limits: photo).localizedDescription
            == "the image is 16384x6100 px: at most 4096 px a side and 16 megapixels here; resize it")
        // Within the side limit but over the pixel count; and over the byte count.
        #expect(throws: CanvasError.imageOverLimits(width: 4_096, height: 4_096, limits: photo)) {
            try RasterImage(imageData: TestImages.jpeg(claimingWidth: 4_096, height: 4_096), limits: photo)
        }
        let tight = ImageLimits(maximumBytes: 100, maximumSide: 64, maximumPixels: 4_096)
        #expect(throws: CanvasError.imageDataTooLarge(bytes: TestImages.smallJPEG.count, maximum: 100)) {
            try RasterImage(imageData: TestImages.smallJPEG, limits: tight)
        }
        #expect(CanvasError.imageDataTooLarge(bytes: 3 << 20, maximum: 2 << 20).localizedDescription
            == "the image file has 3 MiB: at most 2 MiB here; resize or compress it")
        // The default limits are those of a canvas.
        #expect(throws: CanvasError.imageOverLimits(width: 16_385, height: 8, limits: .canvas)) {
            try RasterImage(pngData: TestImages.png(claimingWidth: 16_385, height: 8))
        }
    }

    @Test func decodingIsDeterministic() throws {
        let data = try Self.fixture("orientation-7.jpg")
        #expect(try RasterImage(jpegData: data) == RasterImage(jpegData: data))
    }
}
