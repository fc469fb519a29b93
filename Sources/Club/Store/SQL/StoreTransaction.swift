import Foundation

/// One transaction on the club database, on either store: what the aggregates' stores run
/// their SQL through. Statements use `?` for arguments and the schema's unquoted names (and
/// `"user"` for the user table, a reserved word in PostgreSQL); what the two dialects spell
/// differently comes from ``dialect``.
///
/// A transaction is open only inside ``ClubStore/read(_:)`` or ``ClubStore/write(_:)``; on
/// any error nothing it did is kept.
protocol StoreTransaction {
    /// The store's SQL dialect.
    var dialect: SQLDialect { get }

    /// Runs one statement and returns how many rows it changed.
    @discardableResult
    func execute(_ sql: String, _ arguments: [any SQLBindable]) throws -> Int

    /// Runs one query and returns every row.
    func fetchAll(_ sql: String, _ arguments: [any SQLBindable]) throws -> [SQLRow]

    /// Runs one hot query, prepared once per connection where the store plans each statement
    /// it is sent (PostgreSQL, where planning can cost more than running a small statement),
    /// and returns every row. Arguments whose type no column decides need a `CAST`.
    func fetchAllPrepared(_ sql: String, _ arguments: [any SQLBindable]) throws -> [SQLRow]

    /// Runs an INSERT of one row into a table whose key is `id` and returns the new row's id.
    /// PostgreSQL reads it through `RETURNING id` (the default below); SQLite from the
    /// connection's last rowid, which spares a bulk insert (``Messaging/sendAll(_:_:)``) a
    /// result row per message.
    ///
    /// - Throws: ``StoreError/column(_:problem:)`` when no row was inserted.
    func insert(_ sql: String, _ arguments: [any SQLBindable]) throws -> Int64

    /// Inserts `rows` (each one value per column) into `table`, whose key is `id`, and returns
    /// their ids in the order given. PostgreSQL sends them as multi-row `INSERT ... VALUES (...),
    /// (...) RETURNING id` statements of up to ``insertAllChunk`` rows (the default below), one
    /// round trip for many rows; SQLite, which has no round trips to save, runs its cached
    /// one-row statement for each.
    func insertAll(into table: String, columns: [String], rows: [[any SQLBindable]]) throws -> [Int64]
}

/// The most rows one multi-row INSERT of ``StoreTransaction/insertAll(into:columns:rows:)``
/// carries (fewer when the columns would pass PostgreSQL's 65,535 arguments a statement).
let insertAllChunk = 1_000

extension StoreTransaction {
    @discardableResult
    func execute(_ sql: String) throws -> Int { try execute(sql, []) }

    /// ``fetchAll(_:_:)``, for a store that keeps its statements prepared anyway (SQLite,
    /// through GRDB's statement cache).
    func fetchAllPrepared(_ sql: String, _ arguments: [any SQLBindable]) throws -> [SQLRow] {
        try fetchAll(sql, arguments)
    }

    /// The first row, if any.
    func fetchOne(_ sql: String, _ arguments: [any SQLBindable] = []) throws -> SQLRow? {
        try fetchAll(sql, arguments).first
    }

    /// The first column of the first row: nil when no row came back or the column is NULL
    /// (as GRDB's `fetchOne` reads it), so `SELECT photo FROM player WHERE id = ?` is nil both
    /// for no player and for a player without a photo.
    func value<T: SQLDecodable>(_ type: T.Type, _ sql: String, _ arguments: [any SQLBindable] = []) throws -> T? {
        try fetchOne(sql, arguments).flatMap { try $0(at: 0) as T? }
    }

    /// The first column of every row.
    func values<T: SQLDecodable>(_ type: T.Type, _ sql: String, _ arguments: [any SQLBindable] = []) throws -> [T] {
        try fetchAll(sql, arguments).map { try $0(at: 0) }
    }

    /// Whether the query returns any row.
    func exists(_ sql: String, _ arguments: [any SQLBindable] = []) throws -> Bool {
        try fetchOne(sql, arguments) != nil
    }

    /// ``StoreTransaction/insertAll(into:columns:rows:)`` as multi-row INSERTs with
    /// `RETURNING id`. The rows of one statement are inserted in VALUES order and so take
    /// ascending ids from the table's identity sequence; the ids come back sorted, which pairs
    /// them with the rows whatever order RETURNING lists them in.
    func insertAll(into table: String, columns: [String], rows: [[any SQLBindable]]) throws -> [Int64] {
        guard !rows.isEmpty else { return [] }
        guard !columns.isEmpty, rows.allSatisfy({ $0.count == columns.count }) else {
            throw StoreError.column("id", problem: "insertAll into \(table): every row needs one value per column")
        }
        let chunk = max(1, min(insertAllChunk, 65_535 / columns.count))
        let tuple = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        let head = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
        var ids: [Int64] = []
        ids.reserveCapacity(rows.count)
        for start in stride(from: 0, to: rows.count, by: chunk) {
            let part = rows[start..<min(start + chunk, rows.count)]
            let sql = head + Array(repeating: tuple, count: part.count).joined(separator: ", ") + " RETURNING id"
            let returned = try values(Int64.self, sql, part.flatMap { $0 })
            guard returned.count == part.count else {
                throw StoreError.column("id", problem: "came back for \(returned.count) of \(part.count) rows inserted into \(table)")
            }
            ids += returned.sorted()
        }
        return ids
    }

    /// ``StoreTransaction/insert(_:_:)`` through `RETURNING id`.
    func insert(_ sql: String, _ arguments: [any SQLBindable]) throws -> Int64 {
        guard let id = try value(Int64.self, sql + " RETURNING id", arguments) else {
            throw StoreError.column("id", problem: "was not returned by an INSERT")
        }
        return id
    }
}
