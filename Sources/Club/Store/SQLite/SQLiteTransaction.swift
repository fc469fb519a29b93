import Foundation
import GRDB

/// A transaction on the SQLite store: a GRDB database connection inside `read` or `write`.
/// Statements go through GRDB's per-connection cache, so a loop of the same INSERT compiles once.
struct SQLiteTransaction: StoreTransaction {
    let database: Database

    var dialect: SQLDialect { .sqlite }

    @discardableResult
    func execute(_ sql: String, _ arguments: [any SQLBindable]) throws -> Int {
        let statement = try database.cachedStatement(sql: sql)
        try statement.execute(arguments: try Self.arguments(arguments))
        return database.changesCount
    }

    /// The INSERT as it is (cached as any statement), then the connection's last rowid: the
    /// key of a table whose `id` is its `INTEGER PRIMARY KEY`, whether given or chosen.
    func insert(_ sql: String, _ arguments: [any SQLBindable]) throws -> Int64 {
        guard try execute(sql, arguments) == 1 else {
            throw StoreError.column("id", problem: "was not given to a row: the INSERT inserted none")
        }
        return database.lastInsertedRowID
    }

    func insertAll(into table: String, columns: [String], rows: [[any SQLBindable]]) throws -> [Int64] {
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        let sql = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders))"
        return try rows.map { row in
            guard row.count == columns.count else {
                throw StoreError.column("id", problem: "insertAll into \(table): every row needs one value per column")
            }
            return try insert(sql, row)
        }
    }

    func fetchAll(_ sql: String, _ arguments: [any SQLBindable]) throws -> [SQLRow] {
        let statement = try database.cachedStatement(sql: sql)
        return try Row.fetchAll(statement, arguments: try Self.arguments(arguments)).map(SQLRow.init(sqlite:))
    }

    private static func arguments(_ values: [any SQLBindable]) throws -> StatementArguments {
        try checkStorable(values)
        return StatementArguments(values.map(\.sqliteValue))
    }
}
