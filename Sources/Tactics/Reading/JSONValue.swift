import Foundation

/// A parsed JSON value, kept exactly as typed so readers can say what they expected.
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// An array of arrays of numbers (a stroke's points), kept compact: most of a board's
    /// bytes are these, and decoding them in one go is several times faster.
    case numberRows([[Double]])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        // Each failed attempt costs an error, so the commonest shapes go first.
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode([[Double]].self) {
            self = .numberRows(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The elements of an array (either kind), or nil.
    var elements: [JSONValue]? {
        switch self {
        case .array(let items): return items
        case .numberRows(let rows): return rows.map { .array($0.map(JSONValue.number)) }
        default: return nil
        }
    }

    /// A short name of the value's type for messages ("a string", "an array").
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array, .numberRows: return "an array"
        case .object: return "an object"
        }
    }

    /// Parses `data` as one JSON value.
    ///
    /// - Returns: the value, or a syntax problem with its 1-based line and column.
    static func parse(_ data: Data) -> Result<JSONValue, JSONSyntaxError> {
        if let value = try? JSONDecoder().decode(JSONValue.self, from: data) {
            return .success(value)
        }
        return .failure(JSONSyntaxError.locate(in: data))
    }
}

/// Where and why a JSON text does not parse.
struct JSONSyntaxError: Error, Equatable {
    var line: Int
    var column: Int
    var message: String

    /// Asks Foundation's parser what is wrong and turns its byte offset into line and column.
    static func locate(in data: Data) -> JSONSyntaxError {
        var description = "malformed JSON"
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            description = "unexpected JSON value"
        } catch {
            description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? description
        }
        let bytes = [UInt8](data)
        var offset = bytes.count
        if let range = description.range(of: #"character (\d+)"#, options: .regularExpression),
           let number = Int(description[range].dropFirst("character ".count)) {
            offset = min(number, bytes.count)
        } else if let range = description.range(of: #"Number (\S+) is not representable"#, options: .regularExpression) {
            // Foundation reports numbers too large for a Double without a place: find it.
            let literal = Array(description[range].dropFirst("Number ".count).prefix { $0 != " " }.utf8)
            offset = firstIndex(of: literal, in: bytes) ?? bytes.count
            description = "number \(String(decoding: literal, as: UTF8.self)) is not finite"
        } else if description.contains("Unexpected end of file") {
            description = "unexpected end of input"
        }
        let (line, column) = position(ofByte: offset, in: bytes)
        return JSONSyntaxError(line: line, column: column, message: tidy(description))
    }

    /// 1-based line and column (in characters) of byte `offset`.
    static func position(ofByte offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1, lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<min(offset, bytes.count)], as: UTF8.self).count + 1
        return (line, column)
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<start + needle.count]) == needle { return start }
        }
        return nil
    }

    private static func tidy(_ text: String) -> String {
        var text = text.trimmingCharacters(in: .whitespaces)
        if let range = text.range(of: #" around character \d+"#, options: .regularExpression) {
            text.removeSubrange(range)
        }
        if text.hasSuffix(".") { text.removeLast() }
        guard let first = text.first else { return "malformed JSON" }
        return "malformed JSON: " + first.lowercased() + text.dropFirst()
    }
}
