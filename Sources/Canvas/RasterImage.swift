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
    /// - Throws: ``CanvasError/pngDecoding(_:)`` for bytes libpng cannot read, and
    ///   ``CanvasError/imageTooLarge(width:height:)`` before allocating for a huge image.
    public init(pngData data: Data) throws {
        var image = png_image()
        var message = [CChar](repeating: 0, count: 256)
        let begun = data.withUnsafeBytes { bytes in
            tl_png_read_size(bytes.baseAddress, bytes.count, &image, &message)
        }
        guard begun == 1 else { throw CanvasError.pngDecoding(Self.text(message)) }
        let width = Int(image.width), height = Int(image.height)
        guard width <= Canvas.maximumSide, height <= Canvas.maximumSide, width * height <= Canvas.maximumPixels else {
            png_image_free(&image)
            throw CanvasError.imageTooLarge(width: width, height: height)
        }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let finished = data.withUnsafeBytes { _ in
            rgba.withUnsafeMutableBufferPointer { buffer in
                tl_png_read_rgba(&image, buffer.baseAddress, &message)
            }
        }
        guard finished == 1 else { throw CanvasError.pngDecoding(Self.text(message)) }
        self.init(width: width, height: height, rgba: rgba)
    }

    /// Reads and decodes a PNG file.
    public init(contentsOf url: URL) throws {
        try self.init(pngData: try Data(contentsOf: url))
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

    private static func text(_ message: [CChar]) -> String {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "libpng could not read it" : text
    }
}
