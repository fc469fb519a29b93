import Canvas
import Foundation

/// Reads form 2: a JSON Lines pointer-event log (`touchline.pointer`, version 1).
///
/// Each pointer id from `down` to `up` is one stroke, drawn with the tool selected when its
/// `down` arrived; strokes take their place at their `up`, in file order; `cancel` discards a
/// pointer's stroke; pointers still down at the end are discarded and counted.
struct PointerLogReader {
    let source: String
    /// The surface to use when the log has no header line.
    let surface: Size?

    private struct ActiveStroke {
        var tool: Tool
        var points: [StrokePoint]
        var downLine: Int
    }

    func read(_ data: Data) throws(StrokeLogError) -> StrokeLog {
        var settings: BoardSettings?
        var tool = Tool.pen("red")
        var active: [String: ActiveStroke] = [:]
        var events: [BoardEvent] = []
        var cancelled = 0
        var eventCount = 0
        var totalPoints = 0

        for (lineIndex, lineBytes) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let lineNumber = lineIndex + 1
            guard lineBytes.contains(where: { !StrokeLog.isWhitespace($0) }) else { continue }
            let fields = FieldReader(source: source, line: lineNumber)
            let value: JSONValue
            switch JSONValue.parse(Data(lineBytes)) {
            case .success(let parsed): value = parsed
            case .failure(let syntax):
                throw StrokeLogError(syntax.message.contains("not finite") ? .notFinite : .malformedJSON, source: source,
                                     at: .position(line: lineNumber, column: syntax.column), syntax.message)
            }
            let event = try fields.object(value, "")
            let type = try fields.string(try fields.required(event, "type", ""), "type")

            if type == "header" {
                guard settings == nil else {
                    throw fields.error(.invalidValue, "type", "a header may only be the first line")
                }
                try checkFormat(event, expected: .pointerLog, fields: fields)
                settings = try fields.settings(event, surface: surface)
                continue
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
            guard let board = settings else { continue }

            eventCount += 1
            guard eventCount <= StrokeLog.maximumEvents else {
                throw fields.error(.tooLarge, "", "more than \(StrokeLog.maximumEvents) events in the log")
            }
            let time = try event["t"].map { (value) throws(StrokeLogError) in
                try fields.number(value, "t", in: 0...Double.greatestFiniteMagnitude, expecting: "a time in milliseconds, 0 or more")
            }

            switch type {
            case "tool":
                let name = try fields.string(try fields.required(event, "tool", ""), "tool")
                let selected = Tool(name: name)
                if case .pen(let pen) = selected, board.pens[pen] == nil {
                    throw fields.error(.unknownTool, "tool", "unknown tool '\(name)' (expected \(knownTools(board)))")
                }
                tool = selected
            case "down":
                let id = try pointerID(event, fields)
                if let stroke = active[id] {
                    throw fields.error(.pointerAlreadyDown, "id",
                                       "pointer \(id) is already down (since line \(stroke.downLine)); expected up or cancel first")
                }
                let point = try self.point(event, time: time, fields: fields, required: true)
                active[id] = ActiveStroke(tool: tool, points: point.map { [$0] } ?? [], downLine: lineNumber)
                totalPoints += 1
            case "move", "up":
                let id = try pointerID(event, fields)
                guard var stroke = active[id] else {
                    throw fields.error(.noPointerDown, "id", "\(type) for pointer \(id) with no down before it")
                }
                var point = try self.point(event, time: time, fields: fields, required: type == "move")
                if point == nil, type == "up", let time, let last = stroke.points.last {
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
                if type == "up" {
                    active[id] = nil
                    events.append(.stroke(Stroke(tool: stroke.tool, points: stroke.points)))
                } else {
                    active[id] = stroke
                }
            case "cancel":
                let id = try pointerID(event, fields)
                guard active.removeValue(forKey: id) != nil else {
                    throw fields.error(.noPointerDown, "id", "cancel for pointer \(id) with no down before it")
                }
                cancelled += 1
            case "clear":
                events.append(.clear(time: time))
            default:
                throw fields.error(.invalidValue, "type",
                                   "unknown event type '\(type)' (expected header, tool, down, move, up, cancel or clear)")
            }
            guard totalPoints <= StrokeLog.maximumPoints else {
                throw fields.error(.tooLarge, "", "more than \(StrokeLog.maximumPoints) points in the log")
            }
        }

        guard let board = settings else {
            throw StrokeLogError(.empty, source: source, at: .none, "the pointer log has no events")
        }
        return StrokeLog(form: .pointerLog, surface: board.surface, pitchRect: board.pitchRect,
                         dimensions: board.dimensions, orientation: board.orientation, background: board.background,
                         pens: board.pens, eraserWidth: board.eraserWidth, events: events,
                         cancelledStrokes: cancelled, unfinishedStrokes: active.count)
    }

    /// The pointer id, a whole number or a string, as a dictionary key.
    private func pointerID(_ event: [String: JSONValue], _ fields: FieldReader) throws(StrokeLogError) -> String {
        switch try fields.required(event, "id", "") {
        case .number(let number) where number == number.rounded() && abs(number) < 1e15:
            return String(Int(number))
        case .string(let text) where !text.isEmpty && text.count <= 64:
            return text
        case let other:
            throw fields.error(.invalidValue, "id", "expected a whole number or a short string, found \(other.typeName)")
        }
    }

    /// The event's point; nil when it has no coordinates and they are not required.
    private func point(_ event: [String: JSONValue], time: Double?, fields: FieldReader,
                       required: Bool) throws(StrokeLogError) -> StrokePoint? {
        guard required || event["x"] != nil || event["y"] != nil else { return nil }
        let x = try fields.number(try fields.required(event, "x", ""), "x")
        let y = try fields.number(try fields.required(event, "y", ""), "y")
        let pressure = try event["pressure"].map { (value) throws(StrokeLogError) in
            try fields.number(value, "pressure", in: 0...1, expecting: "a pressure from 0 to 1")
        }
        return StrokePoint(x: x, y: y, time: time, pressure: pressure)
    }
}
