import Foundation
import League
import Testing
import TestSupport
@testable import Club

/// Friendlies refer to the club teams that played them, so deleting a team takes its
/// friendlies with it, and cards find them by the link, not by name.
@Suite struct FriendlyLinksTests {
    static func sides(_ club: ScratchClub, _ match: Int64) throws -> [Int64?] {
        try club.store.read { db in
            guard let row = try db.fetchOne("SELECT homeTeamId, awayTeamId FROM match WHERE id = ?", [match]) else { return [nil, nil] }
            return [try row("homeTeamId"), try row("awayTeamId")]
        }
    }

    @Test func aFriendlyLinksToTheTeamOfItsSeasonAndGoesWithIt() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob")
        let old = try club.teams.add(alice, name: "Infantil A", season: "2023/24")
        let team = try club.teams.add(alice, name: "Infantil A", season: "2024/25")
        let other = try club.teams.add(alice, name: "Cadete B", season: "2024/25")
        let matches = Matches(store: club.store)
        // Names are matched ignoring case, accents and spaces; the date picks the season.
        let inSeason = try matches.add(alice, league: nil, home: "infantil  a", away: "Osasuna", date: "2025-03-01")
        let lastSeason = try matches.add(alice, league: nil, home: "Osasuna", away: "INFANTIL A", date: "2024-05-01")
        let undated = try matches.add(alice, league: nil, home: "Infantil A", away: "Cadete B")
        let bobs = try matches.add(bob, league: nil, home: "Infantil A", away: "Eibar", date: "2025-03-01")
        #expect(try Self.sides(club, inSeason.id) == [team.id, nil])
        #expect(try Self.sides(club, lastSeason.id) == [nil, old.id])
        #expect(try Self.sides(club, undated.id) == [team.id, other.id])
        // Bob holds no role on alice's teams: his friendly is a plain name.
        #expect(try Self.sides(club, bobs.id) == [nil, nil])

        try club.teams.delete(alice, .id(team.id))
        #expect(throws: ClubError.self) { try matches.show(alice, match: inSeason.id) }
        // Cadete B, alice's other club team, played the undated one too: it stays, with it.
        #expect(try Self.sides(club, undated.id) == [nil, other.id])
        #expect(try matches.show(alice, match: lastSeason.id).match.away == "INFANTIL A")
        #expect(try matches.show(bob, match: bobs.id).match.home == "Infantil A")
        // The deleted friendlies' ids are never given to another match.
        let next = try matches.add(alice, league: nil, home: "Cadete B", away: "Getafe")
        #expect(next.id > max(inSeason.id, undated.id, bobs.id))
    }

    @Test func aFriendlyOfTwoClubTeamsStaysWithTheOther() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob")
        let mine = try club.teams.add(alice, name: "Infantil A", season: "2024/25")
        let other = try club.teams.add(alice, name: "Infantil B", season: "2024/25")
        // Bob owns a namesake of alice's team and holds a role on hers: his own comes first.
        let bobs = try club.teams.add(bob, name: "Infantil A", season: "2024/25")
        try club.teams.grant(alice, .id(mine.id), to: "bob", role: .editor)
        let matches = Matches(store: club.store)
        let derby = try matches.add(alice, league: nil, home: "Infantil A", away: "Infantil B", date: "2024-10-01")
        let his = try matches.add(bob, league: nil, home: "Infantil A", away: "Eibar", date: "2024-10-01")
        #expect(try Self.sides(club, derby.id) == [mine.id, other.id])
        #expect(try Self.sides(club, his.id) == [bobs.id, nil])
        try club.teams.delete(alice, .id(mine.id))
        #expect(try Self.sides(club, derby.id) == [nil, other.id])
        // Deleting alice's account takes her other team, and with it the derby.
        try club.accounts.delete(alice, currentPassword: "alice-password")
        #expect(try club.count("match") == 1)
    }

    @Test func renamingATeamOrGivingARoleLinksEarlierFriendlies() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob")
        let team = try club.teams.add(alice, name: "Alevín", season: "2023/24")
        let matches = Matches(store: club.store)
        let mine = try matches.add(alice, league: nil, home: "Alevín B", away: "Getafe", date: "2025-01-10")
        let his = try matches.add(bob, league: nil, home: "Alevín B", away: "Getafe", date: "2025-01-10")
        #expect(try Self.sides(club, mine.id) == [nil, nil])
        try club.teams.edit(alice, .id(team.id), TeamChanges(name: "Alevín B", season: "2024/25"))
        #expect(try Self.sides(club, mine.id) == [team.id, nil])
        #expect(try Self.sides(club, his.id) == [nil, nil])
        try club.teams.grant(alice, .id(team.id), to: "bob", role: .viewer)
        #expect(try Self.sides(club, his.id) == [team.id, nil])
    }

    @Test func aTeamCreatedLaterTakesItsRecordersEarlierFriendlies() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob")
        let matches = Matches(store: club.store)
        let early = try matches.add(alice, league: nil, home: "Alevín", away: "Getafe", date: "2025-01-10")
        let bobs = try matches.add(bob, league: nil, home: "Alevín", away: "Getafe", date: "2025-01-10")
        let team = try club.teams.add(alice, name: "alevin", season: "2024/25")
        #expect(try Self.sides(club, early.id) == [team.id, nil])
        #expect(try Self.sides(club, bobs.id) == [nil, nil])
    }

    @Test(.upgradesAnOlderSQLiteFile)
    func anOlderDatabaseLinksItsFriendliesWhenOpened() throws {
        // A database as version 6 left it: friendlies by name only.
        let club = try ScratchClub(upgradingFrom: "v6 match ids never reused", seeding: """
                INSERT INTO user (id, username, displayName, email, searchKey, passwordHash, createdAt)
                VALUES (1, 'alice', 'Alice', 'alice@example.org', 'alice', '$scrypt$x', '2025-01-01');
                INSERT INTO team (id, name, season, ownerId, createdAt) VALUES (7, 'Infantil A', '2024/25', 1, '2025-01-01');
                INSERT INTO league (id, name, season, kind, rules, ownerId, createdAt) VALUES
                    (1, 'Liga', '2024-25', 'friends', 'la-liga', 1, '2025-01-01'),
                    (2, 'Copa', '2023/2024', 'friends', 'la-liga', 1, '2025-01-01'),
                    (3, 'Copa', '2023/24', 'friends', 'la-liga', 1, '2025-01-01'),
                    (4, 'Torneo', 'verano', 'friends', 'la-liga', 1, '2025-01-01');
                INSERT INTO fixture (id, recordedBy, home, away, date, status) VALUES
                    (1, 1, 'Infantil A', 'Osasuna', '2024-10-01', 'scheduled'),
                    (2, 1, 'Infantil A', 'Osasuna', '2023-10-01', 'scheduled');
                """)
        let store = club.store
        let links = try store.read { db in try db.values(Int64?.self, "SELECT homeTeamId FROM match ORDER BY id") }
        #expect(links == [7, nil])
        // Seasons written as seasons are now, so cards match them; a clash keeps its label.
        let seasons = try store.read { db in try db.values(String.self, "SELECT season FROM league ORDER BY id") }
        #expect(seasons == ["2024/25", "2023/2024", "2023/24", "verano"])
    }
}
