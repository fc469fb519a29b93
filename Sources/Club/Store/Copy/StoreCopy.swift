import Foundation
import GRDB
import PostgresNIO

/// Copies a whole club database into another, on either store: SQLite to PostgreSQL to move a
/// club onto a shared server, PostgreSQL to SQLite to take it back, or between two databases
/// of one store (`touchline db copy`).
///
/// ```swift
/// let report = try StoreCopy.copy(from: "club.sqlite", to: "postgresql://touchline@db.example.org/club")
/// for table in report.tables { print(table.table, table.rows, table.sha256.prefix(16)) }
/// ```
///
/// - The source is read on one snapshot and never changed; an SQLite source must exist, and
///   both databases must have this touchline's schema (the target is migrated when it is
///   opened; an older source is refused, to be migrated first with `touchline db migrate`).
/// - The target is written in one transaction: every row of every table, or nothing. It must
///   hold no rows unless `replace`, which deletes them in that same transaction first. A new
///   SQLite target file that the copy made is removed again when the copy fails.
/// - Tables go in ``tableOrder`` (each after the tables its foreign keys refer to), rows in
///   primary-key order with their ids; the one-row tables every migrated database holds
///   (`matchHighWater`, `matchEventHighWater`, `calendarDomain`) take the source's row, so
///   that ids never reused and calendar UIDs stay as they were.
/// - Ids handed out later continue above every id the source ever gave: PostgreSQL's identity
///   sequences and SQLite's `AUTOINCREMENT` counters are set past the largest id copied and
///   past the source's own counter.
/// - Values are carried by column type (``ColumnKind``): booleans as PostgreSQL's `BOOLEAN`
///   or SQLite's 0 and 1; timestamps as PostgreSQL's `TIMESTAMPTZ` or GRDB's UTC text, which
///   keeps milliseconds (a copy to SQLite drops the microseconds past them, as any date the
///   SQLite store writes does).
/// - Before committing, each table's row count and SHA-256 (``TableDigest``), taken over the
///   rows read from the source as the target will hold them, are compared with those read
///   back from the target; any difference rolls everything back and names the table.
public enum StoreCopy {
    /// The tables a copy carries, in the order it writes them.
    public static var tableOrder: [String] { CopiedTable.all.map(\.name) }

