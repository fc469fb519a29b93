@testable import Club
import Foundation
import HTTPTypes
import League
import Testing
@testable import TouchlineServer

@Suite("Leagues over HTTP: create, change, editors and teams")
struct LeagueAPITests {
    @Test("creating a league: 201 with the league; no token 401; malformed 400; a rule broken 422; a duplicate 409")
    func create() async throws {
        try await APITest().run { client in
            let alice = try await client.user("alice")
            let created = try await client.send(.post, "/api/v1/leagues", token: alice,
                                                json: ["name": "Liga Amigos", "season": "2024/25", "kind": "video-game",
                                                       "rules": "la-liga", "points": "2-1-0", "seed": 7])
            #expect(created.status == .created)
            let league = try created.json()
            let id = try #require(league["id"] as? Int)
            #expect(created.headers[.location] == "/api/v1/leagues/\(id)")
            #expect(league["name"] as? String == "Liga Amigos" && league["season"] as? String == "2024/25")
            #expect(league["kind"] as? String == "video-game" && league["rules"] as? String == "la-liga")
            #expect(league["points"] as? String == "2-1-0" && league["seed"] as? Int == 7)
            #expect(league["owner"] as? String == "alice" && league["hasPassword"] as? Bool == false)
            let shown = try await client.send(.get, "/api/v1/leagues/\(id)")
            #expect(try shown.json()["name"] as? String == "Liga Amigos")

            let plain = try await client.send(.post, "/api/v1/leagues", token: alice, json: ["name": "Liga B", "season": "2025"])
            #expect(try plain.json()["kind"] as? String == "friends")
            #expect(try plain.json()["rules"] as? String == "premier-league" && plain.json()["points"] as? String == "3-1-0")

            let anonymous = try await client.send(.post, "/api/v1/leagues", json: ["name": "X", "season": "2025"])
            #expect(anonymous.status == .unauthorized)
            let noSeason = try await client.send(.post, "/api/v1/leagues", token: alice, json: ["name": "X"])
            #expect(noSeason.status == .badRequest)
            #expect(try noSeason.problem().detail == "field 'season': missing")
            let kind = try await client.send(.post, "/api/v1/leagues", token: alice,
                                             json: ["name": "X", "season": "2025", "kind": "cup"])
            #expect(try kind.problem().detail == "field 'kind': expected one of federation, friends, video-game")
            let points = try await client.send(.post, "/api/v1/leagues", token: alice,
                                               json: ["name": "X", "season": "2025", "points": "1-2-0"])
            #expect(points.status == .badRequest)
            let rules = try await client.send(.post, "/api/v1/leagues", token: alice,
                                              json: ["name": "X", "season": "2025", "rules": "calvinball"])
            #expect(rules.status == .unprocessableContent)
            #expect(try rules.problem().detail.hasPrefix("rules: unknown preset 'calvinball' (expected "))
            let season = try await client.send(.post, "/api/v1/leagues", token: alice,
                                               json: ["name": "X", "season": String(repeating: "2", count: 21)])
            #expect(season.status == .unprocessableContent)
            #expect(try season.problem().detail.hasPrefix("season: "), "\(season.text)")
            let again = try await client.send(.post, "/api/v1/leagues", token: alice,
                                              json: ["name": "liga amigos", "season": "2024/25"])
            #expect(again.status == .conflict)
            #expect(try again.problem().detail == "league 'liga amigos 2024/25' is already taken")
            let leagues = try await client.send(.get, "/api/v1/leagues")
            #expect((try leagues.json()["items"] as? [Any])?.count == 2)
        }
    }

