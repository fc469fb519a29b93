import Club
import Foundation
import HTTPTypes
import TestSupport
import Testing
@testable import TouchlineServer

@Suite("Calendars over HTTP")
struct CalendarAPITests {
    @Test("a league's calendar.ics, read by icalendar: UTC kick-off, venue, SEQUENCE raised by a move, a deleted match cancelled")
    func leagueCalendar() async throws {
        try await APITest().run { client in
            let alice = try await client.user("alice")
            let created = try await client.send(.post, "/api/v1/leagues", token: alice,
                                                json: ["name": "Liga Amigos, Bilbao", "season": "2024/25"])
            let league = try #require(try created.json()["id"] as? Int)
            for team in ["Athletic", "Real Sociedad", "Osasuna"] {
                let added = try await client.send(.post, "/api/v1/leagues/\(league)/teams", token: alice, json: ["name": team])
                #expect(added.status == .created)
            }
            let first = try await client.send(.post, "/api/v1/leagues/\(league)/matches", token: alice,
                                              json: ["home": "Athletic", "away": "Real Sociedad", "date": "2024-10-12",
                                                     "time": "18:30", "venue": "San Mamés, Bilbao"])
            let firstID = try #require(try first.json()["id"] as? Int)
            let second = try await client.send(.post, "/api/v1/leagues/\(league)/matches", token: alice,
                                               json: ["home": "Osasuna", "away": "Athletic", "date": "2024-10-19"])
            let secondID = try #require(try second.json()["id"] as? Int)

            let before = try ICalendarProbe.read(try await client.send(.get, "/api/v1/leagues/\(league)/calendar.ics").body)
            let moved = try await client.send(.patch, "/api/v1/matches/\(firstID)", token: alice, json: ["time": "20:00"])
            #expect(moved.status == .ok)
            let deleted = try await client.send(.delete, "/api/v1/matches/\(secondID)", token: alice)
            #expect(deleted.status == .noContent)

            let reply = try await client.send(.get, "/api/v1/leagues/\(league)/calendar.ics")
            #expect(reply.status == .ok)
            #expect(reply.headers[.contentType] == "text/calendar; charset=utf-8")
            #expect(reply.headers[.eTag] != nil)
            let calendar = try ICalendarProbe.read(reply.body)
            #expect(calendar.errors.isEmpty)
            let event = try #require(calendar.events.first { $0.summary == "Athletic v Real Sociedad" })
            let earlier = try #require(before.events.first { $0.uid == event.uid })
            #expect(event.uid.hasPrefix("match-\(firstID)@"))
            #expect(event.start == ICalendarProbe.Moment(type: "date-time", value: "2024-10-12T20:00:00", utc: true))
            #expect(earlier.start.value == "2024-10-12T18:30:00")
            #expect(event.sequence == earlier.sequence + 1)
            #expect(event.location == "San Mamés, Bilbao")
            #expect(event.status == "CONFIRMED")
            let gone = try #require(calendar.events.first { $0.uid.hasPrefix("match-\(secondID)@") })
            #expect(gone.status == "CANCELLED")
            #expect(gone.start == ICalendarProbe.Moment(type: "date", value: "2024-10-19", utc: false))

            let same = try await client.send(.get, "/api/v1/leagues/\(league)/calendar.ics",
                                             headers: [.ifNoneMatch: reply.headers[.eTag] ?? ""])
            #expect(same.status == .notModified)
            let missing = try await client.send(.get, "/api/v1/leagues/999/calendar.ics")
            #expect(missing.status == .notFound)
            let badMove = try await client.send(.patch, "/api/v1/matches/\(firstID)", token: alice, json: ["time": "half past"])
            #expect(badMove.status == .unprocessableContent)
            let badStatus = try await client.send(.patch, "/api/v1/matches/\(firstID)", token: alice, json: ["status": "exploded"])
            #expect(badStatus.status == .badRequest)
            #expect(try badStatus.problem().detail.hasPrefix("field 'status': expected one of"))
        }
    }

