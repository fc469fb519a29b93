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
    /// - Throws: ``BoardAnimatorError`` for a spacing outside its range (see
    ///   ``FrameSpacing/problem``), or more than ``maximumFrames`` frames.
    public init(renderer: BoardRenderer, spacing: FrameSpacing) throws(BoardAnimatorError) {
        if let problem = spacing.problem { throw BoardAnimatorError.invalidSpacing(problem) }
        self.renderer = renderer
        let events = renderer.log.events
        switch spacing {
        case .everyEvents(let step):
            // Rounded up without `events.count + step - 1`, which overflows for a step near Int.max.
            let count = max(1, events.count / step + (events.count % step == 0 ? 0 : 1))
            guard count <= Self.maximumFrames else { throw BoardAnimatorError.tooManyFrames(count) }
            frames = (1...count).map { FrameSpec(completedEvents: $0 == count ? events.count : $0 * step, time: nil) }
        case .perSecond(let fps):
            let ends = Self.eventEndTimes(events)
            // Times are finite and 0 or more (the readers check) and 1000 / fps is at least 1,
            // so `steps` is finite. The interval itself is infinite for an fps under about
            // 6e-306: then there is one frame, at 0 ms (not 0 x infinity, which is NaN).
            let end = ends.last ?? 0
            let interval = 1000 / fps
            let steps = interval.isFinite ? (end / interval).rounded(.up) : 0
            guard steps.isFinite, steps + 1 <= Double(Self.maximumFrames) else {
                throw BoardAnimatorError.tooManyFrames(steps.isFinite ? Int(min(steps + 1, 1e12)) : Int(1e12))
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
        let ink = try renderer.makeCanvas()
        let events = renderer.log.events
        var inProgress = StrokesInProgress(renderer: renderer)
        var applied = 0
        for (index, frame) in frames.enumerated() {
            renderer.apply(events[applied..<frame.completedEvents], to: ink)
            applied = frame.completedEvents
            let canvas = try background.copy()
            canvas.layer {
                canvas.draw(ink)
                if let time = frame.time { inProgress.draw(after: applied, at: time, on: canvas) }
            }
            try body(index, try canvas.encoded(png: png))
        }
        return inProgress
    }
}

/// Frames that cannot be planned.
public enum BoardAnimatorError: Error, Equatable, LocalizedError {
    case invalidSpacing(String)
    case tooManyFrames(Int)

    public var errorDescription: String? {
        switch self {
        case .invalidSpacing(let message): return message
        case .tooManyFrames(let count):
            return "the animation would have \(count) frames; at most \(BoardAnimator.maximumFrames) are written (lower --fps or raise --every)"
        }
    }
}
