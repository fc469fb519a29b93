import Canvas
import Foundation

/// Reads form 2, a JSON Lines pointer-event log (`touchline.pointer`, versions 1 and 2), a line
/// at a time: what ``StrokeLog/init(data:source:surface:)`` reads a whole file with, and what a
/// server checks a log with as it arrives, line by line.
///
/// Each pointer id from `down` to `up` is one stroke, drawn with the tool selected when its
/// `down` arrived; strokes take their place at their `up`, in file order; `cancel` discards a
/// pointer's stroke; pointers still down at the end are discarded and counted. Version 2 adds
/// `undo` and `redo` (``BoardHistory``).
///
/// ```swift
/// var parser = PointerLogParser(source: "live")
/// try parser.feed(lines: Data(#"{"type":"header","format":"touchline.pointer","version":2,"surface":{"width":800,"height":600}}"#.utf8))
/// try parser.feed(lines: Data(#"{"t":0,"type":"down","id":1,"x":10,"y":20}"#.utf8))
/// let log = try parser.finish()
/// ```
public struct PointerLogParser {
    let source: String
    /// The surface to use when the log has no header line.
    let surface: Size?

    private var settings: BoardSettings?
    /// The header's version; a log without a header may use every version's events.
    private var version = Int(readableVersions.upperBound)
    private var tool = Tool.pen("red")
    private var active: [PointerID: ActiveStroke] = [:]
    private var events: [BoardEvent] = []
    private var history = BoardHistory()
    private var cancelled = 0
    private var eventCount = 0
    private var totalPoints = 0
    private let decoder = JSONDecoder()
    /// Lines fed so far, blank ones included: the next line's number is one more.
    public private(set) var lineCount = 0

    /// - Parameters:
    ///   - source: the name used in error messages, usually the file name.
    ///   - surface: the recording surface, for a log without a header line.
    public init(source: String = "input", surface: Size? = nil) {
        self.source = source
        self.surface = surface
    }

    /// One event line, as typed fields.
    struct Line: Decodable {
        var type: String
        var t: Double?
        var id: PointerID?
        var x: Double?
        var y: Double?
        var pressure: Double?
        var tool: String?
    }

    /// A pointer id: a whole number or a short string.
    struct PointerID: Decodable, Hashable, CustomStringConvertible {
        var description: String

