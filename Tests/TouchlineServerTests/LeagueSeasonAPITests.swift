import Club
import Foundation
import HTTPTypes
import League
import Testing
@testable import TouchlineServer

@Suite("A league's season over HTTP: fixtures, matches, results, zones, deductions, export, statistics")
struct LeagueSeasonAPITests {
    @Test("generating fixtures: the report and the matches, as the service makes them; only the owner and editors")
    func fixtures() async throws {
        let test = try APITest()
        try await test.run { client in
            let setup = try await LeagueAPISetup.make(client)
            let options: [String: Any] = ["rounds": "double", "secondHalf": "english", "seed": 7, "startDate": "2024-09-14",
                                          "intervalDays": 7]
            let generated = try await client.send(.post, "\(setup.path)/fixtures", token: setup.bob, json: options)
            #expect(generated.status == .ok)
            let report = try generated.json()
            #expect(report["rounds"] as? Int == 6)
            #expect(report["unplacedResults"] as? Int == 0)
            #expect((report["teams"] as? [String]).map(Set.init) == Set(LeagueAPISetup.teams))
            let matches = try #require(report["matches"] as? [[String: Any]])
            #expect(matches.count == 12)
            let first = try #require(matches.first?["match"] as? [String: Any])
            #expect(first["date"] as? String == "2024-09-14" && first["matchday"] as? Int == 1)
            // The same schedule as the service gives for the same options and seed.
            let expected = try FixtureGenerator.generate(
                teams: LeagueAPISetup.teams,
                options: FixtureOptions(rounds: .double, secondHalf: .english, seed: 7, startDate: "2024-09-14"))
            #expect(report["breaks"] as? Int == expected.breaks)
            #expect(report["breaksByTeam"] as? [String: Int] == expected.breaksByTeam)
            let home = try #require(report["longestHomeRun"] as? [String: Any])
            #expect(home["team"] as? String == expected.longestHomeRun.team && home["length"] as? Int == expected.longestHomeRun.length)
            #expect((report["longestAwayRun"] as? [String: Any])?["firstMatchday"] as? Int == expected.longestAwayRun.firstMatchday)
            #expect((report["byes"] as? [Any])?.isEmpty == true)
            #expect(matches.compactMap { ($0["match"] as? [String: Any])?["home"] as? String } == expected.matches.map(\.home))
            let listed = try await client.send(.get, "\(setup.path)/matches?matchday=6")
            #expect((try listed.json()["items"] as? [Any])?.count == 2)

            let single = try await client.send(.post, "\(setup.path)/fixtures", token: setup.alice, json: ["rounds": "single"])
            #expect(try single.json()["rounds"] as? Int == 3)
            #expect((try single.json()["matches"] as? [Any])?.count == 6)

            #expect(try await client.send(.post, "\(setup.path)/fixtures", token: setup.carol, json: [String: Any]()).status
                    == .forbidden)
            #expect(try await client.send(.post, "\(setup.path)/fixtures", json: [String: Any]()).status == .unauthorized)
            let order = try await client.send(.post, "\(setup.path)/fixtures", token: setup.alice, json: ["secondHalf": "dutch"])
            #expect(order.status == .badRequest)
            #expect(try order.problem().detail == "field 'secondHalf': expected one of mirrored, french, english")
            let interval = try await client.send(.post, "\(setup.path)/fixtures", token: setup.alice, json: ["intervalDays": 0])
            #expect(interval.status == .unprocessableContent)
            #expect(try interval.problem().detail.hasPrefix("fixtures: "))
            // Nothing changed by the refusals.
            #expect((try await client.send(.get, "\(setup.path)/matches").json()["items"] as? [Any])?.count == 6)
        }
    }

    @Test("adding league matches: 201 with its location; teams of the league only; a repeat on the matchday 409")
    func addMatches() async throws {
        try await APITest().run { client in
            let setup = try await LeagueAPISetup.make(client)
            let added = try await client.send(.post, "\(setup.path)/matches", token: setup.bob,
                                              json: ["home": "los rápidos", "away": "Lentos", "matchday": 1, "date": "2024-09-14",
                                                     "time": "10:30"])
            #expect(added.status == .created)
            let id = try #require(try added.json()["id"] as? Int)
            #expect(added.headers[.location] == "/api/v1/matches/\(id)")
            #expect(try added.json()["leagueID"] as? Int == setup.id)
            let match = try #require(try added.json()["match"] as? [String: Any])
            #expect(match["home"] as? String == "Los Rápidos" && match["time"] as? String == "10:30")
            #expect(match["status"] as? String == "scheduled")

            let repeated = try await client.send(.post, "\(setup.path)/matches", token: setup.alice,
                                                 json: ["home": "Lentos", "away": "Los Rápidos", "matchday": 1])
            #expect(repeated.status == .conflict)
            #expect(try repeated.problem().detail == "match 'Lentos v Los Rápidos on matchday 1' is already taken")
            let allowed = try await client.send(.post, "\(setup.path)/matches", token: setup.alice,
                                                json: ["home": "Lentos", "away": "Los Rápidos", "matchday": 1, "allowRepeat": true])
            #expect(allowed.status == .created)
            let stranger = try await client.send(.post, "\(setup.path)/matches", token: setup.alice,
                                                 json: ["home": "Lentos", "away": "Real Madrid"])
            #expect(stranger.status == .notFound)
            #expect(try stranger.problem().detail == "no team in the league 'Real Madrid'")
            let itself = try await client.send(.post, "\(setup.path)/matches", token: setup.alice,
                                               json: ["home": "Lentos", "away": "lentos"])
            #expect(itself.status == .unprocessableContent)
            #expect(try itself.problem().detail == "away: a team cannot play itself")
            let date = try await client.send(.post, "\(setup.path)/matches", token: setup.alice,
                                             json: ["home": "Lentos", "away": "Otros", "date": "2024-02-30"])
            #expect(date.status == .unprocessableContent)
            let matchday = try await client.send(.post, "\(setup.path)/matches", token: setup.alice,
                                                 json: ["home": "Lentos", "away": "Otros", "matchday": "one"])
            #expect(matchday.status == .badRequest)
            #expect(try matchday.problem().detail == "field 'matchday': expected a number")
            #expect(try await client.send(.post, "\(setup.path)/matches", token: setup.carol,
                                          json: ["home": "Lentos", "away": "Otros"]).status == .forbidden)
            #expect(try await client.send(.post, "\(setup.path)/matches", json: ["home": "Lentos", "away": "Otros"]).status
                    == .unauthorized)
            #expect(try await client.send(.post, "/api/v1/leagues/999/matches", token: setup.alice,
                                          json: ["home": "Lentos", "away": "Otros"]).status == .notFound)
            #expect((try await client.send(.get, "\(setup.path)/matches").json()["items"] as? [Any])?.count == 2)
        }
    }

    @Test("results, the grid, scorers and discipline follow the results and events entered")
    func seasonViews() async throws {
        try await APITest().run { client in
            let setup = try await LeagueAPISetup.make(client)
            let first = try await setup.match(client, "Los Rápidos", "Lentos", matchday: 1)
            let second = try await setup.match(client, "Medianos", "Otros", matchday: 1)
            _ = try await setup.match(client, "Lentos", "Medianos", matchday: 2)
            try await setup.result(client, match: first, 2, 0)
            try await setup.result(client, match: second, 1, 1)
            let goal: [String: Any] = ["team": "Los Rápidos", "minute": 12, "stoppage": 0,
                                       "kind": ["goal": ["scorer": "Marta Díaz", "assist": "Ana Ruiz", "penalty": false,
                                                         "ownGoal": false]]]
            #expect(try await client.send(.post, "/api/v1/matches/\(first)/events", token: setup.alice, json: goal).status
                    == .created)
            let card: [String: Any] = ["team": "Lentos", "minute": 30, "stoppage": 0, "kind": ["redCard": ["player": "Eva Gil"]]]
            #expect(try await client.send(.post, "/api/v1/matches/\(first)/events", token: setup.bob, json: card).status
                    == .created)

            let results = try await client.send(.get, "\(setup.path)/results")
            #expect(results.status == .ok)
            let ids = try #require(try results.json()["items"] as? [[String: Any]]).compactMap { $0["id"] as? Int }
            #expect(ids == [first, second])
            #expect((try await client.send(.get, "\(setup.path)/results?matchday=2").json()["items"] as? [Any])?.isEmpty == true)
            #expect(try await client.send(.get, "\(setup.path)/results?matchday=0").status == .badRequest)

            let grid = try await client.send(.get, "\(setup.path)/results-grid")
            #expect(grid.status == .ok)
            let teams = try #require(try grid.json()["teams"] as? [String])
            #expect(teams.first == "Los Rápidos")
            let cells = try #require(try grid.json()["cells"] as? [[[[String: Int]]]])
            let (home, away) = (try #require(teams.firstIndex(of: "Los Rápidos")), try #require(teams.firstIndex(of: "Lentos")))
            #expect(cells[home][away] == [["home": 2, "away": 0]])
            #expect(cells[away][home] == [])

            let scorers = try #require(try await client.send(.get, "\(setup.path)/scorers").json()["items"] as? [[String: Any]])
            #expect(scorers.count == 2)
            #expect(scorers.first?["player"] as? String == "Marta Díaz" && scorers.first?["goals"] as? Int == 1)
            #expect(scorers.last?["player"] as? String == "Ana Ruiz" && scorers.last?["assists"] as? Int == 1)
            let discipline = try #require(try await client.send(.get, "\(setup.path)/discipline").json()["items"]
                                          as? [[String: Any]])
            #expect(discipline.count == 1 && discipline.first?["redCards"] as? Int == 1)
            for view in ["results", "results-grid", "scorers", "discipline", "teams", "zones", "deductions"] {
                #expect(try await client.send(.get, "/api/v1/leagues/999/\(view)").status == .notFound, "\(view)")
            }
        }
    }

    @Test("zones: anyone sees them; the owner and editors replace them; bad zones refused, nothing half-set")
    func zones() async throws {
        try await APITest().run { client in
            let setup = try await LeagueAPISetup.make(client)
            #expect((try await client.send(.get, "\(setup.path)/zones").json()["zones"] as? [Any])?.isEmpty == true)
            let zones: [[String: Any]] = [["kind": "champion", "first": 1, "last": 1],
                                          ["kind": "europe", "first": 1, "last": 2, "mark": "CL", "name": "Champions League"],
                                          ["kind": "relegation", "first": 4, "last": 4]]
            let set = try await client.send(.put, "\(setup.path)/zones", token: setup.bob, json: ["zones": zones])
            #expect(set.status == .ok)
            let stored = try #require(try set.json()["zones"] as? [[String: Any]])
            #expect(stored.count == 3)
            #expect(stored[0]["mark"] as? String == "C" && stored[0]["name"] as? String == "Champion")
            #expect(stored[1]["mark"] as? String == "CL" && stored[1]["last"] as? Int == 2)
            let shown = try #require(try await client.send(.get, "\(setup.path)/zones").json()["zones"] as? [[String: Any]])
            #expect(shown.compactMap { $0["kind"] as? String } == ["champion", "europe", "relegation"])

            #expect(try await client.send(.put, "\(setup.path)/zones", token: setup.carol, json: ["zones": zones]).status
                    == .forbidden)
            #expect(try await client.send(.put, "\(setup.path)/zones", json: ["zones": zones]).status == .unauthorized)
            let backwards = try await client.send(.put, "\(setup.path)/zones", token: setup.alice,
                                                  json: ["zones": [["kind": "europe", "first": 4, "last": 2]]])
            #expect(backwards.status == .badRequest)
            let far = try await client.send(.put, "\(setup.path)/zones", token: setup.alice,
                                            json: ["zones": [["kind": "europe", "first": 1, "last": 1001]]])
            #expect(far.status == .unprocessableContent)
            #expect(try far.problem().detail == "zone 1: positions 1-1001 must lie within 1-1000")
            let mark = try await client.send(.put, "\(setup.path)/zones", token: setup.alice,
                                             json: ["zones": [["kind": "europe", "first": 1, "last": 2, "mark": "UEFA"]]])
            #expect(mark.status == .unprocessableContent)
            let kind = try await client.send(.put, "\(setup.path)/zones", token: setup.alice,
                                             json: ["zones": [["kind": "heaven", "first": 1, "last": 2]]])
            #expect(kind.status == .badRequest)
            #expect((try await client.send(.get, "\(setup.path)/zones").json()["zones"] as? [Any])?.count == 3)

            let cleared = try await client.send(.put, "\(setup.path)/zones", token: setup.alice, json: ["zones": [Any]()])
            #expect(cleared.status == .ok)
            #expect((try cleared.json()["zones"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("deductions: 201 with the team as the league spells it; listed; the table counts them; bad ones refused")
    func deductions() async throws {
        try await APITest().run { client in
            let setup = try await LeagueAPISetup.make(client)
            let first = try await setup.match(client, "Los Rápidos", "Lentos", matchday: 1)
            try await setup.result(client, match: first, 1, 0)
            let deducted = try await client.send(.post, "\(setup.path)/deductions", token: setup.bob,
                                                 json: ["team": "los rápidos", "points": 2, "reason": "Ineligible player",
                                                        "date": "2024-10-01"])
            #expect(deducted.status == .created)
            #expect(try deducted.json()["team"] as? String == "Los Rápidos")
            #expect(try deducted.json()["points"] as? Int == 2 && deducted.json()["date"] as? String == "2024-10-01")
            let listed = try #require(try await client.send(.get, "\(setup.path)/deductions").json()["items"]
                                      as? [[String: Any]])
            #expect(listed.count == 1 && listed.first?["reason"] as? String == "Ineligible player")
            let rows = try #require(try await client.send(.get, "\(setup.path)/table").json()["rows"] as? [[String: Any]])
            let rapidos = try #require(rows.first { $0["team"] as? String == "Los Rápidos" })
            #expect(rapidos["points"] as? Int == 1 && rapidos["deducted"] as? Int == 2)

            let zero = try await client.send(.post, "\(setup.path)/deductions", token: setup.alice,
                                             json: ["team": "Lentos", "points": 0, "reason": "x"])
            #expect(zero.status == .unprocessableContent)
            #expect(try zero.problem().detail == "points: 0 is not a deduction from -100 to 100 other than 0")
            let unknown = try await client.send(.post, "\(setup.path)/deductions", token: setup.alice,
                                                json: ["team": "Nobody", "points": 3, "reason": "x"])
            #expect(unknown.status == .notFound)
            let noReason = try await client.send(.post, "\(setup.path)/deductions", token: setup.alice,
                                                 json: ["team": "Lentos", "points": 3])
            #expect(noReason.status == .badRequest)
            #expect(try noReason.problem().detail == "field 'reason': missing")
            #expect(try await client.send(.post, "\(setup.path)/deductions", token: setup.carol,
                                          json: ["team": "Lentos", "points": 3, "reason": "x"]).status == .forbidden)
            #expect(try await client.send(.post, "\(setup.path)/deductions",
                                          json: ["team": "Lentos", "points": 3, "reason": "x"]).status == .unauthorized)
            #expect((try await client.send(.get, "\(setup.path)/deductions").json()["items"] as? [Any])?.count == 1)
        }
    }

    @Test("export: the table and fixtures as CSV and JSON files, the same as the CLI writes and the table route answers")
    func export() async throws {
        let test = try APITest()
        try await test.run { client in
            let setup = try await LeagueAPISetup.make(client)
            let first = try await setup.match(client, "Los Rápidos", "Lentos", matchday: 1)
            try await setup.result(client, match: first, 3, 1)
            _ = try await setup.match(client, "Medianos", "Otros", matchday: 1)
            let leagues = Leagues(store: try test.store())

            let csv = try await client.send(.get, "\(setup.path)/export?format=csv")
            #expect(csv.status == .ok)
            #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(csv.headers[.contentDisposition] == "attachment; filename=\"league-\(setup.id)-table.csv\"")
            #expect(csv.text == LeagueCSV.table(try leagues.table(.id(Int64(setup.id)))))
            #expect(csv.text.hasPrefix("Position,Team,"))

            let fixtures = try await client.send(.get, "\(setup.path)/export?format=csv&what=fixtures")
            #expect(fixtures.text == LeagueCSV.matches(try leagues.matches(.id(Int64(setup.id))).map(\.match)))
            #expect(fixtures.text.hasPrefix("Round,Date,Team 1,FT,Team 2,HT,Status"))
            #expect(fixtures.text.contains("Los Rápidos,3-1,Lentos"))

            let json = try await client.send(.get, "\(setup.path)/export?format=json&what=table")
            #expect(json.headers[.contentType] == "application/json")
            #expect(json.body == (try await client.send(.get, "\(setup.path)/table")).body)
            let matches = try await client.send(.get, "\(setup.path)/export?format=json&what=fixtures")
            let items = try #require(try JSONSerialization.jsonObject(with: matches.body) as? [[String: Any]])
            #expect(items.count == 2 && items.first?["id"] as? Int == first)

            let noFormat = try await client.send(.get, "\(setup.path)/export")
            #expect(noFormat.status == .badRequest)
            #expect(try noFormat.problem().detail == "query parameter 'format': give csv or json")
            #expect(try await client.send(.get, "\(setup.path)/export?format=xml").status == .badRequest)
            #expect(try await client.send(.get, "\(setup.path)/export?format=csv&what=everything").status == .badRequest)
            #expect(try await client.send(.get, "/api/v1/leagues/999/export?format=csv").status == .notFound)
        }
    }
}
