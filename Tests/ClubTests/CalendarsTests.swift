import Foundation
import League
import Testing
import TestSupport
@testable import Club

/// Calendars follow a league's changes: sequences, tombstones, time zones and tokens.
@Suite struct CalendarsTests {
    /// A calendar's events by UID: each a dictionary from property (with its parameters, as
    /// `DTSTART;VALUE=DATE`) to value, lines unfolded (in bytes: a fold may come before a
    /// combining mark, which a String would join to the space).
    static func events(_ data: Data) -> [String: [String: String]] {
        var bytes: [UInt8] = []
        for byte in data {
            if byte == 0x20, bytes.suffix(2) == [0x0D, 0x0A] { bytes.removeLast(2) } else { bytes.append(byte) }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        var events: [String: [String: String]] = [:]
        var current: [String: String]?
        for line in text.components(separatedBy: "\r\n") {
            if line == "BEGIN:VEVENT" { current = [:]; continue }
            if line == "END:VEVENT", let event = current {
                events[event["UID"] ?? ""] = event
                current = nil
                continue
            }
            guard current != nil, let colon = line.firstIndex(of: ":") else { continue }
            current?[String(line[..<colon])] = String(line[line.index(after: colon)...])
        }
        return events
    }

    /// A league in Madrid's time of three teams owned by alice, with bob an editor.
    struct Fixture {
        let club: ScratchClub
        let leagues: Leagues
        let matches: Matches
        let calendars: Calendars
        let league: LeagueInfo
        let alice: ActingUser
        let bob: ActingUser
        let carol: ActingUser

        init() throws {
            club = try ScratchClub()
            alice = try club.user("alice")
            bob = try club.user("bob")
            carol = try club.user("carol")
            leagues = Leagues(store: club.store, hasher: ScratchClub.fastHasher)
            matches = Matches(store: club.store)
            calendars = Calendars(store: club.store)
            league = try leagues.create(alice, name: "Liga Amigos", season: "2024/25", kind: .friends,
                                        timeZone: "Europe/Madrid")
            for team in ["Rápidos", "Lentos", "Medianos"] { try leagues.addTeam(alice, .id(league.id), name: team) }
            try leagues.grant(alice, .id(league.id), to: "bob")
        }

        func uid(_ id: Int64) throws -> String {
            "match-\(id)@" + (try club.store.read { db in try db.calendars.domain() })
        }

        func leagueEvents(team: String? = nil) throws -> [String: [String: String]] {
            CalendarsTests.events(try calendars.leagueCalendar(.id(league.id), team: team))
        }
    }

    @Test func theSequenceRisesWhenAMatchMovesAndOnlyThen() throws {
        let f = try Fixture()
        let match = try f.matches.add(f.alice, league: .id(f.league.id), home: "Rápidos", away: "Lentos", matchday: 1,
                                      date: "2024-09-14", time: "10:30", venue: "Campo 2")
        let uid = try f.uid(match.id)
        var event = try #require(try f.leagueEvents()[uid])
        #expect(event["DTSTART"] == "20240914T083000Z" && event["DTEND"] == "20240914T103000Z")
        #expect(event["SEQUENCE"] == "0" && event["STATUS"] == "CONFIRMED" && event["LOCATION"] == "Campo 2")
        #expect(event["SUMMARY"] == "Rápidos v Lentos")

        try f.matches.edit(f.bob, match: match.id, MatchChanges(time: "12:00"))
        event = try #require(try f.leagueEvents()[uid])
        #expect(event["DTSTART"] == "20240914T100000Z" && event["SEQUENCE"] == "1")
        // A line-up or an unchanged value is no move.
        try f.matches.setLineup(f.alice, match: match.id, team: "Rápidos", players: ["Ana"])
        try f.matches.edit(f.alice, match: match.id, MatchChanges(time: "12:00", venue: "Campo 2"))
        #expect(try f.leagueEvents()[uid]?["SEQUENCE"] == "1")
        try f.matches.edit(f.alice, match: match.id, MatchChanges(venue: .some(nil)))
        event = try #require(try f.leagueEvents()[uid])
        #expect(event["SEQUENCE"] == "2" && event["LOCATION"] == nil)
        try f.matches.edit(f.alice, match: match.id, MatchChanges(date: "2024-09-15", time: .some(nil)))
        event = try #require(try f.leagueEvents()[uid])
        #expect(event["SEQUENCE"] == "3" && event["DTSTART;VALUE=DATE"] == "20240915" && event["DTEND;VALUE=DATE"] == "20240916")
        // Played: the score in the summary; the status changed, so the sequence rises once more.
        try f.matches.result(f.alice, match: match.id, fullTime: Score(2, 1))
        event = try #require(try f.leagueEvents()[uid])
        #expect(event["SUMMARY"] == "Rápidos 2-1 Lentos" && event["SEQUENCE"] == "4" && event["STATUS"] == "CONFIRMED")
        // Correcting the score is no move, but the event says it changed.
        let before = try #require(event["LAST-MODIFIED"])
        Thread.sleep(forTimeInterval: 1.1)
        try f.matches.result(f.alice, match: match.id, fullTime: Score(3, 1))
        event = try #require(try f.leagueEvents()[uid])
        #expect(event["SUMMARY"] == "Rápidos 3-1 Lentos" && event["SEQUENCE"] == "4")
        #expect(try #require(event["LAST-MODIFIED"]) > before && event["DTSTAMP"] == event["LAST-MODIFIED"])
    }

    @Test func cancelledAndPostponedMatchesAreCancelledUntilScheduledAgain() throws {
        let f = try Fixture()
        let match = try f.matches.add(f.alice, league: .id(f.league.id), home: "Rápidos", away: "Lentos", date: "2024-09-14")
        let uid = try f.uid(match.id)
        try f.matches.edit(f.alice, match: match.id, MatchChanges(status: .postponed))
        #expect(try f.leagueEvents()[uid]?["STATUS"] == "CANCELLED")
        try f.matches.edit(f.alice, match: match.id, MatchChanges(date: "2024-10-02", time: "19:00", status: .scheduled))
        let event = try #require(try f.leagueEvents()[uid])
        #expect(event["STATUS"] == "CONFIRMED" && event["SEQUENCE"] == "2" && event["DTSTART"] == "20241002T170000Z")
        try f.matches.edit(f.alice, match: match.id, MatchChanges(status: .cancelled))
        #expect(try f.leagueEvents()[uid]?["STATUS"] == "CANCELLED")
        // A result's status goes with the result.
        #expect(throws: ClubError.self) { try f.matches.edit(f.alice, match: match.id, MatchChanges(status: .played)) }
        try f.matches.result(f.alice, match: match.id, fullTime: Score(1, 1))
        #expect(throws: ClubError.self) { try f.matches.edit(f.alice, match: match.id, MatchChanges(status: .cancelled)) }
        // Nothing to change, a bad time, or someone who may not.
        #expect(throws: ClubError.self) { try f.matches.edit(f.alice, match: match.id, MatchChanges()) }
        #expect(throws: ClubError.invalid(field: "time", message: "'25:00' is not a kick-off time like 10:30")) {
            try f.matches.edit(f.alice, match: match.id, MatchChanges(time: "25:00"))
        }
        #expect(throws: ClubError.self) { try f.matches.edit(f.carol, match: match.id, MatchChanges(time: "10:00")) }
    }

