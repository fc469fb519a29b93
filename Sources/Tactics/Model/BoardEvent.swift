/// One point of a stroke in surface units, with its time and pressure when recorded.
public struct StrokePoint: Sendable, Equatable {
    public var x: Double
    public var y: Double
    /// Milliseconds since the start of the log.
    public var time: Double?
    /// Pen pressure in 0...1.
    public var pressure: Double?

    public init(x: Double, y: Double, time: Double? = nil, pressure: Double? = nil) {
        self.x = x
        self.y = y
        self.time = time
        self.pressure = pressure
    }
}

/// What drew a stroke: one of the log's pens, by name, or the eraser.
public enum Tool: Sendable, Hashable, CustomStringConvertible {
    case pen(String)
    case eraser

    /// `eraser`, or the name of a pen.
    public init(name: String) {
        self = name == "eraser" ? .eraser : .pen(name)
    }

    public var description: String {
        switch self {
        case .pen(let name): return name
        case .eraser: return "eraser"
        }
    }
}

/// One finger's line from touch-down to lift.
public struct Stroke: Sendable, Equatable {
    public var tool: Tool
    /// At least one point.
    public var points: [StrokePoint]

    public init(tool: Tool, points: [StrokePoint]) {
        self.tool = tool
        self.points = points
    }

    /// The first recorded time, if any point has one.
    public var startTime: Double? { points.lazy.compactMap(\.time).first }
    /// The last recorded time, if any point has one.
    public var endTime: Double? { points.reversed().lazy.compactMap(\.time).first }
}

/// One step of a replay: a finished stroke, a wipe of the board, or (version 2 logs) an undo
/// or redo of one of those (see ``BoardHistory``).
public enum BoardEvent: Sendable, Equatable {
    case stroke(Stroke)
    /// Removes all ink drawn before it; `time` in milliseconds when recorded.
    case clear(time: Double?)
    /// Takes back the last stroke or clear still in effect.
    case undo(time: Double?)
    /// Puts back what the last undo took.
    case redo(time: Double?)

    /// True for a clear.
    public var isClear: Bool {
        if case .clear = self { return true }
        return false
    }

    /// When the event finished, if recorded.
    public var endTime: Double? {
        switch self {
        case .stroke(let stroke): return stroke.endTime
        case .clear(let time), .undo(let time), .redo(let time): return time
        }
    }

    /// When the event started, if recorded.
    public var startTime: Double? {
        switch self {
        case .stroke(let stroke): return stroke.startTime
        case .clear(let time), .undo(let time), .redo(let time): return time
        }
    }
}
