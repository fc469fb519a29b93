import Foundation

/// Where and why a JSON text does not parse: 1-based line and column (in characters) and what
/// is wrong, for the one-line errors every JSON reader of Touchline gives.
///
/// `JSONDecoder` says only that the data is not valid JSON; `JSONSerialization` says what is
/// wrong "around character N" (a byte offset), which ``locate(in:)`` turns into a line and a
/// column. Only run it on the error path: it parses the data again.
///
/// ```swift
/// if let syntax = JSONSyntaxError.locate(in: data) {
///     print("line \(syntax.line), column \(syntax.column): \(syntax.message)")
/// }
/// ```
public struct JSONSyntaxError: Error, Sendable, Equatable {
    /// 1-based line.
    public var line: Int
    /// 1-based column, in characters.
    public var column: Int
    /// What is wrong, in lower case, for example "unexpected end of input".
    public var message: String

    /// Makes a syntax error at a place.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// The first syntax error in `data`, or nil when `JSONSerialization` reads it.
    public static func locate(in data: Data) -> JSONSyntaxError? {
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
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    /// The first place where arrays and objects nest deeper than `limit`, or nil. A linear scan
    /// that skips strings, so a reader can refuse absurd nesting with a clear message before
    /// any recursive decoding.
    public static func nesting(deeperThan limit: Int, in data: Data) -> JSONSyntaxError? {
        var depth = 0, inString = false, escaped = false
        var found: Int?
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            for (index, byte) in raw.enumerated() {
                if inString {
                    if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    if depth > limit { found = index; return }
                case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
                default: break
                }
            }
        }
        guard let found else { return nil }
        let (line, column) = position(ofByte: found, in: [UInt8](data.prefix(found)))
        return JSONSyntaxError(line: line, column: column, message: "arrays and objects nested deeper than \(limit) levels")
    }

    /// 1-based line and column (in characters) of byte `offset`.
    public static func position(ofByte offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
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
