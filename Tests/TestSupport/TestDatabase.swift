import Club
import Foundation

/// The club database a test uses: a new SQLite file (the default), or, when
/// `TOUCHLINE_TEST_STORE=postgres`, a new PostgreSQL database on the server whose URL
/// `scripts/test-postgres` exports as `TOUCHLINE_TEST_POSTGRES`. The same tests run on both
/// stores this way (`make test` runs them twice). A PostgreSQL run whose server is missing
/// fails, saying why; it never falls back to SQLite.
public enum TestDatabase {
    /// A step failed: the message says which and why.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// Whether this run's club databases are PostgreSQL's.
    public static var isPostgres: Bool { ProcessInfo.processInfo.environment["TOUCHLINE_TEST_STORE"] == "postgres" }

    /// A reference (`--db` value) to a new, empty database: `folder/name` for SQLite, else a
    /// new PostgreSQL database, already migrated (a copy of a migrated template) unless
    /// `migrated` is false (then it has no tables at all, as a new SQLite file).
    public static func reference(in folder: URL, name: String = "club.sqlite", migrated: Bool = true) throws -> String {
        guard isPostgres else { return folder.appendingPathComponent(name).path }
        return try Server.shared.newDatabase(migrated: migrated)
    }

    /// The PostgreSQL server of this run.
    private final class Server: @unchecked Sendable {
        static let shared = Server()
        private let lock = NSLock()
        private var template: Result<Void, Failure>?

        func newDatabase(migrated: Bool) throws -> String {
            let base = try Self.baseURL()
            lock.lock()
            defer { lock.unlock() }
            let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            guard migrated else {
                try Self.psql(base, "CREATE DATABASE \(name)")
                return try Self.url(base, database: name)
            }
            if template == nil {
                do {
                    try Self.makeTemplate(base)
                    template = .success(())
                } catch {
                    template = .failure(Failure(description: "\(error)"))
                }
            }
            try template?.get()
            try Self.psql(base, "CREATE DATABASE \(name) TEMPLATE touchline_template")
            let url = try Self.url(base, database: name)
            // A copy would share the template's own random values, which a database migrated
            // anew makes for itself: the calendar domain (every event's UID ends with it).
            try Self.psql(url, "UPDATE calendarDomain SET name = 'touchline-' || replace(gen_random_uuid()::text, '-', '')")
            return url
        }

        static func baseURL() throws -> String {
            guard let url = ProcessInfo.processInfo.environment["TOUCHLINE_TEST_POSTGRES"], !url.isEmpty else {
                throw Failure(description: "TOUCHLINE_TEST_STORE=postgres but TOUCHLINE_TEST_POSTGRES is not set: "
                              + "run the tests through scripts/test-postgres, which starts a server")
            }
            return url
        }

        /// A database migrated to the current schema, copied for each test.
        static func makeTemplate(_ base: String) throws {
            try psql(base, "DROP DATABASE IF EXISTS touchline_template")
            try psql(base, "CREATE DATABASE touchline_template")
            do {
                // Opening migrates; closing (the store's end) leaves no connection behind,
                // which CREATE DATABASE ... TEMPLATE requires.
                let store = try ClubStore(try url(base, database: "touchline_template"))
                store.close()
            } catch {
                throw Failure(description: "cannot migrate the PostgreSQL test template: \(error.localizedDescription)")
            }
        }

        /// `base` with another database name (the path of the URL).
        static func url(_ base: String, database: String) throws -> String {
            guard var components = URLComponents(string: base) else {
                throw Failure(description: "TOUCHLINE_TEST_POSTGRES is not a URL: \(base)")
            }
            components.path = "/" + database
            guard let url = components.string else { throw Failure(description: "cannot name the database \(database)") }
            return url
        }

        static func psql(_ url: String, _ command: String) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["psql", "--no-psqlrc", "--quiet", "-v", "ON_ERROR_STOP=1", url, "-c", command]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            do {
                try process.run()
            } catch {
                throw Failure(description: "cannot run psql (Debian's postgresql-client): \(error)")
            }
            let message = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw Failure(description: "psql \(command) failed: \(String(decoding: message, as: UTF8.self))")
            }
        }
    }
}
