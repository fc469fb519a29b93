import Foundation
import Synchronization
import Testing
import TestSupport
@testable import Club

/// `touchline event`, end to end through the built binary, in the forms scripts outside the
/// repository rely on; answers from many processes at once; bad input.
@Suite(.serialized) struct EventCommandTests {
    static func id(_ result: Touchline.Result) throws -> Int {
        try #require(Int(result.stdout.trimmingCharacters(in: .newlines)), "\(result.stdout) \(result.stderr)")
    }

    @Test func createAnswerShowAndCalendarInTheirFixedForms() throws {
        let club = try ClubScratch(users: ["alice", "bob", "carol", "dave"])
        let created = try club.run(["event", "create", "Tournament trip", "--start", "2036-06-12T08:00", "--end", "2036-06-14T20:00",
                                    "--tz", "Europe/Madrid", "--capacity", "1", "--invite", "bob,carol",
                                    "--place", "Anoeta", "--at", "43.301,-1.9736"], as: "alice")
        #expect(created.status == 0, "\(created.stderr)")
        let id = try Self.id(created)
        #expect(try club.run(["event", "rsvp", String(id), "going"], as: "bob").stdout == "going to event \(id) (1 going, 0 waiting)\n")
        let waiting = try club.run(["event", "rsvp", String(id), "going"], as: "carol")
        #expect(waiting.stdout == "event \(id) is full: you are number 1 on its waiting list (1 going, 1 waiting)\n")
        let shown = try #require(try club.json(["event", "show", String(id)], as: "alice") as? [String: Any])
        #expect(shown["going"] as? [String] == ["bob"] && shown["waiting"] as? [String] == ["carol"])
        #expect(shown["localStart"] as? String == "2036-06-12T08:00" && shown["timeZone"] as? String == "Europe/Madrid")
        #expect(shown["start"] as? String == "2036-06-12T06:00:00Z")
        #expect(try club.run(["event", "rsvp", String(id), "declined"], as: "bob").status == 0)
        let promoted = try #require(try club.json(["event", "show", String(id)], as: "carol") as? [String: Any])
        #expect(promoted["going"] as? [String] == ["carol"] && promoted["waiting"] as? [String] == []
                && promoted["answer"] as? String == "going")

        // The calendar, read back by icalendar.
        let file = club.scratch.url.appendingPathComponent("trip.ics").path
        let written = try club.run(["event", "calendar", String(id), "-o", file], as: "bob")
        #expect(written.status == 0 && written.stdout.hasPrefix("wrote \(file) (calendar, "), "\(written.stderr)")
        let calendar = try ICalendarProbe.read(try Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(calendar.errors.isEmpty && calendar.events.count == 1)
        #expect(calendar.events.first?.summary == "Tournament trip" && calendar.events.first?.location == "Anoeta")
        #expect(calendar.events.first?.start == .init(type: "date-time", value: "2036-06-12T06:00:00", utc: true))
        #expect(try club.run(["event", "calendar", String(id)], as: "dave").status == 65)
        // Carol's agenda, and its subscription token.
        let agenda = try club.run(["event", "agenda"], as: "carol")
        #expect(try ICalendarProbe.read(Data(agenda.stdout.utf8)).events.map(\.summary) == ["Tournament trip"])
        let subscription = try #require(try club.json(["event", "agenda", "--rotate-token"], as: "carol") as? [String: Any])
        let token = try #require(subscription["token"] as? String)
        #expect(subscription["path"] as? String == "/api/v1/users/carol/agenda.ics?token=\(token)")
        #expect(try club.run(["event", "agenda", "--revoke-token"], as: "carol").stdout == "carol's agenda has no calendar token now\n")

        // A weekly session prints its first occurrence's id; the list shows what is coming.
        let weekly = try club.run(["event", "create", "Training", "--start", "2036-09-02T19:00", "--end", "2036-09-02T20:30",
                                   "--tz", "Europe/Madrid", "--invite", "dave", "--every", "week", "--until", "2036-09-30"],
                                  as: "alice")
        let first = try Self.id(weekly)
        let series = try #require(try club.json(["event", "show", String(first)], as: "dave") as? [String: Any])
        #expect((series["occurrences"] as? [Int])?.count == 5 && series["seriesId"] as? Int == first)
        let listed = try #require(try club.json(["event", "list"], as: "dave") as? [String: Any])
        #expect((listed["items"] as? [[String: Any]])?.count == 5)
        let table = try club.run(["event", "list", "--limit", "2"], as: "dave")
        #expect(table.stdout.contains("2036-09-02 19:00 to 20:30 (Europe/Madrid)") && table.stdout.contains("more: --after "),
                "\(table.stdout)")

