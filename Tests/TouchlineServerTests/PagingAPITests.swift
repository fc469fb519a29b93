import Foundation
import HTTPTypes
import Testing
@testable import TouchlineServer

/// The lists that grow without bound answer `{"items": [...], "next": CURSOR_OR_NULL}` a page
/// at a time (`?after=`, `?limit=` from 1 to 100, 20 unless given); lists bounded inside one
/// resource (a squad, a team's members, a league's teams, scorers) come whole with `next: null`.
@Suite("Paged lists over HTTP")
struct PagingAPITests {
    /// Every item of `path`, walking pages of `limit`; checks that only the last page has no
    /// `next` and that pages before it are full.
    func walk(_ client: TestClient, _ path: String, token: String?, limit: Int) async throws -> [NSDictionary] {
        var items: [NSDictionary] = []
        var after: String?
        let joiner = path.contains("?") ? "&" : "?"
        for _ in 0..<100 {
            let uri = path + joiner + "limit=\(limit)" + (after.map { "&after=\($0)" } ?? "")
            let reply = try await client.send(.get, uri, token: token)
            guard reply.status == .ok else { throw TestFailure("\(uri): \(reply.status) \(reply.text)") }
            let page = try reply.json()
            let pageItems = try #require(page["items"] as? [Any]).map { ($0 as? NSDictionary) ?? ["value": $0] }
            #expect(pageItems.count <= limit)
            items += pageItems
            if page["next"] is NSNull { return items }
            #expect(pageItems.count == limit, "\(uri): a page before the last is full")
            after = try #require(page["next"] as? String)
        }
        throw TestFailure("\(path): the pages never end")
    }

    @Test("teams, leagues, friendlies, a league's matches and results, blocks and user search page by cursor")
    func everyGrowingListPages() async throws {
        let test = try APITest()
        try await test.run { client in
            let league = try await LeagueAPISetup.make(client)
            for (name, season) in [("B", "2024/25"), ("a", "2024/25"), ("C", "2023/24"), ("d", "2025"), ("E", "2024/25")] {
                _ = try await client.team(league.alice, name, season: season)
            }
            for (name, season) in [("Liga B", "2025"), ("liga a", "2023/24"), ("Copa", "2024/25")] {
                let created = try await client.send(.post, "/api/v1/leagues", token: league.bob, json: ["name": name, "season": season])
                #expect(created.status == .created)
            }
            for day in 1...5 {
                let date = "2024-09-0\(6 - day)"
                let friendly = try await client.send(.post, "/api/v1/matches", token: league.bob,
                                                     json: ["home": "Rápidos", "away": "Vecinos \(day)", "date": date])
                #expect(friendly.status == .created)
            }
            let fixtures = try await client.send(.post, "\(league.path)/fixtures", token: league.alice,
                                                 json: ["rounds": "double", "seed": 1, "startDate": "2024-08-17"])
            #expect(fixtures.status == .ok)
            let first = try await client.send(.get, "\(league.path)/matches?limit=3", token: nil).json()
            for match in try #require(first["items"] as? [[String: Any]]) {
                try await league.result(client, match: try #require(match["id"] as? Int), 1, 0)
            }
            for name in ["zoe", "Bea", "dora"] {
                _ = try await client.user(name)
                #expect(try await client.send(.put, "/api/v1/blocks/\(name)", token: league.carol).status == .noContent)
            }

            let lists: [(String, String?, Int)] = [
                ("/api/v1/teams", league.alice, 5), ("/api/v1/leagues", nil, 4), ("/api/v1/matches", league.bob, 5),
                ("\(league.path)/matches", nil, 12), ("\(league.path)/matches?matchday=2", nil, 2),
                ("\(league.path)/results", nil, 3), ("/api/v1/blocks", league.carol, 3), ("/api/v1/users?q=o", nil, 4),
            ]
            for (path, token, count) in lists {
                let whole = try await walk(client, path, token: token, limit: 100)
                #expect(whole.count == count, "\(path)")
                for limit in [1, 2, count] {
                    #expect(try await walk(client, path, token: token, limit: limit) == whole, "\(path) by \(limit)")
                }
            }
            // The first page is 20 unless told, in the CLI's order.
            let teams = try await client.send(.get, "/api/v1/teams", token: league.alice).json()
            let seasons = (teams["items"] as? [[String: Any]])?.map { ($0["team"] as? [String: Any])?["season"] as? String }
            #expect(seasons == ["2025", "2024/25", "2024/25", "2024/25", "2023/24"])
            #expect(teams["next"] is NSNull)
            let blocked = try await walk(client, "/api/v1/blocks", token: league.carol, limit: 2).map { $0["value"] as? String }
            #expect(blocked == ["Bea", "dora", "zoe"])
        }
    }

    @Test("a bad limit or cursor is 400, another list's cursor 422, and private lists still need a token")
    func badPagingIsRefused() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            for name in ["A", "B", "C"] { _ = try await client.team(alice, name) }
            for query in ["limit=0", "limit=101", "limit=x", "after=junk", "after=YzEuNDI"] {
                let reply = try await client.send(.get, "/api/v1/teams?\(query)", token: alice)
                #expect(reply.status == .badRequest, "\(query)")
                #expect(try reply.problem().type == "malformed")
            }
            let page = try await client.send(.get, "/api/v1/teams?limit=1", token: alice).json()
            let cursor = try #require(page["next"] as? String)
            let foreign = try await client.send(.get, "/api/v1/blocks?after=\(cursor)", token: alice)
            #expect(foreign.status == .unprocessableContent)
            #expect(try foreign.problem().detail == "after: '\(cursor.prefix(64))' is not a cursor from a block listing")
            let long = try await client.send(.get, "/api/v1/teams?after=" + String(repeating: "A", count: 2_049), token: alice)
            #expect(long.status == .badRequest)
            for path in ["/api/v1/teams", "/api/v1/matches", "/api/v1/blocks"] {
                #expect(try await client.send(.get, "\(path)?limit=1").status == .unauthorized, "\(path)")
            }
            // A list bounded inside one resource comes whole.
            let team = try await client.team(alice, "Squad")
            for number in 1...3 { _ = try await client.player(alice, team: team, "P\(number)", "S", number: number) }
            let squad = try await client.send(.get, "/api/v1/teams/\(team)/players?limit=1", token: alice).json()
            #expect((squad["items"] as? [Any])?.count == 3 && squad["next"] is NSNull)
        }
    }
}
