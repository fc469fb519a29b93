import Foundation
import League
import Support
import Testing
@testable import Club

/// Keyset paging of the lists that grow without bound: every page joined is the whole list in
/// its order, whatever the page size, and a change to the last item of a page, or its
/// deletion, does not shift the next page.
@Suite struct ListPagingTests {
    /// Every item, walking the pages of `limit` items; checks that only the last page has no next.
    func walk<Item>(limit: Int, _ page: (String?) throws -> ListPage<Item>) throws -> [Item] {
        var items: [Item] = []
        var cursor: String?
        for _ in 0..<1_000 {
            let current = try page(cursor)
            #expect(current.items.count <= limit)
            items += current.items
            guard let next = current.next else { return items }
            #expect(current.items.count == limit, "a page before the last is full")
            cursor = next
        }
        throw ClubError.invalid(field: "test", message: "the pages never end")
    }

    @Test func teamsBySeasonThenNameIgnoringCase() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob")
        for (name, season) in [("b", "2024/25"), ("A", "2024/25"), ("a", "2023/24"), ("Zeta", "2025"), ("c", "2024/25"),
                               ("B", "2023/24"), ("Ñu", "2024/25"), ("alpha", "2024/25")] {
            try club.teams.add(alice, name: name, season: season)
        }
        // Teams granted count too, in the same order.
        let granted = try club.teams.add(bob, name: "Bob's", season: "2024/25")
        try club.teams.grant(bob, .id(granted.id), to: "alice", role: .viewer)
        let whole = try club.teams.list(alice)
        #expect(whole.map(\.team.name) == ["Zeta", "A", "alpha", "b", "Bob's", "c", "Ñu", "a", "B"])
        for limit in [1, 2, 3, 8, 9, 100] {
            #expect(try walk(limit: limit) { try club.teams.list(alice, after: $0, limit: limit) } == whole)
        }
        #expect(try club.teams.list(alice, after: nil).items == whole)
        #expect(try club.teams.list(alice, after: nil).next == nil)

