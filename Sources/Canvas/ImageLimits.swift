import Foundation

/// How large an encoded image may be, checked before it is decoded: its bytes, then the
/// width and height its header claims, before any pixel memory is allocated.
///
/// A small file can claim a huge image (a PNG of 16384 x 6100 pixels compresses to 97 kB and
/// decodes to 400 MB), so every reader of images that input controls chooses limits sized to
/// its use:
///
/// ```swift
/// let photo = ImageLimits(maximumBytes: 2 << 20, maximumSide: 4_096, maximumPixels: 16_000_000)
/// let image = try RasterImage(imageData: data, limits: photo)   // throws before decoding a bomb
/// ```
public struct ImageLimits: Sendable, Hashable {
    /// The most encoded bytes.
    public var maximumBytes: Int
    /// The most pixels along either side.
    public var maximumSide: Int
    /// The most pixels in all (width times height).
    public var maximumPixels: Int

    public init(maximumBytes: Int, maximumSide: Int, maximumPixels: Int) {
        self.maximumBytes = maximumBytes
        self.maximumSide = maximumSide
        self.maximumPixels = maximumPixels
    }

    /// The most any image may have: what a canvas may have (``Canvas/maximumSide``,
    /// ``Canvas/maximumPixels``), from at most 512 MiB. Readers of input choose smaller ones.
    public static let canvas = ImageLimits(maximumBytes: 512 << 20, maximumSide: Canvas.maximumSide,
                                           maximumPixels: Canvas.maximumPixels)

    /// Throws ``CanvasError/imageDataTooLarge(bytes:maximum:)`` when `byteCount` is over the limit.
    public func check(byteCount: Int) throws {
        guard byteCount <= maximumBytes else { throw CanvasError.imageDataTooLarge(bytes: byteCount, maximum: maximumBytes) }
    }

    /// Throws ``CanvasError/imageOverLimits(width:height:limits:)`` when a `width` x `height`
    /// image is over the limits (or has no pixels).
    public func check(width: Int, height: Int) throws {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, width <= maximumSide, height <= maximumSide, !overflow, pixels <= maximumPixels else {
            throw CanvasError.imageOverLimits(width: width, height: height, limits: self)
        }
    }

    /// "4096 px a side and 16 megapixels".
    var summary: String {
        let megapixels = Double(maximumPixels) / 1_000_000
        let pixels = maximumPixels % 1_000_000 == 0 ? "\(maximumPixels / 1_000_000)" : String(format: "%.1f", megapixels)
        return "\(maximumSide) px a side and \(pixels) megapixels"
    }
}
