import Foundation

/// How error messages name the places and types `Decodable` reports: the JSON path of a
/// field (`matches[12].score.ft`) and the kind of JSON value expected ("a string").
///
/// ```swift
/// CodingPathText.path(context.codingPath)   // "events[3].points"
/// CodingPathText.expected(String.self)      // "a string"
/// ```
public enum CodingPathText {
    /// A coding path written as the readers name fields: `matches[12].score.ft`.
    public static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    /// How messages name a JSON type a reader expected ("an array", "true or false").
    public static func expected(_ type: Any.Type) -> String {
        if type == String.self { return "a string" }
        if type == Bool.self { return "true or false" }
        if type == [Any].self { return "an array" }
        if type == [String: Any].self { return "an object" }
        if type == Int.self || type == Int64.self || type == Double.self { return "a number" }
        let name = String(describing: type)
        if name.hasPrefix("Array") || name.contains("Unkeyed") { return "an array" }
        if name.hasPrefix("Dictionary") || name.contains("Keyed") { return "an object" }
        return "a value of type \(name)"
    }

    /// One line saying where `data` failed to decode as JSON and what was expected there:
    /// `line 3, column 7: ...` for broken syntax, `places[2].latitude: expected a number`,
    /// `guide.name: missing`.
    public static func describe(_ error: DecodingError, in data: Data) -> String {
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, let syntax = JSONSyntaxError.locate(in: data) {
                return "line \(syntax.line), column \(syntax.column): \(syntax.message)"
            }
            let path = path(context.codingPath)
            return (path.isEmpty ? "" : path + ": ") + context.debugDescription
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(expected(type))"
        @unknown default:
            return error.localizedDescription
        }
    }
}
