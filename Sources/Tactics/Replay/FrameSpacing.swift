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

    /// The spacing a front end gives for `log` from its two settings (give at most one): `fps`
    /// for a timed log, one frame per event for an untimed one (which has no time to space
    /// by), and every `every` events otherwise (1 unless given).
    ///
    /// ```swift
    /// FrameSpacing(fps: 10, every: nil, timed: true)    // .perSecond(10)
    /// FrameSpacing(fps: 10, every: nil, timed: false)   // .everyEvents(1)
    /// ```
    public init(fps: Double?, every: Int?, timed: Bool) {
        if let fps, timed {
            self = .perSecond(fps)
        } else {
            self = .everyEvents(every ?? 1)
        }
    }

    /// The setting each spacing is given by, which each front end names in its own terms:
    /// the command line's `--fps` and `--every`, the API's `fps` and `every` parameters.
    public enum Setting: String, Sendable, Equatable, CaseIterable {
        /// Frames per second of recorded time (``FrameSpacing/perSecond(_:)``).
        case fps
        /// Events per frame (``FrameSpacing/everyEvents(_:)``).
        case every

        /// The setting in words that name no front end's options (the library's own messages).
        public var neutralWording: String {
            switch self {
            case .fps: return "the frames per second"
            case .every: return "the events per frame"
            }
        }

        /// The values the setting takes, in words: "above 0 and at most 1000".
        public var rule: String {
            switch self {
            case .fps: return "above 0 and at most \(Int(FrameSpacing.maximumFramesPerSecond))"
            case .every: return "from 1 to \(StrokeLog.maximumEvents) (a log holds at most that many events)"
            }
        }
    }

    /// The setting this spacing was given by.
    public var setting: Setting {
        switch self {
        case .everyEvents: return .every
        case .perSecond: return .fps
        }
    }

    /// True when the spacing is within its setting's range (``Setting/rule``). ``BoardAnimator``
    /// and the front ends check the same rule; ``BoardAnimatorError/invalidSpacing(_:)`` words it.
    ///
    /// ```swift
    /// FrameSpacing.everyEvents(0).isValid   // false: "from 1 to 1000000 (...)"
    /// FrameSpacing.perSecond(25).isValid    // true
    /// ```
    public var isValid: Bool {
        switch self {
        case .everyEvents(let step): return Self.eventSteps.contains(step)
        case .perSecond(let fps): return fps > 0 && fps <= Self.maximumFramesPerSecond
        }
    }
}

/// One frame to render: the events finished by then, and the time for partial strokes.
public struct FrameSpec: Sendable, Equatable {
    /// How many leading events are complete.
    public var completedEvents: Int
    /// The frame's time in milliseconds, for timed frames.
    public var time: Double?
}
