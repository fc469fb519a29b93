import Foundation
import GRDB
import PostgresNIO

/// One value as a store holds it, whatever its column: what ``SQLRow/value(at:)`` reads for
/// code that handles every column alike (``StoreCopy``), and binds back as it came.
enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
    /// PostgreSQL's `BOOLEAN`; SQLite keeps booleans as the integers 0 and 1.
    case boolean(Bool)
    /// A date and time in UTC, bound as text: GRDB's form for SQLite, with its offset for
    /// PostgreSQL (where the statement casts it to `timestamptz`). Reads never give one: a
    /// timestamp column reads as text (``SQLDialect/timestampText(_:)``).
    case timestamp(UTCTimestamp)
}

extension SQLValue: SQLBindable {
    var containsNUL: Bool {
        if case .text(let text) = self { return text.containsNUL }
        return false
    }

    var sqliteValue: DatabaseValue {
        switch self {
        case .null: return .null
        case .integer(let value): return value.databaseValue
        case .real(let value): return value.databaseValue
        case .text(let value): return value.databaseValue
        case .blob(let value): return value.databaseValue
        case .boolean(let value): return Int64(value ? 1 : 0).databaseValue
        case .timestamp(let value): return value.sqliteText.databaseValue
        }
    }

    var postgresArgument: PostgresData {
        switch self {
        case .null: return .null
        case .integer(let value): return value.postgresArgument
        case .real(let value): return value.postgresArgument
        case .text(let value): return value.postgresArgument
        case .blob(let value): return value.postgresArgument
        case .boolean(let value): return value.postgresArgument
        case .timestamp(let value): return value.postgresText.postgresArgument
        }
    }
}
