import Foundation
import Logging
import PostgresNIO

/// The club database on a PostgreSQL server: transactions over a connection pool, and the
/// schema's migrations (``PostgresSchema``), which mirror SQLite's.
///
/// Every write is one SERIALIZABLE transaction, run again (up to ``maximumAttempts`` times,
/// after a short random pause) when PostgreSQL reports a serialization failure or a deadlock:
/// several servers may change the same rows at once and each change still sees and leaves a
/// consistent database, as SQLite's single writer guarantees. Reads are REPEATABLE READ, READ
/// ONLY: one snapshot for every statement of the read.
final class PostgresStore: Sendable {
    /// How many times a write runs before a conflict is reported as busy.
    static let maximumAttempts = 8

    let location: PostgresLocation
    let pool: PostgresConnectionPool

    init(location: PostgresLocation, poolSize: Int, environment: [String: String]) throws {
        self.location = location
        var logger = Logger(label: "touchline.postgres")
        logger.logLevel = .critical
        pool = try PostgresConnectionPool(location: location, size: poolSize,
                                          password: location.password(environment: environment), logger: logger)
    }

    /// Runs `body` in one write transaction.
    func write<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        try transaction(begin: "BEGIN ISOLATION LEVEL SERIALIZABLE", body)
    }

    /// Runs `body` on one consistent snapshot.
    func read<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        try transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
    }

    /// Runs `body`, one idempotent statement, in autocommit: the statement is its own
    /// transaction, at the server's READ COMMITTED. A transaction of its own would cost two
    /// more round trips (BEGIN, COMMIT) than the statement itself.
    func writeOneStatement<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        try attempting {
            try pool.withConnection { pooled in
                do {
                    return try body(PostgresTransaction(pooled: pooled, logger: pool.logger, oneStatement: OneStatement()))
                } catch where PostgresErrors.isConnectionFailure(error) {
                    pooled.connection.closeSoon()
                    throw BeginFailure.connection
                }
            }
        }
    }

    private func transaction<T>(begin: String, _ body: (StoreTransaction) throws -> T) throws -> T {
        try attempting {
            try pool.withConnection { connection in
                try Self.run(connection, begin: begin, logger: pool.logger, body)
            }
        }
    }

    /// Runs `work` again after a serialization failure or a deadlock (up to
    /// ``maximumAttempts`` times) and once more when the pooled connection had gone before
    /// anything was done; translates the rest.
    private func attempting<T>(_ work: () throws -> T) throws -> T {
        var attempt = 1
        while true {
            do {
                return try work()
            } catch where PostgresErrors.isRetryable(error) && attempt < Self.maximumAttempts {
                // 1, 2, 4 ... ms and a random part, so two servers that collided do not collide again.
                let pause = Double(1 << min(attempt - 1, 6)) * Double.random(in: 0.5...1.5) / 1000
                Thread.sleep(forTimeInterval: pause)
                attempt += 1
            } catch BeginFailure.connection where attempt < 2 {
                // A pooled connection that the server had closed (a restart): one more try
                // on a new connection, as nothing was done yet (or what was done, idempotent,
                // may be done again).
                attempt += 1
            } catch BeginFailure.connection {
                throw ClubError.storage(path: location.description, problem: .unreachable)
            } catch {
                throw PostgresErrors.translate(error, location: location)
            }
        }
    }

    /// BEGIN, or a one-statement write's statement, failed because the connection is gone.
    private enum BeginFailure: Error { case connection }

    private static func run<T>(_ pooled: PooledConnection, begin: String, logger: Logger,
                               _ body: (StoreTransaction) throws -> T) throws -> T {
        let connection = pooled.connection
        let transaction = PostgresTransaction(pooled: pooled, logger: logger)
        do {
            try transaction.executeScript(begin)
        } catch where PostgresErrors.isConnectionFailure(error) {
            connection.closeSoon()
            throw BeginFailure.connection
        }
        do {
            let result = try body(transaction)
            try transaction.executeScript("COMMIT")
            return result
        } catch {
            if PostgresErrors.isConnectionFailure(error) {
                connection.closeSoon()
            } else {
                _ = try? transaction.executeScript("ROLLBACK")
            }
            throw error
        }
    }

    // MARK: Migrations

    /// The table recording the migrations applied, by identifier (GRDB's `grdb_migrations` for SQLite).
    static let migrationsTable = "touchline_migrations"
    /// Taken for the migrating transaction, so servers starting together migrate one at a time.
    static let migrationLock: Int64 = 0x746F_7563_686C_696E  // "touchlin"

    /// The identifiers of the migrations applied, in order.
    func appliedMigrations() throws -> [String] {
        try read { transaction in
            guard try transaction.exists("SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = ?",
                                         [Self.migrationsTable]) else { return [] }
            return try transaction.values(String.self, "SELECT identifier FROM \(Self.migrationsTable) ORDER BY appliedOrder")
        }
    }

    /// Applies the migrations not yet applied, up to `target` (every one when nil), in one
    /// transaction; returns their identifiers.
    @discardableResult
    func migrate(upTo target: String? = nil) throws -> [String] {
        try write { transaction in
            guard let postgres = transaction as? PostgresTransaction else { return [] }
            try postgres.execute("SELECT pg_advisory_xact_lock(?)", [Self.migrationLock])
            try postgres.executeScript("""
                CREATE TABLE IF NOT EXISTS \(Self.migrationsTable) (
                    identifier TEXT PRIMARY KEY,
                    appliedOrder BIGINT NOT NULL UNIQUE,
                    appliedAt TIMESTAMPTZ NOT NULL DEFAULT now()
                )
                """)
            let applied = try postgres.values(String.self, "SELECT identifier FROM \(Self.migrationsTable) ORDER BY appliedOrder")
            let known = PostgresSchema.migrations.map(\.identifier)
            if applied.contains(where: { !known.contains($0) }) {
                throw ClubError.storage(path: location.description, problem: .newerSchema)
            }
            var done: [String] = []
            for (order, migration) in PostgresSchema.migrations.enumerated() {
                if !applied.contains(migration.identifier) {
                    try postgres.executeScript(migration.sql)
                    try migration.fill?(postgres)
                    if let after = migration.sqlAfterFill { try postgres.executeScript(after) }
                    try postgres.execute("INSERT INTO \(Self.migrationsTable) (identifier, appliedOrder) VALUES (?, ?)",
                                         [migration.identifier, order + 1])
                    done.append(migration.identifier)
                }
                if migration.identifier == target { break }
            }
            return done
        }
    }
}
