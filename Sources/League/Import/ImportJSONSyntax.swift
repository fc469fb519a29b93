import Foundation

/// Where and why a JSON text does not parse: 1-based line and column (in characters).
///
/// `JSONDecoder` says only that the data is not valid JSON; `JSONSerialization` says what is
/// wrong "around character N" (a byte offset), which ``locate(in:)`` turns into a line and a
/// column. Other readers of JSON files (albums, for one) use it too.
///
/// ```swift
/// if let syntax = ImportJSONSyntax.locate(in: data) {
///     print("line \(syntax.line), column \(syntax.column): \(syntax.message)")
/// }
/// ```
public struct ImportJSONSyntax: Sendable, Equatable {
    /// 1-based line.
    public var line: Int
    /// 1-based column, in characters.
    public var column: Int
    /// What is wrong, in lower case, for example "unexpected end of input".
    public var message: String

    /// The first syntax error in `data`, or nil when `JSONSerialization` reads it.
    public static func locate(in data: Data) -> ImportJSONSyntax? {
        let description: String
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "malformed JSON"
        }
        let bytes = [UInt8](data)
        var offset = bytes.count
        var message = tidy(description)
        if let range = description.range(of: #"character \d+"#, options: .regularExpression),
           let number = Int(description[range].dropFirst("character ".count)) {
            offset = min(number, bytes.count)
            if offset < bytes.count, (0x21..<0x7F).contains(bytes[offset]) {
                message += " (found '\(Character(Unicode.Scalar(bytes[offset])))')"
            }
        } else if let range = description.range(of: #"Number \S+ is not representable"#, options: .regularExpression) {
            // Numbers too large for a Double are reported without a place: find the literal.
            let literal = Array(description[range].dropFirst("Number ".count).prefix { $0 != " " }.utf8)
            offset = firstIndex(of: literal, in: bytes) ?? bytes.count
            message = "number \(String(decoding: literal, as: UTF8.self)) is too large"
        } else if description.hasPrefix("Unexpected end of file during JSON parse") {
            message = "unexpected end of input"
        }
        let (line, column) = position(ofByte: offset, in: bytes)
        return ImportJSONSyntax(line: line, column: column, message: message)
    }

    /// 1-based line and column (in characters) of byte `offset`.
    static func position(ofByte offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let end = min(offset, bytes.count)
        var line = 1, lineStart = 0
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1)
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == first {
            if haystack[start..<start + needle.count].elementsEqual(needle) { return start }
        }
        return nil
    }

    /// Foundation's description without its offset and full stop, starting in lower case.
    private static func tidy(_ text: String) -> String {
        var text = text.trimmingCharacters(in: .whitespaces)
        if let range = text.range(of: #" around (line \d+, column \d+|character \d+)"#, options: .regularExpression) {
            text.removeSubrange(range)
        }
        if text.hasSuffix(".") { text.removeLast() }
        guard let first = text.first else { return "malformed JSON" }
        return first.lowercased() + text.dropFirst()
    }
}
