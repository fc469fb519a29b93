import Foundation

/// A table's counter of ids: PostgreSQL's identity sequence, or SQLite's `AUTOINCREMENT`
/// row in `sqlite_sequence` (boards, whose ids are in shared URLs). SQLite's other tables
/// number new rows from their largest id and keep no counter.
enum IDCounter {
    /// Sets the target's counter of `table` past `largestKey` (the largest id copied), the
    /// source's own counter (ids it handed out and later deleted) and the target's (ids it
    /// handed out before a `--replace`), so that an id handed out after the copy names no row
    /// either database ever had.
    static func carry(table: CopiedTable, key: String, largestKey: Int64?, from reading: StoreTransaction,
                      to writing: StoreTransaction) throws {
        let sourceCounter = try value(table: table, key: key, in: reading)
        switch writing.dialect {
        case .postgres:
            guard let sequence = try writing.value(String.self, "SELECT pg_get_serial_sequence(?, ?)", [table.sqlName, key]) else { return }
            let current = try writing.value(Int64.self, "SELECT pg_sequence_last_value(CAST(? AS regclass))", [sequence])
            let floor = max(largestKey ?? 0, sourceCounter ?? 0, current ?? 0)
            guard floor > 0 else { return }
            try writing.execute("SELECT setval(CAST(? AS regclass), ?, true)", [sequence, floor])
        case .sqlite:
            guard try writing.exists("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ? AND sql LIKE '%AUTOINCREMENT%'",
                                     [table.name]) else { return }
            let current = try writing.value(Int64.self, "SELECT seq FROM sqlite_sequence WHERE name = ?", [table.name])
            let floor = max(largestKey ?? 0, sourceCounter ?? 0, current ?? 0)
            guard floor > 0 else { return }
            if current == nil {
                try writing.execute("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", [table.name, floor])
            } else {
                try writing.execute("UPDATE sqlite_sequence SET seq = ? WHERE name = ?", [floor, table.name])
            }
        }
    }

    /// The last id the counter of `table` handed out, if it keeps one.
    static func value(table: CopiedTable, key: String, in transaction: StoreTransaction) throws -> Int64? {
        switch transaction.dialect {
        case .postgres:
            return try transaction.value(Int64.self, "SELECT pg_sequence_last_value(CAST(pg_get_serial_sequence(?, ?) AS regclass))",
                                         [table.sqlName, key])
        case .sqlite:
            guard try transaction.exists("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'") else { return nil }
            return try transaction.value(Int64.self, "SELECT seq FROM sqlite_sequence WHERE name = ?", [table.name])
        }
    }
}
