import Foundation
import League
import TestSupport
import Testing
@testable import Club

/// A real season's calendar, with every kind of change made to it, read back by the `icalendar`
/// package from PyPI: what a phone subscribing to it would see.
@Suite struct CalendarParsingTests {
    static let season = TestPython.root.appendingPathComponent("examples/leagues/laliga-2022-23.json")

    @Test func icalendarReadsARealSeasonWithEveryKindOfChange() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let leagues = Leagues(store: club.store, hasher: ScratchClub.fastHasher)
        let matches = Matches(store: club.store)
        let (league, imported) = try leagues.importSeason(alice, data: try Data(contentsOf: Self.season),
                                                          source: "laliga-2022-23.json", name: "La Liga", rules: "la-liga")
        #expect(imported.season.matches.count == 380)
        try leagues.setTimeZone(alice, .id(league.id), to: "Europe/Madrid")
        let reference = LeagueReference.id(league.id)
        let long = "Real Sociedad de Fútbol, Sección Femenina; Equipo B «Txuri-urdin» de Zubieta"
        try leagues.addTeam(alice, reference, name: long)
        let venue = "Estadio Anoeta, Paseo de Anoeta 1; Donostia-San Sebastián"
        let timed = try matches.add(alice, league: reference, home: long, away: "Athletic Club", matchday: 39,
                                    date: "2023-06-10", time: "18:30", venue: venue)
        let allDay = try matches.add(alice, league: reference, home: "Athletic Club", away: long, matchday: 40,
                                     date: "2023-06-17")
        let moved = try matches.add(alice, league: reference, home: "Cádiz CF", away: long, matchday: 41,
                                    date: "2023-06-24", time: "12:00")
        try matches.edit(alice, match: moved.id, MatchChanges(date: "2023-12-26", time: "21:15", venue: "Nuevo Mirandilla"))
        let cancelled = try matches.add(alice, league: reference, home: long, away: "Cádiz CF", matchday: 42,
                                        date: "2023-07-01", time: "20:00")
        try matches.edit(alice, match: cancelled.id, MatchChanges(status: .cancelled))
        let deleted = try matches.add(alice, league: reference, home: "Elche CF", away: long, matchday: 43,
                                      date: "2023-07-08", time: "19:00")
        try matches.delete(alice, match: deleted.id)

        let ics = try Calendars(store: club.store).leagueCalendar(reference)
        let calendar = try ICalendarProbe.read(ics)
        #expect(calendar.errors.isEmpty, "\(calendar.errors)")
        #expect(calendar.version == "2.0" && calendar.method == "PUBLISH" && calendar.scale == "GREGORIAN")
        #expect(calendar.name == "La Liga 2022/23")
        #expect(calendar.events.count == 385)
        let domain = try club.store.read { db in try db.calendars.domain() }
        let byUID = Dictionary(calendar.events.map { ($0.uid, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byUID.count == 385) // every UID once
        func event(_ id: Int64) throws -> ICalendarProbe.Event { try #require(byUID["match-\(id)@\(domain)"]) }

        // The season's first match, played: its score, 21:00 in Madrid (CEST) in UTC.
        let opener = try event(1)
        #expect(opener.summary == "CA Osasuna 2-1 Sevilla FC")
        #expect(opener.start == .init(type: "date-time", value: "2022-08-12T19:00:00", utc: true))
        #expect(opener.end == .init(type: "date-time", value: "2022-08-12T21:00:00", utc: true))
        // Sequence 1: setting the league's time zone after the import moved every timed match.
        #expect(opener.status == "CONFIRMED" && opener.sequence == 1 && opener.location == nil)
        #expect(opener.description == "La Liga 2022/23, Matchday 1")
        // Every imported match is in UTC, two hours long, stamped with its last change.
        for match in calendar.events.prefix(380) {
            #expect(match.start.type == "date-time" && match.start.utc && match.stamp.utc && match.stamp == match.lastModified)
        }

        let scheduled = try event(timed.id)
        #expect(scheduled.summary == "\(long) v Athletic Club")
        // Longer than a line: folded in the file, whole again when read.
        let written = #"SUMMARY:Real Sociedad de Fútbol\, Sección Femenina\; Equipo B «Txuri-urdin» de Zubieta v Athletic Club"#
        #expect(written.utf8.count > 75 && ics.range(of: Data(written.utf8)) == nil)
        #expect(scheduled.location == venue)
        #expect(scheduled.start == .init(type: "date-time", value: "2023-06-10T16:30:00", utc: true))
        #expect(scheduled.status == "CONFIRMED" && scheduled.sequence == 0)

        let wholeDay = try event(allDay.id)
        #expect(wholeDay.start == .init(type: "date", value: "2023-06-17", utc: false))
        #expect(wholeDay.end == .init(type: "date", value: "2023-06-18", utc: false))

        // Moved into winter time (CET): one revision more.
        let movedEvent = try event(moved.id)
        #expect(movedEvent.start == .init(type: "date-time", value: "2023-12-26T20:15:00", utc: true))
        #expect(movedEvent.sequence == 1 && movedEvent.location == "Nuevo Mirandilla")

        let cancelledEvent = try event(cancelled.id)
        #expect(cancelledEvent.status == "CANCELLED" && cancelledEvent.sequence == 1)
        #expect(cancelledEvent.start == .init(type: "date-time", value: "2023-07-01T18:00:00", utc: true))

        let deletedEvent = try event(deleted.id)
        #expect(deletedEvent.status == "CANCELLED" && deletedEvent.sequence == 1)
        #expect(deletedEvent.summary == "Elche CF v \(long)")
        #expect(deletedEvent.start == .init(type: "date-time", value: "2023-07-08T17:00:00", utc: true))
    }
}
