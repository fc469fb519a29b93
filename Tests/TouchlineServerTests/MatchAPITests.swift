import Club
import Foundation
import HTTPTypes
import Testing
@testable import TouchlineServer

@Suite("Matches over HTTP: results, line-ups, events, friendlies, statistics")
struct MatchAPITests {
    static func goal(_ team: String, _ scorer: String, minute: Int, stoppage: Int = 0) -> [String: Any] {
        ["team": team, "minute": minute, "stoppage": stoppage,
         "kind": ["goal": ["scorer": scorer, "penalty": false, "ownGoal": false]]]
    }

    @Test("a league match's result: the owner and editors 200, another user 403, no token 401; anyone reads it")
    func resultPermissions() async throws {
        try await APITest().run { client in
            let setup = try await LeagueAPISetup.make(client)
            let id = try await setup.match(client, "Los Rápidos", "Lentos", matchday: 1)
            let uri = "/api/v1/matches/\(id)/result"
            let owner = try await client.send(.put, uri, token: setup.alice, json: ["fullTime": ["home": 1, "away": 0]])
            #expect(owner.status == .ok)
            let editor = try await client.send(.put, uri, token: setup.bob,
                                               json: ["fullTime": ["home": 1, "away": 1], "halfTime": ["home": 0, "away": 1],
                                                      "extraTime": ["home": 2, "away": 1], "penalties": ["home": 4, "away": 3],
                                                      "status": "played"])
            #expect(editor.status == .ok)
            let match = try #require(try editor.json()["match"] as? [String: Any])
            #expect(match["fullTime"] as? [String: Int] == ["home": 1, "away": 1])
            #expect(match["extraTime"] as? [String: Int] == ["home": 2, "away": 1])
            #expect(match["penalties"] as? [String: Int] == ["home": 4, "away": 3])
            let other = try await client.send(.put, uri, token: setup.carol, json: ["fullTime": ["home": 9, "away": 0]])
            #expect(other.status == .forbidden)
            #expect(try other.problem().detail
                    == "permission denied: only the owner and editors of league '\(setup.id)' may do that; carol is not")
            #expect(try await client.send(.put, uri, json: ["fullTime": ["home": 9, "away": 0]]).status == .unauthorized)

            let anyone = try await client.send(.get, "/api/v1/matches/\(id)")
            #expect(anyone.status == .ok)
            #expect((try anyone.json()["match"] as? [String: Any])?["fullTime"] as? [String: Int] == ["home": 1, "away": 1])
            #expect(try await client.send(.get, "/api/v1/matches/\(id)", token: setup.carol).status == .ok)
            #expect(try await client.send(.get, "/api/v1/matches/\(id)", token: "not-a-token").status == .unauthorized)
            #expect(try await client.send(.get, "/api/v1/matches/999").status == .notFound)
            #expect(try await client.send(.get, "/api/v1/matches/x").status == .notFound)
            #expect(try await client.send(.put, "/api/v1/matches/999/result", token: setup.alice,
                                          json: ["fullTime": ["home": 1, "away": 0]]).status == .notFound)
        }
    }

    @Test("results that break a rule 422 with the CLI's message, malformed ones 400; the match is left as it was")
    func resultRules() async throws {
        try await APITest().run { client in
            let setup = try await LeagueAPISetup.make(client)
            let id = try await setup.match(client, "Los Rápidos", "Lentos", matchday: 1)
            try await setup.result(client, match: id, 1, 0)
            let uri = "/api/v1/matches/\(id)/result"
            let half = try await client.send(.put, uri, token: setup.alice,
                                             json: ["fullTime": ["home": 1, "away": 0], "halfTime": ["home": 2, "away": 0]])
            #expect(half.status == .unprocessableContent)
            #expect(try half.problem().detail == "half time: 2-0 is more than the full-time 1-0")
            let negative = try await client.send(.put, uri, token: setup.alice, json: ["fullTime": ["home": -1, "away": 0]])
            #expect(try negative.problem().detail == "full time: goals must be whole numbers from 0 to 999")
            let extra = try await client.send(.put, uri, token: setup.alice,
                                              json: ["fullTime": ["home": 1, "away": 1], "extraTime": ["home": 0, "away": 1]])
            #expect(extra.status == .unprocessableContent)
            let status = try await client.send(.put, uri, token: setup.alice,
                                               json: ["fullTime": ["home": 1, "away": 0], "status": "won"])
            #expect(status.status == .badRequest)
            #expect(try status.problem().detail.hasPrefix("field 'status': expected one of scheduled, played"))
            let missing = try await client.send(.put, uri, token: setup.alice, json: ["halfTime": ["home": 1, "away": 0]])
            #expect(try missing.problem().detail == "field 'fullTime': missing")
            let text = try await client.send(.put, uri, token: setup.alice, json: ["fullTime": "2-1"])
            #expect(text.status == .badRequest)
            let notJSON = try await client.send(.put, uri, token: setup.alice, body: Data("{\"fullTime\":".utf8),
                                                contentType: "application/json")
            #expect(notJSON.status == .badRequest)
            let form = try await client.send(.put, uri, token: setup.alice, body: Data("fullTime=2-1".utf8),
                                             contentType: "application/x-www-form-urlencoded")
            #expect(form.status == .unsupportedMediaType)
            let shown = try await client.send(.get, "/api/v1/matches/\(id)")
            let match = try #require(try shown.json()["match"] as? [String: Any])
            #expect(match["fullTime"] as? [String: Int] == ["home": 1, "away": 0] && match["halfTime"] == nil)
        }
    }

    @Test("line-ups by the team's encoded name; more than 11 or a team not playing refused")
    func lineups() async throws {
        try await APITest().run { client in
            let setup = try await LeagueAPISetup.make(client)
            let id = try await setup.match(client, "Los Rápidos", "Lentos", matchday: 1)
            let uri = "/api/v1/matches/\(id)/lineups/\(pathSegment("los rápidos"))"
            let set = try await client.send(.put, uri, token: setup.bob, json: ["players": ["Sara Gil", "Marta Díaz"]])
            #expect(set.status == .ok)
            let lineups = (try set.json()["match"] as? [String: Any])?["lineups"] as? [String: [String]]
            #expect(lineups == ["Los Rápidos": ["Sara Gil", "Marta Díaz"]])
            let eleven = (1...12).map { "Player \($0)" }
            let tooMany = try await client.send(.put, uri, token: setup.bob, json: ["players": eleven])
            #expect(tooMany.status == .unprocessableContent)
            #expect(try tooMany.problem().detail == "players: a line-up has at most 11 players, not 12")
            let twice = try await client.send(.put, uri, token: setup.bob, json: ["players": ["Ana", "ana"]])
            #expect(try twice.problem().detail == "players: 'ana' is named twice")
            let stranger = try await client.send(.put, "/api/v1/matches/\(id)/lineups/Otros", token: setup.bob,
                                                 json: ["players": ["Ana"]])
            #expect(stranger.status == .unprocessableContent)
            #expect(try stranger.problem().detail == "team: 'Otros' is not playing match \(id) (Los Rápidos v Lentos)")
            #expect(try await client.send(.put, uri, token: setup.carol, json: ["players": ["Ana"]]).status == .forbidden)
            #expect(try await client.send(.put, uri, token: setup.bob, json: ["players": "Ana"]).status == .badRequest)
            let cleared = try await client.send(.put, uri, token: setup.alice, json: ["players": [String]()])
            #expect((try cleared.json()["match"] as? [String: Any])?["lineups"] as? [String: [String]] == [:])
        }
    }

    @Test("events: add each kind with its id, refuse those that do not fit, delete one by id")
    func events() async throws {
        try await APITest().run { client in
            let setup = try await LeagueAPISetup.make(client)
            let id = try await setup.match(client, "Los Rápidos", "Lentos", matchday: 1)
            try await setup.result(client, match: id, 1, 0)
            let uri = "/api/v1/matches/\(id)/events"
            let goal = try await client.send(.post, uri, token: setup.bob, json: Self.goal("los rápidos", "Marta Díaz", minute: 90,
                                                                                             stoppage: 3))
            #expect(goal.status == .created)
            let goalID = try #require((try goal.json()["eventIDs"] as? [Int])?.last)
            let events = try #require((try goal.json()["match"] as? [String: Any])?["events"] as? [[String: Any]])
            #expect(events.count == 1 && events[0]["team"] as? String == "Los Rápidos" && events[0]["stoppage"] as? Int == 3)
            let lineup = try await client.send(.put, "/api/v1/matches/\(id)/lineups/Lentos", token: setup.alice,
                                               json: ["players": ["Eva Gil", "Sara Ruiz"]])
            #expect(lineup.status == .ok)
            let sub: [String: Any] = ["team": "Lentos", "minute": 60, "stoppage": 0,
                                      "kind": ["substitution": ["off": "Eva Gil", "on": "Lucía Mora"]]]
            let subbed = try await client.send(.post, uri, token: setup.alice, json: sub)
            #expect(subbed.status == .created)
            let subID = try #require((try subbed.json()["eventIDs"] as? [Int])?.last)
            let card: [String: Any] = ["team": "Lentos", "minute": 70, "stoppage": 0, "kind": ["yellowCard": ["player": "Lucía Mora"]]]
            #expect(try await client.send(.post, uri, token: setup.alice, json: card).status == .created)

            // A second goal for the home side would contradict the 1-0.
            let tooMany = try await client.send(.post, uri, token: setup.alice, json: Self.goal("Los Rápidos", "Ana Ruiz", minute: 80))
            #expect(tooMany.status == .unprocessableContent)
            #expect(try tooMany.problem().detail.hasPrefix("event: match \(id): "))
            let stranger = try await client.send(.post, uri, token: setup.alice, json: Self.goal("Otros", "Ana", minute: 5))
            #expect(try stranger.problem().detail == "team: 'Otros' is not playing match \(id) (Los Rápidos v Lentos)")
            let late = try await client.send(.post, uri, token: setup.alice, json: Self.goal("Lentos", "Ana", minute: 200))
            #expect(try late.problem().detail == "minute: 200+0 is not a minute of a match")
            let unknownKind = try await client.send(.post, uri, token: setup.alice,
                                                    json: ["team": "Lentos", "minute": 5, "stoppage": 0, "kind": ["dive": ["player": "X"]]])
            #expect(unknownKind.status == .badRequest)
            let noMinute = try await client.send(.post, uri, token: setup.alice,
                                                 json: ["team": "Lentos", "stoppage": 0, "kind": ["redCard": ["player": "X"]]])
            #expect(try noMinute.problem().detail == "field 'minute': missing")
            #expect(try await client.send(.post, uri, token: setup.carol, json: card).status == .forbidden)
            #expect(try await client.send(.post, uri, json: card).status == .unauthorized)

            // The card rests on the substitution: that goes only once the card has.
            let needed = try await client.send(.delete, "\(uri)/\(subID)", token: setup.alice)
            #expect(needed.status == .unprocessableContent)
            #expect(try await client.send(.delete, "\(uri)/\(goalID)", token: setup.carol).status == .forbidden)
            #expect(try await client.send(.delete, "\(uri)/\(goalID)").status == .unauthorized)
            #expect(try await client.send(.delete, "\(uri)/\(goalID)", token: setup.bob).status == .noContent)
            let gone = try await client.send(.delete, "\(uri)/\(goalID)", token: setup.bob)
            #expect(gone.status == .notFound)
            #expect(try gone.problem().detail == "no event of match \(id) '\(goalID)'")
            let shown = try await client.send(.get, "/api/v1/matches/\(id)")
            #expect((try shown.json()["eventIDs"] as? [Int])?.contains(goalID) == false)
            #expect((try shown.json()["eventIDs"] as? [Int])?.count == 2)
        }
    }

    @Test("deleting a match: the owner and editors; another user 403; then it is gone")
    func deleteMatch() async throws {
        try await APITest().run { client in
            let setup = try await LeagueAPISetup.make(client)
            let id = try await setup.match(client, "Los Rápidos", "Lentos", matchday: 1)
            #expect(try await client.send(.delete, "/api/v1/matches/\(id)", token: setup.carol).status == .forbidden)
            #expect(try await client.send(.delete, "/api/v1/matches/\(id)").status == .unauthorized)
            #expect(try await client.send(.delete, "/api/v1/matches/\(id)", token: setup.bob).status == .noContent)
            #expect(try await client.send(.get, "/api/v1/matches/\(id)").status == .notFound)
            #expect(try await client.send(.delete, "/api/v1/matches/\(id)", token: setup.alice).status == .notFound)
        }
    }

    @Test("friendlies: only who recorded one sees and changes it; others and anonymous get 404")
    func friendlies() async throws {
        try await APITest().run { client in
            let bob = try await client.user("bob")
            let carol = try await client.user("carol")
            let recorded = try await client.send(.post, "/api/v1/matches", token: bob,
                                                 json: ["home": "Rápidos", "away": "Vecinos", "date": "2024-09-01"])
            #expect(recorded.status == .created)
            let id = try #require(try recorded.json()["id"] as? Int)
            #expect(recorded.headers[.location] == "/api/v1/matches/\(id)")
            #expect(try recorded.json()["leagueID"] == nil)
            let mine = try #require(try await client.send(.get, "/api/v1/matches", token: bob).json()["items"] as? [[String: Any]])
            #expect(mine.compactMap { $0["id"] as? Int } == [id])
            #expect((try await client.send(.get, "/api/v1/matches", token: carol).json()["items"] as? [Any])?.isEmpty == true)
            #expect(try await client.send(.get, "/api/v1/matches").status == .unauthorized)
            #expect(try await client.send(.post, "/api/v1/matches", json: ["home": "A", "away": "B"]).status == .unauthorized)

            #expect(try await client.send(.get, "/api/v1/matches/\(id)", token: bob).status == .ok)
            let peek = try await client.send(.get, "/api/v1/matches/\(id)", token: carol)
            #expect(peek.status == .notFound)
            #expect(try peek.problem().detail == "no match '\(id)'")
            #expect(try await client.send(.get, "/api/v1/matches/\(id)").status == .notFound)
            let result = ["fullTime": ["home": 2, "away": 0]]
            #expect(try await client.send(.put, "/api/v1/matches/\(id)/result", token: carol, json: result).status == .notFound)
            #expect(try await client.send(.post, "/api/v1/matches/\(id)/events", token: carol,
                                          json: Self.goal("Rápidos", "Ana", minute: 9)).status == .notFound)
            #expect(try await client.send(.delete, "/api/v1/matches/\(id)", token: carol).status == .notFound)
            #expect(try await client.send(.put, "/api/v1/matches/\(id)/result", token: bob, json: result).status == .ok)
            #expect(try await client.send(.post, "/api/v1/matches/\(id)/events", token: bob,
                                          json: Self.goal("Rápidos", "Ana", minute: 9)).status == .created)

            let itself = try await client.send(.post, "/api/v1/matches", token: bob, json: ["home": "A", "away": "a"])
            #expect(itself.status == .unprocessableContent)
            #expect(try await client.send(.post, "/api/v1/matches", token: bob, json: ["home": "A"]).status == .badRequest)
            #expect(try await client.send(.delete, "/api/v1/matches/\(id)", token: bob).status == .noContent)
        }
    }

    @Test("statistics over every league, and one's own friendlies with a token; narrowed to a player or a team")
    func statistics() async throws {
        try await APITest().run { client in
            let setup = try await LeagueAPISetup.make(client)
            let league = try await setup.match(client, "Los Rápidos", "Lentos", matchday: 1)
            try await setup.result(client, match: league, 1, 0)
            try await client.send(.post, "/api/v1/matches/\(league)/events", token: setup.alice,
                                  json: Self.goal("Los Rápidos", "Ana", minute: 5))
            let friendly = try await client.send(.post, "/api/v1/matches", token: setup.bob, json: ["home": "Los Rápidos", "away": "Vecinos"])
            let friendlyID = try #require(try friendly.json()["id"] as? Int)
            try await client.send(.put, "/api/v1/matches/\(friendlyID)/result", token: setup.bob,
                                  json: ["fullTime": ["home": 2, "away": 0]])
            try await client.send(.post, "/api/v1/matches/\(friendlyID)/events", token: setup.bob,
                                  json: Self.goal("Los Rápidos", "Ana", minute: 9))

            func goals(_ token: String?) async throws -> Int? {
                let reply = try await client.send(.get, "/api/v1/matches/statistics?player=ana", token: token)
                #expect(reply.status == .ok)
                #expect((try reply.json()["teams"] as? [Any])?.isEmpty == true)
                return (try reply.json()["players"] as? [[String: Any]])?.first?["goals"] as? Int
            }
            #expect(try await goals(setup.bob) == 2)
            #expect(try await goals(setup.carol) == 1)
            #expect(try await goals(nil) == 1)
            let team = try await client.send(.get, "/api/v1/matches/statistics?team=\(pathSegment("los rápidos"))")
            let teams = try #require(try team.json()["teams"] as? [[String: Any]])
            #expect(teams.count == 1 && teams.first?["played"] as? Int == 1 && teams.first?["form"] as? [String] == ["W"])
            #expect(try await client.send(.get, "/api/v1/matches/statistics", token: "bad").status == .unauthorized)
        }
    }
}
