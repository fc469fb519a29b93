import Foundation

/// The format and pixel size an image file's header claims, read in Swift without decoding
/// anything: for modules that must check an image they never draw (the club services refuse a
/// photo too large to print before storing it).
///
/// Only the headers are looked at: a PNG's IHDR chunk, a JPEG's first frame header (SOFn).
/// Every read is bounds-checked; a file may still turn out undecodable later.
///
/// ```swift
/// let header = try ImageHeader(data)            // .png, 16384 x 6100
/// guard header.width <= 4_096, header.height <= 4_096 else { ... }
/// ```
public struct ImageHeader: Sendable, Hashable {
    /// The formats recognised.
    public enum Format: String, Sendable, Hashable {
        case png = "PNG"
        case jpeg = "JPEG"
    }

    /// Why a header could not be read.
    public enum Failure: Error, Sendable, Equatable, LocalizedError {
        /// The bytes start like no PNG or JPEG.
        case notPNGOrJPEG
        /// A PNG or JPEG whose header is cut short or malformed (the reason says how).
        case malformed(Format, String)

        public var errorDescription: String? {
            switch self {
            case .notPNGOrJPEG: return "is not a PNG or JPEG file"
            case .malformed(let format, let reason): return "is not a readable \(format.rawValue) file: \(reason)"
            }
        }
    }

    public var format: Format
    /// The stored size in pixels (a JPEG's EXIF orientation may swap them when shown).
    public var width: Int
    public var height: Int

    /// A header with these values.
    public init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// Reads the header of a PNG or JPEG.
    ///
    /// - Throws: ``Failure``.
    public init(_ data: Data) throws {
        let bytes = [UInt8](data.prefix(Self.maximumHeaderBytes))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            // The IHDR chunk must come first: length 13, "IHDR", width, height.
            guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
                throw Failure.malformed(.png, "no IHDR chunk first")
            }
            format = .png
            width = Self.bigEndian32(bytes, 16)
            height = Self.bigEndian32(bytes, 20)
            guard width > 0, height > 0 else { throw Failure.malformed(.png, "a side of 0 pixels") }
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            format = .jpeg
            (width, height) = try Self.jpegSize(bytes)
        } else {
            throw Failure.notPNGOrJPEG
        }
    }

    /// How far into the file the frame header is looked for: EXIF thumbnails and ICC profiles
    /// come before it, and each marker segment is at most 64 kB.
    public static let maximumHeaderBytes = 1 << 20

    /// The size in a JPEG's first SOFn segment (SOF0 to SOF15 but DHT, JPG and DAC).
    static func jpegSize(_ bytes: [UInt8]) throws -> (Int, Int) {
        var index = 2
        while index + 1 < bytes.count {
            switch try jpegMarker(bytes, at: index) {
            case .skip(let count):
                index += count
            case .endOfImage, .segment(0xDA, _):
                throw Failure.malformed(.jpeg, "no frame header before the image data")
            case .segment(_, nil):
                throw Failure.malformed(.jpeg, "the file ends before its frame header")
            case .segment(let marker, let length?):
                guard length >= 2 else { throw Failure.malformed(.jpeg, "a marker segment of length \(length)") }
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    guard length >= 8, index + 8 < bytes.count else {
                        throw Failure.malformed(.jpeg, "the file ends before its frame header")
                    }
                    let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                    let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                    guard width > 0, height > 0 else { throw Failure.malformed(.jpeg, "a side of 0 pixels") }
                    return (width, height)
                }
                index += 2 + length
            }
        }
        throw Failure.malformed(.jpeg, "the file ends before its frame header")
    }

    /// What stands at a place in a JPEG's stream of markers.
    enum JPEGMarker {
        /// A fill byte, or a marker without a segment (RSTn, SOI, TEM): the bytes to pass over.
        case skip(Int)
        /// EOI, the end of the image.
        case endOfImage
        /// A marker and its segment's length (which counts the two length bytes); nil when the
        /// bytes end before the length.
        case segment(UInt8, length: Int?)
    }

    /// The marker at `index` of `bytes`, `index + 1` being within them.
    ///
    /// - Throws: ``Failure/malformed(_:_:)`` when no marker stands there.
    static func jpegMarker<Bytes: RandomAccessCollection>(_ bytes: Bytes, at index: Int) throws -> JPEGMarker
    where Bytes.Element == UInt8, Bytes.Index == Int {
        guard bytes[index] == 0xFF else { throw Failure.malformed(.jpeg, "no marker at byte \(index)") }
        let marker = bytes[index + 1]
        switch marker {
        case 0xFF: return .skip(1)
        case 0x01, 0xD0...0xD8: return .skip(2)
        case 0xD9: return .endOfImage
        default:
            guard index + 3 < bytes.count else { return .segment(marker, length: nil) }
            return .segment(marker, length: Int(bytes[index + 2]) << 8 | Int(bytes[index + 3]))
        }
    }

    static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }
}
