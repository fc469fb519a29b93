import Foundation
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

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("club-\(UUID().uuidString)")
        store = try ClubStore(path: folder.appendingPathComponent("touchline.sqlite").path)
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

    /// Every byte of the database's files (main file, WAL and shared memory).
    func databaseBytes() throws -> Data {
        var bytes = Data()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            bytes += try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return bytes
    }

    func count(_ table: String) throws -> Int {
        try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0 }
    }
}
