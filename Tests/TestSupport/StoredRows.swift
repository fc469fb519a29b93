// The store's transactions are internal to Club; tests reach them through a testable import,
// which only a debug build (SwiftPM's `-enable-testing`) allows. Tests are only built in debug.
#if DEBUG
@testable import Club
import Foundation

/// Every row of every table of a club database, read through the store, so that the same check
/// runs on SQLite and on PostgreSQL: "a refused command changed nothing" compares two of
/// these; "no password is stored in clear" searches one.
///
/// ```swift
/// let before = try StoredRows(store)
/// // ... a command that must be refused ...
/// #expect(try StoredRows(store) == before)
/// ```
public struct StoredRows: Equatable, CustomStringConvertible {
    /// Each table's rows, sorted (the order a table returns its rows in is no part of its
    /// content), each row its cells in column order: the cell's bytes (text as UTF-8, blobs as
    /// they are, PostgreSQL's other types in their binary form, SQLite's numbers as decimal
    /// text), nil for NULL.
    public private(set) var tables: [String: [[Data?]]]

    public init(_ store: ClubStore) throws {
        tables = try store.read { db in
            let tableQuery = switch db.dialect {
            case .sqlite: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            case .postgres: "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
            }
            var tables: [String: [[Data?]]] = [:]
            for table in try db.values(String.self, tableQuery) {
                let rows = try db.fetchAll("SELECT * FROM \"\(table)\"", []).map { row in
                    try (0..<row.columnNames.count).map { try Self.cell(row, at: $0) }
                }
                tables[table] = rows.sorted { Self.key($0) < Self.key($1) }
            }
            return tables
        }
    }

    /// Whether some cell holds `bytes` anywhere in it.
    public func contains(_ bytes: Data) -> Bool {
        tables.values.contains { rows in
            rows.contains { row in row.contains { cell in cell?.range(of: bytes) != nil } }
        }
    }

    /// Whether some cell holds `text`'s UTF-8 bytes anywhere in it.
    public func contains(_ text: String) -> Bool { contains(Data(text.utf8)) }

    public var description: String {
        tables.keys.sorted().map { "\($0): \(tables[$0]?.count ?? 0) rows" }.joined(separator: ", ")
    }

    private static func cell(_ row: SQLRow, at index: Int) throws -> Data? {
        // PostgreSQL hands any cell over as bytes; SQLite only text, blobs and NULL.
        // (Not `try?`, which would flatten a NULL into a failure.)
        do { return try row(at: index, as: Data?.self) } catch {}
        if let integer = try? row(at: index, as: Int64.self) { return Data(String(integer).utf8) }
        return Data("\(try row(at: index, as: Double.self))".utf8)
    }

    private static func key(_ row: [Data?]) -> String {
        row.map { $0?.base64EncodedString() ?? "-" }.joined(separator: ",")
    }
}
#endif
