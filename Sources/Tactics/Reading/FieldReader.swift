import Canvas
import Support

/// Reads typed fields out of parsed JSON, turning every mismatch into a ``StrokeLogError``
/// that names the field (and the line, for pointer logs).
struct FieldReader {
    let source: String
    /// The line of a pointer log the object came from; nil for a stroke document.
    let line: Int?

    func error(_ kind: StrokeLogError.Kind, _ path: String, _ message: String) -> StrokeLogError {
        if let line {
            return StrokeLogError(kind, source: source, at: path.isEmpty ? .line(line) : .lineField(line: line, field: path), message)
        }
        return StrokeLogError(kind, source: source, at: path.isEmpty ? .none : .field(path), message)
    }

    /// The error for an undo or redo that ``BoardHistory`` refused, at `path`.
    func error(_ refusal: BoardHistory.Refusal, _ path: String = "type") -> StrokeLogError {
        switch refusal {
        case .nothingToUndo: return error(.nothingToUndo, path, "undo with nothing to undo (no stroke or clear is in effect)")
        case .nothingToRedo: return error(.nothingToRedo, path, "redo with nothing to redo (no undo since the last stroke or clear)")
        }
    }

    func object(_ value: JSONValue, _ path: String) throws(StrokeLogError) -> [String: JSONValue] {
        guard case .object(let object) = value else {
            throw error(.invalidValue, path, "expected an object, found \(value.typeName)")
        }
        return object
    }

    func array(_ value: JSONValue, _ path: String) throws(StrokeLogError) -> [JSONValue] {
        guard let array = value.elements else {
            throw error(.invalidValue, path, "expected an array, found \(value.typeName)")
        }
        return array
    }

    func string(_ value: JSONValue, _ path: String) throws(StrokeLogError) -> String {
        guard case .string(let string) = value else {
            throw error(.invalidValue, path, "expected a string, found \(value.typeName)")
        }
        return string
    }

    func number(_ value: JSONValue, _ path: String) throws(StrokeLogError) -> Double {
        guard case .number(let number) = value else {
            throw error(.invalidValue, path, "expected a number, found \(value.typeName)")
        }
        guard number.isFinite else { throw error(.notFinite, path, "expected a finite number") }
        return number
    }

    /// A number in `range`, described as `expectation` when it is not.
    func number(_ value: JSONValue, _ path: String, in range: ClosedRange<Double>,
                expecting expectation: String) throws(StrokeLogError) -> Double {
        let number = try number(value, path)
        guard range.contains(number) else {
            throw error(.invalidValue, path, "expected \(expectation), found \(Self.format(number))")
        }
        return number
    }

    func required(_ object: [String: JSONValue], _ key: String, _ path: String) throws(StrokeLogError) -> JSONValue {
        guard let value = object[key] else {
            throw error(.missingField, Self.join(path, key), "missing required field '\(key)'")
        }
        return value
    }

    /// The settings a stroke document or a pointer-log header may carry (all optional but
    /// `surface`, which the caller may supply instead).
    func settings(_ object: [String: JSONValue], surface fallback: Size?) throws(StrokeLogError) -> BoardSettings {
        var settings = BoardSettings()
        if let value = object["surface"] {
            let surface = try self.object(value, "surface")
            let width = try number(try required(surface, "width", "surface"), "surface.width",
                                   in: BoardSettings.surfaceRange, expecting: "a width from 1 to 100000")
            let height = try number(try required(surface, "height", "surface"), "surface.height",
                                    in: BoardSettings.surfaceRange, expecting: "a height from 1 to 100000")
            settings.surface = Size(width: width, height: height)
        } else if let fallback {
            settings.surface = fallback
        } else {
            throw error(line == nil ? .missingField : .missingHeader, "surface", "missing required field 'surface'")
        }
        if let value = object["background"] {
            let name = try string(value, "background")
            guard let background = BoardBackground(rawValue: name) else {
                throw error(.invalidValue, "background", "unknown background '\(name)' (expected pitch, half-pitch, blank or none)")
            }
            settings.background = background
        }
        if let value = object["orientation"] {
            let name = try string(value, "orientation")
            guard let orientation = PitchOrientation(rawValue: name) else {
                throw error(.invalidValue, "orientation", "unknown orientation '\(name)' (expected horizontal or vertical)")
            }
            settings.orientation = orientation
        }
        if let value = object["pens"] {
            settings.pens = try pens(value)
        }
        if let value = object["eraser"] {
            let eraser = try self.object(value, "eraser")
            if let width = eraser["width"] {
                settings.eraserWidth = try number(width, "eraser.width", in: BoardSettings.widthRange,
                                                  expecting: "a width above 0 and at most 10000")
            }
        }
        if let value = object["pitch"] {
            try pitch(value, into: &settings)
        }
        return settings
    }

