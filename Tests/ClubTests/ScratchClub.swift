import Foundation
import GRDB
import Testing
import TestSupport
@testable import Club

/// A fresh database, with fast password hashing (the production strength is tested on its
/// own): an SQLite file in a temporary folder, or under `TOUCHLINE_TEST_STORE=postgres` a new
/// PostgreSQL database (``TestDatabase``).
final class ScratchClub {
    let folder: URL
    /// What `--db` would name: the SQLite file's path or the PostgreSQL URL.
    let reference: String
    let store: ClubStore
    let accounts: Accounts
    let teams: Teams
    let squads: Squads
    let messaging: Messaging

    static let fastHasher = PasswordHasher(parameters: .init(logN: 10, blockSize: 8, parallelism: 1))

    /// A new database; with `version`, an SQLite file as that migration of the SQLite schema
    /// left it, holding what `sql` inserted, then opened (and so upgraded) as the current code
    /// opens it. (The PostgreSQL schema has its own migrations, tested in PostgresStoreTests.)
    init(upgradingFrom version: String? = nil, seeding sql: String = "") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("club-\(UUID().uuidString)")
        if let version {
            guard !TestDatabase.isPostgres else {
                throw TestDatabase.Failure(description: "an SQLite file at \(version) in a PostgreSQL run: mark the test .upgradesAnOlderSQLiteFile")
            }
            let path = folder.appendingPathComponent("touchline.sqlite").path
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let queue = try DatabaseQueue(path: path)
            try ClubStore.migrator.migrate(queue, upTo: version)
            try queue.write { db in try db.execute(sql: sql) }
            try queue.close()
            reference = path
        } else {
            reference = try TestDatabase.reference(in: folder, name: "touchline.sqlite")
        }
        store = try ClubStore(reference)
        accounts = Accounts(store: store, hasher: Self.fastHasher)
        teams = Teams(store: store)
        squads = Squads(store: store)
        messaging = Messaging(store: store)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Registers `username` (password "\(username)-password") and signs in.
    @discardableResult
    func user(_ username: String, displayName: String? = nil) throws -> ActingUser {
        try accounts.register(username: username, displayName: displayName ?? username.capitalized,
                              email: "\(username)@example.org", password: "\(username)-password")
        return try accounts.authenticate(username: username, password: "\(username)-password")
    }

    /// A friends' league "Liga" of 2024/25 owned by `owner`, with `teams`, and the services
    /// that change it.
    func league(owner: ActingUser, teams: [String]) throws -> (Leagues, Matches, LeagueInfo) {
        let leagues = Leagues(store: store, hasher: Self.fastHasher)
        let league = try leagues.create(owner, name: "Liga", season: "2024/25", kind: .friends)
        for team in teams { try leagues.addTeam(owner, .id(league.id), name: team) }
        return (leagues, Matches(store: store), league)
    }

    /// Whether the database holds `secret` as it is: in any cell of any table, read through
    /// the store; for SQLite also anywhere in its files (main file, WAL and shared memory),
    /// free pages included.
    func holdsInClear(_ secret: String) throws -> Bool {
        if try StoredRows(store).contains(secret) { return true }
        guard !store.isPostgres else { return false }
        var bytes = Data()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            bytes += try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return bytes.range(of: Data(secret.utf8)) != nil
    }

    func count(_ table: String) throws -> Int {
        try store.read { db in try db.value(Int.self, "SELECT count(*) FROM \(table)") ?? 0 }
    }
}

extension Trait where Self == ConditionTrait {
    /// For a test of ``ScratchClub/init(upgradingFrom:seeding:)``: an SQLite file as an older
    /// version left it, upgraded when opened. It runs on SQLite only, and says so in the
    /// PostgreSQL run: no PostgreSQL database predates the current schema (PostgreSQL came with
    /// it), and the PostgreSQL migrations are tested by SchemaMigrationPolicyTests.
    static var upgradesAnOlderSQLiteFile: Self {
        .enabled(if: !TestDatabase.isPostgres, "an SQLite file as an older version left it; no PostgreSQL database predates the current schema")
    }
}
