import Foundation

/// Reads typed fields out of parsed JSON, turning every mismatch into an ``ImportError`` that
/// names the field by its path (`matches[12].score.ft`).
struct ImportJSONFields {
    let source: String

    func error(_ kind: ImportError.Kind, _ path: String, _ message: String) -> ImportError {
        ImportError(kind, source: source, field: path.isEmpty ? nil : path, message)
    }

    static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    func object(_ value: ImportJSON, _ path: String) throws(ImportError) -> [String: ImportJSON] {
        guard case .object(let object) = value else {
            throw error(.invalidValue, path, "expected an object, found \(value.typeName)")
        }
        return object
    }

    func array(_ value: ImportJSON, _ path: String) throws(ImportError) -> [ImportJSON] {
        guard case .array(let array) = value else {
            throw error(.invalidValue, path, "expected an array, found \(value.typeName)")
        }
        return array
    }

    func string(_ value: ImportJSON, _ path: String) throws(ImportError) -> String {
        guard case .string(let string) = value else {
            throw error(.invalidValue, path, "expected a string, found \(value.typeName)")
        }
        return string
    }

    func bool(_ value: ImportJSON, _ path: String) throws(ImportError) -> Bool {
        guard case .bool(let bool) = value else {
            throw error(.invalidValue, path, "expected true or false, found \(value.typeName)")
        }
        return bool
    }

    /// A whole number in `range`; `what` says what it counts in messages.
    func integer(_ value: ImportJSON, _ path: String, in range: ClosedRange<Int>, _ what: String) throws(ImportError) -> Int {
        guard case .number(let number) = value else {
            throw error(.invalidValue, path, "expected \(what), found \(value.typeName)")
        }
        guard number == number.rounded(), number >= Double(Int32.min), number <= Double(Int32.max) else {
            throw error(.invalidValue, path, "expected \(what) as a whole number, found \(Self.format(number))")
        }
        let integer = Int(number)
        guard range.contains(integer) else {
            throw error(.invalidValue, path, "expected \(what) from \(range.lowerBound) to \(range.upperBound), found \(integer)")
        }
        return integer
    }

    func required(_ object: [String: ImportJSON], _ key: String, _ path: String) throws(ImportError) -> ImportJSON {
        guard let value = object[key] else {
            throw error(.missingField, Self.join(path, key), "missing required field '\(key)'")
        }
        return value
    }

    /// The value at `key`, or nil when it is missing or null.
    func optional(_ object: [String: ImportJSON], _ key: String) -> ImportJSON? {
        guard let value = object[key], value != .null else { return nil }
        return value
    }

    /// An optional string at `key` (missing or null: nil).
    func optionalString(_ object: [String: ImportJSON], _ key: String, _ path: String) throws(ImportError) -> String? {
        guard let value = optional(object, key) else { return nil }
        return try string(value, Self.join(path, key))
    }

    /// A team's (or, as `what` says, a player's) name, normalised and checked.
    func teamName(_ value: ImportJSON, _ path: String, what: String = "team name") throws(ImportError) -> String {
        let name = ImportText.normalizedName(try string(value, path))
        if let problem = ImportText.teamNameProblem(name, what: what) { throw error(.invalidValue, path, problem) }
        return name
    }

    /// A label (season name, round), normalised and checked; nil when missing or empty.
    func label(_ object: [String: ImportJSON], _ key: String, _ path: String, what: String) throws(ImportError) -> String? {
        guard let text = try optionalString(object, key, path) else { return nil }
        let label = ImportText.normalizedName(text)
        if let problem = ImportText.labelProblem(label, what: what) {
            throw error(.invalidValue, Self.join(path, key), problem)
        }
        return label.isEmpty ? nil : label
    }

    /// A number of goals: a whole number from 0 to ``SeasonImporter/maximumGoals``.
    func goals(_ value: ImportJSON, _ path: String) throws(ImportError) -> Int {
        if case .number(let number) = value, number < 0 {
            throw error(.invalidValue, path, "goals cannot be negative, found \(Self.format(number))")
        }
        return try integer(value, path, in: 0...SeasonImporter.maximumGoals, "a number of goals")
    }

    /// A score written `[home, away]`.
    func score(_ value: ImportJSON, _ path: String) throws(ImportError) -> Score {
        let pair = try array(value, path)
        guard pair.count == 2 else {
            throw error(.invalidValue, path, "expected a score [home, away], found an array of \(pair.count)")
        }
        return Score(try goals(pair[0], "\(path)[0]"), try goals(pair[1], "\(path)[1]"))
    }

    /// An optional date `YYYY-MM-DD` at `key`.
    func date(_ object: [String: ImportJSON], _ key: String, _ path: String) throws(ImportError) -> String? {
        guard let text = try optionalString(object, key, path) else { return nil }
        guard let date = ImportText.parseISODate(ImportText.trim(text)) else {
            throw error(.invalidValue, Self.join(path, key), "expected a date YYYY-MM-DD, found '\(text)'")
        }
        return date
    }

    /// An optional time `HH:MM` at `key`; a time-zone note after it (`18:00 UTC+3`) is left out.
    func time(_ object: [String: ImportJSON], _ key: String, _ path: String) throws(ImportError) -> String? {
        guard let text = try optionalString(object, key, path) else { return nil }
        if let time = ImportText.parseTime(text) { return time }
        let words = text.split(whereSeparator: ImportText.isSpace)
        guard let first = words.first else { return nil }
        guard let time = ImportText.parseTime(first), words.dropFirst().allSatisfy({ ImportText.isTimeZoneNote($0, abbreviations: true) }) else {
            throw error(.invalidValue, Self.join(path, key), "expected a time HH:MM (optionally with a zone like UTC+3), found '\(text)'")
        }
        return time
    }

    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
