import Foundation

/// A parsed JSON value, kept exactly as typed so the readers can say what they expected.
///
/// League parses JSON itself (RFC 8259) rather than through `JSONSerialization`, whose numbers
/// and booleans cannot be told apart on Linux, or `JSONDecoder`, whose errors do not say
/// where in the text the problem is. The parser is small, non-recursive in its data and
/// limited in nesting depth.
enum ImportJSON: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ImportJSON])
    case object([String: ImportJSON])

    /// A short name of the value's type for messages ("a string", "an array").
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// Where and why a JSON text does not parse: 1-based line and column (in characters).
struct ImportJSONSyntaxError: Error, Equatable {
    var line: Int
    var column: Int
    var message: String
}

/// A JSON parser over UTF-8 bytes (already checked to be valid UTF-8).
struct ImportJSONParser {
    /// Arrays and objects nest at most this deep.
    static let maximumDepth = 64

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses one JSON value that fills `data` (whitespace aside).
    static func parse(_ data: Data) -> Result<ImportJSON, ImportJSONSyntaxError> {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var parser = ImportJSONParser(bytes: bytes)
            do throws(ImportJSONSyntaxError) {
                parser.skipWhitespace()
                let value = try parser.value(depth: 0)
                parser.skipWhitespace()
                if parser.index < bytes.count {
                    throw parser.error("unexpected text after the JSON value")
                }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
    }

    // MARK: - Values

    private mutating func value(depth: Int) throws(ImportJSONSyntaxError) -> ImportJSON {
        guard index < bytes.count else { throw error("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character \(describe(at: index)) (expected a value)")
        }
    }

    private mutating func object(depth: Int) throws(ImportJSONSyntaxError) -> ImportJSON {
        guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
        index += 1
        var members: [String: ImportJSON] = [:]
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else {
                throw error("unexpected \(describe(at: index)) (expected a string key)")
            }
            let key = try string()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw error("unexpected \(describe(at: index)) (expected ':')") }
            index += 1
            skipWhitespace()
            members[key] = try value(depth: depth)
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "}")) { index += 1; return .object(members) }
            throw error("unexpected \(describe(at: index)) (expected ',' or '}')")
        }
    }

    private mutating func array(depth: Int) throws(ImportJSONSyntaxError) -> ImportJSON {
        guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
        index += 1
        var elements: [ImportJSON] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "]")) { index += 1; return .array(elements) }
            throw error("unexpected \(describe(at: index)) (expected ',' or ']')")
        }
    }

    private mutating func literal(_ word: StaticString) throws(ImportJSONSyntaxError) {
        let start = index
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { expected in
            bytes.count - start >= count && (0..<count).allSatisfy { bytes[start + $0] == expected[$0] }
        }
        guard matches else { throw error("unexpected \(describe(at: start)) (expected a value)") }
        index += count
    }

    private mutating func number() throws(ImportJSONSyntaxError) -> Double {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("malformed number (expected a digit)") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("malformed number (expected a digit after '.')")
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("malformed number (expected a digit in the exponent)")
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("number \(text) is too large")
        }
        return value
    }

    private mutating func string() throws(ImportJSONSyntaxError) -> String {
        index += 1 // the opening quote
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character in a string (escape it)") }
            index += 1
        }
        var scalars = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard peek(UInt8(ascii: "\\")), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in a \\u escape")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in a \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw error("unpaired surrogate in a \\u escape")
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    index -= 1
                    throw error("invalid escape \\\(describeByte(escape)) in a string")
                }
            default:
                if byte < 0x20 { throw error("control character in a string (escape it)") }
                scalars.append(byte)
                index += 1
            }
        }
        throw error("unterminated string")
    }

    private mutating func hex4() throws(ImportJSONSyntaxError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("invalid \\u escape (expected four hex digits)") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape (expected four hex digits)")
            }
            code = code * 16 + digit
            index += 1
        }
        return code
    }

    // MARK: - Helpers

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func peek(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        return "character " + describeByte(bytes[offset])
    }

    private func describeByte(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return String(format: "0x%02X", byte)
    }

    /// The error at the current position, with its line and column.
    private func error(_ message: String) -> ImportJSONSyntaxError {
        let offset = min(index, bytes.count)
        var line = 1, lineStart = 0
        for position in 0..<offset where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        let column = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<offset]), as: UTF8.self).count + 1
        return ImportJSONSyntaxError(line: line, column: column, message: message)
    }
}