    /// Opens both databases and copies `source` into `target` (an SQLite path or a PostgreSQL
    /// URL each, as ``ClubStore/init(_:options:environment:)`` takes them).
    ///
    /// - Throws: ``StoreCopyError`` (a missing source, the same database twice, a target that
    ///   is not empty, a value or row that cannot be copied, a failed verification), or
    ///   ``ClubError`` for a database that cannot be opened, reached or written, or whose
    ///   schema is not this touchline's.
    public static func copy(from source: String, to target: String, replace: Bool = false,
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws -> StoreCopyReport {
        if !PostgresLocation.isURL(source) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source, isDirectory: &isFolder), !isFolder.boolValue else {
                throw StoreCopyError.sourceMissing(path: source)
            }
        }
        let sourceStore = try ClubStore(source, options: StoreOptions(poolSize: 1, migration: .refuseOutdated),
                                        environment: environment)
        defer { sourceStore.close() }
        // A new SQLite file is the copy's own: removed again if the copy fails, so that a
        // failed copy leaves nothing behind.
        let newFile = PostgresLocation.isURL(target) ? nil : (FileManager.default.fileExists(atPath: target) ? nil : target)
        var targetStore: ClubStore?
        do {
            let opened = try ClubStore(target, options: StoreOptions(poolSize: 1, migration: .apply), environment: environment)
            targetStore = opened
            let report = try copy(from: sourceStore, to: opened, replace: replace)
            opened.close()
            return report
        } catch {
            targetStore?.close()
            if let newFile {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: newFile + suffix) }
            }
            throw error
        }
    }

    /// Copies the open database `source` into the open database `target`, as
    /// ``copy(from:to:replace:environment:)`` does once it has opened them.
    ///
    /// - Throws: as ``copy(from:to:replace:environment:)``; ``ClubError/storage(path:problem:)``
    ///   when either schema is not exactly this touchline's.
    public static func copy(from source: ClubStore, to target: ClubStore, replace: Bool = false) throws -> StoreCopyReport {
        for store in [source, target] {
            let applied = try store.appliedMigrations()
            if applied.contains(where: { !ClubStore.migrationIdentifiers.contains($0) }) {
                throw ClubError.storage(path: store.path, problem: .newerSchema)
            }
            if applied != ClubStore.migrationIdentifiers {
                throw ClubError.storage(path: store.path, problem: .outdatedSchema)
            }
        }
        if try identity(of: source) == identity(of: target) {
            throw StoreCopyError.sameDatabase(source: source.path, target: target.path)
        }
        let report: StoreCopyReport
        do {
            report = try source.read { base in
                let reading = SourceTransaction(base: base)
                let sourceShapes = try Self.shapes(in: reading, database: source.path)
                return try target.write { writing in
                    try Self.copy(sourceShapes, from: reading, to: writing, source: source.path, target: target.path, replace: replace)
                }
            }
        } catch let failure as SourceTransaction.Failure {
            throw source.translated(failure.error)
        }
        // The copy is committed; statistics only make its first queries fast, so failing to
        // gather them does not undo it (autovacuum gathers them later).
        try? target.refreshStatistics()
        return report
    }

    /// What names one database whichever way it was reached: an SQLite file's device and
    /// inode (a link or another spelling of the path is the same file); a PostgreSQL
    /// database's name and oid on a server started at that microsecond.
    static func identity(of store: ClubStore) throws -> String {
        if store.isPostgres {
            return try store.read { db in
                try db.value(String.self, """
                    SELECT 'postgres ' || oid::text || ' ' || datname::text || ' '
                        || to_char(pg_postmaster_start_time() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')
                    FROM pg_database WHERE datname = current_database()
                    """) ?? "postgres ?"
            }
        }
        var info = stat()
        guard stat(store.path, &info) == 0 else { return "sqlite " + store.path }
        return "sqlite \(info.st_dev) \(info.st_ino)"
    }

    /// The shape of every table the copy knows, from `transaction`'s database.
    ///
    /// - Throws: ``StoreCopyError/unknownTable(database:table:)`` when the database has a
    ///   table the copy does not know or lacks one it knows.
    static func shapes(in transaction: StoreTransaction, database: String) throws -> [String: TableShape] {
        let known = Set(CopiedTable.all.map { $0.name.lowercased() })
        if let stranger = try TableShape.tables(in: transaction).subtracting(known).sorted().first {
            throw StoreCopyError.unknownTable(database: database, table: stranger)
        }
        var shapes: [String: TableShape] = [:]
        for table in CopiedTable.all {
            shapes[table.name] = try TableShape.read(table, in: transaction, database: database)
        }
        return shapes
    }

    /// The copy itself, inside the source's read and the target's write transaction.
    private static func copy(_ sourceShapes: [String: TableShape], from reading: StoreTransaction, to writing: StoreTransaction,
                             source: String, target: String, replace: Bool) throws -> StoreCopyReport {
        let targetShapes = try shapes(in: writing, database: target)
        for table in CopiedTable.all {
            guard let mine = sourceShapes[table.name], let theirs = targetShapes[table.name] else {
                throw StoreCopyError.unknownTable(database: target, table: table.name)
            }
            if let difference = mine.difference(from: theirs) {
                throw StoreCopyError.schemaMismatch(table: table.name, message: difference)
            }
        }
        var replaced = false
        if let found = try firstTableWithRows(writing) {
            let (table, rows) = found
            guard replace else { throw StoreCopyError.targetNotEmpty(target: target, table: table.name, rows: rows) }
            try empty(writing)
            replaced = true
            if let left = try firstTableWithRows(writing) {
                throw StoreCopyError.rowRefused(table: left.0.name, message: "its rows could not all be deleted")
            }
        }

        var copied: [StoreCopyReport.Table] = []
        for table in CopiedTable.all {
            guard let shape = sourceShapes[table.name] else { continue }
            let digest = try copyRows(of: table, shape: shape, from: reading, to: writing)
            copied.append(StoreCopyReport.Table(table: table.name, rows: digest.rows, sha256: digest.hex))
        }

        // Read back, inside the transaction, before it commits.
        for (table, expected) in zip(CopiedTable.all, copied) {
            guard let shape = sourceShapes[table.name] else { continue }
            var digest = TableDigest(shape: shape)
            try TableReader(table: table, shape: shape, dialect: writing.dialect, target: writing.dialect)
                .forEachPage(in: writing) { page in page.forEach { digest.add($0) } }
            let actual = digest.hex
            if digest.rows != expected.rows || actual != expected.sha256 {
                throw StoreCopyError.verificationFailed(table: table.name, sourceRows: expected.rows, targetRows: digest.rows,
                                                        sourceChecksum: expected.sha256, targetChecksum: actual)
            }
        }
        return StoreCopyReport(source: source, target: target, replaced: replaced, tables: copied)
    }

    /// The first table, in copy order, that holds rows, and how many; the one-row tables
    /// every migrated database has do not count.
    private static func firstTableWithRows(_ transaction: StoreTransaction) throws -> (CopiedTable, Int)? {
        for table in CopiedTable.all where !table.isSingleton {
            if try transaction.exists("SELECT 1 FROM \(table.sqlName) LIMIT 1") {
                return (table, try transaction.value(Int.self, "SELECT count(*) FROM \(table.sqlName)") ?? 0)
            }
        }
        return nil
    }

    /// Deletes every row (`--replace`). PostgreSQL truncates every table in one statement,
    /// which fires no row trigger; SQLite deletes table by table in reverse copy order, and
    /// the tombstones deleting matches writes go with `matchTombstone`, which comes after.
    private static func empty(_ transaction: StoreTransaction) throws {
        switch transaction.dialect {
        case .postgres:
            try transaction.execute("TRUNCATE TABLE " + CopiedTable.all.map(\.sqlName).joined(separator: ", "))
        case .sqlite:
            for table in CopiedTable.all.reversed() {
                try transaction.execute("DELETE FROM \(table.sqlName)")
            }
        }
    }

    /// Copies one table's rows and sets its id counter; returns the figures of the rows as
    /// the target will hold them.
    private static func copyRows(of table: CopiedTable, shape: TableShape, from reading: StoreTransaction,
                                 to writing: StoreTransaction) throws -> TableDigest {
        var digest = TableDigest(shape: shape)
        var writer = RowWriter(table: table, shape: shape, dialect: writing.dialect)
        let keyIndex = shape.integerKey.flatMap { shape.columns.firstIndex(of: $0) }
        let referenceIndex = table.selfReference.flatMap { name in shape.columns.firstIndex { $0.name == name.lowercased() } }
        // Rows referring to a row of the same table not yet written: (key, reference).
        var laterReferences: [(Int64, Int64)] = []
        var largestKey: Int64?
        try refusing(table) {
            if table.isSingleton { try writing.execute("DELETE FROM \(table.sqlName)") }
            try TableReader(table: table, shape: shape, dialect: reading.dialect, target: writing.dialect)
                .forEachPage(in: reading) { page in
                    for var row in page {
                        digest.add(row)
                        if let keyIndex, let key = row[keyIndex].integer {
                            largestKey = max(largestKey ?? key, key)
                            if let referenceIndex, let reference = row[referenceIndex].integer, reference >= key {
                                row[referenceIndex] = .null
                                laterReferences.append((key, reference))
                            }
                        }
                        try writer.add(row, to: writing)
                    }
                }
            try writer.flush(to: writing)
            if let keyIndex, let referenceIndex {
                let key = shape.columns[keyIndex].name, reference = shape.columns[referenceIndex].name
                for (row, value) in laterReferences {
                    try writing.execute("UPDATE \(table.sqlName) SET \(reference) = ? WHERE \(key) = ?", [value, row])
                }
            }
            if let key = shape.integerKey {
                try IDCounter.carry(table: table, key: key.name, largestKey: largestKey, from: reading, to: writing)
            }
        }
        return digest
    }

    /// Runs `body`, reporting a row the target refuses (a constraint, a value its type does
    /// not take) as ``StoreCopyError/rowRefused(table:message:)``. Other failures (a lost
    /// connection, a conflict PostgreSQL asks to retry) go on as they are.
    private static func refusing(_ table: CopiedTable, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as DatabaseError
                    where [ResultCode.SQLITE_CONSTRAINT, .SQLITE_MISMATCH, .SQLITE_TOOBIG].contains(error.resultCode) {
            throw StoreCopyError.rowRefused(table: table.name, message: error.message ?? "\(error.resultCode)")
        } catch let error as PSQLError where isRefusal(PostgresErrors.sqlState(error)) {
            let message = [error.serverInfo?[.message], error.serverInfo?[.detail]].compactMap { $0 }.joined(separator: ": ")
            throw StoreCopyError.rowRefused(table: table.name, message: message)
        }
    }

    /// SQLSTATE classes 22 (a value the column's type refuses) and 23 (a constraint).
    private static func isRefusal(_ state: String?) -> Bool {
        guard let state else { return false }
        return state.hasPrefix("22") || state.hasPrefix("23")
    }
}

