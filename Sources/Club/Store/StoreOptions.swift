import Foundation

/// How ``ClubStore`` opens a database.
public struct StoreOptions: Sendable, Equatable {
    /// What to do with a schema older than the code's.
    public enum Migration: Sendable, Equatable {
        /// Apply the missing migrations (the default: a new database is made ready).
        case apply
        /// Refuse to open it (`serve --no-migrate`: an operator migrates with `touchline db migrate`).
        case refuseOutdated
        /// Open it as it is, for ``ClubStore/migrate()`` to apply them (`touchline db migrate`).
        case deferred
    }

    /// The most connections at once: PostgreSQL connections, or SQLite readers.
    public var poolSize: Int
    public var migration: Migration

    /// The most connections a pool may have.
    public static let maximumPoolSize = 1_000

    /// Twice the cores, the default of `--db-pool`.
    public static var defaultPoolSize: Int { 2 * max(1, ProcessInfo.processInfo.activeProcessorCount) }

    public init(poolSize: Int = StoreOptions.defaultPoolSize, migration: Migration = .apply) {
        self.poolSize = min(max(1, poolSize), Self.maximumPoolSize)
        self.migration = migration
    }
}
