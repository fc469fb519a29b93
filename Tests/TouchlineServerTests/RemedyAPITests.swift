import Foundation
import HTTPTypes
import Testing
@testable import TouchlineServer

/// A refusal that says what would get the change through names the API's own route or
/// parameter (never a command line option), and following the advice works.
@Suite("Remedies in API terms")
struct RemedyAPITests {
    @Test("each remedy names the route or parameter that does it, and doing so succeeds")
    func remediesNameRoutesAndParameters() async throws {
        try await APITest().run { client in
            let setup = try await LeagueAPISetup.make(client)
            let fixtures: [String: Any] = ["rounds": "single", "seed": 1, "startDate": "2024-08-10"]
            #expect(try await client.send(.post, "\(setup.path)/fixtures", token: setup.alice, json: fixtures).status == .ok)
            let firstDay = try await client.send(.get, "\(setup.path)/matches?matchday=1").json()
            let first = try #require((firstDay["items"] as? [[String: Any]])?.first)
            let id = try #require(first["id"] as? Int)
            let home = try #require((first["match"] as? [String: Any])?["home"] as? String)
            let match = "/api/v1/matches/\(id)"

            let status = try await client.send(.patch, match, token: setup.alice, json: ["status": "played"])
            #expect(status.status == .unprocessableContent)
            #expect(try status.problem().detail == "status: 'played' comes with a result: enter it with "
                + "PUT /api/v1/matches/\(id)/result, the score with \"status\": \"played\"")

            let entered = try await client.send(.put, "\(match)/result", token: setup.alice,
                                                json: ["fullTime": ["home": 1, "away": 0], "status": "played"])
            #expect(entered.status == .ok)
            let played = try await client.send(.patch, match, token: setup.alice, json: ["status": "postponed"])
            #expect(try played.problem().detail == "status: match \(id) has a result (played 1-0): "
                + "change it with PUT /api/v1/matches/\(id)/result, the score with its \"status\"")
            let changed = try await client.send(.put, "\(match)/result", token: setup.alice,
                                                json: ["fullTime": ["home": 1, "away": 0], "status": "awarded"])
            #expect(try changed.status == .ok && (changed.json()["match"] as? [String: Any])?["status"] as? String == "awarded")
            #expect(try await client.send(.put, "\(match)/result", token: setup.alice,
                                          json: ["fullTime": ["home": 1, "away": 0]]).status == .ok)

            let goal = try await client.send(.post, "\(match)/events", token: setup.alice,
                                             json: MatchAPITests.goal(home, "Ana", minute: 10))
            #expect(goal.status == .created)
            let event = try #require(try goal.json()["eventIDs"] as? [Int]).first ?? 0
            let contradicted = try await client.send(.put, "\(match)/result", token: setup.alice,
                                                     json: ["fullTime": ["home": 0, "away": 0]])
            #expect(contradicted.status == .unprocessableContent)
            let detail = try contradicted.problem().detail
            #expect(detail.hasPrefix("result: match \(id) has events this change would contradict: its 10' event of \(home): "))
            #expect(detail.hasSuffix("; delete the event first (DELETE /api/v1/matches/\(id)/events/\(event))"), "\(detail)")
            #expect(try await client.send(.delete, "\(match)/events/\(event)", token: setup.alice).status == .noContent)
            #expect(try await client.send(.put, "\(match)/result", token: setup.alice,
                                          json: ["fullTime": ["home": 0, "away": 0]]).status == .ok)

            // The played match moved onto matchday 2's date: the same fixtures would have its teams play twice that day.
            #expect(try await client.send(.patch, match, token: setup.alice, json: ["date": "2024-08-17"]).status == .ok)
            let again = try await client.send(.post, "\(setup.path)/fixtures", token: setup.alice, json: fixtures)
            #expect(again.status == .unprocessableContent)
            let twice = try again.problem().detail
            #expect(twice.hasPrefix("fixtures: existing: "), "\(twice)")
            #expect(twice.hasSuffix(" would play twice on 2024-08-17 between the results kept and the new fixtures; "
                + "choose another \"startDate\" or \"intervalDays\""), "\(twice)")
            var fortnightly = fixtures
            fortnightly["intervalDays"] = 14
            #expect(try await client.send(.post, "\(setup.path)/fixtures", token: setup.alice, json: fortnightly).status == .ok)

            let team = "\(setup.path)/teams/\(pathSegment(home))"
            let removal = try await client.send(.delete, team, token: setup.alice)
            #expect(removal.status == .unprocessableContent)
            #expect(try removal.problem().detail == "team: \(home) has played 1 match in league '\(setup.id)' (the first: match \(id)); "
                + "removing it would change the table: repeat the DELETE with ?force=true to delete those matches too")
            #expect(try await client.send(.delete, team + "?force=true", token: setup.alice).status == .noContent)
        }
    }
}
