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
}
