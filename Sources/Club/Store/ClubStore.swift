import Foundation
import GRDB

/// The club database: an SQLite file (the embedded default, through GRDB) or a PostgreSQL
/// server shared by several Touchline servers (through postgres-nio), migrated to the current
/// schema on open. The services run their SQL through ``read(_:)`` and ``write(_:)``, the same
/// on both.
///
/// ```swift
/// let store = try ClubStore(ClubStore.defaultReference())               // SQLite
/// let shared = try ClubStore("postgresql://touchline@db.example.org/club") // PostgreSQL
/// let accounts = Accounts(store: store)
/// ```
public final class ClubStore: Sendable {
    /// How long a write waits for another process's transaction before giving up.
    public static let busyTimeout: TimeInterval = 10

    enum Backend: Sendable {
        case sqlite(DatabasePool)
        case postgres(PostgresStore)
    }

    let backend: Backend
    /// The database as messages name it: the SQLite file's path, or the PostgreSQL URL
    /// (without a password).
    public let path: String

    /// Opens (creating it and its folder when missing) and migrates the SQLite database at `path`.
    public convenience init(path: String) throws {
        try self.init(path, options: StoreOptions())
    }

    /// Opens the database that `reference` names: a `postgres://` or `postgresql://` URL
    /// (``PostgresLocation``), else the path of an SQLite file, created with its folder when
    /// missing. A new SQLite file is readable by its owner only (0600, with its WAL files, in
    /// a new folder made 0700): it holds password hashes, emails and messages.
    ///
    /// - Throws: ``ClubError`` for a bad URL, a database that cannot be opened or reached, or
    ///   (with ``StoreOptions/Migration/refuseOutdated``) one whose schema is not current.
    public init(_ reference: String, options: StoreOptions = StoreOptions(),
                environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if PostgresLocation.isURL(reference) {
            let location = try PostgresLocation(url: reference, environment: environment)
            path = location.description
            let store = try PostgresStore(location: location, poolSize: options.poolSize, environment: environment)
            backend = .postgres(store)
            try Self.prepare(store, migration: options.migration, location: location.description)
        } else {
            path = reference
            let pool = try Self.openSQLite(path: reference, readers: options.poolSize)
            backend = .sqlite(pool)
            try Self.prepare(pool, migration: options.migration, path: reference)
        }
    }

    /// `--db` when given, else `$TOUCHLINE_DB`, else `$XDG_DATA_HOME/touchline/touchline.sqlite`
    /// (`~/.local/share/touchline/touchline.sqlite` when XDG_DATA_HOME is unset).
    public static func defaultPath(explicit: String? = nil,
                                   environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let path = environment["TOUCHLINE_DB"], !path.isEmpty { return path }
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return data + "/touchline/touchline.sqlite"
    }

    /// Closes the database's connections; the store cannot be used afterwards. Dropping the
    /// last reference does so too, without waiting for the server to see them go.
    public func close() {
        switch backend {
        case .sqlite(let pool):
            try? pool.close()
            // GRDB closes the writer before the readers, and a read-only reader closing last
            // cannot fold the write-ahead log back in (GRDB issue #739), so after a server's
            // concurrent reads the log stayed. One more writable connection, opened and closed
            // alone, folds it in, and SQLite removes it.
            if let last = try? DatabaseQueue(path: path) { try? last.close() }
        case .postgres(let store): store.pool.close()
        }
    }

    /// Whether the database is a PostgreSQL server's.
    public var isPostgres: Bool {
        if case .postgres = backend { return true }
        return false
    }

    /// Checks that the database can be read (for a server's readiness probe).
    ///
    /// - Throws: ``ClubError`` when it cannot.
    public func checkReachable() throws {
        _ = try read { transaction in try transaction.value(Int64.self, "SELECT 1") }
    }

