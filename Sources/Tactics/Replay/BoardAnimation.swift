import Canvas
import Foundation

/// A board being drawn, as an animated GIF or WebP that follows the recorded times.
///
/// Frames are taken `fps` times a second of the animation, which plays `speed` times as fast
/// as the board was drawn (so `fps / speed` frames a second of recorded time, through
/// ``BoardAnimator``); strokes show as far as they had got. A frame that does not change is
/// not repeated: its time goes to the frame before. The last frame, the finished board, is
/// held for ``holdMilliseconds``.
///
/// A log without times (a stroke document of bare points) has nothing to space frames by: it
/// shows one event more every ``untimedEventMilliseconds`` (divided by `speed`), each stroke
/// whole, and `fps` plays no part.
///
/// ```swift
/// let renderer = try BoardRenderer(log: log, options: BoardRenderOptions(size: Size(width: 1024, height: 768)))
/// let gif = try BoardAnimation(renderer: renderer, format: .gif, framesPerSecond: 15, speed: 2).encode()
/// try gif.data.write(to: URL(fileURLWithPath: "drill.gif"))
/// ```
///
/// GIF palettes reserve the style's colours and the log's pens (see ``reservedColors``), so
/// ink and pitch are exact; WebP frames are lossless.
public struct BoardAnimation: Sendable {
    /// The frames per second unless told: smooth enough for a hand drawing, small enough to send.
    public static let defaultFramesPerSecond = 15.0
    /// The frames per second an animation may have: from 1 to 50 (a frame of 20 ms is the
    /// shortest browsers show as timed; they stretch shorter ones to 100 ms).
    public static let framesPerSecondRange = 1.0...50.0
    /// How many times as fast as it was drawn an animation may play: from 0.1 to 100.
    public static let speedRange = 0.1...100.0
    /// How long the finished board stays on screen at the end, in milliseconds.
    public static let holdMilliseconds = 2000.0
    /// How long each event of an untimed log is shown at speed 1, in milliseconds.
    public static let untimedEventMilliseconds = 1000.0

    /// What one animation may cost: frames drawn, and pixels drawn in all of them.
    public struct Limits: Sendable, Equatable {
        /// The most frames drawn (before frames that do not change are merged).
        public var frames: Int
        /// The most pixels drawn over all frames (frames x pixels a frame).
        public var pixels: Int

        public init(frames: Int, pixels: Int) {
            self.frames = frames
            self.pixels = pixels
        }

        /// The command line's: as many frames as ``BoardAnimator`` draws (10,000), and that many
        /// at 1024 x 768 (minutes of work).
        public static let standard = Limits(frames: BoardAnimator.maximumFrames, pixels: BoardAnimator.maximumFrames * 1024 * 768)
    }

    /// The settings an animation is given, which each front end names in its own terms.
    public enum Setting: String, Sendable, CaseIterable {
        /// Frames per second of the animation.
        case fps
        /// How many times as fast as it was drawn.
        case speed

        /// The setting in words that name no front end's options.
        public var neutralWording: String {
            switch self {
            case .fps: return "the frames per second"
            case .speed: return "the speed"
            }
        }

        /// The values it takes.
        public var range: ClosedRange<Double> {
            switch self {
            case .fps: return BoardAnimation.framesPerSecondRange
            case .speed: return BoardAnimation.speedRange
            }
        }

        /// The values it takes, in words: "from 1 to 50".
        public var rule: String {
            "from \(Self.number(range.lowerBound)) to \(Self.number(range.upperBound))"
        }

        /// True when `value` is within ``range`` (NaN never is).
        public func accepts(_ value: Double) -> Bool { range.contains(value) }

        private static func number(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(value)
        }
    }

    public let format: AnimatedImageFormat
    /// The frames drawn, in order.
    public let animator: BoardAnimator
    /// How long each of ``animator``'s frames is shown, in milliseconds, before frames that
    /// do not change are merged: the recorded time to the next frame divided by the speed, and
    /// ``holdMilliseconds`` for the last.
    public let durations: [Double]
    /// The frame size in pixels.
    public let pixelWidth: Int
    public let pixelHeight: Int

