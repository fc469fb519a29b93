import Foundation

/// What SQLite and PostgreSQL spell differently, for the statements the aggregates' stores
/// share. Everything else is written once, in SQL both accept.
enum SQLDialect: Sendable, Equatable {
    case sqlite
    case postgres

    /// `column = ?`, ignoring case, for a column declared case-insensitive: `COLLATE NOCASE`
    /// in SQLite, `citext` in PostgreSQL. They compare that way with each other, but
    /// PostgreSQL compares a `citext` column with a `text` argument as text, so the argument
    /// is cast. (For a plain `TEXT` column, see ``textEqualsIgnoringCase(_:)``.)
    func equalsIgnoringCase(_ column: String) -> String {
        switch self {
        case .sqlite: return "\(column) = ? COLLATE NOCASE"
        case .postgres: return "\(column) = CAST(? AS citext)"
        }
    }

    /// `column IN (?, ...)` with `count` arguments, ignoring case, for a column declared
    /// case-insensitive (see ``equalsIgnoringCase(_:)``): SQLite compares with the column's
    /// `NOCASE`; PostgreSQL's arguments are cast to `citext`.
    func inIgnoringCase(_ column: String, count: Int) -> String {
        let argument = self == .sqlite ? "?" : "CAST(? AS citext)"
        return "\(column) IN (\(Array(repeating: argument, count: count).joined(separator: ", ")))"
    }

    /// `expression = ?`, ignoring case, for a plain `TEXT` expression (team and league names,
    /// whose case-insensitive indexes are `(name COLLATE NOCASE)` in SQLite and `lower(name)`
    /// in PostgreSQL). PostgreSQL's `lower` folds every letter, SQLite's `NOCASE` the ASCII
    /// ones only.
    func textEqualsIgnoringCase(_ expression: String) -> String {
        switch self {
        case .sqlite: return "\(expression) = ? COLLATE NOCASE"
        case .postgres: return "lower(\(expression)) = lower(?)"
        }
    }

    /// An ORDER BY term (or one side of a comparison) sorting `expression` ignoring case, as
    /// SQLite's `NOCASE` does: by the lower-cased text's bytes. PostgreSQL's comparison is made
    /// byte-wise (`COLLATE "C"`), so that the order does not depend on the database's locale
    /// and is SQLite's for ASCII text. Both sides of a comparison take it:
    ///
    /// ```swift
    /// "\(dialect.orderIgnoringCase("name")) > \(dialect.orderIgnoringCase("?"))"
    /// ```
    func orderIgnoringCase(_ expression: String) -> String {
        switch self {
        case .sqlite: return "\(expression) COLLATE NOCASE"
        case .postgres: return "lower(\(expression)) COLLATE \"C\""
        }
    }

    /// An ORDER BY term (or the left side of a comparison) sorting text `expression` by its
    /// bytes, as SQLite's default BINARY collation does: PostgreSQL's default is the database's
    /// locale, under which `Verano` may sort after `apertura` and punctuation may be ignored.
    func orderBytewise(_ expression: String) -> String {
        switch self {
        case .sqlite: return expression
        case .postgres: return "\(expression) COLLATE \"C\""
        }
    }

    /// `expression LIKE ?` ignoring (ASCII) case, as SQLite's LIKE does.
    func likeIgnoringCase(_ expression: String) -> String {
        switch self {
        case .sqlite: return "\(expression) LIKE ? ESCAPE '\\'"
        case .postgres: return "\(expression) ILIKE ? ESCAPE '\\'"
        }
    }

    /// The largest of `expressions` (two or more), none of them NULL: SQLite's scalar `max`,
    /// PostgreSQL's `GREATEST`.
    func greatest(_ expressions: String...) -> String {
        switch self {
        case .sqlite: return "max(\(expressions.joined(separator: ", ")))"
        case .postgres: return "GREATEST(\(expressions.joined(separator: ", ")))"
        }
    }

    /// The smallest of `expressions` (two or more), none of them NULL: SQLite's scalar `min`,
    /// PostgreSQL's `LEAST`.
    func least(_ expressions: String...) -> String {
        switch self {
        case .sqlite: return "min(\(expressions.joined(separator: ", ")))"
        case .postgres: return "LEAST(\(expressions.joined(separator: ", ")))"
        }
    }

    /// The statement's time, as the schema's triggers write `changedAt`: SQLite's
    /// `strftime('%Y-%m-%d %H:%M:%f', 'now')` (GRDB's text form of a date, UTC), PostgreSQL's
    /// `statement_timestamp()`. The database's clock, so that several servers on one
    /// PostgreSQL database never write a change time behind one a trigger wrote.
    var currentTimestamp: String {
        switch self {
        case .sqlite: return "strftime('%Y-%m-%d %H:%M:%f', 'now')"
        case .postgres: return "statement_timestamp()"
        }
    }

    /// A timestamp column as text that sorts as the instants do, for a cursor to carry and
    /// compare again: SQLite's own text (GRDB writes `yyyy-MM-dd HH:mm:ss.SSS`, UTC), and for
    /// PostgreSQL's `timestamptz` the same form in UTC to the microsecond it keeps, so that two
    /// rows of the same millisecond never compare equal there.
    func timestampText(_ column: String) -> String {
        switch self {
        case .sqlite: return column
        case .postgres: return "to_char(\(column) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')"
        }
    }
}
