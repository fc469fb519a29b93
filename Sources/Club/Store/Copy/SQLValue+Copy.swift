import Foundation

/// What a copy between the stores does with a value (``StoreCopy``): reads it in the one form
/// both stores agree on, what a column of its ``ColumnKind`` means whichever store it came
/// from, binds it for the target and checksums it (``TableDigest``).
extension SQLValue {
    /// The value `stored` in a column of `kind`, as the target will hold it: a timestamp at
    /// the precision of `target` (SQLite keeps milliseconds, as GRDB writes dates; PostgreSQL
    /// microseconds).
    ///
    /// - Throws: a sentence saying what the value is instead, for
    ///   ``StoreCopyError/unreadableValue(table:row:column:problem:)``.
    init(copying stored: SQLValue, kind: ColumnKind, target: SQLDialect) throws(CopyProblem) {
        switch (kind, stored) {
        case (_, .null): self = .null
        case (.integer, .integer(let value)): self = .integer(value)
        case (.real, .real(let value)): self = .real(value)
        // SQLite may keep an integral REAL as an integer.
        case (.real, .integer(let value)): self = .real(Double(value))
        case (.text, .text(let value)): self = .text(value)
        case (.blob, .blob(let value)): self = .blob(value)
        // A BLOB column of SQLite takes text too; the services read it as its UTF-8 bytes.
        case (.blob, .text(let value)): self = .blob(Data(value.utf8))
        case (.boolean, .boolean(let value)): self = .boolean(value)
        case (.boolean, .integer(0)): self = .boolean(false)
        case (.boolean, .integer(1)): self = .boolean(true)
        case (.timestamp, .text(let value)):
            guard let timestamp = UTCTimestamp(value) else {
                throw CopyProblem(description: "holds '\(value.prefix(40))', which is not a date and time (yyyy-MM-dd HH:mm:ss.SSS, UTC)")
            }
            self = .timestamp(target == .sqlite ? timestamp.truncatedToMilliseconds : timestamp)
        case (.timestamp, .timestamp(let timestamp)):
            self = .timestamp(target == .sqlite ? timestamp.truncatedToMilliseconds : timestamp)
        default:
            throw CopyProblem(description: "holds \(stored.summary), where a \(kind.rawValue) value belongs")
        }
    }

    /// Why a stored value cannot be copied.
    struct CopyProblem: Error, CustomStringConvertible {
        var description: String
    }

    /// The placeholder of a column of `kind` in an INSERT for `dialect`: PostgreSQL casts a
    /// timestamp's text (``SQLValue/timestamp(_:)`` binds as text with its offset).
    static func placeholder(kind: ColumnKind, dialect: SQLDialect) -> String {
        kind == .timestamp && dialect == .postgres ? "CAST(? AS timestamptz)" : "?"
    }

    /// The expression that reads a column of `kind` as ``init(copying:kind:target:)`` takes it:
    /// a PostgreSQL timestamp as its UTC text to the microsecond; anything else as it is.
    static func selection(_ column: String, kind: ColumnKind, dialect: SQLDialect) -> String {
        kind == .timestamp ? dialect.timestampText(column) : column
    }

    /// About how many bytes the value takes, to keep a batch of rows bounded.
    var size: Int {
        switch self {
        case .null, .boolean: return 1
        case .integer, .real: return 8
        case .text(let value): return value.utf8.count
        case .blob(let value): return value.count
        case .timestamp: return 26
        }
    }

    /// The integer, if the value is one.
    var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The value as an error message describes it: its type, and a short text or number.
    var summary: String {
        switch self {
        case .null: return "NULL"
        case .integer(let value): return "the integer \(value)"
        case .real(let value): return "the real \(value)"
        case .text(let value): return "the text '\(value.prefix(40))'"
        case .blob(let value): return "a blob of \(value.count) bytes"
        case .boolean(let value): return "the boolean \(value)"
        case .timestamp(let value): return "the timestamp \(value.canonicalText)"
        }
    }
}

