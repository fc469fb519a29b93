import Foundation
import Support
import Testing
@testable import League

/// The iCalendar writer: RFC 5545's escaping, folding and line ends, UTC times, determinism.
@Suite struct FixtureCalendarTests {
    static let epoch = Date(timeIntervalSince1970: 1_726_000_000) // 2024-09-10T20:26:40Z
    static let madrid = TimeZone(identifier: "Europe/Madrid") ?? .current

    static func text(_ calendar: FixtureCalendar) -> String {
        String(decoding: calendar.data(), as: UTF8.self)
    }

    /// The content lines, unfolded (a CRLF followed by a space joins the next line on), in bytes:
    /// a fold may fall before a combining mark, which a String would join to the space.
    static func unfolded(_ text: String) -> [String] {
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if byte == 0x20, bytes.suffix(2) == [0x0D, 0x0A] { bytes.removeLast(2) } else { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    static func event(_ summary: String = "Los Rápidos v Atlético Lento", start: CalendarEvent.Start? = nil,
                      location: String? = nil) -> CalendarEvent {
        CalendarEvent(uid: "match-1@test", start: start ?? .instant(epoch), summary: summary, location: location,
                      lastModified: epoch)
    }

    @Test func aCalendarHasTheRequiredPropertiesAndEndsEveryLineWithCRLF() throws {
        let text = Self.text(FixtureCalendar(name: "Liga Amigos 2024/25", events: [Self.event()]))
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Touchline//Fixtures//EN\r\n"
                               + "CALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\nX-WR-CALNAME:Liga Amigos 2024/25\r\n"))
        #expect(text.hasSuffix("END:VEVENT\r\nEND:VCALENDAR\r\n"))
        // Every LF is part of a CRLF, and no CR stands alone.
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() where byte == 0x0A { #expect(index > 0 && bytes[index - 1] == 0x0D) }
        for (index, byte) in bytes.enumerated() where byte == 0x0D { #expect(index + 1 < bytes.count && bytes[index + 1] == 0x0A) }
        let lines = Self.unfolded(text)
        for property in ["UID:match-1@test", "DTSTAMP:20240910T202640Z", "DTSTART:20240910T202640Z",
                         "DTEND:20240910T222640Z", "SUMMARY:Los Rápidos v Atlético Lento", "SEQUENCE:0",
                         "STATUS:CONFIRMED", "LAST-MODIFIED:20240910T202640Z"] {
            #expect(lines.contains(property), "\(property)")
        }
        #expect(!lines.contains { $0.hasPrefix("LOCATION") })
    }

    @Test func textIsEscapedAsRFC5545Says() {
        #expect(ContentLines.escaped(#"Back\slash; semi, comma"#) == #"Back\\slash\; semi\, comma"#)
        #expect(ContentLines.escaped("one\ntwo\r\nthree\rfour") == #"one\ntwo\nthree\nfour"#)
        // Other controls cannot be in TEXT; a tab can.
        #expect(ContentLines.escaped("a\u{0}b\u{7}c\u{7F}d\te") == "abcd\te")
        // A colon and a double quote need no escape in a value.
        #expect(ContentLines.escaped(#"Campo "Norte": 2"#) == #"Campo "Norte": 2"#)
        let lines = Self.unfolded(Self.text(FixtureCalendar(name: "A, B; C\\D", events: [
            Self.event("Sporting, Gijón v Real; Oviedo", location: "Calle Mayor 1,\nPista 2"),
        ])))
        #expect(lines.contains(#"X-WR-CALNAME:A\, B\; C\\D"#))
        #expect(lines.contains(#"SUMMARY:Sporting\, Gijón v Real\; Oviedo"#))
        #expect(lines.contains(#"LOCATION:Calle Mayor 1\,\nPista 2"#))
    }

    @Test func longLinesAreFoldedAt75OctetsWithoutSplittingACharacter() throws {
        // Two-, three- and four-octet characters at every offset against the fold.
        for prefix in 0..<6 {
            let summary = String(repeating: "x", count: prefix)
                + String(repeating: "Ñandú ⚽ 🏟️ Åland Ωmega ", count: 12)
            let data = FixtureCalendar(name: "Liga", events: [Self.event(summary)]).data()
            let text = String(decoding: data, as: UTF8.self)
            // Each physical line holds at most 75 octets and is valid UTF-8 on its own.
            var line: [UInt8] = []
            for byte in data {
                if byte == 0x0A, line.last == 0x0D {
                    line.removeLast()
                    #expect(line.count <= 75, "\(line.count) octets")
                    #expect(String(bytes: line, encoding: .utf8) != nil, "a split character: \(line)")
                    line = []
                } else {
                    line.append(byte)
                }
            }
            #expect(line.isEmpty)
            let physical = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("SUMMARY:") || $0.hasPrefix(" ") }
            #expect(physical.count > 3)
            #expect(Self.unfolded(text).contains("SUMMARY:" + summary))
        }
        // A line of exactly 75 octets is not folded; one of 76 is.
        let exact = String(repeating: "a", count: 75 - "SUMMARY:".count)
        #expect(Self.text(FixtureCalendar(name: "L", events: [Self.event(exact)])).contains("SUMMARY:\(exact)\r\n"))
        let over = exact + "b"
        #expect(Self.text(FixtureCalendar(name: "L", events: [Self.event(over)])).contains("SUMMARY:\(exact)\r\n b\r\n"))
    }

    @Test func foldingNeverSplitsAMultiOctetCharacter() {
        var lines = ContentLines()
        // "SUMMARY:" is 8 octets; 33 two-octet "é" bring the line to 74, so the 34th (octets 75
        // and 76) must move whole to the next line.
        lines.append("SUMMARY", String(repeating: "é", count: 40))
        let physical = String(decoding: lines.bytes, as: UTF8.self).components(separatedBy: "\r\n")
        #expect(physical[0] == "SUMMARY:" + String(repeating: "é", count: 33))
        #expect(physical[1] == " " + String(repeating: "é", count: 7))
    }

    @Test func foldsKeepAccentsAndEmojiWithTheirLetters() {
        var lines = ContentLines()
        // 74 octets, then a stadium with its emoji presentation selector (4 + 3 octets): both go
        // to the next line, though the RFC would allow a break between them.
        lines.append("SUMMARY", String(repeating: "a", count: 66) + "🏟️x")
        var physical = String(decoding: lines.bytes, as: UTF8.self).components(separatedBy: "\r\n")
        #expect(physical[0] == "SUMMARY:" + String(repeating: "a", count: 66))
        #expect(physical[1] == " 🏟️x")
        // One character longer than a line (a letter with 40 combining accents) is broken
        // between its code points, never inside one.
        lines = ContentLines()
        lines.append("SUMMARY", "e" + String(repeating: "\u{301}", count: 40))
        var line: [UInt8] = []
        var count = 0
        for byte in lines.bytes {
            if byte == 0x0A, line.last == 0x0D {
                line.removeLast()
                #expect(line.count <= 75 && String(bytes: line, encoding: .utf8) != nil)
                count += 1
                line = []
            } else {
                line.append(byte)
            }
        }
        #expect(count == 2)
        physical = Self.unfolded(String(decoding: lines.bytes, as: UTF8.self))
        #expect(physical == ["SUMMARY:e" + String(repeating: "\u{301}", count: 40)])
    }

    @Test func allDayEventsUseDateValuesEndingTheNextDay() throws {
        let day = try #require(CivilDate("2024-12-31"))
        let lines = Self.unfolded(Self.text(FixtureCalendar(name: "L", events: [Self.event(start: .allDay(day))])))
        #expect(lines.contains("DTSTART;VALUE=DATE:20241231"))
        #expect(lines.contains("DTEND;VALUE=DATE:20250101"))
    }

    @Test func theSameValuesGiveTheSameBytes() {
        let make = {
            FixtureCalendar(name: "Liga", events: [Self.event(), Self.event("B v C", start: .allDay(CivilDate.earliest))]).data()
        }
        #expect(make() == make())
    }

    @Test func kickOffsAreLocalToTheTimeZoneAndWrittenInUTC() throws {
        let summer = try #require(CalendarEvent.start(date: "2024-09-14", time: "10:30", timeZone: Self.madrid))
        #expect(summer == .instant(Date(timeIntervalSince1970: 1_726_302_600))) // 2024-09-14T08:30:00Z (CEST, UTC+2)
        let winter = try #require(CalendarEvent.start(date: "2024-12-14", time: "10:30", timeZone: Self.madrid))
        #expect(winter == .instant(Date(timeIntervalSince1970: 1_734_168_600))) // 2024-12-14T09:30:00Z (CET, UTC+1)
        // 02:30 does not exist on 31 March 2024 in Madrid: the kick-off moves on by the gap.
        let gap = try #require(CalendarEvent.start(date: "2024-03-31", time: "02:30", timeZone: Self.madrid))
        #expect(gap == .instant(Date(timeIntervalSince1970: 1_711_848_600))) // 01:30Z = 03:30 CEST
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(CalendarEvent.start(date: "2024-09-14", time: "9.05", timeZone: utc)
                == .instant(Date(timeIntervalSince1970: 1_726_304_700)))
        // No time, or one that is not a time: the whole day. No date: no event.
        #expect(CalendarEvent.start(date: "2024-09-14", time: nil, timeZone: Self.madrid) == .allDay(try #require(CivilDate("2024-09-14"))))
        #expect(CalendarEvent.start(date: "2024-09-14", time: "TBA", timeZone: Self.madrid) == .allDay(try #require(CivilDate("2024-09-14"))))
        #expect(CalendarEvent.start(date: nil, time: "10:30", timeZone: Self.madrid) == nil)
        #expect(CalendarEvent.start(date: "2024-02-30", time: nil, timeZone: Self.madrid) == nil)
    }

    @Test func aMatchBecomesAnEventWithItsScoreStatusAndVenue() throws {
        var match = Match(home: "Los Rápidos", away: "Atlético Lento", matchday: 3, date: "2024-09-14", time: "10:30",
                          venue: "Campo 2")
        let scheduled = try #require(CalendarEvent(match: match, uid: "u", timeZone: Self.madrid, competition: "Liga 2024/25",
                                                   sequence: 2, lastModified: Self.epoch))
        #expect(scheduled.summary == "Los Rápidos v Atlético Lento")
        #expect(scheduled.location == "Campo 2")
        #expect(scheduled.description == "Liga 2024/25, Matchday 3")
        #expect(scheduled.status == .confirmed && scheduled.sequence == 2)
        match.status = .played
        match.fullTime = Score(2, 1)
        #expect(CalendarEvent(match: match, uid: "u", timeZone: Self.madrid, lastModified: Self.epoch)?.summary
                == "Los Rápidos 2-1 Atlético Lento")
        for status in [MatchStatus.cancelled, .postponed] {
            match.status = status
            let event = try #require(CalendarEvent(match: match, uid: "u", timeZone: Self.madrid, lastModified: Self.epoch))
            #expect(event.status == .cancelled)
            #expect(event.summary == "Los Rápidos v Atlético Lento")
            #expect(event.description?.hasSuffix(status.rawValue) == true)
        }
        match.date = nil
        #expect(CalendarEvent(match: match, uid: "u", timeZone: Self.madrid, lastModified: Self.epoch) == nil)
    }

    @Test func kickOffTimesAreReadStrictly() {
        #expect(KickOffTime("9:30")?.description == "09:30")
        #expect(KickOffTime("21.45")?.description == "21:45")
        #expect(KickOffTime("00:00")?.description == "00:00")
        for bad in ["24:00", "12:60", "9:5", "09:30:00", " 09:30", "0930", "", "１２:００", "-1:30"] {
            #expect(KickOffTime(bad) == nil, "\(bad)")
        }
    }

    @Test func utcStampsAreExactAcrossDaysAndYears() {
        #expect(FixtureCalendar.utc(Date(timeIntervalSince1970: 0)) == "19700101T000000Z")
        #expect(FixtureCalendar.utc(Date(timeIntervalSince1970: -1)) == "19691231T235959Z")
        #expect(FixtureCalendar.utc(Date(timeIntervalSince1970: 951_782_400)) == "20000229T000000Z")
        #expect(FixtureCalendar.utc(Date(timeIntervalSince1970: 1_726_302_600.9)) == "20240914T083000Z")
        // Outside the years 1 to 9999 (Foundation's distantPast is 0000-12-30): clamped.
        #expect(FixtureCalendar.utc(Date(timeIntervalSince1970: 1e15)) == "99991231T235959Z")
        #expect(FixtureCalendar.utc(.distantPast) == "00010101T000000Z")
        #expect(FixtureCalendar.utc(Date(timeIntervalSince1970: .nan)) == "19700101T000000Z")
    }
}
