import Canvas
import Foundation

/// Renders a board frame by frame, as it was drawn.
///
/// The background is drawn once; finished events are applied to a persistent ink layer as
/// frames advance, and strokes still being drawn grow frame by frame on layers of their own,
/// so a whole animation costs about one replay plus a few composites per frame.
public struct BoardAnimator: Sendable {
    /// The most frames one animation may have.
    public static let maximumFrames = 10_000

    public let renderer: BoardRenderer
    public let frames: [FrameSpec]

    /// Plans the frames.
    ///
    /// - Parameter maximumFrames: the most frames this animation may have: at most
    ///   ``maximumFrames`` (the default); a front end that sends frames over a network takes fewer.
    /// - Throws: ``BoardAnimatorError`` for a spacing outside its range (see
    ///   ``FrameSpacing/isValid``), or more than `maximumFrames` frames.
    public init(renderer: BoardRenderer, spacing: FrameSpacing,
                maximumFrames: Int = BoardAnimator.maximumFrames) throws(BoardAnimatorError) {
        guard spacing.isValid else { throw BoardAnimatorError.invalidSpacing(spacing) }
        let maximumFrames = min(max(1, maximumFrames), Self.maximumFrames)
        self.renderer = renderer
        let events = renderer.log.events
        switch spacing {
        case .everyEvents(let step):
            // Rounded up without `events.count + step - 1`, which overflows for a step near Int.max.
            let count = max(1, events.count / step + (events.count % step == 0 ? 0 : 1))
            guard count <= maximumFrames else { throw BoardAnimatorError.tooManyFrames(count, maximum: maximumFrames) }
            frames = (1...count).map { FrameSpec(completedEvents: $0 == count ? events.count : $0 * step, time: nil) }
        case .perSecond(let fps):
            let ends = Self.eventEndTimes(events)
            // Times are finite and 0 or more (the readers check) and 1000 / fps is at least 1,
            // so `steps` is finite. The interval itself is infinite for an fps under about
            // 6e-306: then there is one frame, at 0 ms (not 0 x infinity, which is NaN).
            let end = ends.last ?? 0
            let interval = 1000 / fps
            let steps = interval.isFinite ? (end / interval).rounded(.up) : 0
            guard steps.isFinite, steps + 1 <= Double(maximumFrames) else {
                throw BoardAnimatorError.tooManyFrames(steps.isFinite ? Int(min(steps + 1, 1e12)) : Int(1e12),
                                                       maximum: maximumFrames)
            }
            var frames: [FrameSpec] = []
            var completed = 0
            for step in 0...Int(steps) {
                let time = step == 0 ? 0 : min(Double(step) * interval, end)
                while completed < ends.count, ends[completed] <= time { completed += 1 }
                frames.append(FrameSpec(completedEvents: completed, time: time))
            }
            self.frames = frames
        }
    }

    /// The name frame `index` (from 0) is written under, by both front ends: `frame-00001.png`,
    /// `frame-00002.png`, ... (five digits, more beyond 99,999), so that names sort as the frames.
    public static func fileName(ofFrame index: Int) -> String {
        let number = String(index + 1)
        return "frame-" + String(repeating: "0", count: max(0, 5 - number.count)) + number + ".png"
    }

    /// Each event's end time, with untimed events taking the time before them, never
    /// decreasing.
    static func eventEndTimes(_ events: [BoardEvent]) -> [Double] {
        var latest = 0.0
        return events.map { event in
            latest = max(latest, event.endTime ?? latest)
            return latest
        }
    }

    /// Renders every frame in order and hands each PNG to `body` with its 0-based index.
    ///
    /// Strokes still being drawn at a frame's time are followed from frame to frame (see
    /// ``StrokesInProgress``), so the work grows with the points and the frames, not with
    /// their product.
    public func renderFrames(png: PNGOptions = .default, _ body: (Int, Data) throws -> Void) throws {
        _ = try renderFramesFollowingStrokes(png: png, body)
    }

    /// ``renderFrames(png:_:)``, returning how the strokes in progress were followed (the tests
    /// count its work).
    func renderFramesFollowingStrokes(png: PNGOptions = .default, _ body: (Int, Data) throws -> Void) throws -> StrokesInProgress {
        let background = try renderer.makeCanvas()
        renderer.drawBackground(on: background)
        var ink = try InkReplay(renderer: renderer)
        var inProgress = StrokesInProgress(renderer: renderer)
        for (index, frame) in frames.enumerated() {
            try ink.advance(to: frame.completedEvents)
            let canvas = try background.copy()
            canvas.layer {
                canvas.draw(ink.ink)
                if let time = frame.time { inProgress.draw(after: frame.completedEvents, at: time, on: canvas) }
            }
            try body(index, try canvas.encoded(png: png))
        }
        return inProgress
    }
}

/// Frames that cannot be planned.
public enum BoardAnimatorError: Error, Equatable, LocalizedError {
    /// A spacing outside its setting's range (``FrameSpacing/Setting/rule``).
    case invalidSpacing(FrameSpacing)
    /// The animation would have `count` frames, more than the `maximum` asked for.
    case tooManyFrames(Int, maximum: Int)

    /// The error's message, with the spacing settings named by `wording` (a front end's own
    /// terms: the command line's `--fps`, the API's `?fps`).
    ///
    /// ```swift
    /// BoardAnimatorError.tooManyFrames(1201, maximum: 600).description { "--\($0.rawValue)" }
    /// // "the animation would have 1201 frames; at most 600 are written (lower --fps or raise --every)"
    /// ```
    public func description(wording: (FrameSpacing.Setting) -> String) -> String {
        switch self {
        case .invalidSpacing(let spacing):
            return "\(wording(spacing.setting)) must be \(spacing.setting.rule)"
        case .tooManyFrames(let count, let maximum):
            return "the animation would have \(count) frames; at most \(maximum) are written "
                + "(lower \(wording(.fps)) or raise \(wording(.every)))"
        }
    }

    /// The message in words that name no front end's options.
    public var errorDescription: String? { description(wording: \.neutralWording) }
}
