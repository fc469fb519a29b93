import Foundation

/// Encodes an animation as GIF or WebP from frames of pixels, one at a time.
///
/// Frames are streamed: the encoder keeps the frame waiting for its successor and the last
/// one written (GIF), never the whole animation. A frame with the same pixels as the one
/// before it is not written again: its time is added to that frame's. A frame shorter than
/// ``shortestFrameMilliseconds`` (other than the last) is not written either: the next frame
/// starts when it would have, since browsers stretch frames that short to a tenth of a second
/// and the animation would drift. Frame times are carried as a running total, so the
/// animation lasts the sum of the durations given, rounded once (GIF to hundredths of a second,
/// WebP to milliseconds). The same frames give the same bytes.
///
/// ```swift
/// let encoder = try AnimationEncoder(format: .gif, width: 320, height: 200, reservedColors: [RGBA(.white)])
/// for (frame, milliseconds) in frames { try encoder.add(frame, durationMilliseconds: milliseconds) }
/// let gif = try encoder.finish().data
/// ```
///
/// An encoder is not thread-safe; give each animation its own.
public final class AnimationEncoder {
    /// The shortest frame written, in milliseconds (see the type's discussion).
    public static let shortestFrameMilliseconds = 20.0
    /// The most pixels a frame may have: the encoder holds up to three frames (the one
    /// waiting, the one arriving, the last written), the libraries a few more copies.
    public static let maximumFramePixels = 4096 * 4096
    /// The longest animation, in milliseconds (a day): WebP timestamps are 32-bit milliseconds,
    /// and a GIF delay longer than 655.35 s takes an extra frame every 655.35 s.
    public static let maximumDurationMilliseconds = 86_400_000.0

    public let format: AnimatedImageFormat
    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    /// The frames written so far (identical and too-short frames are not written).
    public private(set) var writtenFrames = 0
    /// The sum of the durations added so far, in milliseconds.
    public private(set) var durationMilliseconds = 0.0

    private let writer: any AnimationFrameWriter
    /// The frame waiting to learn whether the next one repeats it, and how long it lasts.
    private var pending: (image: RasterImage, milliseconds: Double)?
    /// When the pending frame starts, in milliseconds from the start.
    private var start = 0.0
    private var isFinished = false

    /// Starts an animation of `width` x `height` pixel frames.
    ///
    /// - Parameter reservedColors: colours a GIF shows exactly wherever they occur (a style's
    ///   pens and backgrounds), first in every frame's palette; at most 256, only their red,
    ///   green and blue count. WebP frames are lossless and show every colour exactly.
    /// - Throws: ``CanvasError/animationFrameTooLarge(width:height:maximumSide:)`` for a size
    ///   outside the format's and ``maximumFramePixels``, ``CanvasError/animationEncoding(_:)``
    ///   for more than 256 reserved colours or an encoder that cannot start.
    public init(format: AnimatedImageFormat, width: Int, height: Int, reservedColors: [RGBA] = []) throws {
        try Self.checkFrameSize(width: width, height: height, format: format)
        self.format = format
        self.width = width
        self.height = height
        switch format {
        case .gif: writer = try GIFAnimationWriter(width: width, height: height, reserved: reservedColors)
        case .webp: writer = try WebPAnimationWriter(width: width, height: height)
        }
    }

    /// Checks a frame size against `format`'s largest side and ``maximumFramePixels``, as
    /// ``init(format:width:height:reservedColors:)`` does, for a caller to refuse an animation
    /// before drawing any frame.
    ///
    /// - Throws: ``CanvasError/animationFrameTooLarge(width:height:maximumSide:)``.
    public static func checkFrameSize(width: Int, height: Int, format: AnimatedImageFormat) throws {
        guard width >= 1, height >= 1, width <= format.maximumSide, height <= format.maximumSide,
              width * height <= maximumFramePixels else {
            throw CanvasError.animationFrameTooLarge(width: width, height: height, maximumSide: format.maximumSide)
        }
    }

    /// Adds a frame shown for `durationMilliseconds`.
    ///
    /// - Throws: ``CanvasError/animationFrameSize(width:height:expectedWidth:expectedHeight:)``
    ///   for a frame of another size, ``CanvasError/invalidFrameDuration(_:)`` for a duration
    ///   that is negative, not finite, or takes the animation past
    ///   ``maximumDurationMilliseconds``, ``CanvasError/transparentGIFFrame`` for a GIF frame
    ///   with a pixel that is not opaque, and the libraries' failures.
    public func add(_ frame: RasterImage, durationMilliseconds milliseconds: Double) throws {
        guard !isFinished else { throw CanvasError.finished }
        guard frame.width == width, frame.height == height, frame.rgba.count == width * height * 4 else {
            throw CanvasError.animationFrameSize(width: frame.width, height: frame.height,
                                                 expectedWidth: width, expectedHeight: height)
        }
        guard milliseconds.isFinite, milliseconds >= 0,
              durationMilliseconds + milliseconds <= Self.maximumDurationMilliseconds else {
            throw CanvasError.invalidFrameDuration(milliseconds)
        }
        durationMilliseconds += milliseconds
        guard let waiting = pending else {
            pending = (frame, milliseconds)
            return
        }
        if Self.samePixels(waiting.image, frame) {
            pending = (waiting.image, waiting.milliseconds + milliseconds)
        } else if waiting.milliseconds < Self.shortestFrameMilliseconds {
            // Too short to show: the new frame starts in its place.
            pending = (frame, waiting.milliseconds + milliseconds)
        } else {
            try writer.write(waiting.image, from: start, to: start + waiting.milliseconds)
            writtenFrames += 1
            start += waiting.milliseconds
            pending = (frame, milliseconds)
        }
    }

    /// Writes the last frame and returns the encoded animation; nothing can be added after.
    ///
    /// - Throws: ``CanvasError/animationEncoding(_:)`` when no frame was added, and the
    ///   libraries' failures.
    public func finish() throws -> EncodedAnimation {
        guard !isFinished else { throw CanvasError.finished }
        isFinished = true
        guard let waiting = pending else { throw CanvasError.animationEncoding("an animation needs at least one frame") }
        pending = nil
        try writer.write(waiting.image, from: start, to: start + waiting.milliseconds)
        writtenFrames += 1
        return EncodedAnimation(data: try writer.finish(), format: format, frames: writtenFrames,
                                durationMilliseconds: durationMilliseconds)
    }

    /// True when both frames hold the same bytes.
    private static func samePixels(_ a: RasterImage, _ b: RasterImage) -> Bool {
        a.rgba.withUnsafeBytes { first in
            b.rgba.withUnsafeBytes { second in
                guard first.count == second.count else { return false }
                guard let one = first.baseAddress, let other = second.baseAddress else { return true }
                return memcmp(one, other, first.count) == 0
            }
        }
    }
}

/// One format's encoder under ``AnimationEncoder``: it is given each frame once, with the
/// times it starts and ends (milliseconds from the start), in order.
protocol AnimationFrameWriter: AnyObject {
    func write(_ frame: RasterImage, from start: Double, to end: Double) throws
    func finish() throws -> Data
}

/// A finished animation: its file's bytes and what they hold.
public struct EncodedAnimation: Sendable, Equatable {
    /// The GIF or WebP file.
    public let data: Data
    public let format: AnimatedImageFormat
    /// The frames written (a frame repeating the one before it, or too short to show, is not).
    public let frames: Int
    /// How long the animation plays once, in milliseconds: the sum of the frames' durations.
    public let durationMilliseconds: Double
}
