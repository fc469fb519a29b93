import Club
import Foundation
import HTTPTypes
import TestSupport
import Testing
@testable import TouchlineServer

@Suite("Private leagues over HTTP")
struct PrivateLeagueAPITests {
    /// alice's private "Liga Secreta" (Athletic, Osasuna; one dated match with a result), bob
    /// an editor by grant, dave by its password, carol nobody.
    struct Secret {
        let alice: String, bob: String, carol: String, dave: String
        let id: Int
        let match: Int
        var path: String { "/api/v1/leagues/\(id)" }
    }

    static func secret(_ client: TestClient) async throws -> Secret {
        let alice = try await client.user("alice"), bob = try await client.user("bob")
        let carol = try await client.user("carol"), dave = try await client.user("dave")
        let created = try await client.send(.post, "/api/v1/leagues", token: alice,
                                            json: ["name": "Liga Secreta", "season": "2024/25", "private": true])
        guard created.status == .created, let id = try created.json()["id"] as? Int, try created.json()["private"] as? Bool == true else {
            throw TestFailure("create the league: \(created.status) \(created.text)")
        }
        for team in ["Athletic", "Osasuna"] {
            _ = try await client.send(.post, "/api/v1/leagues/\(id)/teams", token: alice, json: ["name": team])
        }
        let added = try await client.send(.post, "/api/v1/leagues/\(id)/matches", token: alice,
                                          json: ["home": "Athletic", "away": "Osasuna", "date": "2024-10-12", "time": "18:30"])
        let match = try #require(try added.json()["id"] as? Int)
        _ = try await client.send(.put, "/api/v1/matches/\(match)/result", token: alice, json: ["fullTime": ["home": 2, "away": 1]])
        _ = try await client.send(.put, "/api/v1/leagues/\(id)/editors/bob", token: alice)
        _ = try await client.send(.put, "/api/v1/leagues/\(id)/password", token: alice, json: ["password": "secreto compartido"])
        let joined = try await client.send(.post, "/api/v1/leagues/\(id)/join", token: dave, json: ["password": "secreto compartido"])
        guard joined.status == .noContent else { throw TestFailure("dave joins: \(joined.status) \(joined.text)") }
        return Secret(alice: alice, bob: bob, carol: carol, dave: dave, id: id, match: match)
    }

    /// Every read of the league.
    static func reads(_ s: Secret) -> [String] {
        ["", "/table", "/matches", "/results", "/teams", "/scorers", "/discipline", "/deductions", "/zones", "/results-grid",
         "/export?format=csv", "/export?format=json&what=fixtures", "/calendar.ics"].map { s.path + $0 }
            + ["/api/v1/matches/\(s.match)"]
    }

    @Test("a private league is 404 to a stranger and to nobody logged in on every read, 200 to its owner and editors")
    func everyRead() async throws {
        try await APITest().run { client in
            let s = try await Self.secret(client)
            for path in Self.reads(s) {
                for (who, token) in [("stranger", Optional(s.carol)), ("anonymous", nil)] {
                    let reply = try await client.send(.get, path, token: token)
                    #expect(reply.status == .notFound, "\(who) \(path)")
                    let detail = path.hasPrefix("/api/v1/matches") ? "no match '\(s.match)'" : "no league '\(s.id)'"
                    #expect(try reply.problem().detail == detail, "\(who) \(path)")
                }
                for (who, token) in [("owner", s.alice), ("editor", s.bob), ("joined", s.dave)] {
                    let reply = try await client.send(.get, path, token: token)
                    #expect(reply.status == .ok, "\(who) \(path): \(reply.text)")
                }
                // A bad token is refused, not taken for nobody.
                #expect(try await client.send(.get, path, token: "not-a-token").status == .unauthorized)
            }
            // The same as a league that does not exist.
            let missing = try await client.send(.get, "/api/v1/leagues/\(s.id + 100)/table")
            #expect(try missing.problem().detail == "no league '\(s.id + 100)'")
            let table = try await client.send(.get, "\(s.path)/table", token: s.bob).json()
            #expect((table["rows"] as? [[String: Any]])?.first?["team"] as? String == "Athletic")

            // Listings leave it out for whoever does not see it.
            for (token, names) in [(Optional(s.carol), [String]()), (nil, []), (s.alice, ["Liga Secreta"]), (s.dave, ["Liga Secreta"])] {
                let listed = try await client.send(.get, "/api/v1/leagues", token: token)
                let items = try #require(try listed.json()["items"] as? [[String: Any]])
                #expect(items.compactMap { $0["name"] as? String } == names)
            }
            // A stranger's changes find nothing either.
            let intrusion = try await client.send(.post, "\(s.path)/teams", token: s.carol, json: ["name": "Intrusos"])
            #expect(intrusion.status == .notFound)
            let result = try await client.send(.put, "/api/v1/matches/\(s.match)/result", token: s.carol,
                                               json: ["fullTime": ["home": 0, "away": 5]])
            #expect(result.status == .notFound)
        }
    }