    /// Plans the animation of `renderer`'s board.
    ///
    /// - Throws: ``BoardAnimationError`` for a setting outside its range, more frames or
    ///   pixels than `limits`, or a GIF of a background that is not opaque;
    ///   ``CanvasError/animationFrameTooLarge(width:height:maximumSide:)`` for frames larger
    ///   than the format or ``AnimationEncoder`` takes.
    public init(renderer: BoardRenderer, format: AnimatedImageFormat,
                framesPerSecond fps: Double = BoardAnimation.defaultFramesPerSecond, speed: Double = 1,
                limits: Limits = .standard) throws {
        guard Setting.fps.accepts(fps) else { throw BoardAnimationError.invalidSetting(.fps, fps) }
        guard Setting.speed.accepts(speed) else { throw BoardAnimationError.invalidSetting(.speed, speed) }
        if format == .gif, !renderer.isOpaque { throw BoardAnimationError.transparentGIF }
        let (width, height) = try Canvas.checkedPixelSize(width: renderer.outputSize.width,
                                                          height: renderer.outputSize.height, scale: renderer.options.scale)
        try AnimationEncoder.checkFrameSize(width: width, height: height, format: format)
        let timed = renderer.log.isTimed
        // Within the ranges, fps / speed is from 0.01 to 500: a valid spacing.
        let spacing: FrameSpacing = timed ? .perSecond(fps / speed) : .everyEvents(1)
        let animator: BoardAnimator
        do {
            animator = try BoardAnimator(renderer: renderer, spacing: spacing, maximumFrames: limits.frames)
        } catch BoardAnimatorError.tooManyFrames(let count, let maximum) {
            throw BoardAnimationError.tooManyFrames(count, maximum: maximum)
        }
        let frames = animator.frames
        let pixels = frames.count.multipliedReportingOverflow(by: width * height)
        guard !pixels.overflow, pixels.partialValue <= limits.pixels else {
            throw BoardAnimationError.tooManyPixels(pixels.overflow ? .max : pixels.partialValue, maximum: limits.pixels)
        }
        self.format = format
        self.animator = animator
        pixelWidth = width
        pixelHeight = height
        durations = frames.indices.map { index in
            guard index + 1 < frames.count else { return Self.holdMilliseconds }
            guard timed, let time = frames[index].time, let next = frames[index + 1].time else {
                return Self.untimedEventMilliseconds / speed
            }
            return (next - time) / speed
        }
    }

    /// The colours a GIF shows exactly: the log's pens (by name), then the style's grass,
    /// stripe, lines and blank.
    public var reservedColors: [RGBA] {
        let renderer = animator.renderer
        let style = renderer.options.style
        let pens = renderer.log.pens.sorted { $0.key < $1.key }.map { RGBA($0.value.color.withAlpha(1)) }
        return pens + [style.grass, style.stripe, style.lines, style.blank].map { RGBA($0.withAlpha(1)) }
    }

    /// Draws the frames one by one, streaming them into the encoder, and returns the file.
    public func encode() throws -> EncodedAnimation {
        let encoder = try AnimationEncoder(format: format, width: pixelWidth, height: pixelHeight,
                                           reservedColors: Array(reservedColors.prefix(256)))
        try animator.renderFrameCanvases { index, canvas in
            try encoder.add(try canvas.rasterImage(), durationMilliseconds: durations[index])
        }
        return try encoder.finish()
    }
}

/// An animation that cannot be made.
public enum BoardAnimationError: Error, Equatable, LocalizedError {
    /// A setting outside its range (``BoardAnimation/Setting/rule``).
    case invalidSetting(BoardAnimation.Setting, Double)
    /// The animation would draw `count` frames, more than the `maximum` allowed.
    case tooManyFrames(Int, maximum: Int)
    /// The animation would draw `count` pixels over all its frames, more than the `maximum`.
    case tooManyPixels(Int, maximum: Int)
    /// A GIF of a transparent or translucent background: GIF has no partial transparency.
    case transparentGIF

    /// The message, with the settings named by `wording` (the command line's `--fps`, the
    /// API's `?fps`).
    ///
    /// ```swift
    /// BoardAnimationError.invalidSetting(.speed, 0).description { "--\($0.rawValue)" }
    /// // "--speed must be from 0.1 to 100"
    /// ```
    public func description(wording: (BoardAnimation.Setting) -> String) -> String {
        switch self {
        case .invalidSetting(let setting, _):
            return "\(wording(setting)) must be \(setting.rule)"
        case .tooManyFrames(let count, let maximum):
            return "the animation would have \(count) frames; at most \(maximum) are drawn "
                + "(lower \(wording(.fps)) or raise \(wording(.speed)))"
        case .tooManyPixels(let count, let maximum):
            return "the animation would draw \(count) pixels over its frames; at most \(maximum) are drawn "
                + "(lower the size or \(wording(.fps)), or raise \(wording(.speed)))"
        case .transparentGIF:
            return "a GIF cannot show a transparent or translucent background: draw the pitch or an opaque blank, "
                + "or make a WebP"
        }
    }

    /// The message in words that name no front end's options.
    public var errorDescription: String? { description(wording: \.neutralWording) }
}
