import Foundation
import Support
import Testing

/// ``ImageHeader`` reads sizes from PNG and JPEG headers without decoding, every read bounded.
@Suite struct ImageHeaderTests {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func png(width: UInt32, height: UInt32) -> Data {
        func bytes(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        return Data(signature + [0, 0, 0, 13] + Array("IHDR".utf8) + bytes(width) + bytes(height) + [8, 2, 0, 0, 0])
    }

    /// SOI, an APP0 segment, fill bytes, then SOF2 (progressive) claiming `width` x `height`.
    static func jpeg(width: Int, height: Int) -> Data {
        Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x41, 0x42, 0xFF, 0xFF, 0xFF, 0xC2, 0x00, 0x0B, 0x08,
              UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 0x01, 0x01, 0x11, 0x00])
    }

    @Test func readsPNGAndJPEGSizes() throws {
        #expect(try ImageHeader(Self.png(width: 16_384, height: 6_100)) == ImageHeader(format: .png, width: 16_384, height: 6_100))
        #expect(try ImageHeader(Self.jpeg(width: 4_000, height: 3_000)) == ImageHeader(format: .jpeg, width: 4_000, height: 3_000))
    }

    @Test func refusesOtherFormatsAndTruncatedHeadersWithoutCrashing() {
        #expect(throws: ImageHeader.Failure.notPNGOrJPEG) { try ImageHeader(Data("GIF89a".utf8)) }
        #expect(throws: ImageHeader.Failure.notPNGOrJPEG) { try ImageHeader(Data()) }
        let png = Self.png(width: 10, height: 10), jpeg = Self.jpeg(width: 10, height: 10)
        for length in 0..<24 { #expect(throws: (any Error).self) { try ImageHeader(png.prefix(length)) } }
        for length in 0..<jpeg.count - 4 { #expect(throws: (any Error).self) { try ImageHeader(jpeg.prefix(length)) } }
        #expect(throws: ImageHeader.Failure.malformed(.jpeg, "no frame header before the image data")) {
            try ImageHeader(Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02]))
        }
        #expect(throws: ImageHeader.Failure.malformed(.png, "a side of 0 pixels")) { try ImageHeader(Self.png(width: 0, height: 5)) }
        #expect(throws: ImageHeader.Failure.malformed(.jpeg, "a side of 0 pixels")) { try ImageHeader(Self.jpeg(width: 5, height: 0)) }
    }

    /// A whole PNG: signature, IHDR, two IDAT chunks, an ancillary chunk, IEND (CRCs are not
    /// checked, so zeros do).
    static func wholePNG() -> Data {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            [0, 0, UInt8(body.count >> 8), UInt8(body.count & 0xFF)] + Array(type.utf8) + body + [0, 0, 0, 0]
        }
        return Data(signature + chunk("IHDR", [0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]) + chunk("IDAT", [0x78, 0x9C, 0x63])
            + chunk("tEXt", Array("a\u{0}b".utf8)) + chunk("IDAT", [0x00, 0x01]) + chunk("IEND", []))
    }

    /// A whole progressive JPEG: SOI, APP0, SOF2, two scans (the first with a stuffed 0xFF00
    /// and a restart marker in its data, a DHT between them), EOI.
    static func wholeJPEG() -> Data {
        Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x41, 0x42,
              0xFF, 0xC2, 0x00, 0x0B, 0x08, 0x00, 0x02, 0x00, 0x02, 0x01, 0x01, 0x11, 0x00,
              0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56,
              0xFF, 0xC4, 0x00, 0x04, 0xFF, 0xD9,
              0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x78, 0xFF, 0xFF, 0xD9])
    }

    @Test func wholeFilesPassTheCompletenessCheckWhateverFollowsTheirEnd() throws {
        for data in [Self.wholePNG(), Self.wholeJPEG(), Self.wholePNG() + Data("trailer".utf8), Self.wholeJPEG() + Data([1, 2, 3])] {
            try ImageHeader(data).checkComplete(data)
        }
    }

    @Test func filesCutShortAnywhereFailTheCompletenessCheckSayingWhere() throws {
        let png = Self.wholePNG(), jpeg = Self.wholeJPEG()
        let header = try ImageHeader(png), jpegHeader = try ImageHeader(jpeg)
        for length in 24..<png.count {
            #expect(throws: ImageHeader.Failure.self) { try header.checkComplete(png.prefix(length)) }
        }
        // The DHT segment's bytes FF D9 are inside a segment, not an end marker.
        for length in 21..<jpeg.count {
            #expect(throws: ImageHeader.Failure.self) { try jpegHeader.checkComplete(jpeg.prefix(length)) }
        }
        #expect(throws: ImageHeader.Failure.malformed(.png, "the file is cut short inside its IDAT chunk")) {
            try header.checkComplete(png.prefix(45))
        }
        #expect(throws: ImageHeader.Failure.malformed(.png, "the file is cut short before its IEND chunk")) {
            try header.checkComplete(png.dropLast(12))
        }
        #expect(throws: ImageHeader.Failure.malformed(.jpeg, "the file is cut short before its end-of-image marker")) {
            try jpegHeader.checkComplete(jpeg.dropLast(2))
        }
        let noData = png.prefix(33) + png.suffix(12)
        #expect(throws: ImageHeader.Failure.malformed(.png, "no image data (IDAT chunk) before IEND")) {
            try header.checkComplete(noData)
        }
        let noScan = jpeg.prefix(21) + Data([0xFF, 0xD9])
        #expect(throws: ImageHeader.Failure.malformed(.jpeg, "no image data (scan) before the end-of-image marker")) {
            try jpegHeader.checkComplete(noScan)
        }
    }
}
