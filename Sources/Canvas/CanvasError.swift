import Foundation

/// What can go wrong while drawing or encoding.
public enum CanvasError: Error, Equatable, LocalizedError {
    /// A colour string that is not `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`.
    case invalidColor(String)
    /// A size that is zero, negative or not finite.
    case invalidSize(width: Double, height: Double)
    /// An output larger than ``Canvas/maximumSide`` a side or ``Canvas/maximumPixels`` in all.
    case imageTooLarge(width: Int, height: Int)
    /// An operation that needs a raster canvas was called on a PDF or SVG one.
    case notRaster
    /// A PDF or SVG canvas was used after its document was finished.
    case finished
    /// A file name whose extension names no format Touchline writes.
    case unsupportedFormat(String)
    /// Cairo reported an error.
    case cairo(String)
    /// libpng could not encode the image.
    case pngEncoding(String)
    /// The bytes are not a PNG that libpng can read.
    case pngDecoding(String)
    /// The bytes are not a JPEG that libjpeg can read, or one in a colour space it cannot convert.
    case jpegDecoding(String)
    /// The bytes are neither PNG nor JPEG; the value says what they look like ("WebP", "GIF",
    /// "unknown", ...).
    case unsupportedImageFormat(String)
    /// An encoded image of more bytes than the reader's ``ImageLimits`` allow.
    case imageDataTooLarge(bytes: Int, maximum: Int)
    /// An image whose header claims more pixels than the reader's ``ImageLimits`` allow; nothing
    /// was decoded.
    case imageOverLimits(width: Int, height: Int, limits: ImageLimits)
    /// Animation frames larger than the format allows (`maximumSide` a side) or than
    /// ``AnimationEncoder/maximumFramePixels``.
    case animationFrameTooLarge(width: Int, height: Int, maximumSide: Int)
    /// A frame of another size than the animation's.
    case animationFrameSize(width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
    /// A frame duration that is negative or not finite, or that takes the animation past
    /// ``AnimationEncoder/maximumDurationMilliseconds``.
    case invalidFrameDuration(Double)
    /// A GIF frame with a pixel that is not opaque: GIF has no partial transparency, and its
    /// frames are drawn over each other.
    case transparentGIFFrame
    /// giflib or libwebp could not encode the animation.
    case animationEncoding(String)

    public var errorDescription: String? {
        switch self {
        case .invalidColor(let text):
            return "invalid colour '\(text)': expected #RGB, #RRGGBB or #RRGGBBAA"
        case .invalidSize(let width, let height):
            return "invalid size \(width)x\(height): expected positive finite numbers"
        case .imageTooLarge(let width, let height):
            return "output \(width)x\(height) px is too large: at most \(Canvas.maximumSide) px a side "
                + "and \(Canvas.maximumPixels / 1_000_000) megapixels"
        case .notRaster:
            return "this operation needs a raster (PNG) canvas"
        case .finished:
            return "the document was already finished"
        case .unsupportedFormat(let name):
            return "cannot tell the format of '\(name)': use a .png, .svg or .pdf file name"
        case .cairo(let message):
            return "drawing failed: \(message)"
        case .pngEncoding(let message):
            return "PNG encoding failed: \(message)"
        case .pngDecoding(let message):
            return "not a readable PNG: \(message)"
        case .jpegDecoding(let message):
            return "not a readable JPEG: \(message)"
        case .unsupportedImageFormat(let kind):
            return kind == "unknown" || kind == "empty"
                ? "not a PNG or JPEG image" + (kind == "empty" ? " (the file is empty)" : "")
                : "a \(kind) image: only PNG and JPEG are read"
        case .imageDataTooLarge(let bytes, let maximum):
            return "the image file has \(Self.size(bytes)): at most \(Self.size(maximum)) here; resize or compress it"
        case .imageOverLimits(let width, let height, let limits):
            return "the image is \(width)x\(height) px: at most \(limits.summary) here; resize it"
        case .animationFrameTooLarge(let width, let height, let side):
            return "animation frames of \(width)x\(height) px are too large: at most \(side) px a side and "
                + "\(AnimationEncoder.maximumFramePixels / 1_048_576) megapixels (4096x4096)"
        case .animationFrameSize(let width, let height, let expectedWidth, let expectedHeight):
            return "a frame of \(width)x\(height) px in an animation of \(expectedWidth)x\(expectedHeight) px"
        case .invalidFrameDuration(let milliseconds):
            return "invalid frame duration \(milliseconds) ms: expected 0 or more, the whole animation at most "
                + "\(Int(AnimationEncoder.maximumDurationMilliseconds / 3_600_000)) hours"
        case .transparentGIFFrame:
            return "a GIF cannot show a transparent or translucent background: draw one that is opaque, or make a WebP"
        case .animationEncoding(let message):
            return "animation encoding failed: \(message)"
        }
    }

    /// "2 MiB", "1.5 MiB", "700 kB" or "12 bytes".
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20 {
            let mebibytes = Double(bytes) / Double(1 << 20)
            return bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : String(format: "%.1f MiB", mebibytes)
        }
        if bytes >= 1_000 { return "\(bytes / 1_000) kB" }
        return "\(bytes) bytes"
    }
}
