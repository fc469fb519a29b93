import Foundation
import Logging
import NIOConcurrencyHelpers

/// A swift-log handler writing one line per entry on standard error: `key=value` text or one
/// JSON object, as `touchline serve --log-format` asks.
struct LineLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info
    let label: String
    let format: ServerOptions.LogFormat
    let write: @Sendable (String) -> Void

    init(label: String, format: ServerOptions.LogFormat, write: @escaping @Sendable (String) -> Void = LineLogHandler.standardError) {
        self.label = label
        self.format = format
        self.write = write
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var fields = metadata
        if let extra = event.metadata { fields.merge(extra) { $1 } }
        // Hummingbird names the request id `hb.request.id`; the log calls it `request_id`.
        if let id = fields.removeValue(forKey: "hb.request.id") { fields["request_id"] = id }
        write(Self.line(time: Date(), level: event.level, message: event.message.description, fields: fields, format: format))
    }

    /// One entry as a line (no newline).
    static func line(time: Date, level: Logger.Level, message: String, fields: Logger.Metadata,
                     format: ServerOptions.LogFormat) -> String {
        let stamp = time.formatted(.iso8601)
        let keys = fields.keys.sorted()
        switch format {
        case .text:
            var words = [stamp, level.rawValue, message]
            for key in keys { words.append("\(key)=\(quoted(fields[key]?.description ?? ""))") }
            return words.joined(separator: " ")
        case .json:
            var object: [String: String] = ["time": stamp, "level": level.rawValue, "message": message]
            for key in keys { object[key] = fields[key]?.description ?? "" }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return (try? encoder.encode(object)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        }
    }

    /// A value as a `key=value` word: bare when it has no spaces, quotes or control characters.
    static func quoted(_ value: String) -> String {
        let plain = !value.isEmpty && value.unicodeScalars.allSatisfy { $0.value > 0x20 && $0 != "\"" && $0 != "\\" && $0.value != 0x7F }
        if plain { return value }
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: text += String(format: "\\u%04x", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    private static let lock = NIOLock()

    /// Writes a line to standard error, whole.
    @Sendable static func standardError(_ line: String) {
        lock.withLock { FileHandle.standardError.write(Data((line + "\n").utf8)) }
    }
}
