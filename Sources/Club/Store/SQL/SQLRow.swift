import Foundation
import GRDB
import PostgresNIO

/// One row that a statement of either store returned. Columns are found by name, ignoring
/// case (PostgreSQL folds unquoted names to lower case, SQLite keeps them as written), or by
/// position; the type is the one the caller asks for:
///
/// ```swift
/// let row = try transaction.fetchOne("SELECT id, username FROM \"user\" WHERE id = ?", [id])
/// let name: String = try row("username")
/// ```
struct SQLRow {
    fileprivate enum Cells {
        case sqlite(Row)
        case postgres(PostgresRandomAccessRow, columns: SQLColumns)
        case prepared([PostgresCell], columns: SQLColumns)
    }

    private let cells: Cells

    init(sqlite row: Row) { cells = .sqlite(row) }
    init(postgres row: PostgresRow, columns: SQLColumns) { cells = .postgres(row.makeRandomAccess(), columns: columns) }

    /// A row of a prepared statement (``PostgresTransaction/fetchAllPrepared(_:_:)``).
    /// postgres-nio's API for those asks for every column in binary but labels the cells with
    /// the statement's description, which says text; the cells are relabelled binary here.
    init(prepared row: PostgresRow, columns: SQLColumns) {
        cells = .prepared(row.map { cell in
            PostgresCell(bytes: cell.bytes, dataType: cell.dataType, format: .binary,
                         columnName: cell.columnName, columnIndex: cell.columnIndex)
        }, columns: columns)
    }

    /// The PostgreSQL cell at `index`; nil past the last (or for an SQLite row).
    private func postgresCell(at index: Int) -> PostgresCell? {
        switch cells {
        case .sqlite: return nil
        case .postgres(let row, _): return index >= 0 && index < row.count ? row[index] : nil
        case .prepared(let row, _): return row.indices.contains(index) ? row[index] : nil
        }
    }

    /// The column named `column` (any case) as `T`.
    ///
    /// - Throws: ``StoreError/column(_:problem:)`` for a missing column or a value of another type.
    func callAsFunction<T: SQLDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        switch cells {
        case .sqlite(let row):
            guard row.hasColumn(column) else { throw StoreError.column(column, problem: "is missing") }
            let value: DatabaseValue = row[column]
            return try Self.decode(sqlite: value, column: column)
        case .postgres(_, let columns), .prepared(_, let columns):
            guard let index = columns.index(column), let cell = postgresCell(at: index) else {
                throw StoreError.column(column, problem: "is missing")
            }
            return try Self.decode(postgres: cell, column: column)
        }
    }

    /// The column at `index` (from 0) as `T`.
    func callAsFunction<T: SQLDecodable>(at index: Int, as type: T.Type = T.self) throws -> T {
        switch cells {
        case .sqlite(let row):
            guard index >= 0, index < row.count else { throw StoreError.column("#\(index)", problem: "is missing") }
            let value: DatabaseValue = row[index]
            return try Self.decode(sqlite: value, column: "#\(index)")
        case .postgres, .prepared:
            guard let cell = postgresCell(at: index) else { throw StoreError.column("#\(index)", problem: "is missing") }
            return try Self.decode(postgres: cell, column: "#\(index)")
        }
    }

    /// The columns' names, in order, as the store spells them.
    var columnNames: [String] {
        switch cells {
        case .sqlite(let row): return Array(row.columnNames)
        case .postgres(let row, _): return row.map(\.columnName)
        case .prepared(let row, _): return row.map(\.columnName)
        }
    }

    private static func decode<T: SQLDecodable>(sqlite value: DatabaseValue, column: String) throws -> T {
        guard let decoded = T.decode(sqlite: value) else {
            throw StoreError.column(column, problem: "holds \(value) where \(T.self) was expected")
        }
        return decoded
    }

    private static func decode<T: SQLDecodable>(postgres cell: PostgresCell, column: String) throws -> T {
        do {
            return try T.decode(postgres: cell)
        } catch {
            throw StoreError.column(column, problem: "holds a \(cell.dataType) where \(T.self) was expected")
        }
    }
}

extension SQLRow {
    /// The column at `index` (from 0) as the store holds it: SQLite's storage class, or the
    /// PostgreSQL type's nearest ``SQLValue`` (every type other than integers, floats,
    /// booleans and `bytea` is read as its text, as `citext` is).
    ///
    /// - Throws: ``StoreError/column(_:problem:)`` for a missing column or a PostgreSQL value
    ///   that its type's decoder refuses.
    func value(at index: Int) throws -> SQLValue {
        switch cells {
        case .sqlite(let row):
            guard index >= 0, index < row.count else { throw StoreError.column("#\(index)", problem: "is missing") }
            let value: DatabaseValue = row[index]
            switch value.storage {
            case .null: return .null
            case .int64(let integer): return .integer(integer)
            case .double(let real): return .real(real)
            case .string(let text): return .text(text)
            case .blob(let data): return .blob(data)
            }
        case .postgres, .prepared:
            guard let cell = postgresCell(at: index) else { throw StoreError.column("#\(index)", problem: "is missing") }
            guard cell.bytes != nil else { return .null }
            do {
                switch cell.dataType {
                case .int2, .int4, .int8: return .integer(try cell.decode(Int64.self))
                case .float4, .float8: return .real(try cell.decode(Double.self))
                case .bool: return .boolean(try cell.decode(Bool.self))
                case .bytea: return .blob(try Data.decode(postgres: cell))
                default: return .text(try cell.decode(String.self))
                }
            } catch {
                throw StoreError.column(cell.columnName, problem: "holds a \(cell.dataType) that cannot be read")
            }
        }
    }
}

/// A PostgreSQL result's column positions by lower-cased name, made once per result.
struct SQLColumns: Sendable {
    private let positions: [String: Int]

    init(names: [String]) {
        var positions: [String: Int] = [:]
        for (index, name) in names.enumerated() where positions[name.lowercased()] == nil {
            positions[name.lowercased()] = index
        }
        self.positions = positions
    }

    func index(_ name: String) -> Int? { positions[name.lowercased()] }
}
