import Foundation
import HTTPTypes
import Testing
import TestSupport
@testable import Club
@testable import TouchlineServer

@Suite("Events, answers and agendas over HTTP")
struct EventAPITests {
    @Test("create, invite, answer with a waiting list, edit, cancel; calendars by login and by token")
    func eventsAnswersAndCalendars() async throws {
        try await APITest().run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let carol = try await client.user("carol")
            let dave = try await client.user("dave")
            let created = try await client.send(.post, "/api/v1/events", token: alice, json: [
                "title": "Sunday ride", "start": "2036-04-06T09:00", "end": "2036-04-06T12:00", "timeZone": "Europe/Madrid",
                "capacity": 1, "invite": ["bob"], "place": "Plaza Moyúa", "latitude": 43.263, "longitude": -2.935,
            ])
            #expect(created.status == .created, "\(created.text)")
            let id = try #require(try created.json()["id"] as? Int)
            #expect(created.headers[.location] == "/api/v1/events/\(id)")
            let invited = try await client.send(.post, "/api/v1/events/\(id)/invitations", token: alice, json: ["users": ["carol"]])
            #expect((try invited.json()["invited"] as? [String]) == ["bob", "carol"])

            let bobGoes = try await client.send(.put, "/api/v1/events/\(id)/rsvp", token: bob, json: ["answer": "going"]).json()
            #expect(bobGoes["answer"] as? String == "going")
            let carolWaits = try await client.send(.put, "/api/v1/events/\(id)/rsvp", token: carol, json: ["answer": "going"]).json()
            #expect(carolWaits["answer"] as? String == "waiting" && carolWaits["position"] as? Int == 1)
            #expect(try await client.send(.put, "/api/v1/events/\(id)/rsvp", token: dave, json: ["answer": "going"]).status
                    == .notFound)
            #expect(try await client.send(.put, "/api/v1/events/\(id)/rsvp", token: bob, json: ["answer": "waiting"]).status
                    == .badRequest)
            #expect(try await client.send(.put, "/api/v1/events/\(id)/rsvp", token: bob, json: ["answer": "declined"]).status == .ok)
            let shown = try await client.send(.get, "/api/v1/events/\(id)", token: carol).json()
            #expect(shown["going"] as? [String] == ["carol"] && shown["answer"] as? String == "going")
            #expect(try await client.send(.get, "/api/v1/events/\(id)").status == .notFound)
            let upcoming = try await client.send(.get, "/api/v1/events", token: carol).json()
            #expect((upcoming["items"] as? [[String: Any]])?.map { $0["id"] as? Int } == [id])

            // Edit and cancel raise the sequence; the calendar follows, for those who see the event.
            #expect(try await client.send(.patch, "/api/v1/events/\(id)", token: bob, json: ["title": "Mine"]).status == .forbidden)
            let edited = try await client.send(.patch, "/api/v1/events/\(id)", token: alice, json: ["start": "2036-04-06T10:00"])
            #expect(try edited.json()["sequence"] as? Int == 1 && edited.json()["localStart"] as? String == "2036-04-06T10:00")
            let cancelled = try await client.send(.post, "/api/v1/events/\(id)/cancel", token: alice).json()
            #expect(cancelled["cancelled"] as? [Int] == [id])
            let calendar = try await client.send(.get, "/api/v1/events/\(id)/calendar.ics", token: bob)
            #expect(calendar.status == .ok && calendar.headers[.contentType] == "text/calendar; charset=utf-8")
            let read = try ICalendarProbe.read(calendar.body)
            #expect(read.events.first?.status == "CANCELLED" && read.events.first?.sequence == 2)
            #expect(read.events.first?.geo == [43.263, -2.935])
            #expect(try await client.send(.get, "/api/v1/events/\(id)/calendar.ics", token: dave).status == .notFound)

            // The agenda: logged in, and by its token until it is revoked.
            #expect(try ICalendarProbe.read(try await client.send(.get, "/api/v1/me/agenda.ics", token: bob).body).events.count == 1)
            let subscription = try await client.send(.post, "/api/v1/me/agenda-token", token: bob)
            #expect(subscription.status == .created)
            let path = try #require(try subscription.json()["path"] as? String)
            #expect(path.hasPrefix("/api/v1/users/bob/agenda.ics?token="))
            let byToken = try await client.send(.get, path)
            #expect(byToken.status == .ok)
            #expect(try ICalendarProbe.read(byToken.body).events.count == 1)
            #expect(try await client.send(.get, "/api/v1/users/bob/agenda.ics?token=wrong").status == .notFound)
            #expect(try await client.send(.get, "/api/v1/users/bob/agenda.ics").status == .notFound)
            #expect(try await client.send(.delete, "/api/v1/me/agenda-token", token: bob).status == .noContent)
            #expect(try await client.send(.get, path).status == .notFound)
        }
    }

    @Test("bad events: 400, 403, 404 and 422, nothing stored")
    func badRequests() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let base: [String: Any] = ["title": "Session", "start": "2036-04-06T09:00", "end": "2036-04-06T10:00",
                                       "timeZone": "Europe/Madrid"]
            func with(_ changes: [String: Any]) -> [String: Any] { base.merging(changes) { $1 } }
            let cases: [(HTTPRequest.Method, String, String?, [String: Any]?, HTTPResponse.Status)] = [
                (.post, "/api/v1/events", nil, base, .unauthorized),
                (.post, "/api/v1/events", bob, with(["end": "2036-04-06T08:00"]), .unprocessableContent),
                (.post, "/api/v1/events", bob, with(["timeZone": "Nowhere/Land"]), .unprocessableContent),
                (.post, "/api/v1/events", bob, with(["start": "tomorrow"]), .unprocessableContent),
                (.post, "/api/v1/events", bob, with(["capacity": 1e300]), .badRequest),
                (.post, "/api/v1/events", bob, with(["latitude": 95, "longitude": 0]), .unprocessableContent),
                (.post, "/api/v1/events", bob, with(["invite": ["nobody-here"]]), .notFound),
                (.post, "/api/v1/events", bob, with(["every": "week"]), .unprocessableContent),
                (.post, "/api/v1/events", bob, ["title": "No times"], .badRequest),
                (.get, "/api/v1/events/999", bob, nil, .notFound),
                (.get, "/api/v1/events?after=garbage", bob, nil, .badRequest),
            ]
            for (method, uri, token, json, status) in cases {
                let reply = try await client.send(method, uri, token: token, json: json)
                #expect(reply.status == status, "\(method) \(uri) \(json ?? [:]): \(reply.text)")
            }
            let store = try test.store()
            #expect(try store.read { db in try db.value(Int.self, "SELECT count(*) FROM event") } == 0)
            _ = alice
        }
    }
}
