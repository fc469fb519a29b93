import Foundation

/// Reads form 1: a JSON stroke document (`touchline.strokes`, versions 1 and 2; version 2 adds
/// `undo` and `redo` events, as the pointer form's version 2 does).
struct StrokeDocumentReader {
    let source: String

    func read(_ data: Data) throws(StrokeLogError) -> StrokeLog {
        let root: JSONValue
        switch JSONValue.parse(data) {
        case .success(let value): root = value
        case .failure(let syntax):
            throw StrokeLogError(syntax.message.contains("not finite") ? .notFinite : .malformedJSON,
                                 source: source, at: .position(line: syntax.line, column: syntax.column), syntax.message)
        }
        let fields = FieldReader(source: source, line: nil)
        let object = try fields.object(root, "")
        let version = try checkFormat(object, expected: .strokeDocument, fields: fields)
        let settings = try fields.settings(object, surface: nil)
        let items = try fields.array(try fields.required(object, "events", ""), "events")
        guard items.count <= StrokeLog.maximumEvents else {
            throw fields.error(.tooLarge, "events", "\(items.count) events; at most \(StrokeLog.maximumEvents) are accepted")
        }
        var events: [BoardEvent] = []
        events.reserveCapacity(items.count)
        var history = BoardHistory()
        var totalPoints = 0
        for (index, item) in items.enumerated() {
            let path = "events[\(index)]"
            let event = try fields.object(item, path)
            let type = try fields.string(try fields.required(event, "type", path), path + ".type")
            switch type {
            case "stroke":
                let stroke = try readStroke(event, path: path, settings: settings, fields: fields)
                totalPoints += stroke.points.count
                guard totalPoints <= StrokeLog.maximumPoints else {
                    throw fields.error(.tooLarge, path, "more than \(StrokeLog.maximumPoints) points in the log")
                }
                history.record(events.count, of: .stroke(stroke))
                events.append(.stroke(stroke))
            case "clear", "undo", "redo":
                let time = try event["t"].map { (value) throws(StrokeLogError) in
                    try fields.number(value, path + ".t", in: 0...Double.greatestFiniteMagnitude,
                                      expecting: "a time in milliseconds, 0 or more")
                }
                guard type == "clear" || version >= 2 else {
                    throw fields.error(.unsupportedVersion, path + ".type",
                                       "event type '\(type)' needs touchline.strokes version 2 (the document says version \(version))")
                }
                let step: BoardEvent = type == "clear" ? .clear(time: time) : type == "undo" ? .undo(time: time) : .redo(time: time)
                if let refusal = history.record(events.count, of: step) { throw fields.error(refusal, path + ".type") }
                events.append(step)
            default:
                throw fields.error(.invalidValue, path + ".type", "unknown event type '\(type)' (expected stroke, clear, undo or redo)")
            }
        }
        return StrokeLog(form: .strokeDocument, surface: settings.surface, pitchRect: settings.pitchRect,
                         dimensions: settings.dimensions, orientation: settings.orientation,
                         background: settings.background, pens: settings.pens,
                         eraserWidth: settings.eraserWidth, events: events)
    }

    private func readStroke(_ event: [String: JSONValue], path: String, settings: BoardSettings,
                            fields: FieldReader) throws(StrokeLogError) -> Stroke {
        let name = try fields.string(try fields.required(event, "tool", path), path + ".tool")
        let tool = Tool(name: name)
        if case .pen(let pen) = tool, settings.pens[pen] == nil {
            throw fields.error(.unknownTool, path + ".tool",
                               "unknown tool '\(name)' (expected \(knownTools(settings)))")
        }
        let points = try fields.points(try fields.required(event, "points", path), path + ".points")
        guard !points.isEmpty else {
            throw fields.error(.emptyStroke, path + ".points", "a stroke needs at least one point")
        }
        var lastTime: Double?
        for (index, point) in points.enumerated() {
            guard let time = point.time else { continue }
            if let lastTime, time < lastTime {
                throw fields.error(.timeBackwards, "\(path).points[\(index)]",
                                   "time goes backwards inside the stroke: \(FieldReader.format(time)) ms after \(FieldReader.format(lastTime)) ms")
            }
            lastTime = time
        }
        return Stroke(tool: tool, points: points)
    }
}

/// The tools a log accepts, for messages: its pens in name order, then the eraser.
func knownTools(_ settings: BoardSettings) -> String {
    (settings.pens.keys.sorted() + ["eraser"]).joined(separator: ", ")
}