    private func pens(_ value: JSONValue) throws(StrokeLogError) -> [String: Pen] {
        let object = try self.object(value, "pens")
        guard !object.isEmpty else { throw error(.invalidValue, "pens", "expected at least one pen") }
        guard object.count <= BoardSettings.maximumPens else {
            throw error(.tooLarge, "pens", "expected at most \(BoardSettings.maximumPens) pens, found \(object.count)")
        }
        var pens: [String: Pen] = [:]
        for name in object.keys.sorted() {
            let path = "pens." + name
            guard name != "eraser", !name.isEmpty, name.count <= 64 else {
                throw error(.invalidValue, path, "a pen needs a name of 1 to 64 characters other than 'eraser'")
            }
            let pen = try self.object(object[name] ?? .null, path)
            let default_ = Pen.defaults[name] ?? Pen(color: .black, width: 6)
            var color = default_.color
            if let value = pen["color"] {
                let text = try string(value, path + ".color")
                do {
                    color = try Color(hex: text)
                } catch {
                    throw self.error(.invalidValue, path + ".color", "expected a colour like #D32F2F, found '\(text)'")
                }
            }
            var width = default_.width
            if let value = pen["width"] {
                width = try number(value, path + ".width", in: BoardSettings.widthRange,
                                   expecting: "a width above 0 and at most 10000")
            }
            pens[name] = Pen(color: color, width: width)
        }
        return pens
    }

    private func pitch(_ value: JSONValue, into settings: inout BoardSettings) throws(StrokeLogError) {
        let pitch = try object(value, "pitch")
        if let value = pitch["rect"] {
            let items = try array(value, "pitch.rect")
            guard items.count == 4 else {
                throw error(.invalidValue, "pitch.rect", "expected [x, y, width, height], found \(items.count) numbers")
            }
            var numbers: [Double] = []
            for (index, item) in items.enumerated() {
                numbers.append(try number(item, "pitch.rect[\(index)]"))
            }
            guard numbers[2] > 0, numbers[3] > 0 else {
                throw error(.invalidValue, "pitch.rect", "expected a positive width and height")
            }
            settings.pitchRect = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
        if pitch["length"] != nil || pitch["width"] != nil {
            let length = try pitch["length"].map { (value) throws(StrokeLogError) in try number(value, "pitch.length") }
                ?? PitchDimensions.standard.length
            let width = try pitch["width"].map { (value) throws(StrokeLogError) in try number(value, "pitch.width") }
                ?? PitchDimensions.standard.width
            do {
                settings.dimensions = try PitchDimensions(length: length, width: width)
            } catch {
                throw self.error(.invalidValue, "pitch", error.errorDescription ?? "outside Law 1")
            }
        }
    }

    /// A stroke's points: each `[x, y]`, `[x, y, t]` or `[x, y, t, pressure]`.
    func points(_ value: JSONValue, _ path: String) throws(StrokeLogError) -> [StrokePoint] {
        guard case .numberRows(let rows) = value else {
            var points: [StrokePoint] = []
            for (index, item) in try array(value, path).enumerated() {
                points.append(try point(item, "\(path)[\(index)]"))
            }
            return points
        }
        var points: [StrokePoint] = []
        points.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            guard (2...4).contains(row.count), row.allSatisfy(\.isFinite),
                  row.count < 3 || row[2] >= 0, row.count < 4 || (0...1).contains(row[3]) else {
                // The general path says exactly what is wrong.
                points.append(try point(.array(row.map(JSONValue.number)), "\(path)[\(index)]"))
                continue
            }
            points.append(StrokePoint(x: row[0], y: row[1], time: row.count >= 3 ? row[2] : nil,
                                      pressure: row.count == 4 ? row[3] : nil))
        }
        return points
    }

    /// One point of a stroke: `[x, y]`, `[x, y, t]` or `[x, y, t, pressure]`.
    func point(_ value: JSONValue, _ path: String) throws(StrokeLogError) -> StrokePoint {
        guard let items = value.elements, (2...4).contains(items.count) else {
            throw error(.invalidValue, path, "expected [x, y], [x, y, t] or [x, y, t, pressure], found \(Self.describe(value))")
        }
        let x = try number(items[0], path + "[0]")
        let y = try number(items[1], path + "[1]")
        var time: Double?
        if items.count >= 3 {
            time = try number(items[2], path + "[2]", in: 0...Double.greatestFiniteMagnitude,
                              expecting: "a time in milliseconds, 0 or more")
        }
        var pressure: Double?
        if items.count == 4 {
            pressure = try number(items[3], path + "[3]", in: 0...1, expecting: "a pressure from 0 to 1")
        }
        return StrokePoint(x: x, y: y, time: time, pressure: pressure)
    }

    static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : path + "." + key
    }

    static func describe(_ value: JSONValue) -> String {
        if let items = value.elements { return "an array of \(items.count)" }
        return value.typeName
    }

    static func format(_ number: Double) -> String { NumberText.plain(number) }
}

/// The board settings shared by stroke documents and pointer-log headers.
struct BoardSettings {
    static let surfaceRange = 1.0...100_000.0
    static let widthRange = Double.leastNonzeroMagnitude...10_000.0
    static let maximumPens = 64

    var surface = Size(width: 1024, height: 768)
    var pitchRect: Rect?
    var dimensions = PitchDimensions.standard
    var orientation = PitchOrientation.horizontal
    var background = BoardBackground.pitch
    var pens = Pen.defaults
    var eraserWidth = Pen.defaultEraserWidth
}
