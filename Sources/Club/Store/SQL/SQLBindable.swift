import Foundation
import GRDB
import PostgresNIO

/// A Swift value that a statement of either store can take as an argument (`?`): each store
/// binds it with its own library's encoding (GRDB's for SQLite, postgres-nio's for PostgreSQL),
/// so the same statement text and arguments mean the same on both.
protocol SQLBindable: Sendable {
    /// The value as SQLite stores it.
    var sqliteValue: DatabaseValue { get }
    /// Appends the value to a PostgreSQL statement's arguments.
    func bind(to bindings: inout PostgresBindings)
    /// Whether the value is text holding the NUL character, which PostgreSQL's text cannot
    /// hold (and C strings, Cairo's among them, end at): both stores refuse it alike
    /// (``checkStorable(_:)``).
    var containsNUL: Bool { get }
}

extension SQLBindable {
    var containsNUL: Bool { false }
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
    func bind(to bindings: inout PostgresBindings) { bindings.append(self) }
}

extension Int: SQLBindable {
    var sqliteValue: DatabaseValue { databaseValue }
    func bind(to bindings: inout PostgresBindings) { bindings.append(Int64(self)) }
}

extension Double: SQLBindable {
    var sqliteValue: DatabaseValue { databaseValue }
    func bind(to bindings: inout PostgresBindings) { bindings.append(self) }
}

extension String: SQLBindable {
    var sqliteValue: DatabaseValue { databaseValue }
    func bind(to bindings: inout PostgresBindings) { bindings.append(self) }
    var containsNUL: Bool { utf8.contains(0) }
}

extension Bool: SQLBindable {
    var sqliteValue: DatabaseValue { databaseValue }
    func bind(to bindings: inout PostgresBindings) { bindings.append(self) }
}

extension Data: SQLBindable {
    var sqliteValue: DatabaseValue { databaseValue }
    func bind(to bindings: inout PostgresBindings) { bindings.append(ByteBuffer(bytes: self)) }
}

extension Date: SQLBindable {
    /// GRDB's text form ("yyyy-MM-dd HH:mm:ss.SSS", UTC), as every stored date so far.
    var sqliteValue: DatabaseValue { databaseValue }
    /// A `timestamptz`.
    func bind(to bindings: inout PostgresBindings) { bindings.append(self) }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
    var sqliteValue: DatabaseValue { self?.sqliteValue ?? .null }
    func bind(to bindings: inout PostgresBindings) {
        if let self { self.bind(to: &bindings) } else { bindings.appendNull() }
    }
}
