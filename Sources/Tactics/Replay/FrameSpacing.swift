/// How `board frames` spaces its frames.
public enum FrameSpacing: Sendable, Equatable {
    /// A frame after every `n` events (strokes and clears), and after the last.
    case everyEvents(Int)
    /// `n` frames per second of recorded time, from 0 ms to the last event's end; strokes
    /// still being drawn at a frame's time show as far as they had got.
    case perSecond(Double)
}

/// One frame to render: the events finished by then, and the time for partial strokes.
public struct FrameSpec: Sendable, Equatable {
    /// How many leading events are complete.
    public var completedEvents: Int
    /// The frame's time in milliseconds, for timed frames.
    public var time: Double?
}
