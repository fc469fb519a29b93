import Foundation
import GRDB
@testable import Club

/// A fresh database in a temporary folder, with fast password hashing (the production
/// strength is tested on its own).
final class ScratchClub {
    let folder: URL
    let store: ClubStore
    let accounts: Accounts
    let teams: Teams
    let squads: Squads
    let messaging: Messaging

    static let fastHasher = PasswordHasher(parameters: .init(logN: 10, blockSize: 8, parallelism: 1))

    /// A new database; with `version`, one as that migration left it, holding what `sql`
    /// inserted, then opened (and so upgraded) as the current code opens it.
    init(upgradingFrom version: String? = nil, seeding sql: String = "") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("club-\(UUID().uuidString)")
        let path = folder.appendingPathComponent("touchline.sqlite").path
        if let version {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let queue = try DatabaseQueue(path: path)
            try ClubStore.migrator.migrate(queue, upTo: version)
            try queue.write { db in try db.execute(sql: sql) }
            try queue.close()
        }
        store = try ClubStore(path: path)
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

    /// Every byte of the database's files (main file, WAL and shared memory).
    func databaseBytes() throws -> Data {
        var bytes = Data()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            bytes += try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return bytes
    }

    func count(_ table: String) throws -> Int {
        try store.read { db in try db.value(Int.self, "SELECT count(*) FROM \(table)") ?? 0 }
    }
}