        // The last team of a page renamed to sort first, or deleted: the next page is the same.
        let first = try club.teams.list(alice, after: nil, limit: 3)
        #expect(first.items.map(\.team.name) == ["Zeta", "A", "alpha"])
        let expected = try club.teams.list(alice, after: first.next, limit: 3).items
        try club.teams.edit(alice, .id(first.items[2].team.id), TeamChanges(name: "0 first"))
        #expect(try club.teams.list(alice, after: first.next, limit: 3).items == expected)
        try club.teams.delete(alice, .id(first.items[2].team.id))
        #expect(try club.teams.list(alice, after: first.next, limit: 3).items == expected)
        #expect(try club.teams.list(bob, after: nil).items.map(\.team.name) == ["Bob's"])
    }

    @Test func everyLeagueBySeasonThenName() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob")
        let leagues = Leagues(store: club.store, hasher: ScratchClub.fastHasher)
        for (owner, name, season) in [(alice, "Liga", "2024/25"), (bob, "liga", "2024/25"), (alice, "Copa", "2023/24"),
                                      (bob, "Amigos", "2025"), (alice, "Zona", "2024/25"), (alice, "Liga", "Verano")] {
            try leagues.create(owner, name: name, season: season, kind: .friends)
        }
        let whole = try leagues.list()
        #expect(whole.map(\.season) == ["Verano", "2025", "2024/25", "2024/25", "2024/25", "2023/24"])
        for limit in [1, 2, 5, 6, 7] {
            #expect(try walk(limit: limit) { try leagues.list(after: $0, limit: limit) } == whole)
        }
        // The last league of a page renamed to sort before it: the next page is the same.
        let first = try leagues.list(after: nil, limit: 3)
        let expected = try leagues.list(after: first.next, limit: 3).items
        try leagues.rename(first.items[2].owner == "alice" ? alice : bob, .id(first.items[2].id), to: "A first")
        #expect(try leagues.list(after: first.next, limit: 3).items == expected)
    }

    @Test func friendliesInPlayingOrder() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob")
        let matches = Matches(store: club.store)
        for (date, matchday) in [("2024-09-01", nil), (nil, nil), ("2024-08-01", 2), ("2024-08-01", nil), (nil, 3),
                                 ("2024-08-01", 1), ("2025-01-01", nil), (nil, 1)] as [(String?, Int?)] {
            try matches.add(alice, league: nil, home: "Rápidos", away: "Vecinos", matchday: matchday, date: date)
        }
        try matches.add(bob, league: nil, home: "Otros", away: "Vecinos", date: "2024-08-01")
        let whole = try matches.friendlies(alice)
        #expect(whole.map { "\($0.match.date ?? "-") \($0.match.matchday.map(String.init) ?? "-")" }
            == ["2024-08-01 -", "2024-08-01 1", "2024-08-01 2", "2024-09-01 -", "2025-01-01 -", "- -", "- 1", "- 3"])
        for limit in [1, 2, 3, 8] {
            #expect(try walk(limit: limit) { try matches.friendlies(alice, after: $0, limit: limit) } == whole)
        }
        // The last friendly of a page moved to another date, or deleted: the next page is the same.
        let first = try matches.friendlies(alice, after: nil, limit: 4)
        let expected = try matches.friendlies(alice, after: first.next, limit: 4).items
        try matches.edit(alice, match: first.items[3].id, MatchChanges(date: .some("2020-01-01")))
        #expect(try matches.friendlies(alice, after: first.next, limit: 4).items == expected)
        try matches.delete(alice, match: first.items[3].id)
        #expect(try matches.friendlies(alice, after: first.next, limit: 4).items == expected)
        #expect(try matches.friendlies(bob, after: nil).items.count == 1)
    }

    @Test func aLeaguesMatchesAndResults() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let (leagues, matches, league) = try club.league(owner: alice, teams: ["A", "B", "C", "D", "E"])
        try leagues.generateFixtures(alice, .id(league.id), options: FixtureOptions(rounds: .double, seed: 3,
                                                                                    startDate: "2024-08-17"))
        for stored in try leagues.matches(.id(league.id)).prefix(7) {
            try matches.result(alice, match: stored.id, fullTime: Score(1, 0))
        }
        let all = try leagues.matches(.id(league.id))
        #expect(all.count == 20)
        for limit in [1, 3, 20, 21] {
            #expect(try walk(limit: limit) { try leagues.matches(.id(league.id), after: $0, limit: limit) } == all)
            #expect(try walk(limit: limit) { try leagues.matches(.id(league.id), results: true, after: $0, limit: limit) }
                == leagues.results(.id(league.id)))
            #expect(try walk(limit: limit) { try leagues.matches(.id(league.id), matchday: 2, after: $0, limit: limit) }
                == leagues.matches(.id(league.id), matchday: 2))
        }
        #expect(try leagues.results(.id(league.id)).count == 7)
        #expect(throws: ClubError.notFound(kind: "league", reference: "999")) { try leagues.matches(.id(999), after: nil) }
    }

    @Test func blockedUsersAndSearchesByUsername() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        for name in ["zoe", "Bea", "ana", "Carla", "dora", "eva"] {
            try club.user(name, displayName: "Jugadora \(name)")
            try club.messaging.block(alice, name)
        }
        let blocked = try club.messaging.blocked(alice)
        #expect(blocked == ["ana", "Bea", "Carla", "dora", "eva", "zoe"])
        for limit in [1, 4, 6] {
            #expect(try walk(limit: limit) { try club.messaging.blocked(alice, after: $0, limit: limit) } == blocked)
        }
        let found = try club.accounts.search("jugadora")
        #expect(found.map(\.username) == blocked)
        for limit in [1, 5, 6, 7] {
            #expect(try walk(limit: limit) { try club.accounts.search("jugadora", after: $0, limit: limit) } == found)
        }
        #expect(try club.accounts.search("jugadora", limit: 2).map(\.username) == ["ana", "Bea"])
        #expect(throws: ClubError.invalid(field: "search", message: "give some text to look for")) {
            try club.accounts.search(" ", after: nil)
        }
    }

    @Test func limitsAreBroughtIntoRangeAndForeignCursorsRefused() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        for index in 1...101 { try club.teams.add(alice, name: "T\(index)", season: "2024/25") }
        #expect(try club.teams.list(alice, after: nil).items.count == PagingCursor.defaultLimit)
        #expect(try club.teams.list(alice, after: nil, limit: 1_000).items.count == 100)
        #expect(try club.teams.list(alice, after: nil, limit: 0).items.count == 1)
        let cursors = [PagingCursor.encode(7), PagingCursor.encode(key: ["2024/25", "T1"]),
                       PagingCursor.encode(key: ["2024/25", "T1", "x"]), "junk"]
        for cursor in cursors {
            #expect(throws: ClubError.invalid(field: "after", message: "'\(cursor.prefix(64))' is not a cursor from a team listing")) {
                try club.teams.list(alice, after: cursor)
            }
        }
        #expect(throws: ClubError.invalid(field: "after", message: "'junk' is not a cursor from a match listing")) {
            try Matches(store: club.store).friendlies(alice, after: "junk")
        }
    }
}