        // Shared in a post, the event is in the followers' feed.
        #expect(try club.run(["follow", "alice"], as: "dave").status == 0)
        let post = try Self.id(try club.run(["post", "event", String(id), "--audience", "followers"], as: "alice"))
        let feed = try #require(try club.json(["feed"], as: "dave") as? [String: Any])
        let item = try #require((feed["items"] as? [[String: Any]])?.first)
        #expect(item["id"] as? Int == post && item["kind"] as? String == "event")
        #expect((item["event"] as? [String: Any])?["id"] as? Int == id)
        // Dave sees it through the post, but is not invited.
        let refused = try club.run(["event", "rsvp", String(id), "going"], as: "dave")
        #expect(refused.status == 77 && refused.stderr == "touchline: error: permission denied: you are not invited to event \(id): "
                + "ask alice\n")
    }

    @Test func badEventsGiveOneLineAndAStatusAndChangeNothing() throws {
        let club = try ClubScratch()
        let id = try Self.id(try club.run(["event", "create", "Session", "--start", "2036-06-12T18:00", "--end", "2036-06-12T19:00",
                                           "--tz", "UTC", "--invite", "bob"], as: "alice"))
        let before = try StoredRows(ClubStore(club.database))
        let create = ["event", "create", "Bad", "--tz", "Europe/Madrid"]
        let cases: [([String], String, Int32, String)] = [
            (create + ["--start", "2036-06-12T18:00", "--end", "2036-06-12T17:00"], "alice", 65,
             "touchline: error: end: the end 2036-06-12T17:00 is not after the start 2036-06-12T18:00\n"),
            (["event", "create", "Bad", "--tz", "Mars/Olympus", "--start", "2036-06-12T18:00", "--end", "2036-06-12T19:00"], "alice",
             65, "touchline: error: time zone: 'Mars/Olympus' is not a time zone: give an IANA name like Europe/Madrid, "
                + "America/Mexico_City or UTC\n"),
            (create + ["--start", "2036-06-12T18:00", "--end", "2036-06-12T19:00", "--capacity", "0"], "alice", 65,
             "touchline: error: capacity: 0 is not a capacity from 1 to 100000\n"),
            (create + ["--start", "2036-06-12T18:00", "--end", "2036-06-12T19:00", "--invite", "nobody-here"], "alice", 65,
             "touchline: error: no user 'nobody-here'\n"),
            (create + ["--start", "2036-06-12T18:00", "--end", "2036-06-12T19:00", "--at", "91,0"], "alice", 64, ""),
            (["event", "rsvp", String(id), "going"], "carol", 65, "touchline: error: no event '\(id)'\n"),
            (["event", "rsvp", String(id), "waiting"], "bob", 65,
             "touchline: error: answer: answer going, maybe or declined: the waiting list is given, not chosen\n"),
            (["event", "rsvp", String(id), "perhaps"], "bob", 64, ""),
            (["event", "edit", String(id), "--title", "Mine"], "bob", 77,
             "touchline: error: permission denied: only its organiser, alice, changes event \(id)\n"),
            (["event", "show", "999"], "alice", 65, "touchline: error: no event '999'\n"),
        ]
        for (arguments, user, status, message) in cases {
            let result = try club.run(arguments, as: user)
            #expect(result.status == status && result.stdout.isEmpty, "\(arguments): \(result.stderr)")
            if !message.isEmpty { #expect(result.stderr == message, "\(arguments)") }
        }
        #expect(try StoredRows(ClubStore(club.database)) == before)
    }

    @Test func answersFromManyProcessesAtOnceFillTheCapacityAndQueueTheRest() throws {
        let users = ["bob", "carol", "dave", "erin", "frank", "grace"]
        let club = try ClubScratch(users: ["alice"] + users)
        let id = try Self.id(try club.run(["event", "create", "Cup final bus", "--start", "2036-05-30T08:00",
                                           "--end", "2036-05-30T22:00", "--tz", "Europe/London", "--capacity", "2",
                                           "--invite", users.joined(separator: ",")], as: "alice"))
        // Each guest answers going twice, from two processes at once: twelve processes in all.
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: users.count * 2) { index in
            let user = users[index % users.count]
            let result = try? club.run(["event", "rsvp", String(id), "going"], as: user)
            if result?.status != 0 { failures.withLock { $0.append("\(user): \(result?.stderr ?? "did not run")") } }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        let shown = try #require(try club.json(["event", "show", String(id)], as: "alice") as? [String: Any])
        let going = try #require(shown["going"] as? [String])
        let waiting = try #require(shown["waiting"] as? [String])
        #expect(going.count == 2 && waiting.count == 4 && Set(going + waiting) == Set(users))
        let store = try ClubStore(club.database)
        let turns = try store.read { db in
            try db.values(Int64.self, "SELECT turn FROM eventGuest WHERE eventId = ? AND turn IS NOT NULL ORDER BY turn", [Int64(id)])
        }
        #expect(turns.count == 4 && Set(turns).count == 4)
        // The first two waiting decline and go from two processes at once: the next two go in.
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            _ = try? club.run(["event", "rsvp", String(id), "declined"], as: going[index])
        }
        let after = try #require(try club.json(["event", "show", String(id)], as: "alice") as? [String: Any])
        #expect(after["going"] as? [String] == Array(waiting.prefix(2)).sorted() && after["waiting"] as? [String] == Array(waiting.suffix(2)))
    }
}