    /// Runs `body` in one write transaction: on any error nothing it did is kept. On
    /// PostgreSQL a conflict with another server's transaction runs `body` again, so it must
    /// do nothing but database work.
    @discardableResult
    func write<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        switch backend {
        case .sqlite(let pool):
            return try translatingSQLite { try pool.write { database in try body(SQLiteTransaction(database: database)) } }
        case .postgres(let store):
            return try translatingColumns { try store.write(body) }
        }
    }

    /// Brings the query planner's statistics up to date after a bulk load (``StoreCopy``, a
    /// benchmark's club). On PostgreSQL it is `ANALYZE`: until autovacuum gets to a table
    /// loaded in bulk, minutes later, the planner guesses its size and spread, and the feed's
    /// joins were planned badly (23 ms a page at 5,000 users instead of 3 ms). SQLite plans
    /// these queries by their indexes without statistics, so nothing is run there.
    ///
    /// - Throws: ``ClubError`` when the database cannot be reached.
    public func refreshStatistics() throws {
        guard isPostgres else { return }
        try write { db in try db.execute("ANALYZE") }
    }

    /// Runs `body`, which runs a single idempotent statement, as that statement's own
    /// transaction: on PostgreSQL with no BEGIN or COMMIT, so one round trip to the server, at
    /// READ COMMITTED (run again on a deadlock or a stale pooled connection, hence idempotent).
    /// On SQLite it is one write transaction, as ``write(_:)``. For the hottest small writes (a
    /// like), whose one statement does its own checks.
    @discardableResult
    func writeOneStatement<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        switch backend {
        case .sqlite:
            return try write(body)
        case .postgres(let store):
            return try translatingColumns { try store.writeOneStatement(body) }
        }
    }

    /// Runs `body` on a consistent snapshot.
    func read<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        switch backend {
        case .sqlite(let pool):
            return try translatingSQLite { try pool.read { database in try body(SQLiteTransaction(database: database)) } }
        case .postgres(let store):
            return try translatingColumns { try store.read(body) }
        }
    }

    /// `error`, raised by a statement of this store outside ``read(_:)`` and ``write(_:)``'s
    /// own translation (inside another store's transaction), as they would have reported it.
    func translated(_ error: any Error) -> any Error {
        switch (backend, error) {
        case (.sqlite, let error as DatabaseError): return Self.translate(error, path: path)
        case (.postgres(let store), _) where !(error is StoreError): return PostgresErrors.translate(error, location: store.location)
        case (_, let error as StoreError): return ClubError.invalid(field: path, message: error.localizedDescription)
        default: return error
        }
    }

    private func translatingSQLite<T>(_ body: () throws -> T) throws -> T {
        do {
            return try translatingColumns(body)
        } catch let error as DatabaseError {
            throw Self.translate(error, path: path)
        }
    }

    private func translatingColumns<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as StoreError {
            throw ClubError.invalid(field: path, message: error.localizedDescription)
        }
    }

    /// SQLite's errors as the services' own, naming the database file. Services check their
    /// rules before writing, so a constraint failing here is a rule they missed: it is still
    /// reported as bad data, with SQLite's words.
    static func translate(_ error: DatabaseError, path: String) -> ClubError {
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .busy
        case .SQLITE_READONLY: return .storage(path: path, problem: .readOnly)
        case .SQLITE_FULL: return .storage(path: path, problem: .diskFull)
        case .SQLITE_IOERR: return .storage(path: path, problem: .ioError)
        case .SQLITE_NOTADB: return .storage(path: path, problem: .notADatabase)
        case .SQLITE_CORRUPT: return .storage(path: path, problem: .corrupt)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH: return .storage(path: path, problem: .cannotOpen)
        case .SQLITE_CONSTRAINT:
            return .invalid(field: path, message: "the change breaks a rule of the schema (\(error.message ?? "constraint"))")
        default:
            return .invalid(field: path, message: error.message ?? "SQLite error \(error.resultCode.rawValue)")
        }
    }
}
