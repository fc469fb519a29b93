/// Splits CSV text into records of fields, as RFC 4180 describes.
///
/// - Fields are separated by commas and records by line breaks (LF or CRLF).
/// - A field may be enclosed in double quotes; it may then hold commas, line breaks and
///   quotes, a quote written twice (`"Brighton ""Seagulls"", Hove"` is `Brighton "Seagulls", Hove`).
/// - A quote inside an unquoted field, text after a closing quote, or a quote left open are
///   errors naming their line.
/// - Blank lines are skipped (RFC 4180 does not allow them; spreadsheets write them at the end).
///
/// Each record carries the line it starts on, which is not its index when quoted fields span
/// lines. League stays free of dependencies, so this small splitter stands in for a CSV library.
struct CSVRecordSplitter {
    /// One record: its fields, and the 1-based line it starts on.
    struct Record: Equatable {
        var line: Int
        var fields: [String]
    }

    /// Why the text is not CSV.
    struct Failure: Error, Equatable {
        var line: Int
        var message: String
    }

    /// Records hold at most this many fields.
    static let maximumFields = 100

    /// The records of `text`, or the first problem; at most `limit` records when given.
    static func split(_ text: String, limit: Int = .max) -> Result<[Record], Failure> {
        var records: [Record] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1
        var recordLine = 1
        var quoted = false      // inside a quoted field
        var wasQuoted = false   // the current field was quoted and is closed
        var quoteLine = 1
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar?

        func next() -> Unicode.Scalar? {
            if let scalar = pending { pending = nil; return scalar }
            return iterator.next()
        }

        // Ends the record; returns false when there are enough.
        func endRecord() -> Bool {
            fields.append(String(field))
            field = String.UnicodeScalarView()
            defer { fields = [] }
            if fields.count == 1, fields[0].isEmpty, !wasQuoted { return true } // a blank line
            records.append(Record(line: recordLine, fields: fields))
            return records.count < limit
        }

        while let scalar = next() {
            if quoted {
                if scalar == "\"" {
                    if let following = next() {
                        if following == "\"" { field.append("\"") } else { quoted = false; wasQuoted = true; pending = following }
                    } else {
                        quoted = false
                        wasQuoted = true
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",":
                fields.append(String(field))
                field = String.UnicodeScalarView()
                wasQuoted = false
                if fields.count >= maximumFields {
                    return .failure(Failure(line: recordLine, message: "more than \(maximumFields) fields in a record"))
                }
            case "\r":
                if let following = next(), following != "\n" { pending = following }
                fallthrough
            case "\n":
                guard endRecord() else { return .success(records) }
                wasQuoted = false
                line += 1
                recordLine = line
            case "\"":
                guard field.isEmpty, !wasQuoted else {
                    return .failure(Failure(line: line, message: wasQuoted
                        ? "text after a closing quote (write a quote inside a quoted field as \"\")"
                        : "a quote inside an unquoted field (enclose the field in quotes and write the quote as \"\")"))
                }
                quoted = true
                quoteLine = line
            default:
                if wasQuoted {
                    if scalar == " " || scalar == "\t" { continue } // spaces after a closing quote
                    return .failure(Failure(line: line, message: "text after a closing quote (write a quote inside a quoted field as \"\")"))
                }
                field.append(scalar)
            }
        }
        if quoted { return .failure(Failure(line: quoteLine, message: "a quoted field is never closed")) }
        if !field.isEmpty || !fields.isEmpty || wasQuoted { _ = endRecord() }
        return .success(records)
    }
}
