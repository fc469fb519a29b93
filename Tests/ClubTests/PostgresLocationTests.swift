import Foundation
import Testing
@testable import Club

/// `--db` values naming a PostgreSQL database: libpq's URL forms, defaults, and the password
/// kept off the command line.
@Suite struct PostgresLocationTests {
    let environment = ["USER": "coach", "HOME": "/nonexistent"]

    @Test func readsTCPAndSocketURLs() throws {
        let tcp = try PostgresLocation(url: "postgres://touchline@db.example.org:6432/club?sslmode=require", environment: environment)
        #expect(tcp.endpoint == .tcp(host: "db.example.org", port: 6432))
        #expect(tcp.username == "touchline")
        #expect(tcp.database == "club")
        #expect(tcp.sslMode == .require)
        #expect(tcp.description == "postgresql://touchline@db.example.org:6432/club")

        let socket = try PostgresLocation(url: "postgresql://postgres@/touchline?host=/tmp/pg%20x", environment: environment)
        #expect(socket.endpoint == .socket(folder: "/tmp/pg x", port: 5432))
        #expect(socket.database == "touchline")
        #expect(socket.description == "postgresql://postgres@/touchline?host=/tmp/pg x")
    }

    @Test func fillsLibpqDefaults() throws {
        let bare = try PostgresLocation(url: "postgresql://", environment: environment)
        #expect(bare.endpoint == .tcp(host: "localhost", port: 5432))
        #expect(bare.username == "coach")
        #expect(bare.database == "coach")
        #expect(bare.sslMode == .prefer)
        let fromEnvironment = try PostgresLocation(url: "postgresql:///club", environment: environment.merging(
            ["PGHOST": "/run/postgresql", "PGPORT": "5433", "PGUSER": "ops", "PGSSLMODE": "disable"]) { $1 })
        #expect(fromEnvironment.endpoint == .socket(folder: "/run/postgresql", port: 5433))
        #expect(fromEnvironment.username == "ops")
        #expect(fromEnvironment.sslMode == .disable)
        #expect(PostgresLocation.isURL("POSTGRES://x") && PostgresLocation.isURL("postgresql://x"))
        #expect(!PostgresLocation.isURL("club.sqlite") && !PostgresLocation.isURL("postgres.sqlite"))
    }

    @Test(arguments: [
        ("postgres://coach:secret@db/club", "holds a password"),
        ("postgres://db:70000/club", "port must be a number from 1 to 65535"),
        ("postgres://db/club?sslmode=sometimes", "sslmode must be"),
        ("postgres://db/club?options=-c", "unknown URL parameter 'options'"),
        ("postgres://db/club?sslmode=disable&sslmode=require", "given twice"),
        ("postgres://db/club?connect_timeout=0", "connect_timeout must be"),
    ])
    func refusesBadURLs(url: String, expected: String) {
        do {
            _ = try PostgresLocation(url: url, environment: environment)
            Issue.record("\(url) was accepted")
        } catch {
            let message = error.localizedDescription
            #expect(message.hasPrefix("--db: "), "\(message)")
            #expect(message.contains(expected), "\(message)")
            #expect(!message.contains("secret"))
        }
    }

    @Test func takesThePasswordFromTheEnvironmentOrAPrivatePasswordFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pgpass-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("pgpass").path
        try """
            # host:port:database:user:password
            other.example.org:5432:*:touchline:wrong
            db.example.org:5432:club:touchline:pa\\:ss\\\\word
            *:*:*:*:fallback
            /tmp/sock:5432:*:*:socket-secret
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let location = try PostgresLocation(url: "postgres://touchline@db.example.org/club", environment: environment)
        // libpq ignores a password file others may read, and so does Touchline.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        #expect(location.password(environment: ["PGPASSFILE": file]) == nil)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        #expect(location.password(environment: ["PGPASSFILE": file]) == "pa:ss\\word")
        #expect(location.password(environment: ["PGPASSFILE": file, "PGPASSWORD": "from-env"]) == "from-env")
        let other = try PostgresLocation(url: "postgres://someone@elsewhere/x", environment: environment)
        #expect(other.password(environment: ["PGPASSFILE": file]) == "fallback")
        let socket = try PostgresLocation(url: "postgresql://a@/b?host=/tmp/sock", environment: environment)
        #expect(socket.password(environment: ["PGPASSFILE": file]) == "fallback")
    }

    @Test func numbersPlaceholdersOutsideQuotesAndComments() {
        let sql = """
            SELECT '?', "odd?name", x FROM t -- is it?
            WHERE a = ? AND b IN (?, ?)
            """
        #expect(PostgresTransaction.numberedPlaceholders(sql) == """
            SELECT '?', "odd?name", x FROM t -- is it?
            WHERE a = $1 AND b IN ($2, $3)
            """)
    }

    @Test func aPostgresServerThatIsNotThereIsUnreachable() throws {
        // Nothing listens on this socket folder: opening fails as unreachable (exit 69, HTTP 503).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nopg-\(UUID().uuidString)").path
        #expect(throws: ClubError.storage(path: "postgresql://coach@/club?host=\(folder)", problem: .unreachable)) {
            try ClubStore("postgresql://coach@/club?host=\(folder)", environment: environment)
        }
    }
}
