import Foundation
import League
import Testing
@testable import Club

@Suite struct LeagueZonesTests {
    static let laLiga = [
        LeagueZone(kind: .champion, positions: 1...1),
        LeagueZone(kind: .europe, positions: 1...4, name: "Champions League", mark: "CL"),
        LeagueZone(kind: .relegation, positions: 18...20),
    ]

    @Test func editorsSetZonesEveryoneReadsThemAndStrangersCannot() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob"), carol = try club.user("carol")
        let leagues = Leagues(store: club.store, hasher: ScratchClub.fastHasher)
        let info = try leagues.create(alice, name: "Liga", season: "2024/25", kind: .friends)
        try leagues.grant(alice, .id(info.id), to: "bob")

        try leagues.setZones(bob, .id(info.id), Self.laLiga)
        #expect(try leagues.zones(.name("liga")) == Self.laLiga)
        #expect(throws: ClubError.self) { try leagues.setZones(carol, .id(info.id), []) }
        #expect(try leagues.zones(.id(info.id)).count == 3)

        // Replacing keeps the new order; an empty list clears.
        try leagues.setZones(alice, .id(info.id), Array(Self.laLiga.reversed()))
        #expect(try leagues.zones(.id(info.id)).map(\.mark) == ["R", "CL", "C"])
        try leagues.setZones(alice, .id(info.id), [])
        #expect(try leagues.zones(.id(info.id)).isEmpty)
    }

    @Test func invalidZonesChangeNothing() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let leagues = Leagues(store: club.store, hasher: ScratchClub.fastHasher)
        let info = try leagues.create(alice, name: "Liga", season: "2024/25", kind: .friends)
        try leagues.setZones(alice, .id(info.id), Self.laLiga)
        let bad: [[LeagueZone]] = [
            [LeagueZone(kind: .europe, positions: 1...4, mark: "ABCD")],
            [LeagueZone(kind: .europe, positions: 1...4, name: "  ")],
            [LeagueZone(kind: .relegation, positions: 18...1001)],
            Array(repeating: LeagueZone(kind: .playoff, positions: 3...6), count: 21),
        ]
        for zones in bad {
            #expect(throws: ClubError.self) { try leagues.setZones(alice, .id(info.id), zones) }
        }
        #expect(try leagues.zones(.id(info.id)) == Self.laLiga)
        // Deleting the league deletes its zones.
        try club.store.write { db in try db.execute("DELETE FROM league") }
        #expect(try club.count("leagueZone") == 0)
    }
}
