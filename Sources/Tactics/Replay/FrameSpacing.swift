/// How `board frames` spaces its frames.
public enum FrameSpacing: Sendable, Equatable {
    /// A frame after every `n` events (strokes and clears), and after the last.
    case everyEvents(Int)
    /// `n` frames per second of recorded time, from 0 ms to the last event's end; strokes
    /// still being drawn at a frame's time show as far as they had got.
    case perSecond(Double)

    /// The steps `everyEvents` accepts: 1 up to the most events a log may hold
    /// (``StrokeLog/maximumEvents``), beyond which every step gives the same single frame.
    public static let eventSteps = 1...StrokeLog.maximumEvents
    /// The rates `perSecond` accepts: above 0 and at most 1000 frames per second of recorded
    /// time (pointer events carry whole milliseconds).
    public static let maximumFramesPerSecond = 1000.0

    /// Why this spacing cannot be used, naming the command-line option and its range; nil
    /// when it can. ``BoardAnimator`` and the command line check the same rule.
    ///
    /// ```swift
    /// FrameSpacing.everyEvents(0).problem   // "--every must be from 1 to 1000000 (...)"
    /// FrameSpacing.perSecond(25).problem    // nil
    /// ```
    public var problem: String? {
        switch self {
        case .everyEvents(let step):
            guard Self.eventSteps.contains(step) else {
                return "--every must be from 1 to \(StrokeLog.maximumEvents) (a log holds at most that many events)"
            }
        case .perSecond(let fps):
            guard fps > 0, fps <= Self.maximumFramesPerSecond else {
                return "--fps must be above 0 and at most \(Int(Self.maximumFramesPerSecond))"
            }
        }
        return nil
    }
}

/// One frame to render: the events finished by then, and the time for partial strokes.
public struct FrameSpec: Sendable, Equatable {
    /// How many leading events are complete.
    public var completedEvents: Int
    /// The frame's time in milliseconds, for timed frames.
    public var time: Double?
}