/// Writes a table's rows as multi-row INSERTs, a bounded batch at a time.
private struct RowWriter {
    let table: CopiedTable
    let shape: TableShape
    let dialect: SQLDialect
    private var pending: [[SQLValue]] = []
    private var pendingBytes = 0

    /// Rows per statement: within both stores' limits on arguments (SQLite's 32,766).
    private var rowsPerStatement: Int { max(1, min(100, 30_000 / max(1, shape.columns.count))) }
    /// Bytes per statement, so that blobs (boards, routes) do not gather into one huge message.
    private static let bytesPerStatement = 8 << 20

    init(table: CopiedTable, shape: TableShape, dialect: SQLDialect) {
        self.table = table
        self.shape = shape
        self.dialect = dialect
    }

    mutating func add(_ row: [SQLValue], to transaction: StoreTransaction) throws {
        pending.append(row)
        pendingBytes += row.reduce(0) { $0 + $1.size }
        if pending.count >= rowsPerStatement || pendingBytes >= Self.bytesPerStatement {
            try flush(to: transaction)
        }
    }

    mutating func flush(to transaction: StoreTransaction) throws {
        guard !pending.isEmpty else { return }
        let columns = shape.columns.map(\.name).joined(separator: ", ")
        let tuple = "(" + shape.columns.map { SQLValue.placeholder(kind: $0.kind, dialect: dialect) }.joined(separator: ", ") + ")"
        let sql = "INSERT INTO \(table.sqlName) (\(columns)) VALUES " + Array(repeating: tuple, count: pending.count).joined(separator: ", ")
        let arguments: [any SQLBindable] = pending.flatMap { $0.map { $0 as any SQLBindable } }
        try transaction.execute(sql, arguments)
        pending.removeAll(keepingCapacity: true)
        pendingBytes = 0
    }
}

/// The source's transaction, whose failures are told apart from the target's: it runs inside
/// the target's write, which would otherwise report a source that went away as a target that
/// cannot be reached (and retry or close the wrong connection).
struct SourceTransaction: StoreTransaction {
    /// A failure of the source, translated once it is out of the target's transaction.
    struct Failure: Error {
        let error: any Error
    }

    let base: StoreTransaction

    var dialect: SQLDialect { base.dialect }

    func execute(_ sql: String, _ arguments: [any SQLBindable]) throws -> Int {
        try wrapped { try base.execute(sql, arguments) }
    }

    func fetchAll(_ sql: String, _ arguments: [any SQLBindable]) throws -> [SQLRow] {
        try wrapped { try base.fetchAll(sql, arguments) }
    }

    func insert(_ sql: String, _ arguments: [any SQLBindable]) throws -> Int64 {
        try wrapped { try base.insert(sql, arguments) }
    }

    private func wrapped<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as StoreCopyError {
            throw error
        } catch {
            throw Failure(error: error)
        }
    }
}
