import Foundation
import GRDB
import PostgresNIO

/// A Swift value that a statement of either store can take as an argument (`?`): each store
/// binds it with its own library's encoding (GRDB's for SQLite, postgres-nio's for PostgreSQL),
/// so the same statement text and arguments mean the same on both.
protocol SQLBindable: Sendable {
    /// The value as SQLite stores it.
    var sqliteValue: DatabaseValue { get }
    /// The value as a PostgreSQL argument, in postgres-nio's binary encoding of its type: what
    /// a statement's arguments (``bind(to:)``) and a prepared statement's take alike.
    var postgresArgument: PostgresData { get }
    /// Whether the value is text holding the NUL character, which PostgreSQL's text cannot
    /// hold (and C strings, Cairo's among them, end at): both stores refuse it alike
    /// (``checkStorable(_:)``).
    var containsNUL: Bool { get }
}

extension SQLBindable {
    var containsNUL: Bool { false }

    /// Appends the value to a PostgreSQL statement's arguments.
    func bind(to bindings: inout PostgresBindings) { bindings.append(postgresArgument) }
}

/// `value` as postgres-nio encodes it for its type.
func postgresArgument<Value: PostgresNonThrowingEncodable>(_ value: Value) -> PostgresData {
    var buffer = ByteBuffer()
    value.encode(into: &buffer, context: .default)
    return PostgresData(type: Value.psqlType, formatCode: Value.psqlFormat, value: buffer)
}

/// Refuses arguments that one of the stores could not keep as given, so that both refuse
/// them alike before anything is written: text holding the NUL character. The services check
/// the fields people type (``Validation/text(_:field:maximum:)``) and name them; this is the
/// last line for every other text, from imports and files.
///
/// - Throws: ``ClubError/invalid(field:message:)``.
func checkStorable(_ arguments: [any SQLBindable]) throws {
    guard !arguments.contains(where: \.containsNUL) else {
        throw ClubError.invalid(field: "text", message: "holds the NUL character (U+0000), which the club database does not store")
    }
}

extension Int64: SQLBindable {
    var sqliteValue: DatabaseValue { databaseValue }
    var postgresArgument: PostgresData { Club.postgresArgument(self) }
}

extension Int: SQLBindable {
    var sqliteValue: DatabaseValue { databaseValue }
    var postgresArgument: PostgresData { Club.postgresArgument(Int64(self)) }
}

extension Double: SQLBindable {
    var sqliteValue: DatabaseValue { databaseValue }
    var postgresArgument: PostgresData { Club.postgresArgument(self) }
}

extension String: SQLBindable {
    var sqliteValue: DatabaseValue { databaseValue }
    var postgresArgument: PostgresData { Club.postgresArgument(self) }
    var containsNUL: Bool { utf8.contains(0) }
}

extension Bool: SQLBindable {
    var sqliteValue: DatabaseValue { databaseValue }
    var postgresArgument: PostgresData { Club.postgresArgument(self) }
}

extension Data: SQLBindable {
    var sqliteValue: DatabaseValue { databaseValue }
    var postgresArgument: PostgresData { Club.postgresArgument(ByteBuffer(bytes: self)) }
}

extension Date: SQLBindable {
    /// GRDB's text form ("yyyy-MM-dd HH:mm:ss.SSS", UTC), as every stored date so far.
    var sqliteValue: DatabaseValue { databaseValue }
    /// A `timestamptz`.
    var postgresArgument: PostgresData { Club.postgresArgument(self) }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
    var sqliteValue: DatabaseValue { self?.sqliteValue ?? .null }
    var postgresArgument: PostgresData { self?.postgresArgument ?? .null }
}
