internal import SwiftCSV

/// Splits CSV text into records of fields with SwiftCSV, as RFC 4180 describes, and says on
/// which line each record starts.
///
/// - Fields are separated by commas and records by line breaks (LF, CRLF or CR; SwiftCSV
///   reads text as characters, so the other Unicode line separators, such as U+2028, end a
///   record too, and lines are counted the same way).
/// - A field may be enclosed in double quotes; it may then hold commas, line breaks and
///   quotes, a quote written twice (`"Brighton ""Seagulls"", Hove"` is `Brighton "Seagulls", Hove`).
/// - A quote inside an unquoted field or text after a closing quote is an error naming the
///   line its record starts on (SwiftCSV says what, not where; records are almost always one
///   line); a quote left open is one naming the line it opens on. SwiftCSV takes a quote written
///   twice inside an unquoted field (`2""`) for one quote.
/// - Spaces at the start of a field and after a closing quote are left out; blank lines, and
///   lines of nothing but spaces, are skipped (RFC 4180 does not allow them; spreadsheets
///   write them at the end).
///
/// Each record carries the line it starts on, which is not its index when quoted fields span
/// lines: the line breaks inside its fields are counted.
///
/// Why SwiftCSV: of the maintained libraries at hand it is the one that refuses malformed
/// quoting. yaslab/CSV.swift is faster (`league: import every season as CSV`, 16 files and
/// 5,668 matches: 30 ms, SwiftCSV 42 ms, the hand-written splitter this replaced 27 ms) but
/// takes any stray quote as text, so a broken file would be imported quietly wrong.
public struct CSVRecordSplitter: Sendable {
    /// One record: its fields, and the 1-based line it starts on.
    public struct Record: Sendable, Equatable {
        public var line: Int
        public var fields: [String]

        public init(line: Int, fields: [String]) {
            self.line = line
            self.fields = fields
        }
    }

    /// Why the text is not CSV.
    public struct Failure: Error, Sendable, Equatable {
        public var line: Int
        public var message: String

        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
    }

    /// Records hold at most this many fields.
    public static let maximumFields = 100

    /// The records of `text`, or the first problem; at most `limit` records when given (the
    /// rest of the text is still split, but neither kept nor checked).
    public static func split(_ text: String, limit: Int = .max) -> Result<[Record], Failure> {
        // SwiftCSV drops an empty last field, and a quote that closes the text, unless a line
        // break follows.
        var text = text
        if let last = text.last, !last.isNewline { text.append("\n") }
        var records: [Record] = []
        var failure: Failure?
        var line = 1            // the line the next record starts on
        var lastOpenLine = 1    // the line the last record's last field starts on
        do {
            let csv = try EnumeratedCSV(string: text, delimiter: .comma, loadColumns: false, rowLimit: 0)
            try csv.enumerateAsArray(startAt: 0, rowLimit: nil) { fields in
                let start = line
                var breaks = 0
                for field in fields.dropLast() { breaks += lineBreaks(in: field) }
                lastOpenLine = start + breaks
                line = lastOpenLine + lineBreaks(in: fields.last ?? "") + 1
                guard failure == nil, records.count < limit else { return }
                if fields.count == 1, fields[0].isEmpty { return } // a blank line
                if fields.count > maximumFields {
                    failure = Failure(line: start, message: "more than \(maximumFields) fields in a record")
                    return
                }
                records.append(Record(line: start, fields: fields))
            }
        } catch {
            if let failure { return .failure(failure) }
            if records.count >= limit { return .success(records) }
            return .failure(Failure(line: line, message: "a quote inside an unquoted field, or text after a closing quote "
                + "(enclose a field that holds quotes in quotes, and write each quote in it as \"\")"))
        }
        if let failure { return .failure(failure) }
        // A quote left open takes the rest of the text into the last field. Every quote SwiftCSV
        // accepts comes in a pair but that one (an opening quote, then pairs of quotes in the
        // field), so the quotes add up to an odd number exactly when one is left open.
        if records.count < limit, text.utf8.reduce(0, { $1 == UInt8(ascii: "\"") ? $0 + 1 : $0 }) % 2 == 1 {
            return .failure(Failure(line: lastOpenLine, message: "a quoted field is never closed"))
        }
        return .success(records)
    }

    /// The line breaks in `field`, as SwiftCSV tells them (`Character.isNewline`, a CRLF once).
    private static func lineBreaks(in field: String) -> Int {
        // Only LF, VT, FF, CR and the separators encoded from C2 (NEL) or E2 (LS, PS) break lines.
        guard field.utf8.contains(where: { ($0 >= 0x0A && $0 <= 0x0D) || $0 == 0xC2 || $0 == 0xE2 }) else { return 0 }
        return field.reduce(0) { $0 + ($1.isNewline ? 1 : 0) }
    }
}
