import Canvas

/// What `board check` reports about a log.
public struct BoardSummary: Sendable, Equatable, Codable {
    public var form: String
    public var surface: Size
    public var background: String
    public var orientation: String
    public var pitch: PitchDimensions
    public var events: Int
    public var strokes: Int
    public var clears: Int
    /// Version 2 logs: undos and redos.
    public var undos: Int
    public var redos: Int
    /// Strokes per tool name, pens and `eraser`.
    public var strokesPerTool: [String: Int]
    public var points: Int
    /// From the first to the last recorded time, in milliseconds; nil when untimed.
    public var durationMilliseconds: Double?
    public var cancelledStrokes: Int
    public var unfinishedStrokes: Int
}

extension StrokeLog {
    /// Counts of what the log holds.
    public var summary: BoardSummary {
        var perTool: [String: Int] = [:]
        var strokes = 0, clears = 0, undos = 0, redos = 0, points = 0
        var first: Double?, last: Double?
        for event in events {
            switch event {
            case .stroke(let stroke):
                strokes += 1
                perTool[stroke.tool.description, default: 0] += 1
                points += stroke.points.count
            case .clear:
                clears += 1
            case .undo:
                undos += 1
            case .redo:
                redos += 1
            }
            if let start = event.startTime { first = min(first ?? start, start) }
            if let end = event.endTime { last = max(last ?? end, end) }
        }
        return BoardSummary(form: form.rawValue, surface: surface, background: background.rawValue,
                            orientation: orientation.rawValue, pitch: dimensions, events: events.count,
                            strokes: strokes, clears: clears, undos: undos, redos: redos, strokesPerTool: perTool, points: points,
                            durationMilliseconds: first.flatMap { f in last.map { $0 - f } },
                            cancelledStrokes: cancelledStrokes, unfinishedStrokes: unfinishedStrokes)
    }
}
