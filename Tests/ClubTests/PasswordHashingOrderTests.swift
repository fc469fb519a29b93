import Foundation
import Testing
@testable import Club

/// A password is hashed (scrypt: 128 MiB and a good part of a second) only once everything that
/// could refuse the call without it has been checked: who may, whether names are free, the
/// password rules. Observed with a hasher that fails whenever it is asked to hash (scrypt
/// refuses N = 1): a call that reaches the hash throws its error instead of the refusal.
@Suite struct PasswordHashingOrderTests {
    static let failingHasher = PasswordHasher(parameters: .init(logN: 0, blockSize: 8, parallelism: 1))

    /// True when `body` failed in the hash, not with a ``ClubError``.
    func reachedTheHash(_ body: () throws -> Void) -> Bool {
        do {
            try body()
            return false
        } catch {
            return !(error is ClubError)
        }
    }

    @Test func theFailingHasherFailsOnlyWhenItHashes() throws {
        #expect(reachedTheHash { _ = try Self.failingHasher.hash("long enough") })
        #expect(throws: ClubError.invalid(field: "password", message: "must be at least 8 characters")) {
            try Self.failingHasher.hash("short")
        }
    }

    @Test func aLeaguesPasswordIsHashedOnlyForItsOwner() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob"), carol = try club.user("carol")
        let league = try Leagues(store: club.store).create(alice, name: "Liga", season: "2024/25", kind: .friends)
        try Leagues(store: club.store).grant(alice, .id(league.id), to: "bob")
        let leagues = Leagues(store: club.store, hasher: Self.failingHasher)

        #expect(throws: ClubError.permissionDenied("only the owner of league '\(league.id)' may do that; carol is not")) {
            try leagues.setPassword(carol, .id(league.id), to: "secreto de liga")
        }
        #expect(throws: ClubError.permissionDenied("only the owner of league '\(league.id)' may do that; bob is not")) {
            try leagues.setPassword(bob, .id(league.id), to: "secreto de liga")
        }
        #expect(throws: ClubError.notFound(kind: "league", reference: "999")) {
            try leagues.setPassword(alice, .id(999), to: "secreto de liga")
        }
        // The rules before the hash too; and the owner's call does reach it.
        #expect(throws: ClubError.invalid(field: "password", message: "must be at least 8 characters")) {
            try leagues.setPassword(alice, .id(league.id), to: "short")
        }
        #expect(reachedTheHash { try leagues.setPassword(alice, .id(league.id), to: "secreto de liga") })
        // The check alone says the same, hashing nothing.
        #expect(throws: ClubError.self) { try leagues.checkPasswordChange(carol, .id(league.id), to: "secreto de liga") }
        try leagues.checkPasswordChange(alice, .id(league.id), to: "secreto de liga")
        try leagues.checkPasswordChange(alice, .id(league.id), to: nil)
        #expect(try club.store.read { db in try db.value(String.self, "SELECT passwordHash FROM league") } == nil)
    }

    @Test func joiningChecksTheLeagueFirst() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), carol = try club.user("carol")
        let leagues = Leagues(store: club.store, hasher: ScratchClub.fastHasher)
        let league = try leagues.create(alice, name: "Liga", season: "2024/25", kind: .friends)
        #expect(throws: ClubError.permissionDenied("league '\(league.id)' has no password to join with: ask its owner to make you an editor")) {
            try leagues.checkJoin(carol, .id(league.id))
        }
        #expect(throws: ClubError.notFound(kind: "league", reference: "999")) { try leagues.checkJoin(carol, .id(999)) }
        // Never asked for a password the league cannot have.
        var asked = false
        #expect(throws: ClubError.self) { try leagues.join(carol, .id(league.id), password: { asked = true; return "x" }) }
        #expect(!asked)
        try leagues.setPassword(alice, .id(league.id), to: "secreto de liga")
        try leagues.checkJoin(carol, .id(league.id))
        try leagues.join(carol, .id(league.id), password: "secreto de liga")
    }

    @Test func aRegistrationIsRefusedBeforeItsHash() throws {
        let club = try ScratchClub()
        try club.user("alice")
        let accounts = Accounts(store: club.store, hasher: Self.failingHasher)
        #expect(throws: ClubError.duplicate(field: "username", value: "ALICE")) {
            try accounts.register(username: "ALICE", email: "other@example.org", password: "long enough")
        }
        #expect(throws: Accounts.emailRefused) {
            try accounts.register(username: "alicia", email: "Alice@example.org", password: "long enough")
        }
        #expect(throws: ClubError.invalid(field: "password", message: "must be at least 8 characters")) {
            try accounts.register(username: "alicia", email: "alicia@example.org", password: "short")
        }
        #expect(reachedTheHash { try accounts.register(username: "alicia", email: "alicia@example.org", password: "long enough") })
        #expect(try accounts.checkRegistration(username: "bea", email: "BEA@example.org", password: "long enough")
            == ("bea", "bea", "BEA@example.org"))
        #expect(try club.count("\"user\"") == 1)
    }

    @Test func aNewPasswordKeepsTheRulesBeforeTheCurrentOneIsChecked() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        // A wrong current password would cost a hash to find out; the short new one is refused first.
        #expect(throws: ClubError.invalid(field: "password", message: "must be at least 8 characters")) {
            try club.accounts.changePassword(alice, current: "not her password", to: "short")
        }
        #expect(throws: ClubError.invalidCredentials("changing the password needs your current password, and that is not it")) {
            try club.accounts.changePassword(alice, current: "not her password", to: "long enough")
        }
        try club.accounts.changePassword(alice, current: "alice-password", to: "long enough")
        #expect(try club.accounts.authenticate(username: "alice", password: "long enough") == alice)
    }
}
