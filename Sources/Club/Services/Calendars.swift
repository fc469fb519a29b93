import Foundation
import League

/// Fixtures as iCalendar files (RFC 5545, written by ``FixtureCalendar``) that phone and
/// desktop calendars subscribe to and follow.
///
/// - A **league's calendar**: one event per dated match of the league, or of one of its teams.
///   A public league's is open to anyone, as everything in it is. A private league's is read
///   by whoever sees the league (its owner and editors, logged in) or, without logging in,
///   with the league's secret token, which its owner rotates: as a team's below.
/// - A **club team's calendar** holds the matches of every league in which a league team is
///   linked to it (`league add-team --club-team`) that this side plays, and its friendlies.
///   Only the team's owner and members see a team, so the calendar is read either by them or,
///   without logging in, with the team's secret token (256 random bits, of which only the
///   SHA-256 is stored), which its owner rotates. A wrong or missing token is "no team": it
///   never tells that the team exists.
///
/// Every event's UID is `match-ID@DOMAIN`, `DOMAIN` made at random once per database, and a
/// match id is never given to another match, so the UID never changes for a match. The
/// sequence rises whenever a match's date, kick-off time, venue or status changes (and when its
/// league's or team's time zone changes); a match deleted in any way (`match delete`, fixtures
/// regenerated, its team taken out of the league or deleted) stays in the calendar for
/// ``tombstoneDays`` days as cancelled, with a higher sequence. A deleted league's calendar is
/// gone ("no league"). Kick-off times are local to the league's time zone (a friendly's: its
/// team's); matches without a date are left out; a date without a time is an all-day event.
/// DTSTAMP and LAST-MODIFIED are the match's last change, so the same database gives the same
/// bytes.
///
/// ```swift
/// let calendars = Calendars(store: store)
/// let ics = try calendars.leagueCalendar(.name("Liga Amigos"))          // text/calendar
/// let secret = try calendars.rotateToken(alice, league: .name("Liga Secreta"))
/// let privateICS = try calendars.leagueCalendar(.id(secret.leagueID ?? 0), token: secret.token)
/// let subscription = try calendars.rotateToken(alice, team: .name("Athletic Infantil A"))
/// let teamICS = try calendars.teamCalendar(teamID: subscription.teamID ?? 0, token: subscription.token)
/// ```
public struct Calendars: Sendable {
    /// The time zone of leagues and teams until their owner sets one: kick-off times are read
    /// as UTC, the one choice that does not depend on the machine that made them.
    public static let defaultTimeZone = "UTC"
    /// How long a deleted match stays in calendars as cancelled (the schema's `match_tombstone`
    /// trigger holds the same number): long enough for every subscriber to have fetched the
    /// calendar since; after that, calendars drop the event, as they should.
    public static let tombstoneDays = 90

    let store: ClubStore

    public init(store: ClubStore) {
        self.store = store
    }

    /// The calendar of league `reference`, named after it and its season; with `team` (a team of
    /// the league, ignoring case), only that team's matches. A public league's needs no login or
    /// token; a private league's is read by a `viewer` who sees the league, or with its
    /// calendar `token` (the league named by id).
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for no such league, a private one the
    ///   viewer does not see with no token, a wrong one or one rotated away (all alike, so a
    ///   guess learns nothing), or no such team in it.
    public func leagueCalendar(_ reference: LeagueReference, team: String? = nil, as viewer: ActingUser? = nil,
                               token: String? = nil) throws -> Data {
        try store.read { db -> FixtureCalendar in
            let id: Int64
            if case .id(let leagueID) = reference, try Self.tokenMatches(db, .league, id: leagueID, token: token) {
                id = leagueID
            } else {
                id = try Leagues.resolve(db, reference, as: viewer)
            }
            let info = try Leagues.info(db, id: id)
            let competition = "\(info.name) \(info.season)"
            let side = try team.map { try Leagues.teamName(db, league: id, $0) }
            let name = side.map { "\(competition): \($0)" } ?? competition
            let zone = Self.zone(info.timeZone)
            let domain = try db.calendars.domain()
            let items = try db.calendars.league(id, side: side)
            let entries = items.matches.compactMap { Self.entry($0, zone: zone, competition: competition, domain: domain) }
                + items.deleted.compactMap { Self.entry($0, zone: zone, competition: competition, domain: domain) }
            return FixtureCalendar(name: name, events: Self.ordered(entries))
        }.data()
    }

    /// The calendar of club team `teamID`, read with its subscription token (no login).
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for no such team, no token, a wrong one
    ///   or one rotated away: all alike, so a guess learns nothing.
    public func teamCalendar(teamID: Int64, token: String?) throws -> Data {
        try store.read { db -> FixtureCalendar in
            guard try Self.tokenMatches(db, .team, id: teamID, token: token) else {
                throw ClubError.notFound(kind: "team", reference: String(teamID))
            }
            return try Self.teamCalendar(db, id: teamID)
        }.data()
    }

    /// The calendar of a club team `actor` may see (any role).
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for a team the actor cannot see.
    public func teamCalendar(_ actor: ActingUser, _ reference: TeamReference) throws -> Data {
        try store.read { db -> FixtureCalendar in
            let (id, _) = try Teams.resolve(db, reference, for: actor, needs: .viewer)
            return try Self.teamCalendar(db, id: id)
        }.data()
    }

