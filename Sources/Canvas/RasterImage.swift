import CPNG
import Foundation

/// One pixel: 8-bit straight RGBA.
public struct RGBA: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The nearest 8-bit value of `color`.
    public init(_ color: Color) {
        func byte(_ value: Double) -> UInt8 { UInt8((value * 255).rounded()) }
        self.init(red: byte(color.red), green: byte(color.green), blue: byte(color.blue), alpha: byte(color.alpha))
    }

    /// The largest difference of any channel between this pixel and `other`.
    public func distance(to other: RGBA) -> Int {
        max(abs(Int(red) - Int(other.red)), abs(Int(green) - Int(other.green)),
            abs(Int(blue) - Int(other.blue)), abs(Int(alpha) - Int(other.alpha)))
    }

    public var description: String {
        String(format: "#%02X%02X%02X%02X", red, green, blue, alpha)
    }
}

/// A decoded raster image: straight 8-bit RGBA rows, top to bottom.
public struct RasterImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes.
    public let rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Decodes a PNG (any bit depth, palette or grey, with or without alpha) with libpng.
    ///
    /// The byte count and the size in the header are checked against `limits` before any pixel
    /// memory is allocated.
    ///
    /// - Throws: ``CanvasError/pngDecoding(_:)`` for bytes libpng cannot read,
    ///   ``CanvasError/imageDataTooLarge(bytes:maximum:)`` and
    ///   ``CanvasError/imageOverLimits(width:height:limits:)`` before decoding an image over `limits`.
    public init(pngData data: Data, limits: ImageLimits = .canvas) throws {
        try limits.check(byteCount: data.count)
        var image = png_image()
        var message = [CChar](repeating: 0, count: 256)
        let begun = data.withUnsafeBytes { bytes in
            tl_png_read_size(bytes.baseAddress, bytes.count, &image, &message)
        }
        guard begun == 1 else { throw CanvasError.pngDecoding(Self.text(message, library: "libpng")) }
        let width = Int(image.width), height = Int(image.height)
        do {
            try limits.check(width: width, height: height)
        } catch {
            png_image_free(&image)
            throw error
        }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let finished = data.withUnsafeBytes { _ in
            rgba.withUnsafeMutableBufferPointer { buffer in
                tl_png_read_rgba(&image, buffer.baseAddress, &message)
            }
        }
        guard finished == 1 else { throw CanvasError.pngDecoding(Self.text(message, library: "libpng")) }
        self.init(width: width, height: height, rgba: rgba)
    }

    /// The size in a PNG's header, read with libpng without decoding any pixels.
    static func pngInfo(_ data: Data) throws -> ImageInfo {
        var image = png_image()
        var message = [CChar](repeating: 0, count: 256)
        let begun = data.withUnsafeBytes { bytes in
            tl_png_read_size(bytes.baseAddress, bytes.count, &image, &message)
        }
        guard begun == 1 else { throw CanvasError.pngDecoding(Self.text(message, library: "libpng")) }
        png_image_free(&image)
        return ImageInfo(format: .png, width: Int(image.width), height: Int(image.height))
    }

    /// Reads and decodes a PNG or JPEG file (see ``init(imageData:limits:fittingIn:)``); a file
    /// of more than `limits.maximumBytes` is refused before it is read.
    public init(contentsOf url: URL, limits: ImageLimits = .canvas, fittingIn frame: Size? = nil) throws {
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber {
            try limits.check(byteCount: size.intValue)
        }
        try self.init(imageData: try Data(contentsOf: url), limits: limits, fittingIn: frame)
    }

    /// The pixel at column `x`, row `y` (0-based, from the top-left); transparent outside.
    public func pixel(x: Int, y: Int) -> RGBA {
        guard x >= 0, y >= 0, x < width, y < height else { return RGBA(red: 0, green: 0, blue: 0, alpha: 0) }
        let i = (y * width + x) * 4
        return RGBA(red: rgba[i], green: rgba[i + 1], blue: rgba[i + 2], alpha: rgba[i + 3])
    }

    /// Counts the pixels for which `predicate` holds.
    public func count(where predicate: (RGBA) -> Bool) -> Int {
        var total = 0
        for y in 0..<height {
            for x in 0..<width where predicate(pixel(x: x, y: y)) { total += 1 }
        }
        return total
    }

    /// A C library's NUL-terminated message, or a stand-in when it left none.
    static func text(_ message: [CChar], library: String) -> String {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "\(library) could not read it" : text
    }
}
