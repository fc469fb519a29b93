import Foundation
import GRDB
import PostgresNIO

/// A Swift value that a column of either store decodes to, with each store's own library
/// (GRDB's conversions for SQLite, postgres-nio's decoders for PostgreSQL).
protocol SQLDecodable {
    /// The value of an SQLite column, or nil when it holds something else.
    static func decode(sqlite value: DatabaseValue) -> Self?
    /// The value of a PostgreSQL column.
    static func decode(postgres cell: PostgresCell) throws -> Self
}

/// The SQLite side for every GRDB-convertible value; PostgreSQL's is postgres-nio's decoder.
protocol SQLNonOptionalDecodable: SQLDecodable, DatabaseValueConvertible, PostgresDecodable {}

extension SQLNonOptionalDecodable {
    static func decode(sqlite value: DatabaseValue) -> Self? { fromDatabaseValue(value) }
    static func decode(postgres cell: PostgresCell) throws -> Self { try cell.decode(Self.self) }
}

extension Int64: SQLNonOptionalDecodable {}
extension Int: SQLNonOptionalDecodable {}
extension Double: SQLNonOptionalDecodable {}
extension String: SQLNonOptionalDecodable {}
extension Bool: SQLNonOptionalDecodable {}
extension Date: SQLNonOptionalDecodable {}

extension Data: SQLDecodable {
    static func decode(sqlite value: DatabaseValue) -> Data? { fromDatabaseValue(value) }
    static func decode(postgres cell: PostgresCell) throws -> Data {
        let buffer = try cell.decode(ByteBuffer.self)
        return Data(buffer.readableBytesView)
    }
}

extension Optional: SQLDecodable where Wrapped: SQLDecodable {
    static func decode(sqlite value: DatabaseValue) -> Wrapped?? {
        value.isNull ? .some(nil) : Wrapped.decode(sqlite: value).map { .some($0) }
    }
    static func decode(postgres cell: PostgresCell) throws -> Wrapped? {
        cell.bytes == nil ? nil : try Wrapped.decode(postgres: cell)
    }
}