    /// Gives the team's calendar a new secret token, so that the old one (if any) no longer reads
    /// it; the team's owner only. The token is returned this once: only its SHA-256 is kept.
    ///
    /// - Throws: ``ClubError/permissionDenied(_:)`` for an editor or viewer,
    ///   ``ClubError/notFound(kind:reference:)`` for a team the actor cannot see.
    @discardableResult
    public func rotateToken(_ actor: ActingUser, team reference: TeamReference) throws -> CalendarSubscription {
        let token = SessionToken.make()
        return try store.write { db in
            let (id, _) = try Teams.resolve(db, reference, for: actor, needs: .owner)
            try Self.setToken(db, .team, id: id, token: token)
            return CalendarSubscription(teamID: id, token: token)
        }
    }

    /// Takes the team's calendar token away: no URL reads the calendar until the owner rotates a
    /// new one. The team's owner only.
    public func revokeToken(_ actor: ActingUser, team reference: TeamReference) throws {
        try store.write { db in
            let (id, _) = try Teams.resolve(db, reference, for: actor, needs: .owner)
            try Self.setToken(db, .team, id: id, token: nil)
        }
    }

    /// Gives the league's calendar a new secret token (what a private league's calendar is read
    /// with, without logging in), so that the old one no longer reads it; the league's owner
    /// only. The token is returned this once: only its SHA-256 is kept. A public league may have
    /// one too: it reads the calendar once the league is made private.
    ///
    /// - Throws: ``ClubError/permissionDenied(_:)`` for an editor,
    ///   ``ClubError/notFound(kind:reference:)`` for a league the actor cannot see.
    @discardableResult
    public func rotateToken(_ actor: ActingUser, league reference: LeagueReference) throws -> CalendarSubscription {
        let token = SessionToken.make()
        return try store.write { db in
            let id = try Leagues.resolve(db, reference, editor: actor, owner: true)
            try Self.setToken(db, .league, id: id, token: token)
            return CalendarSubscription(leagueID: id, token: token)
        }
    }

    /// Takes the league's calendar token away; the league's owner only.
    public func revokeToken(_ actor: ActingUser, league reference: LeagueReference) throws {
        try store.write { db in
            let id = try Leagues.resolve(db, reference, editor: actor, owner: true)
            try Self.setToken(db, .league, id: id, token: nil)
        }
    }

    // MARK: - Tokens

    /// Longer tokens are refused unread: a real one has 43 characters.
    static let maximumTokenLength = 256

    private typealias TokenHolder = CalendarStore.TokenHolder

    /// True when `token` is the calendar token of `holder` `id` (only its SHA-256 is stored,
    /// compared in constant time); false for no token, no such row or no token set.
    private static func tokenMatches(_ db: StoreTransaction, _ holder: TokenHolder, id: Int64, token: String?) throws -> Bool {
        guard let token, token.utf8.count <= maximumTokenLength,
              let stored = try db.calendars.tokenHash(holder, id: id) else { return false }
        return SessionToken.matches(token, digest: stored)
    }

    /// Stores the SHA-256 of `token` as the calendar token of `holder` `id`, or with nil, none.
    private static func setToken(_ db: StoreTransaction, _ holder: TokenHolder, id: Int64, token: String?) throws {
        try db.calendars.setTokenHash(token.map(SessionToken.digest), holder, id: id)
    }

    // MARK: - Building

    /// An event and where it sorts.
    private struct Entry {
        var start: Double
        var id: Int64
        var event: CalendarEvent
    }

    private static func teamCalendar(_ db: StoreTransaction, id: Int64) throws -> FixtureCalendar {
        let team = try db.teams.team(id: id)
        let teamZone = zone(team.timeZone)
        let domain = try db.calendars.domain()
        // Every item below has its league's name, season and time zone, nil for a friendly.
        func competition(_ item: CalendarStore.Item) -> String {
            guard let league = item.leagueName else { return "Friendly" }
            return "\(league) \(item.leagueSeason ?? "")"
        }
        func kickOffZone(_ item: CalendarStore.Item) -> TimeZone {
            item.leagueTimeZone.map(Self.zone) ?? teamZone
        }
        let items = try db.calendars.team(id)
        let entries = (items.matches + items.deleted).compactMap {
            entry($0, zone: kickOffZone($0), competition: competition($0), domain: domain)
        }
        return FixtureCalendar(name: "\(team.name) \(team.season)", events: ordered(entries))
    }

    /// The event of a match (cancelled, for a deleted one), or nil when the match has no date.
    private static func entry(_ item: CalendarStore.Item, zone: TimeZone, competition: String, domain: String) -> Entry? {
        guard let event = CalendarEvent(match: item.match, uid: uid(item.id, domain: domain), timeZone: zone,
                                        competition: competition, sequence: item.sequence,
                                        lastModified: item.lastModified) else { return nil }
        return Entry(start: sortKey(event.start), id: item.id, event: event)
    }

    /// By start, then by match id: the same matches always in the same order.
    private static func ordered(_ entries: [Entry]) -> [CalendarEvent] {
        entries.sorted { ($0.start, $0.id) < ($1.start, $1.id) }.map(\.event)
    }

    private static func sortKey(_ start: CalendarEvent.Start) -> Double {
        switch start {
        case .allDay(let day): return Double(day.daysSince1970) * 86_400
        case .instant(let instant): return instant.timeIntervalSince1970
        }
    }

    /// `match-42@touchline-...`.
    static func uid(_ matchID: Int64, domain: String) -> String {
        "match-\(matchID)@\(domain)"
    }

    /// The zone named `identifier`, or UTC for a name this machine's time zone data lacks.
    static func zone(_ identifier: String) -> TimeZone {
        TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0) ?? .current
    }
}
