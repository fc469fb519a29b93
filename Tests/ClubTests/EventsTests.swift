import Foundation
import Testing
import TestSupport
@testable import Club

/// Events: who sees and answers them, the waiting list, repetition across daylight saving,
/// calendars read back by a real iCalendar parser, and what ends an invitation.
@Suite struct EventsTests {
    /// Who looks, as the visibility table names them.
    enum Viewer: String, CaseIterable, CustomTestStringConvertible {
        case organiser, invitee, groupMember, follower, pendingRequester, stranger, blocked, formerMember, nobody
        var testDescription: String { rawValue }
    }

    /// `coach` (a private profile) organises a session for `ana` (invited by name) and the group
    /// "Squad" (`mate`, `troll` and `gone`, who left), shared with the coach's followers (`fan`;
    /// `asker` only asked to follow). `walker` is a stranger; the coach blocks `troll`.
    struct Cast {
        let club: ScratchClub
        let events: Events
        let groups: Groups
        let follows: Follows
        let coach: ActingUser, ana: ActingUser, mate: ActingUser, fan: ActingUser, asker: ActingUser
        let walker: ActingUser, troll: ActingUser, gone: ActingUser
        let event: Event

        init(capacity: Int? = nil) throws {
            club = try ScratchClub()
            events = Events(store: club.store)
            groups = Groups(store: club.store)
            follows = Follows(store: club.store)
            coach = try club.user("coach")
            ana = try club.user("ana")
            mate = try club.user("mate")
            fan = try club.user("fan")
            asker = try club.user("asker")
            walker = try club.user("walker")
            troll = try club.user("troll")
            gone = try club.user("gone")
            try club.accounts.editProfile(coach, ProfileChanges(isPrivate: true))
            try follows.follow(fan, "coach")
            try follows.accept(coach, "fan")
            try follows.follow(asker, "coach")
            try groups.create(coach, name: "Squad", policy: .open)
            for member in [mate, troll, gone] { try groups.join(member, "squad") }
            event = try events.create(coach, EventDraft(title: "Training", description: "Bring both kits",
                                                        start: "2036-10-21T19:00", end: "2036-10-21T20:30",
                                                        timeZone: "Europe/Madrid", place: "Anoeta, pitch 2",
                                                        latitude: 43.301, longitude: -1.9736, capacity: capacity,
                                                        invite: ["ana"], groups: ["Squad"]))
            try Posts(store: club.store).publish(coach, PostDraft(kind: .event, audience: .followers, text: "Tuesday",
                                                                  eventID: event.id))
            try follows.block(coach, "troll")
            try groups.leave(gone, "Squad")
        }

        func actor(_ viewer: Viewer) -> ActingUser? {
            switch viewer {
            case .organiser: coach
            case .invitee: ana
            case .groupMember: mate
            case .follower: fan
            case .pendingRequester: asker
            case .stranger: walker
            case .blocked: troll
            case .formerMember: gone
            case .nobody: nil
            }
        }
    }

    /// What a viewer gets: the event (and its calendar) and whether they may answer.
    static let visibilityTable: [(Viewer, sees: Bool, answers: Bool)] = [
        (.organiser, true, true),
        (.invitee, true, true),
        (.groupMember, true, true),
        (.follower, true, false), // through the post that shares it
        (.pendingRequester, false, false),
        (.stranger, false, false),
        (.blocked, false, false),
        (.formerMember, false, false),
        (.nobody, false, false),
    ]

