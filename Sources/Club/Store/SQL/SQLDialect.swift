import Foundation

/// What SQLite and PostgreSQL spell differently, for the statements the aggregates' stores
/// share. Everything else is written once, in SQL both accept.
enum SQLDialect: Sendable, Equatable {
    case sqlite
    case postgres

    /// `column = ?`, ignoring the case of ASCII letters, for a username (ASCII by
    /// ``Validation/username(_:)``; see ``CaseFold`` for the rest): SQLite's `NOCASE`, and in
    /// PostgreSQL `lower(x COLLATE "C")`, which folds the ASCII letters alone whatever the
    /// database's locale, and is the expression of the unique index `user_username_nocase`.
    func equalsIgnoringCase(_ column: String) -> String {
        switch self {
        case .sqlite: return "\(column) = ? COLLATE NOCASE"
        case .postgres: return "lower(\(column) COLLATE \"C\") = lower(CAST(? AS text) COLLATE \"C\")"
        }
    }

    /// `column IN (?, ...)` with `count` arguments, ignoring the case of ASCII letters as
    /// ``equalsIgnoringCase(_:)`` does.
    func inIgnoringCase(_ column: String, count: Int) -> String {
        switch self {
        case .sqlite:
            return "\(column) COLLATE NOCASE IN (\(Array(repeating: "?", count: count).joined(separator: ", ")))"
        case .postgres:
            let argument = "lower(CAST(? AS text) COLLATE \"C\")"
            return "lower(\(column) COLLATE \"C\") IN (\(Array(repeating: argument, count: count).joined(separator: ", ")))"
        }
    }

    /// An ORDER BY term (or one side of a comparison) sorting `expression` ignoring the case of
    /// ASCII letters, as SQLite's `NOCASE` does: by the text's bytes with `A`...`Z` read as
    /// `a`...`z`, in PostgreSQL whatever the database's locale. Both sides of a comparison
    /// take it:
    ///
    /// ```swift
    /// "\(dialect.orderIgnoringCase("username")) > \(dialect.orderIgnoringCase("?"))"
    /// ```
    func orderIgnoringCase(_ expression: String) -> String {
        switch self {
        case .sqlite: return "\(expression) COLLATE NOCASE"
        case .postgres: return "lower(CAST(\(expression) AS text) COLLATE \"C\")"
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