    @Test("renaming and deleting are the owner's: an editor or another user 403, no token 401, a missing league 404")
    func renameAndDelete() async throws {
        try await APITest().run { client in
            let setup = try await LeagueAPISetup.make(client)
            let renamed = try await client.send(.patch, setup.path, token: setup.alice, json: ["name": "Liga de los Jueves"])
            #expect(renamed.status == .ok)
            #expect(try renamed.json()["name"] as? String == "Liga de los Jueves")
            for token in [setup.bob, setup.carol] {
                let refused = try await client.send(.patch, setup.path, token: token, json: ["name": "Mine"])
                #expect(refused.status == .forbidden)
                #expect(try await client.send(.delete, setup.path, token: token).status == .forbidden)
            }
            let bobRenames = try await client.send(.patch, setup.path, token: setup.bob, json: ["name": "Mine"])
            #expect(try bobRenames.problem().detail
                    == "permission denied: only the owner of league '\(setup.id)' may do that; bob is not")
            #expect(try await client.send(.patch, setup.path, json: ["name": "Mine"]).status == .unauthorized)
            #expect(try await client.send(.delete, setup.path).status == .unauthorized)
            #expect(try await client.send(.patch, "/api/v1/leagues/999", token: setup.alice, json: ["name": "Y"]).status == .notFound)
            let empty = try await client.send(.patch, setup.path, token: setup.alice, json: ["name": " "])
            #expect(empty.status == .unprocessableContent)
            #expect(try await client.send(.patch, setup.path, token: setup.alice, json: [String: String]()).status == .badRequest)
            #expect(try await client.send(.get, setup.path).json()["name"] as? String == "Liga de los Jueves")

            _ = try await setup.match(client, "Los Rápidos", "Lentos", matchday: 1)
            #expect(try await client.send(.delete, setup.path, token: setup.alice).status == .noContent)
            #expect(try await client.send(.get, setup.path).status == .notFound)
            #expect(try await client.send(.get, "/api/v1/matches/1").status == .notFound)
        }
    }

    @Test("the joining password: set by the owner only, stored hashed; join with it, wrong or none 403; cleared")
    func passwordAndJoin() async throws {
        let test = try APITest()
        try await test.run { client in
            let setup = try await LeagueAPISetup.make(client)
            let dave = try await client.user("dave")
            let noPassword = try await client.send(.post, "\(setup.path)/join", token: dave, json: ["password": "x"])
            #expect(noPassword.status == .forbidden)
            #expect(try noPassword.problem().detail == "permission denied: league '\(setup.id)' has no password to join with: "
                    + "ask its owner to make you an editor")

            let set = try await client.send(.put, "\(setup.path)/password", token: setup.alice, json: ["password": "jueves 19h"])
            #expect(set.status == .noContent)
            #expect(try await client.send(.get, setup.path).json()["hasPassword"] as? Bool == true)
            let stored = try test.store().read { db in
                try db.value(String.self, "SELECT passwordHash FROM league WHERE id = ?", [setup.id])
            }
            #expect(stored != nil && stored?.contains("jueves") == false)
            for token in [setup.bob, setup.carol] {
                let refused = try await client.send(.put, "\(setup.path)/password", token: token, json: ["password": "mine mine"])
                #expect(refused.status == .forbidden, "\(refused.text)")
            }
            #expect(try await client.send(.put, "\(setup.path)/password", json: ["password": "mine mine"]).status == .unauthorized)
            #expect(try await client.send(.put, "\(setup.path)/password", token: setup.alice, json: ["secret": "x"]).status
                    == .badRequest)
            let short = try await client.send(.put, "\(setup.path)/password", token: setup.alice, json: ["password": "x"])
            #expect(short.status == .unprocessableContent)
            #expect(try short.problem().detail == "password: must be at least 8 characters")

            let wrong = try await client.send(.post, "\(setup.path)/join", token: dave, json: ["password": "viernes"])
            #expect(wrong.status == .forbidden)
            #expect(try wrong.problem().detail == "permission denied: wrong password for league '\(setup.id)'")
            let refusedTeam = try await client.send(.post, "\(setup.path)/teams", token: dave, json: ["name": "Dave FC"])
            #expect(refusedTeam.status == .forbidden)
            #expect(try await client.send(.post, "\(setup.path)/join", json: ["password": "jueves 19h"]).status == .unauthorized)
            let joined = try await client.send(.post, "\(setup.path)/join", token: dave, json: ["password": "jueves 19h"])
            #expect(joined.status == .noContent)
            let daveAdds = try await client.send(.post, "\(setup.path)/teams", token: dave, json: ["name": "Dave FC"])
            #expect(daveAdds.status == .created)

            #expect(try await client.send(.delete, "\(setup.path)/password", token: setup.bob).status == .forbidden)
            #expect(try await client.send(.delete, "\(setup.path)/password", token: setup.alice).status == .noContent)
            #expect(try await client.send(.get, setup.path).json()["hasPassword"] as? Bool == false)
            let afterClear = try await client.send(.post, "\(setup.path)/join", token: setup.carol, json: ["password": "jueves 19h"])
            #expect(afterClear.status == .forbidden)
        }
    }

    @Test("guessing a league's password is rate limited per user and league with 429 and Retry-After")
    func joinIsRateLimited() async throws {
        try await APITest { $0.loginsPerAccountPerMinute = 3 }.run { client in
            let setup = try await LeagueAPISetup.make(client)
            try await client.send(.put, "\(setup.path)/password", token: setup.alice, json: ["password": "jueves 19h"])
            for _ in 1...3 {
                let wrong = try await client.send(.post, "\(setup.path)/join", token: setup.carol, json: ["password": "guess"])
                #expect(wrong.status == .forbidden)
            }
            let limited = try await client.send(.post, "\(setup.path)/join", token: setup.carol, json: ["password": "jueves 19h"])
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil)
            // Another user is counted apart.
            let dave = try await client.user("dave")
            #expect(try await client.send(.post, "\(setup.path)/join", token: dave, json: ["password": "jueves 19h"]).status
                    == .noContent)
        }
    }

    @Test("editors: the owner grants and revokes; an editor or another user may not; an unknown user 404")
    func editors() async throws {
        try await APITest().run { client in
            let setup = try await LeagueAPISetup.make(client)
            // bob was granted by the setup: he may add a team.
            #expect(try await client.send(.post, "\(setup.path)/teams", token: setup.bob, json: ["name": "Bob FC"]).status
                    == .created)
            #expect(try await client.send(.put, "\(setup.path)/editors/carol", token: setup.bob).status == .forbidden)
            #expect(try await client.send(.put, "\(setup.path)/editors/carol", token: setup.carol).status == .forbidden)
            #expect(try await client.send(.put, "\(setup.path)/editors/carol").status == .unauthorized)
            let nobody = try await client.send(.put, "\(setup.path)/editors/nobody", token: setup.alice)
            #expect(nobody.status == .notFound)
            #expect(try nobody.problem().detail == "no user 'nobody'")
            #expect(try await client.send(.put, "/api/v1/leagues/999/editors/carol", token: setup.alice).status == .notFound)

            #expect(try await client.send(.delete, "\(setup.path)/editors/bob", token: setup.carol).status == .forbidden)
            #expect(try await client.send(.delete, "\(setup.path)/editors/bob", token: setup.alice).status == .noContent)
            #expect(try await client.send(.post, "\(setup.path)/teams", token: setup.bob, json: ["name": "Bob B"]).status
                    == .forbidden)
            #expect(try await client.send(.put, "\(setup.path)/editors/carol", token: setup.alice).status == .noContent)
            #expect(try await client.send(.post, "\(setup.path)/teams", token: setup.carol, json: ["name": "Carol FC"]).status
                    == .created)
        }
    }

    @Test("teams: list, add by name or linked to a club team one may edit, remove by encoded name, results need force")
    func teams() async throws {
        let test = try APITest()
        try await test.run { client in
            let setup = try await LeagueAPISetup.make(client)
            let listed = try await client.send(.get, "\(setup.path)/teams")
            #expect(listed.status == .ok)
            let names = try #require(try listed.json()["items"] as? [[String: Any]]).compactMap { $0["name"] as? String }
            #expect(names == LeagueAPISetup.teams)

            // A club team of alice's, made as the CLI would make it.
            let store = try test.store()
            let alice = try Accounts(store: store, hasher: APITest.fastHasher).authenticate(username: "alice",
                                                                                           password: "correct horse")
            let club = try Teams(store: store).add(alice, name: "Athletic Infantil A", season: "2024/25")
            let linked = try await client.send(.post, "\(setup.path)/teams", token: setup.alice,
                                               json: ["clubTeam": String(club.id)])
            #expect(linked.status == .created)
            #expect(try linked.json()["name"] as? String == "Athletic Infantil A")
            #expect(try linked.json()["teamID"] as? Int == Int(club.id))
            let renamed = try await client.send(.post, "\(setup.path)/teams", token: setup.alice,
                                                json: ["name": "Athletic", "clubTeam": "Athletic Infantil A"])
            #expect(try renamed.json()["name"] as? String == "Athletic")
            // bob edits the league but cannot see alice's club team.
            let hidden = try await client.send(.post, "\(setup.path)/teams", token: setup.bob,
                                               json: ["name": "Infantiles", "clubTeam": String(club.id)])
            #expect(hidden.status == .notFound)
            let plain = try await client.send(.post, "\(setup.path)/teams", token: setup.bob, json: ["name": "Plain"])
            #expect(plain.status == .created)
            #expect(try plain.json()["teamID"] == nil)

            let twice = try await client.send(.post, "\(setup.path)/teams", token: setup.bob, json: ["name": "Lentos"])
            #expect(twice.status == .conflict)
            #expect(try twice.problem().detail == "team 'Lentos' is already taken")
            let neither = try await client.send(.post, "\(setup.path)/teams", token: setup.bob, json: ["other": 1])
            #expect(neither.status == .badRequest)
            #expect(try neither.problem().detail == "field 'name': missing (or give 'clubTeam')")
            #expect(try await client.send(.post, "\(setup.path)/teams", token: setup.carol, json: ["name": "C"]).status
                    == .forbidden)
            #expect(try await client.send(.post, "\(setup.path)/teams", json: ["name": "C"]).status == .unauthorized)

            // Removing is the owner's; a team with a result needs force, which takes its matches too.
            let played = try await setup.match(client, "Los Rápidos", "Lentos", matchday: 1)
            try await setup.result(client, match: played, 2, 1)
            _ = try await setup.match(client, "Medianos", "Los Rápidos", matchday: 2)
            let rapidos = "\(setup.path)/teams/\(pathSegment("los rápidos"))"
            #expect(try await client.send(.delete, rapidos, token: setup.bob).status == .forbidden)
            let refused = try await client.send(.delete, rapidos, token: setup.alice)
            #expect(refused.status == .unprocessableContent)
            #expect(try refused.problem().detail.hasPrefix("team: Los Rápidos has played 1 match in league '\(setup.id)'"))
            #expect((try await client.send(.get, "\(setup.path)/matches").json()["items"] as? [Any])?.count == 2)
            #expect(try await client.send(.delete, rapidos + "?force=true", token: setup.alice).status == .noContent)
            #expect((try await client.send(.get, "\(setup.path)/matches").json()["items"] as? [Any])?.isEmpty == true)
            let missing = try await client.send(.delete, rapidos, token: setup.alice)
            #expect(missing.status == .notFound)
            #expect(try missing.problem().detail == "no team in the league 'los rápidos'")
            #expect(try await client.send(.delete, "\(setup.path)/teams/%E0%A4%A", token: setup.alice).status == .badRequest)
            #expect(try await client.send(.delete, "\(setup.path)/teams/Lentos?force=maybe", token: setup.alice).status
                    == .badRequest)
        }
    }
}