    @Test func aDeletedMatchStaysInTheCalendarAsCancelled() throws {
        let f = try Fixture()
        let kept = try f.matches.add(f.alice, league: .id(f.league.id), home: "Rápidos", away: "Lentos", date: "2024-09-14")
        let gone = try f.matches.add(f.alice, league: .id(f.league.id), home: "Lentos", away: "Medianos", matchday: 2,
                                     date: "2024-09-21", time: "18:00", venue: "Pista")
        try f.matches.edit(f.alice, match: gone.id, MatchChanges(time: "18:30"))
        try f.matches.delete(f.bob, match: gone.id)
        let events = try f.leagueEvents()
        let event = try #require(events[try f.uid(gone.id)])
        #expect(event["STATUS"] == "CANCELLED" && event["SEQUENCE"] == "2")
        #expect(event["DTSTART"] == "20240921T163000Z" && event["SUMMARY"] == "Lentos v Medianos" && event["LOCATION"] == "Pista")
        #expect(events[try f.uid(kept.id)]?["STATUS"] == "CONFIRMED")
        // Only that team's, with --team.
        #expect(Set(try f.leagueEvents(team: "medianos").keys) == [try f.uid(gone.id)])
        #expect(throws: ClubError.notFound(kind: "team in the league", reference: "Nadie")) {
            try f.calendars.leagueCalendar(.id(f.league.id), team: "Nadie")
        }
    }

    @Test func matchesReplacedByNewFixturesOrRemovedWithATeamAreCancelled() throws {
        let f = try Fixture()
        let options = FixtureOptions(rounds: .single, startDate: "2024-09-07")
        try f.leagues.generateFixtures(f.alice, .id(f.league.id), options: options)
        let first = Set(try f.leagueEvents().keys)
        #expect(first.count == 3)
        try f.leagues.generateFixtures(f.alice, .id(f.league.id), options: options)
        var events = try f.leagueEvents()
        #expect(events.count == 6)
        for uid in first { #expect(events[uid]?["STATUS"] == "CANCELLED" && events[uid]?["SEQUENCE"] == "1") }
        let medianos = events.filter { $0.value["STATUS"] == "CONFIRMED" && $0.value["SUMMARY"]?.contains("Medianos") == true }
        #expect(medianos.count == 2)
        try f.leagues.removeTeam(f.alice, .id(f.league.id), team: "Medianos")
        events = try f.leagueEvents()
        for uid in medianos.keys { #expect(events[uid]?["STATUS"] == "CANCELLED") }
        #expect(events.values.filter { $0["STATUS"] == "CONFIRMED" }.count == 1)
        // A deleted league's calendar is gone, tombstones too.
        try f.leagues.delete(f.alice, .id(f.league.id))
        #expect(throws: ClubError.notFound(kind: "league", reference: String(f.league.id))) {
            try f.calendars.leagueCalendar(.id(f.league.id))
        }
        #expect(try f.club.count("matchTombstone") == 0)
    }

    @Test func aTeamCalendarNeedsItsTokenWhichTheOwnerRotates() throws {
        let f = try Fixture()
        let team = try f.club.teams.add(f.alice, name: "Infantil A", season: "2024/25")
        try f.club.teams.grant(f.alice, .id(team.id), to: "bob", role: .viewer)
        let noSuchTeam = ClubError.notFound(kind: "team", reference: String(team.id))
        #expect(throws: noSuchTeam) { try f.calendars.teamCalendar(teamID: team.id, token: nil) }
        #expect(throws: noSuchTeam) { try f.calendars.teamCalendar(teamID: team.id, token: "guess") }

        let subscription = try f.calendars.rotateToken(f.alice, team: .id(team.id))
        #expect(subscription.token.count == 43 && subscription.path == "/api/v1/teams/\(team.id)/calendar.ics?token=\(subscription.token)")
        let data = try f.calendars.teamCalendar(teamID: team.id, token: subscription.token)
        #expect(String(decoding: data, as: UTF8.self).contains("X-WR-CALNAME:Infantil A 2024/25\r\n"))
        // Only the hash is kept.
        let stored = try f.club.store.read { db in try db.value(Data.self, "SELECT calendarTokenHash FROM team") }
        #expect(stored?.count == 32 && stored != Data(subscription.token.utf8))
        // A wrong token, another team's id, or a team that does not exist: all the same answer.
        #expect(throws: noSuchTeam) { try f.calendars.teamCalendar(teamID: team.id, token: subscription.token + "x") }
        #expect(throws: ClubError.notFound(kind: "team", reference: "999")) {
            try f.calendars.teamCalendar(teamID: 999, token: subscription.token)
        }
        #expect(throws: noSuchTeam) { try f.calendars.teamCalendar(teamID: team.id, token: String(repeating: "a", count: 100_000)) }

        let rotated = try f.calendars.rotateToken(f.alice, team: .id(team.id))
        #expect(rotated.token != subscription.token)
        #expect(throws: noSuchTeam) { try f.calendars.teamCalendar(teamID: team.id, token: subscription.token) }
        #expect(try f.calendars.teamCalendar(teamID: team.id, token: rotated.token) == data)
        // Members read it logged in; only the owner rotates; others do not see the team.
        #expect(try f.calendars.teamCalendar(f.bob, .id(team.id)) == data)
        #expect(throws: ClubError.permissionDenied("only the owner of team '\(team.id)' may do that; bob is a viewer")) {
            try f.calendars.rotateToken(f.bob, team: .id(team.id))
        }
        #expect(throws: ClubError.self) { try f.calendars.revokeToken(f.bob, team: .id(team.id)) }
        #expect(throws: ClubError.notFound(kind: "team", reference: String(team.id))) {
            try f.calendars.rotateToken(f.carol, team: .id(team.id))
        }
        #expect(throws: ClubError.notFound(kind: "team", reference: String(team.id))) {
            try f.calendars.teamCalendar(f.carol, .id(team.id))
        }
        try f.calendars.revokeToken(f.alice, team: .id(team.id))
        #expect(throws: noSuchTeam) { try f.calendars.teamCalendar(teamID: team.id, token: rotated.token) }
    }

    @Test func aTeamCalendarHoldsItsLinkedLeagueMatchesAndItsFriendlies() throws {
        let f = try Fixture()
        let team = try f.club.teams.add(f.alice, name: "Infantil A", season: "2024/25", timeZone: "America/Mexico_City")
        try f.leagues.addTeam(f.alice, .id(f.league.id), team: .id(team.id))
        let ours = try f.matches.add(f.alice, league: .id(f.league.id), home: "Infantil A", away: "Lentos",
                                     date: "2024-09-14", time: "10:30")
        let others = try f.matches.add(f.alice, league: .id(f.league.id), home: "Rápidos", away: "Lentos", date: "2024-09-14")
        let friendly = try f.matches.add(f.alice, league: nil, home: "Infantil A", away: "Vecinos", date: "2024-09-20",
                                         time: "17:00")
        let deletedFriendly = try f.matches.add(f.alice, league: nil, home: "Vecinos", away: "Infantil A", date: "2024-09-27")
        try f.matches.delete(f.alice, match: deletedFriendly.id)
        var events = Self.events(try f.calendars.teamCalendar(f.alice, .id(team.id)))
        #expect(Set(events.keys) == [try f.uid(ours.id), try f.uid(friendly.id), try f.uid(deletedFriendly.id)])
        // League matches in the league's zone (Madrid, UTC+2), friendlies in the team's (UTC-6).
        #expect(events[try f.uid(ours.id)]?["DTSTART"] == "20240914T083000Z")
        #expect(events[try f.uid(ours.id)]?["DESCRIPTION"] == #"Liga Amigos 2024/25"#)
        #expect(events[try f.uid(friendly.id)]?["DTSTART"] == "20240920T230000Z")
        #expect(events[try f.uid(friendly.id)]?["DESCRIPTION"] == "Friendly")
        #expect(events[try f.uid(deletedFriendly.id)]?["STATUS"] == "CANCELLED")
        _ = others

        // A league match deleted after it was linked stays in the team's calendar, cancelled.
        try f.matches.delete(f.alice, match: ours.id)
        events = Self.events(try f.calendars.teamCalendar(f.alice, .id(team.id)))
        #expect(events[try f.uid(ours.id)]?["STATUS"] == "CANCELLED")

        // Another time zone moves the friendly (its sequence rises); deleting the team ends it all.
        try f.club.teams.edit(f.alice, .id(team.id), TeamChanges(timeZone: "Europe/London"))
        events = Self.events(try f.calendars.teamCalendar(f.alice, .id(team.id)))
        #expect(events[try f.uid(friendly.id)]?["DTSTART"] == "20240920T160000Z")
        #expect(events[try f.uid(friendly.id)]?["SEQUENCE"] == "1")
        try f.club.teams.delete(f.alice, .id(team.id))
        #expect(try f.club.count("matchTombstone WHERE leagueId IS NULL") == 0)
        #expect(try f.club.count("matchTombstone WHERE leagueId IS NOT NULL") == 1)
    }

    @Test func aNewTimeZoneMovesEveryTimedMatch() throws {
        let f = try Fixture()
        let timed = try f.matches.add(f.alice, league: .id(f.league.id), home: "Rápidos", away: "Lentos",
                                      date: "2024-09-14", time: "10:30")
        let allDay = try f.matches.add(f.alice, league: .id(f.league.id), home: "Lentos", away: "Medianos", date: "2024-09-14")
        let info = try f.leagues.setTimeZone(f.alice, .id(f.league.id), to: "Atlantic/Canary")
        #expect(info.timeZone == "Atlantic/Canary")
        let event = try #require(try f.leagueEvents()[try f.uid(timed.id)])
        #expect(event["DTSTART"] == "20240914T093000Z" && event["SEQUENCE"] == "1")
        let events = try f.leagueEvents()
        #expect(events[try f.uid(allDay.id)]?["SEQUENCE"] == "0")
        // The same zone again moves nothing; an unknown one, or an editor, is refused.
        try f.leagues.setTimeZone(f.alice, .id(f.league.id), to: "Atlantic/Canary")
        #expect(try f.leagueEvents()[try f.uid(timed.id)]?["SEQUENCE"] == "1")
        #expect(throws: ClubError.self) { try f.leagues.setTimeZone(f.alice, .id(f.league.id), to: "Mars/Olympus") }
        #expect(throws: ClubError.self) { try f.leagues.setTimeZone(f.alice, .id(f.league.id), to: "europe/madrid") }
        #expect(throws: ClubError.self) { try f.leagues.setTimeZone(f.bob, .id(f.league.id), to: "UTC") }
        #expect(throws: ClubError.self) {
            try f.leagues.create(f.alice, name: "Otra", season: "2025", kind: .friends, timeZone: "Nowhere/Place")
        }
    }

    @Test func theSameDatabaseGivesTheSameBytesAndUIDsAreTheDatabasesOwn() throws {
        let f = try Fixture()
        let match = try f.matches.add(f.alice, league: .id(f.league.id), home: "Rápidos", away: "Lentos", date: "2024-09-14")
        #expect(try f.calendars.leagueCalendar(.id(f.league.id)) == (try f.calendars.leagueCalendar(.name("liga amigos"))))
        let other = try Fixture()
        _ = try other.matches.add(other.alice, league: .id(other.league.id), home: "Rápidos", away: "Lentos")
        #expect(try f.uid(match.id) != (try other.uid(match.id)))
        #expect(try f.uid(match.id).hasPrefix("match-\(match.id)@touchline-"))
        // An undated match has no event.
        _ = try f.matches.add(f.alice, league: .id(f.league.id), home: "Lentos", away: "Medianos")
        #expect(try f.leagueEvents().count == 1)
    }

    @Test(.upgradesAnOlderSQLiteFile)
    func anOlderDatabaseGetsCalendarsWhenOpened() throws {
        let club = try ScratchClub(upgradingFrom: "v7 matches by their name, friendlies played by club teams", seeding: """
                INSERT INTO user (id, username, displayName, email, searchKey, passwordHash, createdAt)
                VALUES (1, 'alice', 'Alice', 'alice@example.org', 'alice', '$scrypt$x', '2025-01-01');
                INSERT INTO league (id, name, season, kind, rules, ownerId, createdAt) VALUES
                    (1, 'Liga', '2024/25', 'friends', 'la-liga', 1, '2025-01-01');
                INSERT INTO match (id, leagueId, home, away, date, time, status) VALUES
                    (1, 1, 'A', 'B', '2024-10-01', '18:00', 'scheduled');
                """)
        let store = club.store
        let events = Self.events(try Calendars(store: store).leagueCalendar(.id(1)))
        let event = try #require(events.values.first)
        // UTC until the owner sets the league's zone.
        #expect(event["DTSTART"] == "20241001T180000Z" && event["SEQUENCE"] == "0")
        #expect(event["LAST-MODIFIED"]?.hasPrefix("19700101") == false)
        #expect(try Leagues(store: store).show(.id(1)).timeZone == "UTC")
    }
}
