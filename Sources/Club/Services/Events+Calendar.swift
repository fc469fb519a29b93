import Foundation
import League
import Support

/// Events as iCalendar files (RFC 5545, written by ``FixtureCalendar``): one event's, for
/// whoever may see it, and a user's agenda, which a phone subscribes to with a secret token.
///
/// Every event's UID is `event-ID@DOMAIN` (the database's calendar domain), never given to
/// another event; its SEQUENCE is the event's, raised on every change and on cancelling, and a
/// cancelled event stays with STATUS:CANCELLED. Times are written in UTC; an all-day event is
/// written as dates (`DTSTART;VALUE=DATE`), its DTEND the day after its last. DTSTAMP and
/// LAST-MODIFIED are the event's last change, so the same database gives the same bytes.
extension Events {
    /// How long ago an event of the agenda may have ended.
    public static let agendaPastDays = 30
    /// The most events an agenda holds, the soonest first.
    public static let agendaMaximum = 1_000
    /// The PRODID of event calendars.
    public static let productID = "-//Touchline//Events//EN"

    /// The calendar of event `id`, for whoever may see it.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` as ``show(_:_:)``.
    public func calendar(_ viewer: ActingUser?, _ id: Int64) throws -> Data {
        try store.read { db -> FixtureCalendar in
            let stored = try Self.stored(db, id, viewer: viewer)
            let domain = try db.calendars.domain()
            return FixtureCalendar(name: stored.title, events: [Self.calendarEvent(stored, domain: domain)],
                                   productID: Self.productID)
        }.data()
    }

    /// The actor's agenda: their events (``upcoming(_:after:limit:)``'s) that ended at most
    /// ``agendaPastDays`` days ago or have not yet, by start, at most ``agendaMaximum``.
    public func agenda(_ actor: ActingUser) throws -> Data {
        let now = Date()
        return try store.read { db in try Self.agenda(db, user: actor.userID, username: actor.username, at: now) }.data()
    }

    /// `username`'s agenda, read with their agenda token (no login).
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for no such user, no token, a wrong one
    ///   or one rotated away: all alike, so a guess learns nothing.
    public func agenda(username: String, token: String?) throws -> Data {
        let now = Date()
        return try store.read { db -> FixtureCalendar in
            let user = try? db.users.id(username: username)
            guard let user, let token, token.utf8.count <= Calendars.maximumTokenLength,
                  let stored = try db.events.agendaTokenHash(user), SessionToken.matches(token, digest: stored) else {
                throw ClubError.notFound(kind: "agenda", reference: username)
            }
            return try Self.agenda(db, user: user, username: username, at: now)
        }.data()
    }

    /// Gives the actor's agenda a new secret token, so that the old one (if any) no longer reads
    /// it. The token is returned this once: only its SHA-256 is kept.
    @discardableResult
    public func rotateAgendaToken(_ actor: ActingUser) throws -> CalendarSubscription {
        let token = SessionToken.make()
        try store.write { db in try db.events.setAgendaTokenHash(SessionToken.digest(token), of: actor.userID) }
        return CalendarSubscription(username: actor.username, token: token)
    }

    /// Takes the actor's agenda token away: no URL reads the agenda until they rotate a new one.
    public func revokeAgendaToken(_ actor: ActingUser) throws {
        try store.write { db in try db.events.setAgendaTokenHash(nil, of: actor.userID) }
    }

    private static func agenda(_ db: StoreTransaction, user: Int64, username: String, at time: Date) throws -> FixtureCalendar {
        let since = time.addingTimeInterval(-Double(agendaPastDays) * 86_400)
        let rows = try db.events.agenda(of: user, endingAfter: since, after: nil, limit: agendaMaximum)
        let domain = try db.calendars.domain()
        return FixtureCalendar(name: "Events: \(username)", events: rows.map { calendarEvent($0, domain: domain) },
                               productID: productID)
    }

    /// The VEVENT of `stored`.
    static func calendarEvent(_ stored: EventStore.Stored, domain: String) -> CalendarEvent {
        let zone = Calendars.zone(stored.timeZone)
        let start: CalendarEvent.Start
        var days = 1
        if stored.allDay {
            let first = EventTimes.local(stored.startsAt, in: zone).day
            let last = EventTimes.local(stored.endsAt.addingTimeInterval(-1), in: zone).day
            start = .allDay(first)
            days = last.daysSince1970 - first.daysSince1970 + 1
        } else {
            start = .instant(stored.startsAt)
        }
        let geo = stored.latitude.flatMap { latitude in
            stored.longitude.map { CalendarEvent.Geo(latitude: latitude, longitude: $0) }
        }
        return CalendarEvent(uid: "event-\(stored.id)@\(domain)", start: start,
                             durationSeconds: stored.endsAt.timeIntervalSince(stored.startsAt), summary: stored.title,
                             location: stored.placeName, description: stored.description, sequence: stored.sequence,
                             status: stored.cancelled ? .cancelled : .confirmed, lastModified: stored.updatedAt, days: days,
                             geo: geo)
    }
}
