import Foundation
import GRDB

extension ClubStore {
    /// Opens the SQLite file at `path`, creating it (0600) and its folder (0700) when missing.
    static func openSQLite(path: String, readers: Int) throws -> DatabasePool {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw ClubError.invalid(field: "database", message: "cannot create \(folder.path): \(error.localizedDescription)")
        }
        // SQLite would create the file 0644; made empty here first, it keeps 0600, and SQLite
        // gives its -wal and -shm files the main file's permissions.
        createPrivately(path)
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "touchline"
        configuration.maximumReaderCount = max(1, readers)
        do {
            return try DatabasePool(path: path, configuration: configuration)
        } catch let error as DatabaseError {
            throw translate(error, path: path)
        }
    }

    static func prepare(_ pool: DatabasePool, migration: StoreOptions.Migration, path: String) throws {
        do {
            let (current, superseded) = try pool.read { db in
                (try migrator.hasCompletedMigrations(db), try migrator.hasBeenSuperseded(db))
            }
            if superseded { throw ClubError.storage(path: path, problem: .newerSchema) }
            guard !current else { return }
            switch migration {
            case .apply: try migrator.migrate(pool)
            case .refuseOutdated: throw ClubError.storage(path: path, problem: .outdatedSchema)
            case .deferred: return
            }
        } catch let error as DatabaseError {
            throw translate(error, path: path)
        }
    }

    static func prepare(_ store: PostgresStore, migration: StoreOptions.Migration, location: String) throws {
        let applied = try store.appliedMigrations()
        let known = PostgresSchema.migrations.map(\.identifier)
        if applied.contains(where: { !known.contains($0) }) {
            throw ClubError.storage(path: location, problem: .newerSchema)
        }
        guard applied.count < known.count else { return }
        switch migration {
        case .apply: try store.migrate()
        case .refuseOutdated: throw ClubError.storage(path: location, problem: .outdatedSchema)
        case .deferred: return
        }
    }

    /// The identifiers of the schema's migrations in order, the same for both stores.
    public static var migrationIdentifiers: [String] { migrator.migrations }

    /// Applies the migrations the database lacks (`touchline db migrate`) and returns their
    /// identifiers; none when it is current. Opening a store with
    /// ``StoreOptions/Migration/apply`` has done so already.
    @discardableResult
    public func migrate() throws -> [String] {
        try migrate(upTo: nil)
    }

    /// Applies the migrations the database lacks up to `target` (every one when nil), as
    /// GRDB's `migrate(_:upTo:)` does: tests make a database as an older version left it this
    /// way, on either store.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` when `target` names no migration.
    @discardableResult
    func migrate(upTo target: String?) throws -> [String] {
        if let target, !Self.migrationIdentifiers.contains(target) {
            throw ClubError.invalid(field: "migration", message: "there is no migration '\(target)'")
        }
        switch backend {
        case .sqlite(let pool):
            do {
                let before = try pool.read { db in try Self.migrator.appliedIdentifiers(db) }
                if let target {
                    try Self.migrator.migrate(pool, upTo: target)
                } else {
                    try Self.migrator.migrate(pool)
                }
                let after = try pool.read { db in try Self.migrator.appliedIdentifiers(db) }
                return Self.migrator.migrations.filter { after.contains($0) && !before.contains($0) }
            } catch let error as DatabaseError {
                throw Self.translate(error, path: path)
            }
        case .postgres(let store):
            return try store.migrate(upTo: target)
        }
    }

    /// The identifiers of the migrations the database has, in order.
    public func appliedMigrations() throws -> [String] {
        switch backend {
        case .sqlite(let pool):
            do {
                let applied = try pool.read { db in try Self.migrator.appliedIdentifiers(db) }
                return Self.migrator.migrations.filter { applied.contains($0) }
            } catch let error as DatabaseError {
                throw Self.translate(error, path: path)
            }
        case .postgres(let store):
            return try store.appliedMigrations()
        }
    }
}

/// Makes an empty file readable by its owner only, unless it exists.
private func createPrivately(_ path: String) {
    let created = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    if created >= 0 { close(created) }
}