    @Test("PATCH makes a league public or private (owner only); private is in the league's JSON")
    func switching() async throws {
        try await APITest().run { client in
            let s = try await Self.secret(client)
            let byEditor = try await client.send(.patch, s.path, token: s.bob, json: ["private": false])
            #expect(byEditor.status == .forbidden)
            let byStranger = try await client.send(.patch, s.path, token: s.carol, json: ["private": false])
            #expect(byStranger.status == .notFound)
            let made = try await client.send(.patch, s.path, token: s.alice, json: ["private": false])
            #expect(try made.status == .ok && made.json()["private"] as? Bool == false)
            let seen = try await client.send(.get, "\(s.path)/table")
            #expect(seen.status == .ok)
            let both = try await client.send(.patch, s.path, token: s.alice, json: ["name": "Liga Cerrada", "private": true])
            #expect(try both.json()["name"] as? String == "Liga Cerrada" && both.json()["private"] as? Bool == true)
            #expect(try await client.send(.get, s.path).status == .notFound)
            let nothing = try await client.send(.patch, s.path, token: s.alice, json: [String: String]())
            #expect(nothing.status == .badRequest)
            let wrongType = try await client.send(.patch, s.path, token: s.alice, json: ["private": "yes"])
            #expect(wrongType.status == .badRequest)
            // A public league's JSON says so.
            let open = try await client.send(.post, "/api/v1/leagues", token: s.alice, json: ["name": "Abierta", "season": "2024/25"])
            #expect(try open.json()["private"] as? Bool == false)
        }
    }

    @Test("a private league's calendar: 404 without a token, 200 with the right one (read by icalendar) or a member's bearer; rotating makes the old one 404")
    func calendarToken() async throws {
        try await APITest().run { client in
            let s = try await Self.secret(client)
            let calendar = "\(s.path)/calendar.ics"
            #expect(try await client.send(.get, calendar).status == .notFound)
            #expect(try await client.send(.get, "\(calendar)?token=guess").status == .notFound)

            let rotated = try await client.send(.post, "\(s.path)/calendar-token", token: s.alice)
            #expect(rotated.status == .created)
            let first = try rotated.json()
            let token = try #require(first["token"] as? String)
            #expect(first["leagueID"] as? Int == s.id && first["teamID"] == nil)
            #expect(first["path"] as? String == "\(calendar)?token=\(token)")

            let byToken = try await client.send(.get, "\(calendar)?token=\(token)")
            #expect(byToken.status == .ok && byToken.headers[.contentType] == "text/calendar; charset=utf-8")
            let parsed = try ICalendarProbe.read(byToken.body)
            #expect(parsed.errors.isEmpty)
            #expect(parsed.events.map(\.summary) == ["Athletic 2-1 Osasuna"])
            #expect(try await client.send(.get, "\(calendar)?token=\(token)&team=Athletic").status == .ok)
            let other = try await client.send(.get, "/api/v1/leagues/\(s.id + 100)/calendar.ics?token=\(token)")
            #expect(try other.problem().detail == "no league '\(s.id + 100)'")
            let wrong = try await client.send(.get, "\(calendar)?token=\(token)x")
            #expect(try wrong.problem().detail == "no league '\(s.id)'")
            for member in [s.alice, s.bob, s.dave] {
                #expect(try await client.send(.get, calendar, token: member).status == .ok)
            }
            #expect(try await client.send(.get, calendar, token: s.carol).status == .notFound)

            // Owner only: an editor may not, a stranger finds nothing, nobody logged in is 401.
            #expect(try await client.send(.post, "\(s.path)/calendar-token", token: s.bob).status == .forbidden)
            #expect(try await client.send(.post, "\(s.path)/calendar-token", token: s.carol).status == .notFound)
            #expect(try await client.send(.post, "\(s.path)/calendar-token").status == .unauthorized)

            let second = try await client.send(.post, "\(s.path)/calendar-token", token: s.alice).json()
            let newToken = try #require(second["token"] as? String)
            #expect(try await client.send(.get, "\(calendar)?token=\(token)").status == .notFound)
            #expect(try await client.send(.get, "\(calendar)?token=\(newToken)").status == .ok)
            let revoked = try await client.send(.delete, "\(s.path)/calendar-token", token: s.alice)
            #expect(revoked.status == .noContent)
            #expect(try await client.send(.get, "\(calendar)?token=\(newToken)").status == .notFound)
            #expect(try await client.send(.delete, "\(s.path)/calendar-token", token: s.bob).status == .forbidden)
        }
    }
}