        init(_ description: String) { self.description = description }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) {
                guard number == number.rounded(), abs(number) < 1e15 else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a whole number")
                }
                description = String(Int(number))
            } else {
                description = try container.decode(String.self)
                guard !description.isEmpty, description.count <= 64 else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a short string")
                }
            }
        }
    }

    private struct ActiveStroke {
        var tool: Tool
        var points: [StrokePoint]
        var downLine: Int
    }

    /// Reads complete lines: `text` split at line feeds (a last line feed is optional).
    ///
    /// - Throws: ``StrokeLogError`` naming the line at fault; the parser must not be fed after.
    public mutating func feed(lines text: Data) throws(StrokeLogError) {
        var lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        for line in lines { try feed(line: line) }
    }

    /// Reads one line (without its line feed); blank lines are skipped but counted.
    ///
    /// - Throws: ``StrokeLogError`` naming the line at fault; the parser must not be fed after.
    public mutating func feed<Bytes: DataProtocol>(line bytes: Bytes) throws(StrokeLogError) {
        lineCount += 1
        let lineNumber = lineCount
        guard bytes.contains(where: { !StrokeLog.isWhitespace($0) }) else { return }
        let data = Data(bytes)
        let fields = FieldReader(source: source, line: lineNumber)
        // Well-formed event lines decode straight into typed fields; anything else (the
        // header, or a line with a problem) goes through the general reader, which names
        // what is wrong.
        let fast = try? decoder.decode(Line.self, from: data)
        let line: Line
        if let fast, fast.type != "header", isValid(fast) {
            line = fast
        } else {
            let object = try fields.object(try parse(data, line: lineNumber), "")
            if case .string("header") = object["type"] {
                guard settings == nil else {
                    throw fields.error(.invalidValue, "type", "a header may only be the first line")
                }
                version = try checkFormat(object, expected: .pointerLog, fields: fields)
                settings = try fields.settings(object, surface: surface)
                return
            }
            line = try self.line(object, fields)
        }
        if settings == nil {
            guard let surface else {
                throw fields.error(.missingHeader, "",
                                   "the pointer log has no header line; give the surface (for example --surface 1024x768)")
            }
            var defaults = BoardSettings()
            defaults.surface = surface
            settings = defaults
        }
        guard let board = settings else { return }

        eventCount += 1
        guard eventCount <= StrokeLog.maximumEvents else {
            throw fields.error(.tooLarge, "", "more than \(StrokeLog.maximumEvents) events in the log")
        }
        switch line.type {
        case "tool":
            guard let name = line.tool else { throw fields.error(.missingField, "tool", "missing required field 'tool'") }
            let selected = Tool(name: name)
            if case .pen(let pen) = selected, board.pens[pen] == nil {
                throw fields.error(.unknownTool, "tool", "unknown tool '\(name)' (expected \(knownTools(board)))")
            }
            tool = selected
        case "down":
            let id = try pointerID(line, fields)
            if let stroke = active[id] {
                throw fields.error(.pointerAlreadyDown, "id",
                                   "pointer \(id) is already down (since line \(stroke.downLine)); expected up or cancel first")
            }
            let point = try self.point(line, fields, required: true)
            active[id] = ActiveStroke(tool: tool, points: point.map { [$0] } ?? [], downLine: lineNumber)
            totalPoints += 1
        case "move", "up":
            let id = try pointerID(line, fields)
            guard var stroke = active[id] else {
                throw fields.error(.noPointerDown, "id", "\(line.type) for pointer \(id) with no down before it")
            }
            var point = try self.point(line, fields, required: line.type == "move")
            if point == nil, line.type == "up", let time = line.t, let last = stroke.points.last {
                // An up without coordinates still ends the stroke at its time.
                point = StrokePoint(x: last.x, y: last.y, time: time, pressure: last.pressure)
            }
            if let point {
                if let time = point.time, let lastTime = stroke.points.last?.time, time < lastTime {
                    throw fields.error(.timeBackwards, "t",
                                       "time goes backwards inside the stroke of pointer \(id): \(FieldReader.format(time)) ms after \(FieldReader.format(lastTime)) ms")
                }
                stroke.points.append(point)
                totalPoints += 1
            }
            if line.type == "up" {
                active[id] = nil
                try append(.stroke(Stroke(tool: stroke.tool, points: stroke.points)), fields)
            } else {
                active[id] = stroke
            }
        case "cancel":
            let id = try pointerID(line, fields)
            guard active.removeValue(forKey: id) != nil else {
                throw fields.error(.noPointerDown, "id", "cancel for pointer \(id) with no down before it")
            }
            cancelled += 1
        case "clear":
            try append(.clear(time: line.t), fields)
        case "undo" where version >= 2:
            try append(.undo(time: line.t), fields)
        case "redo" where version >= 2:
            try append(.redo(time: line.t), fields)
        case "undo", "redo":
            throw fields.error(.unsupportedVersion, "type",
                               "event type '\(line.type)' needs touchline.pointer version 2 (the header says version \(version))")
        default:
            throw fields.error(.invalidValue, "type",
                               "unknown event type '\(line.type)' (expected header, tool, down, move, up, cancel, clear, undo or redo)")
        }
        guard totalPoints <= StrokeLog.maximumPoints else {
            throw fields.error(.tooLarge, "", "more than \(StrokeLog.maximumPoints) points in the log")
        }
    }

    /// The log read so far; strokes still down are discarded (and counted).
    ///
    /// - Throws: ``StrokeLogError`` when no event line came (nothing to replay).
    public func finish() throws(StrokeLogError) -> StrokeLog {
        guard let board = settings else {
            throw StrokeLogError(.empty, source: source, at: .none, "the pointer log has no events")
        }
        return StrokeLog(form: .pointerLog, surface: board.surface, pitchRect: board.pitchRect,
                         dimensions: board.dimensions, orientation: board.orientation, background: board.background,
                         pens: board.pens, eraserWidth: board.eraserWidth, events: events,
                         cancelledStrokes: cancelled, unfinishedStrokes: active.count)
    }

    /// Adds a finished event to the replay, refusing an undo or redo with nothing to act on.
    private mutating func append(_ event: BoardEvent, _ fields: FieldReader) throws(StrokeLogError) {
        if let refusal = history.record(events.count, of: event) {
            throw fields.error(refusal)
        }
        events.append(event)
    }

    /// True when the typed fields hold values the log accepts.
    private func isValid(_ line: Line) -> Bool {
        [line.t, line.x, line.y, line.pressure].allSatisfy { $0?.isFinite ?? true }
            && (line.t ?? 0) >= 0 && (0...1).contains(line.pressure ?? 0)
    }

    private func parse(_ data: Data, line: Int) throws(StrokeLogError) -> JSONValue {
        switch JSONValue.parse(data) {
        case .success(let value): return value
        case .failure(let syntax):
            throw StrokeLogError(syntax.message.contains("not finite") ? .notFinite : .malformedJSON, source: source,
                                 at: .position(line: line, column: syntax.column), syntax.message)
        }
    }

    /// The typed fields of a line read by the general reader, which names any problem.
    private func line(_ event: [String: JSONValue], _ fields: FieldReader) throws(StrokeLogError) -> Line {
        func number(_ key: String, in range: ClosedRange<Double>? = nil, expecting: String = "") throws(StrokeLogError) -> Double? {
            guard let value = event[key] else { return nil }
            guard let range else { return try fields.number(value, key) }
            return try fields.number(value, key, in: range, expecting: expecting)
        }
        let type = try fields.string(try fields.required(event, "type", ""), "type")
        var id: PointerID?
        switch event["id"] {
        case nil: id = nil
        case .number(let number) where number == number.rounded() && abs(number) < 1e15:
            id = PointerID(String(Int(number)))
        case .string(let text) where !text.isEmpty && text.count <= 64:
            id = PointerID(text)
        case let other?:
            throw fields.error(.invalidValue, "id", "expected a whole number or a short string, found \(other.typeName)")
        }
        return Line(type: type,
                    t: try number("t", in: 0...Double.greatestFiniteMagnitude, expecting: "a time in milliseconds, 0 or more"),
                    id: id, x: try number("x"), y: try number("y"),
                    pressure: try number("pressure", in: 0...1, expecting: "a pressure from 0 to 1"),
                    tool: try event["tool"].map { (value) throws(StrokeLogError) in try fields.string(value, "tool") })
    }

    private func pointerID(_ line: Line, _ fields: FieldReader) throws(StrokeLogError) -> PointerID {
        guard let id = line.id else { throw fields.error(.missingField, "id", "missing required field 'id'") }
        return id
    }

    /// The event's point; nil when it has no coordinates and they are not required.
    private func point(_ line: Line, _ fields: FieldReader, required: Bool) throws(StrokeLogError) -> StrokePoint? {
        guard required || line.x != nil || line.y != nil else { return nil }
        guard let x = line.x else { throw fields.error(.missingField, "x", "missing required field 'x'") }
        guard let y = line.y else { throw fields.error(.missingField, "y", "missing required field 'y'") }
        return StrokePoint(x: x, y: y, time: line.t, pressure: line.pressure)
    }
}
