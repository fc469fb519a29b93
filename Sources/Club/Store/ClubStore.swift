import Foundation
import GRDB

/// The club database: one SQLite file, opened in WAL mode with foreign keys on and a busy
/// timeout, migrated to the current schema on open.
///
/// ```swift
/// let store = try ClubStore(path: ClubStore.defaultPath())
/// let accounts = Accounts(store: store)
/// ```
public final class ClubStore: Sendable {
    /// How long a write waits for another process's transaction before giving up.
    public static let busyTimeout: TimeInterval = 10

    let pool: DatabasePool
    /// The file's path.
    public let path: String

    /// Opens (creating it and its folder when missing) and migrates the database at `path`.
    /// A new database is readable by its owner only (0600, with its WAL files, in a new folder
    /// made 0700): it holds password hashes, emails and messages.
    public init(path: String) throws {
        self.path = path
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw ClubError.invalid(field: "database", message: "cannot create \(folder.path): \(error.localizedDescription)")
        }
        // SQLite would create the file 0644; made empty here first, it keeps 0600, and SQLite
        // gives its -wal and -shm files the main file's permissions.
        let created = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if created >= 0 { close(created) }
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.label = "touchline"
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(pool)
        } catch let error as DatabaseError {
            throw Self.translate(error, path: path)
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

    /// Checks that the database can be read (for a server's readiness probe).
    ///
    /// - Throws: ``ClubError`` when it cannot.
    public func checkReachable() throws {
        _ = try read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    /// Runs `body` in one write transaction: on any error nothing it did is kept.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.write(body)
        } catch let error as DatabaseError {
            throw Self.translate(error, path: path)
        }
    }

    /// Runs `body` on a consistent snapshot.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.read(body)
        } catch let error as DatabaseError {
            throw Self.translate(error, path: path)
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
