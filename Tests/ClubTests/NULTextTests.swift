import Foundation
import Testing
@testable import Club

/// Text holding the NUL character (U+0000): PostgreSQL's text cannot hold it and C strings
/// (Cairo's) end at it, so both stores refuse it alike, before anything is written. Typed
/// fields say which field held it; anything else (an imported file's names) is refused by
/// the store's last check.
@Suite struct NULTextTests {
    @Test func aMessageHoldingNULIsRefusedNamingItsFieldAndNothingIsSent() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        try club.user("bob")
        #expect(throws: ClubError.invalid(field: "body", message: "must not hold the NUL character (U+0000)")) {
            try club.messaging.send(alice, OutgoingMessage(to: "bob", subject: "Hi", body: "before\u{0}after"))
        }
        #expect(throws: ClubError.invalid(field: "subject", message: "must not hold the NUL character (U+0000)")) {
            try club.messaging.send(alice, OutgoingMessage(to: "bob", subject: "H\u{0}i", body: "text"))
        }
        #expect(try club.count("message") == 0)
    }

    @Test func aTeamNameHoldingNULIsRefused() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        #expect(throws: ClubError.invalid(field: "name", message: "must not hold the NUL character (U+0000)")) {
            try club.teams.add(alice, name: "Athletic\u{0} B", season: "2024/25")
        }
        #expect(try club.count("team") == 0)
    }

    @Test func anImportedSeasonWithNULInATeamNameIsRefusedWholeOnBothStores() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let leagues = Leagues(store: club.store, hasher: ScratchClub.fastHasher)
        let season = #"""
            {"name": "Liga 2024/25", "matches": [
              {"round": "Matchday 1", "date": "2024-08-17", "team1": "Bilbao", "team2": "Eibar\u0000 B", "score": {"ft": [1, 0]}}
            ]}
            """#
        #expect(throws: ClubError.invalid(field: "text",
                                          message: "holds the NUL character (U+0000), which the club database does not store")) {
            try leagues.importSeason(alice, data: Data(season.utf8), source: "nul.json")
        }
        #expect(try leagues.list().isEmpty)
        #expect(try club.count("match") == 0 && club.count("leagueTeam") == 0)
    }

    @Test func theStoreRefusesNULInAnyTextArgumentAndInNoOtherValue() throws {
        let club = try ScratchClub()
        #expect(throws: ClubError.self) {
            try club.store.read { db in try db.value(Int.self, "SELECT count(*) FROM \"user\" WHERE username = ?", ["a\u{0}"]) }
        }
        #expect(throws: ClubError.self) {
            try club.store.read { db in try db.value(Int.self, "SELECT count(*) FROM \"user\" WHERE username = ?", [SQLValue.text("\u{0}")]) }
        }
        // Bytes may hold zeros: files and hashes are blobs.
        #expect(try club.store.read { db in try db.value(Int.self, "SELECT length(?)", [Data([0, 0, 1])]) } == 3)
    }
}