    @Test("a team's calendar needs its token: missing or wrong is 404, the rotated one works and the old one stops")
    func teamCalendar() async throws {
        let test = try APITest()
        try await test.run { client in
            _ = try await client.user("alice")
            let store = try test.store()
            let alice = try Accounts(store: store).authenticate(username: "alice", password: "correct horse")
            let team = try Teams(store: store).add(alice, name: "Athletic Infantil A", season: "2024/25")
            let calendars = Calendars(store: store)
            let first = try calendars.rotateToken(alice, team: .id(team.id))
            #expect(first.path.hasPrefix("/api/v1/teams/\(team.id)/calendar.ics?token="))

            let ok = try await client.send(.get, first.path)
            #expect(ok.status == .ok)
            #expect(try ICalendarProbe.read(ok.body).errors.isEmpty)
            let none = try await client.send(.get, "/api/v1/teams/\(team.id)/calendar.ics")
            #expect(none.status == .notFound)
            let wrong = try await client.send(.get, "/api/v1/teams/\(team.id)/calendar.ics?token=guess")
            #expect(wrong.status == .notFound)
            let other = try await client.send(.get, "/api/v1/teams/\(team.id + 1)/calendar.ics?token=\(first.token)")
            #expect(other.status == .notFound)
            // The same answer as for a team that does not exist: nothing says the team is there.
            #expect(try wrong.problem().detail == "no team '\(team.id)'")
            #expect(try other.problem().detail == "no team '\(team.id + 1)'")

            let second = try calendars.rotateToken(alice, team: .id(team.id))
            let old = try await client.send(.get, first.path)
            #expect(old.status == .notFound)
            let new = try await client.send(.get, second.path)
            #expect(new.status == .ok)
        }
    }

    @Test("a team's calendar for a logged-in owner, editor or viewer without the token; strangers and bad tokens are refused")
    func teamCalendarForMembers() async throws {
        let test = try APITest()
        try await test.run { client in
            let people = try await client.teamPeople()
            let (alice, bob, carol, dave, team) = (people.alice, people.bob, people.carol, people.dave, people.team)
            let friendly = try await client.send(.post, "/api/v1/matches", token: alice,
                                                 json: ["home": "Athletic Infantil A", "away": "Vecinos", "date": "2024-10-12"])
            #expect(friendly.status == .created)
            let path = "/api/v1/teams/\(team)/calendar.ics"

            var etags: Set<String> = []
            for (who, token) in [("owner", alice), ("editor", bob), ("viewer", carol)] {
                let reply = try await client.send(.get, path, token: token)
                #expect(reply.status == .ok, "\(who)")
                #expect(reply.headers[.contentType] == "text/calendar; charset=utf-8")
                let calendar = try ICalendarProbe.read(reply.body)
                #expect(calendar.errors.isEmpty && calendar.events.map(\.summary) == ["Athletic Infantil A v Vecinos"], "\(who)")
                etags.insert(reply.headers[.eTag] ?? "")
            }
            // The same calendar for everyone, and the same as by the token.
            let subscription = try await client.send(.post, "/api/v1/teams/\(team)/calendar-token", token: alice).json()
            let byToken = try await client.send(.get, try #require(subscription["path"] as? String))
            #expect(byToken.status == .ok && etags == [byToken.headers[.eTag] ?? "-"])

            // A stranger's session and no credentials are "no team", as for a team that does not exist.
            let stranger = try await client.send(.get, path, token: dave)
            #expect(stranger.status == .notFound)
            #expect(try stranger.problem().detail == "no team '\(team)'")
            let missing = try await client.send(.get, "/api/v1/teams/\(team + 1)/calendar.ics", token: alice)
            #expect(try missing.status == .notFound && missing.problem().detail == "no team '\(team + 1)'")
            #expect(try await client.send(.get, path).status == .notFound)
            // A bad bearer token is refused as everywhere, not taken for nobody.
            #expect(try await client.send(.get, path, token: "not-a-session").status == .unauthorized)
            // With ?token= the token decides, whoever is logged in.
            #expect(try await client.send(.get, path + "?token=guess", token: alice).status == .notFound)
            let strangerWithToken = try await client.send(.get, try #require(subscription["path"] as? String), token: dave)
            #expect(strangerWithToken.status == .ok)
            // A revoked role takes the calendar with it.
            #expect(try await client.send(.delete, "/api/v1/teams/\(team)/members/carol", token: alice).status == .noContent)
            #expect(try await client.send(.get, path, token: carol).status == .notFound)
        }
    }
}
