import Foundation

/// The encoded image formats Touchline reads, told apart by their first bytes.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case png
    case jpeg

    /// The format whose signature `data` starts with, or nil.
    ///
    /// PNG starts with its 8-byte signature, JPEG with a start-of-image marker followed by
    /// another marker (`FF D8 FF`).
    public static func sniff(_ data: Data) -> ImageFormat? {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        return nil
    }

    /// What `data` looks like when it is no format Touchline reads, for error messages:
    /// "WebP", "GIF", ... or "unknown".
    static func unsupportedName(of data: Data) -> String {
        let prefix = [UInt8](data.prefix(12))
        func starts(_ text: String, at offset: Int = 0) -> Bool {
            let bytes = Array(text.utf8)
            return prefix.count >= offset + bytes.count && Array(prefix[offset..<(offset + bytes.count)]) == bytes
        }
        if data.isEmpty { return "empty" }
        if starts("RIFF"), starts("WEBP", at: 8) { return "WebP" }
        if starts("GIF87a") || starts("GIF89a") { return "GIF" }
        if starts("BM") { return "BMP" }
        if starts("II*\u{0}") || starts("MM\u{0}*") { return "TIFF" }
        if starts("ftyp", at: 4) { return "HEIF/AVIF" }
        if starts("<svg") || starts("<?xml") { return "SVG/XML" }
        return "unknown"
    }
}

/// What an image's header says, read without decoding its pixels.
public struct ImageInfo: Sendable, Hashable {
    /// PNG or JPEG.
    public var format: ImageFormat
    /// The stored width and height, in pixels, as the header claims them.
    public var width: Int
    public var height: Int
    /// The EXIF orientation (1 to 8; 1 is upright), always 1 for PNG.
    public var orientation: Int

    /// The width and height once shown the right way up (swapped for orientations 5 to 8).
    public var uprightWidth: Int { orientation >= 5 ? height : width }
    public var uprightHeight: Int { orientation >= 5 ? width : height }

    public init(format: ImageFormat, width: Int, height: Int, orientation: Int = 1) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
    }
}