    @Test(arguments: visibilityTable)
    func anEventAndItsCalendarAreSeenOnlyByTheInvitedAndThePostsAudience(_ row: (Viewer, sees: Bool, answers: Bool)) throws {
        let cast = try Cast()
        let viewer = cast.actor(row.0)
        let id = cast.event.id
        if row.sees {
            let event = try cast.events.show(viewer, id)
            #expect(event.title == "Training" && event.canAnswer == row.answers)
            // The guest lists are for those who may answer; the others see the counts.
            #expect((event.going != nil) == row.answers && (event.invited != nil) == row.answers)
            let calendar = try ICalendarProbe.read(try cast.events.calendar(viewer, id))
            #expect(calendar.events.map(\.summary) == ["Training"])
        } else {
            #expect(throws: ClubError.notFound(kind: "event", reference: String(id))) { try cast.events.show(viewer, id) }
            #expect(throws: ClubError.notFound(kind: "event", reference: String(id))) { try cast.events.calendar(viewer, id) }
        }
        guard let viewer else { return }
        if row.answers {
            #expect(try cast.events.answer(viewer, id, .maybe).answer == .maybe)
        } else {
            let before = try StoredRows(cast.club.store)
            #expect(throws: (any Error).self) { try cast.events.answer(viewer, id, .going) }
            if row.sees {
                #expect(throws: ClubError.permissionDenied("you are not invited to event \(id): ask coach")) {
                    try cast.events.answer(viewer, id, .going)
                }
            }
            #expect(try StoredRows(cast.club.store) == before)
        }
        // The agenda lists it for those invited alone.
        let upcoming = try cast.events.upcoming(viewer).items.map(\.id)
        #expect(upcoming == (row.answers ? [id] : []))
    }

    @Test func aFullEventKeepsAWaitingListAndPromotesItInTurn() throws {
        let cast = try Cast(capacity: 2)
        let id = cast.event.id
        let extra = try [cast.club.user("bea"), cast.club.user("cai")]
        _ = try cast.events.invite(cast.coach, id, users: ["bea", "cai"])
        let events = cast.events
        #expect(try events.answer(cast.ana, id, .going).answer == .going)
        #expect(try events.answer(cast.mate, id, .going).answer == .going)
        let bea = try events.answer(extra[0], id, .going)
        #expect(bea.answer == .waiting && bea.position == 1 && bea.counts == EventCounts(going: 2, maybe: 0, declined: 0, waiting: 1))
        #expect(try events.answer(extra[1], id, .going).position == 2)
        #expect(try events.answer(cast.coach, id, .going).position == 3)
        // Going again keeps one's turn.
        #expect(try events.answer(extra[1], id, .going).position == 2)
        #expect(throws: ClubError.self) { try events.answer(extra[1], id, .waiting) }

        // Ana declines: Bea, first in turn, goes; Cai moves up.
        #expect(try events.answer(cast.ana, id, .declined).counts == EventCounts(going: 2, maybe: 0, declined: 1, waiting: 2))
        var shown = try events.show(cast.coach, id)
        #expect(shown.going == ["bea", "mate"] && shown.waiting == ["cai", "coach"] && shown.declined == ["ana"])
        #expect(try events.show(extra[1], id).answer == .waiting)
        // A waiting guest who answers maybe leaves the list.
        #expect(try events.answer(extra[1], id, .maybe).answer == .maybe)
        // Room for everyone waiting: raising the capacity promotes them.
        _ = try events.edit(cast.coach, id, EventChanges(capacity: 5))
        shown = try events.show(cast.coach, id)
        #expect(shown.going == ["bea", "coach", "mate"] && shown.waiting == [] && shown.sequence == 1)
        // Ana going again finds room; lowering the capacity sends no one away.
        #expect(try events.answer(cast.ana, id, .going).answer == .going)
        _ = try events.edit(cast.coach, id, EventChanges(capacity: 1))
        #expect(try events.show(cast.coach, id).counts.going == 4)
        #expect(try events.answer(extra[1], id, .going).answer == .waiting)
        // A going guest whose account goes frees a place only once the event has room.
        try cast.club.accounts.delete(extra[0], currentPassword: "bea-password")
        #expect(try events.show(cast.coach, id).waiting == ["cai"])
        _ = try events.edit(cast.coach, id, EventChanges(capacity: 0))
        #expect(try events.show(cast.coach, id).going == ["ana", "cai", "coach", "mate"])
    }

    @Test func leavingOrDeletingTheGroupEndsItsInvitationAndFreesPlaces() throws {
        let cast = try Cast(capacity: 1)
        let id = cast.event.id
        let late = try cast.club.user("late")
        try cast.groups.join(late, "squad")
        #expect(try cast.events.answer(cast.mate, id, .going).answer == .going)
        #expect(try cast.events.answer(late, id, .going).answer == .waiting)
        #expect(try cast.events.answer(cast.ana, id, .going).position == 2)
        try cast.groups.leave(cast.mate, "Squad")
        var shown = try cast.events.show(cast.coach, id)
        #expect(shown.going == ["late"] && shown.waiting == ["ana"])
        #expect(throws: ClubError.notFound(kind: "event", reference: String(id))) { try cast.events.show(cast.mate, id) }
        #expect(try cast.events.groupEvents(late, .name("Squad")).items.map(\.id) == [id])
        #expect(throws: ClubError.self) { try cast.events.groupEvents(cast.walker, .name("Squad")) }

        // The group goes: its posts with it, the event stays, its members' answers go.
        try cast.groups.delete(cast.coach, .name("Squad"))
        shown = try cast.events.show(cast.coach, id)
        #expect(shown.groups == [] && shown.going == ["ana"] && shown.waiting == [])
        #expect(throws: ClubError.notFound(kind: "event", reference: String(id))) { try cast.events.show(late, id) }
    }

    @Test func aWeeklySessionKeepsItsLocalTimeAcrossTheChangeOfClocks() throws {
        let club = try ScratchClub()
        let coach = try club.user("coach")
        let events = Events(store: club.store)
        // Madrid's clocks go back on 26 October 2036: 19:00 is 17:00 UTC before, 18:00 after.
        let first = try events.create(coach, EventDraft(title: "Tuesday and Thursday training", start: "2036-10-21T19:00",
                                                        end: "2036-10-21T20:30", timeZone: "Europe/Madrid", every: "week",
                                                        on: ["tu", "th"], until: "2036-11-04"))
        #expect(first.occurrences?.count == 5 && first.seriesID == first.id)
        let calendar = try ICalendarProbe.read(try events.agenda(coach))
        #expect(calendar.errors.isEmpty, "\(calendar.errors)")
        #expect(calendar.events.map(\.start.value) == ["2036-10-21T17:00:00", "2036-10-23T17:00:00", "2036-10-28T18:00:00",
                                                       "2036-10-30T18:00:00", "2036-11-04T18:00:00"])
        #expect(calendar.events.map(\.end.value) == ["2036-10-21T18:30:00", "2036-10-23T18:30:00", "2036-10-28T19:30:00",
                                                     "2036-10-30T19:30:00", "2036-11-04T19:30:00"])
        #expect(calendar.events.allSatisfy { $0.start.utc })
        #expect(Set(calendar.events.map(\.uid)).count == 5)
        let occurrences = try (first.occurrences ?? []).map { try events.show(coach, $0) }
        #expect(occurrences.map(\.localStart) == ["2036-10-21T19:00", "2036-10-23T19:00", "2036-10-28T19:00", "2036-10-30T19:00",
                                                  "2036-11-04T19:00"])

        // New York springs forward on 9 March 2036: a Sunday ride at 02:30 moves to 03:30
        // (the clocks skip 02:30) on that day only; a start given in the gap is refused.
        let ride = try events.create(coach, EventDraft(title: "Night ride", start: "2036-03-02T02:30", end: "2036-03-02T04:00",
                                                       timeZone: "America/New_York", every: "week", until: "2036-03-16"))
        let rides = try (ride.occurrences ?? []).map { try events.show(coach, $0).localStart }
        #expect(rides == ["2036-03-02T02:30", "2036-03-09T03:30", "2036-03-16T02:30"])
        #expect(throws: ClubError.invalid(field: "start", message: "2036-03-09T02:30 does not exist in America/New_York: "
                                          + "the clocks go forward then")) {
            try events.create(coach, EventDraft(title: "Gap", start: "2036-03-09T02:30", end: "2036-03-09T04:00",
                                                timeZone: "America/New_York"))
        }

        // Cancelling from one occurrence on cancels the later ones alone.
        let ids = first.occurrences ?? []
        #expect(try events.cancel(coach, ids[2], series: true) == Array(ids[2...]))
        #expect(try ids.map { try events.show(coach, $0).cancelled } == [false, false, true, true, true])
    }

    @Test func calendarsFollowEditsAndCancellingWithStableUIDs() throws {
        let cast = try Cast()
        let id = cast.event.id
        let events = cast.events
        let domain = try cast.club.store.read { db in try db.calendars.domain() }
        func read(_ viewer: ActingUser) throws -> ICalendarProbe.Event {
            let calendar = try ICalendarProbe.read(try events.calendar(viewer, id))
            #expect(calendar.errors.isEmpty && calendar.productID == Events.productID)
            return try #require(calendar.events.first)
        }
        var event = try read(cast.ana)
        #expect(event.uid == "event-\(id)@\(domain)" && event.sequence == 0 && event.status == "CONFIRMED")
        #expect(event.start == .init(type: "date-time", value: "2036-10-21T17:00:00", utc: true))
        #expect(event.location == "Anoeta, pitch 2" && event.description == "Bring both kits")
        #expect(event.geo == [43.301, -1.9736])
        // The same database gives the same bytes.
        #expect(try events.calendar(cast.ana, id) == events.calendar(cast.ana, id))

        _ = try events.edit(cast.coach, id, EventChanges(start: "2036-10-21T18:00", place: "Zubieta"))
        event = try read(cast.ana)
        #expect(event.uid == "event-\(id)@\(domain)" && event.sequence == 1 && event.location == "Zubieta")
        #expect(event.start.value == "2036-10-21T16:00:00" && event.end.value == "2036-10-21T18:30:00")
        // Nothing changed: the sequence stays.
        _ = try events.edit(cast.coach, id, EventChanges(title: "Training"))
        #expect(try read(cast.ana).sequence == 1)
        try events.cancel(cast.coach, id)
        event = try read(cast.mate)
        #expect(event.status == "CANCELLED" && event.sequence == 2)
        #expect(throws: ClubError.invalid(field: "event", message: "event \(id) is cancelled")) {
            try events.answer(cast.ana, id, .going)
        }

        // A tournament trip over three whole days: dates, DTEND the day after the last.
        let trip = try events.create(cast.coach, EventDraft(title: "Tournament", start: "2036-12-27", end: "2036-12-29",
                                                            timeZone: "Pacific/Auckland", invite: ["ana"]))
        #expect(trip.allDay && trip.localStart == "2036-12-27" && trip.localEnd == "2036-12-29")
        let agenda = try ICalendarProbe.read(try events.agenda(cast.ana))
        let written = try #require(agenda.events.first { $0.summary == "Tournament" })
        #expect(written.start == .init(type: "date", value: "2036-12-27", utc: false))
        #expect(written.end == .init(type: "date", value: "2036-12-30", utc: false))
        #expect(agenda.events.map(\.summary) == ["Training", "Tournament"])
    }

    @Test func anAgendaIsReadWithItsTokenUntilRotatedOrRevoked() throws {
        let cast = try Cast()
        let events = cast.events
        #expect(throws: ClubError.notFound(kind: "agenda", reference: "ana")) { try events.agenda(username: "ana", token: nil) }
        let first = try events.rotateAgendaToken(cast.ana)
        #expect(first.path == "/api/v1/users/ana/agenda.ics?token=\(first.token)")
        #expect(try !cast.club.holdsInClear(first.token))
        let calendar = try ICalendarProbe.read(try events.agenda(username: "ana", token: first.token))
        #expect(calendar.name == "Events: ana" && calendar.events.map(\.summary) == ["Training"])
        let second = try events.rotateAgendaToken(cast.ana)
        for (user, token) in [("ana", first.token), ("coach", second.token), ("nobody-here", second.token)] {
            #expect(throws: ClubError.notFound(kind: "agenda", reference: user)) { try events.agenda(username: user, token: token) }
        }
        try events.revokeAgendaToken(cast.ana)
        #expect(throws: ClubError.notFound(kind: "agenda", reference: "ana")) {
            try events.agenda(username: "ana", token: second.token)
        }
    }

    @Test func anEventPostShowsTheEventInTheFeed() throws {
        let cast = try Cast()
        let feed = try Posts(store: cast.club.store).feed(cast.fan)
        let post = try #require(feed.items.first)
        #expect(post.kind == .event && post.event?.id == cast.event.id && post.event?.going == nil)
        // Only the organiser shares an event.
        #expect(throws: ClubError.notFound(kind: "event", reference: String(cast.event.id))) {
            try Posts(store: cast.club.store).publish(cast.ana, PostDraft(kind: .event, audience: .everyone,
                                                                          eventID: cast.event.id))
        }
    }

    /// Bad drafts, each refused with its field named and nothing written.
    static let badDrafts: [(String, EventDraft, ClubError)] = {
        func draft(start: String = "2036-10-21T19:00", end: String = "2036-10-21T20:30", zone: String = "Europe/Madrid",
                   title: String = "Training", capacity: Int? = nil, latitude: Double? = nil, longitude: Double? = nil,
                   invite: [String]? = nil, every: String? = nil, on: [String]? = nil, until: String? = nil) -> EventDraft {
            EventDraft(title: title, start: start, end: end, timeZone: zone, latitude: latitude, longitude: longitude,
                       capacity: capacity, invite: invite, every: every, on: on, until: until)
        }
        return [
            ("end before start", draft(end: "2036-10-21T18:00"),
             .invalid(field: "end", message: "the end 2036-10-21T18:00 is not after the start 2036-10-21T19:00")),
            ("unknown zone", draft(zone: "Europe/Atlantis"),
             .invalid(field: "time zone", message: "'Europe/Atlantis' is not a time zone: give an IANA name like Europe/Madrid, "
                      + "America/Mexico_City or UTC")),
            ("not a time", draft(start: "19/10/2027 19:00"),
             .invalid(field: "start", message: "'19/10/2027 19:00' is not a local date and time: write YYYY-MM-DDTHH:MM, or "
                      + "YYYY-MM-DD for an all-day event")),
            ("date and time mixed", draft(end: "2027-10-20"),
             .invalid(field: "end", message: "give both times as dates (an all-day event) or both with a time of day")),
            ("too long", draft(end: "2036-12-21T20:30"), .invalid(field: "end", message: "an event lasts at most 31 days")),
            ("year", draft(start: "9999-10-19T19:00"),
             .invalid(field: "start", message: "9999-10-19 is outside the years 1970 to 2199")),
            ("empty title", draft(title: "  "), .invalid(field: "title", message: "must not be empty")),
            ("capacity", draft(capacity: 0), .invalid(field: "capacity", message: "0 is not a capacity from 1 to 100000")),
            ("latitude", draft(latitude: .nan, longitude: 2), .invalid(field: "latitude", message: "nan is not a latitude from -90 to 90")),
            ("half a place", draft(latitude: 43), .invalid(field: "at", message: "give the place's latitude and longitude together")),
            ("self", draft(invite: ["coach"]),
             .invalid(field: "invite", message: "you organise the event: you need no invitation")),
            ("unknown user", draft(invite: ["nobody-here"]), .notFound(kind: "user", reference: "nobody-here")),
            ("every day", draft(every: "day", until: "2036-11-03"),
             .invalid(field: "every", message: "'day' is not a repetition: events repeat every week")),
            ("no until", draft(every: "week"), .invalid(field: "until", message: "a repeating event needs --until DATE, its last day")),
            ("off day", draft(every: "week", on: ["mo"], until: "2036-11-03"),
             .invalid(field: "on", message: "the start 2036-10-21 is a tu, not one of the --on days")),
            ("too many", draft(every: "week", on: ["mo", "tu", "we", "th", "fr", "sa", "su"], until: "2037-12-31"),
             .invalid(field: "until", message: "a repeating event has at most 200 occurrences")),
        ]
    }()

    @Test(arguments: badDrafts)
    func aBadEventIsRefusedWithNothingWritten(_ bad: (String, EventDraft, ClubError)) throws {
        let club = try ScratchClub()
        let coach = try club.user("coach")
        let before = try StoredRows(club.store)
        #expect(throws: bad.2) { try Events(store: club.store).create(coach, bad.1) }
        #expect(try StoredRows(club.store) == before)
    }

    @Test func anInvitationToSomeoneWhoBlocksTheOrganiserIsRefused() throws {
        let cast = try Cast()
        try cast.follows.block(cast.walker, "coach")
        let before = try StoredRows(cast.club.store)
        #expect(throws: ClubError.permissionDenied("walker does not accept invitations from coach")) {
            try cast.events.invite(cast.coach, cast.event.id, users: ["walker"])
        }
        #expect(throws: ClubError.permissionDenied("only its organiser, coach, changes event \(cast.event.id)")) {
            try cast.events.edit(cast.ana, cast.event.id, EventChanges(title: "Mine"))
        }
        #expect(try StoredRows(cast.club.store) == before)
    }
}
