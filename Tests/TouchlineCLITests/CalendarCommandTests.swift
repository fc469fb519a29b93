import Foundation
import Testing

/// `league calendar`, `league time-zone`, `team calendar`, `match edit` and venues, end to end.
@Suite(.serialized) struct CalendarCommandTests {
    /// A league in Madrid's time with two teams and a match at 10:30 on a pitch.
    static func league() throws -> ClubScratch {
        let club = try ClubScratch(users: ["org", "bob"])
        #expect(try club.run(["league", "create", "Liga", "--season", "2024/25", "--time-zone", "Europe/Madrid"],
                             as: "org").status == 0)
        for team in ["Rápidos", "Lentos"] { #expect(try club.run(["league", "add-team", "Liga", team], as: "org").status == 0) }
        let added = try club.run(["match", "add", "--league", "Liga", "--home", "Rápidos", "--away", "Lentos", "--date",
                                  "2024-09-14", "--time", "10:30", "--venue", "Campo 2, Norte"], as: "org")
        #expect(added.status == 0, "\(added.stderr)")
        return club
    }

    @Test func aLeaguesCalendarIsWrittenWholeToAFileOrToStandardOutput() throws {
        let club = try Self.league()
        let path = club.scratch.path("fixtures.ics")
        let written = try club.run(["league", "calendar", "Liga", "-o", path])
        #expect(written.status == 0 && written.stdout.hasPrefix("wrote \(path) (calendar, "), "\(written.stderr)")
        let file = try Data(contentsOf: URL(fileURLWithPath: path))
        let text = String(decoding: file, as: UTF8.self)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n") && text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(text.contains("DTSTART:20240914T083000Z\r\n") && text.contains("LOCATION:Campo 2\\, Norte\r\n"))
        #expect(text.contains("X-WR-CALNAME:Liga 2024/25\r\n"))
        // No login needed; standard output gets the same bytes.
        let printed = try club.run(["league", "calendar", "1"])
        #expect(printed.status == 0 && printed.stdout == text)
        #expect(try club.run(["league", "calendar", "Liga", "--team", "lentos"]).stdout.contains("X-WR-CALNAME:Liga 2024/25: Lentos\r\n"))
        // Bad input: one line, a status, no file.
        let noFolder = try club.run(["league", "calendar", "Liga", "-o", club.scratch.path("missing/fixtures.ics")])
        #expect(noFolder.status == 73 && noFolder.stderr.contains("no directory"))
        let unknown = try club.run(["league", "calendar", "Nada", "-o", club.scratch.path("nada.ics")])
        #expect(unknown.status == 65 && unknown.stderr == "touchline: error: no league 'Nada'\n")
        let noTeam = try club.run(["league", "calendar", "Liga", "--team", "Nadie", "-o", club.scratch.path("nadie.ics")])
        #expect(noTeam.status == 65)
        #expect(!FileManager.default.fileExists(atPath: club.scratch.path("nada.ics")))
        #expect(!FileManager.default.fileExists(atPath: club.scratch.path("nadie.ics")))
    }

    @Test func matchesAreMovedAndCalledOffWithMatchEdit() throws {
        let club = try Self.league()
        let show = try club.run(["match", "show", "1"])
        #expect(show.stdout.contains("date        2024-09-14 10:30\nvenue       Campo 2, Norte\nstatus      scheduled\n"),
                "\(show.stdout)")
        let moved = try club.run(["match", "edit", "1", "--time", "12:00", "--venue", ""], as: "bob")
        #expect(moved.status == 77)
        let edited = try club.run(["match", "edit", "1", "--date", "2024-09-15", "--time", "12:00", "--venue", ""], as: "org")
        #expect(edited.status == 0 && edited.stdout == "match 1: Rápidos v Lentos, 2024-09-15 12:00 (scheduled)\n", "\(edited.stderr)")
        #expect(!(try club.run(["match", "show", "1"]).stdout.contains("venue")))
        var text = try club.run(["league", "calendar", "Liga"]).stdout
        #expect(text.contains("DTSTART:20240915T100000Z\r\n") && text.contains("SEQUENCE:1\r\n") && !text.contains("LOCATION"))
        #expect(try club.run(["match", "edit", "1", "--status", "postponed"], as: "org").status == 0)
        text = try club.run(["league", "calendar", "Liga"]).stdout
        #expect(text.contains("STATUS:CANCELLED\r\n") && text.contains("SEQUENCE:2\r\n"))
        let nothing = try club.run(["match", "edit", "1"], as: "org")
        #expect(nothing.status == 64 && nothing.stderr.contains("--date, --time, --venue or --status"))
        #expect(try club.run(["match", "edit", "1", "--status", "played"], as: "org").status == 65)
        let badTime = try club.run(["match", "edit", "1", "--time", "25:00"], as: "org")
        #expect(badTime.status == 65 && badTime.stderr == "touchline: error: time: '25:00' is not a kick-off time like 10:30\n")
        #expect(try club.run(["match", "add", "--league", "Liga", "--home", "Lentos", "--away", "Rápidos", "--time", "noon"],
                             as: "org").status == 65)
        // Deleted, it stays in the calendar as cancelled.
        #expect(try club.run(["match", "delete", "1"], as: "org").status == 0)
        text = try club.run(["league", "calendar", "Liga"]).stdout
        #expect(text.contains("UID:match-1@") && text.contains("STATUS:CANCELLED\r\n") && text.contains("SEQUENCE:3\r\n"))
    }

    @Test func theOwnerSetsTheLeaguesTimeZone() throws {
        let club = try Self.league()
        let shown = try club.run(["league", "time-zone", "Liga"])
        #expect(shown.status == 0 && shown.stdout == "league 1 (Liga): kick-off times in Europe/Madrid\n")
        #expect(try club.run(["league", "time-zone", "Liga", "Atlantic/Canary"], as: "bob").status == 77)
        let bad = try club.run(["league", "time-zone", "Liga", "Madrid"], as: "org")
        #expect(bad.status == 65 && bad.stderr.contains("'Madrid' is not a time zone"))
        let set = try club.run(["league", "time-zone", "Liga", "Atlantic/Canary"], as: "org")
        #expect(set.status == 0 && set.stdout == "league 1 (Liga): kick-off times in Atlantic/Canary\n")
        let json = try #require(try club.json(["league", "list"], as: "org") as? [[String: Any]])
        #expect(json.first?["timeZone"] as? String == "Atlantic/Canary")
        #expect(try club.run(["league", "calendar", "Liga"]).stdout.contains("DTSTART:20240914T093000Z\r\n"))
    }

    @Test func aTeamsCalendarIsWrittenByItsPeopleAndSubscribedToWithItsToken() throws {
        let club = try ClubScratch(users: ["org", "bob", "carol"])
        let added = try club.run(["team", "add", "Infantil A", "--season", "2024/25", "--time-zone", "Europe/Madrid"], as: "org")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try club.run(["team", "add", "B", "--season", "2024/25", "--time-zone", "Madrid"], as: "org").status == 65)
        #expect(try club.run(["team", "show", "Infantil A"], as: "org").stdout.contains("time zone    Europe/Madrid\n"))
        #expect(try club.run(["team", "grant", "Infantil A", "bob", "--role", "viewer"], as: "org").status == 0)
        #expect(try club.run(["match", "add", "--home", "Infantil A", "--away", "Vecinos", "--date", "2024-09-20", "--time",
                              "17:00"], as: "org").status == 0)
        let path = club.scratch.path("team.ics")
        let written = try club.run(["team", "calendar", "Infantil A", "-o", path], as: "bob")
        #expect(written.status == 0, "\(written.stderr)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("SUMMARY:Infantil A v Vecinos\r\n") && text.contains("DTSTART:20240920T150000Z\r\n"))
        #expect(try club.run(["team", "calendar", "1"], as: "carol").status == 65)

        let rotated = try club.run(["team", "calendar", "Infantil A", "--rotate-token"], as: "org")
        let lines = rotated.stdout.split(separator: "\n").map(String.init)
        #expect(rotated.status == 0 && lines.count == 2, "\(rotated.stderr)")
        let token = String(lines.first?.split(separator: " ").last ?? "")
        #expect(token.count == 43)
        #expect(lines.last == "subscribe to: /api/v1/teams/1/calendar.ics?token=\(token)")
        let subscription = try #require(try club.json(["team", "calendar", "1", "--rotate-token"], as: "org") as? [String: Any])
        #expect(subscription["teamID"] as? Int == 1 && (subscription["token"] as? String)?.count == 43)
        #expect(subscription["token"] as? String != token)
        #expect(try club.run(["team", "calendar", "1", "--rotate-token"], as: "bob").status == 77)
        #expect(try club.run(["team", "calendar", "1", "--revoke-token"], as: "org").stdout == "team 1 has no calendar token now\n")
        #expect(try club.run(["team", "calendar", "1", "--rotate-token", "-o", path], as: "org").status == 64)
        #expect(try club.run(["team", "calendar", "1", "--rotate-token", "--revoke-token"], as: "org").status == 64)
    }
}
