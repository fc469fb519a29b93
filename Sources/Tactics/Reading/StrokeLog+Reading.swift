import Canvas
import Foundation

extension StrokeLog {
    /// The largest input accepted, in bytes (64 MiB; a real board is a few kilobytes).
    public static let maximumInputBytes = 64 << 20
    /// The most points accepted in one log.
    public static let maximumPoints = 2_000_000
    /// The most events (strokes, clears, pointer events) accepted in one log.
    public static let maximumEvents = 1_000_000

    /// Reads a log in either form, detected from its content.
    ///
    /// - Parameters:
    ///   - data: the file's bytes (UTF-8, an optional byte-order mark is skipped).
    ///   - source: the name used in error messages, usually the file name.
    ///   - surface: the recording surface for a pointer log without a header line.
    /// - Throws: ``StrokeLogError`` naming the line and column, line, or field at fault.
    public init(data: Data, source: String = "input", surface: Size? = nil) throws(StrokeLogError) {
        guard data.count <= Self.maximumInputBytes else {
            throw StrokeLogError(.tooLarge, source: source, at: .none,
                                 "input is \(data.count) bytes; at most \(Self.maximumInputBytes) are accepted")
        }
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let text = Data(bytes)
        guard text.contains(where: { !Self.isWhitespace($0) }) else {
            throw StrokeLogError(.empty, source: source, at: .none, "the file is empty; expected a stroke document or a pointer log")
        }
        switch Self.detectForm(text) {
        case .strokeDocument:
            self = try StrokeDocumentReader(source: source).read(text)
        case .pointerLog:
            var parser = PointerLogParser(source: source, surface: surface)
            try parser.feed(lines: text)
            self = try parser.finish()
        }
    }

    /// Reads a log file (see ``init(data:source:surface:)``); the file name names errors.
    public init(contentsOf url: URL, surface: Size? = nil) throws {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= Self.maximumInputBytes else {
            throw StrokeLogError(.tooLarge, source: url.lastPathComponent, at: .none,
                                 "input is \(size) bytes; at most \(Self.maximumInputBytes) are accepted")
        }
        try self.init(data: try Data(contentsOf: url), source: url.lastPathComponent, surface: surface)
    }

    /// A pointer log's first line is a complete object with a `type` (or the pointer format);
    /// anything else is read as a stroke document.
    static func detectForm(_ data: Data) -> Form {
        let firstLine = data.prefix { $0 != UInt8(ascii: "\n") }
        guard case .success(.object(let object)) = JSONValue.parse(Data(firstLine)) else { return .strokeDocument }
        if case .string(let format) = object["format"] {
            return format == Form.pointerLog.rawValue ? .pointerLog : .strokeDocument
        }
        return object["type"] != nil ? .pointerLog : .strokeDocument
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}

/// The versions of each form the readers accept: both forms' version 2 adds `undo` and `redo`.
let readableVersions: ClosedRange<Double> = 1...2

/// Checks a log's `format` and `version` fields; returns the version.
@discardableResult
func checkFormat(_ object: [String: JSONValue], expected: StrokeLog.Form, fields: FieldReader) throws(StrokeLogError) -> Int {
    let format = try fields.string(try fields.required(object, "format", ""), "format")
    guard format == expected.rawValue else {
        throw fields.error(.unknownFormat, "format",
                           "unknown format '\(format)' (expected touchline.strokes or touchline.pointer)")
    }
    let version = try fields.number(try fields.required(object, "version", ""), "version")
    guard readableVersions.contains(version), version == version.rounded() else {
        throw fields.error(.unsupportedVersion, "version",
                           "unsupported \(format) version \(FieldReader.format(version)) (expected 1 or 2)")
    }
    return Int(version)
}
