import Foundation

/// Listings as readable tables or, with `--json`, as JSON with a stable schema.
enum Output {
    /// Prints `value` as pretty, key-sorted JSON with ISO 8601 UTC dates.
    static func json<T: Encodable>(_ value: T) throws {
        // Through print, so it keeps its place among other printed lines.
        print(String(decoding: try jsonData(value).dropLast(), as: UTF8.self))
    }

    /// What a command that creates something prints: its id alone, as scripts read it, or with
    /// `--json` the whole of it.
    static func created<T: Encodable>(_ value: T, id: Int64, json: Bool) throws {
        if json { return try self.json(value) }
        print(id)
    }

    /// `value` as ``json(_:)`` prints it, final newline included (for files too).
    static func jsonData<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(value) + Data("\n".utf8)
    }

    /// Prints rows under headers, columns padded to their widest cell. Cells are shown as
    /// ``TerminalText`` prints them.
    static func table(_ headers: [String], _ rows: [[String]], empty: String = "(none)") {
        guard !rows.isEmpty else {
            print(empty)
            return
        }
        let rows = rows.map { $0.map { TerminalText.printable($0) } }
        let widths = headers.indices.map { column in
            ([headers[column]] + rows.map { column < $0.count ? $0[column] : "" }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        print(line(headers))
        for row in rows { print(line(row)) }
    }

    /// Prints `label  value` lines, labels aligned; values as ``TerminalText`` prints them.
    static func fields(_ pairs: [(String, String)]) {
        let width = pairs.map(\.0.count).max() ?? 0
        for (label, value) in pairs {
            print(label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + TerminalText.printable(value))
        }
    }

    /// `2026-11-21 06:20` in UTC.
    static func date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
