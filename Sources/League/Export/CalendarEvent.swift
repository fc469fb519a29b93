import Foundation
import Support

/// One match in a ``FixtureCalendar``: an iCalendar VEVENT as plain values.
///
/// A subscribed calendar recognises the event by its ``uid`` alone, so the uid must never
/// change for the same match. ``sequence`` rises whenever the match is moved, and a cancelled,
/// postponed or deleted match keeps its uid with ``Status/cancelled``, so phones follow the
/// change instead of keeping a stale copy.
public struct CalendarEvent: Sendable, Hashable {
    /// When the event starts.
    public enum Start: Sendable, Hashable {
        /// A whole day (`DTSTART;VALUE=DATE`), ending the next day (or after
        /// ``CalendarEvent/days`` days): a match with a date and no kick-off time.
        case allDay(CivilDate)
        /// An instant, written in UTC (`DTSTART:20240914T083000Z`), lasting
        /// ``CalendarEvent/duration``.
        case instant(Date)
    }

    /// Whether the event takes place (RFC 5545 §3.8.1.11).
    public enum Status: String, Sendable, Hashable, CaseIterable {
        case confirmed = "CONFIRMED"
        case tentative = "TENTATIVE"
        case cancelled = "CANCELLED"
    }

    /// The event's lasting identity: `match-42@touchline-...`.
    public var uid: String
    public var start: Start
    /// How long a timed event lasts, in seconds (``FixtureCalendar/matchDurationSeconds`` by
    /// default); an all-day event lasts its day.
    public var durationSeconds: TimeInterval
    /// `Home v Away`, or `Home 2-1 Away` once played.
    public var summary: String
    /// Where the match is played, when known.
    public var location: String?
    /// More about the match: the competition, the round, a status note.
    public var description: String?
    /// The revision number: 0 when created, raised whenever the match moves or changes status.
    public var sequence: Int
    public var status: Status
    /// When the match was last changed (UTC): written as DTSTAMP and LAST-MODIFIED, so that the
    /// same matches always give the same bytes.
    public var lastModified: Date
    /// How many days an all-day event lasts (1 or more).
    public var days: Int
    /// Where it takes place, as coordinates (GEO).
    public var geo: Geo?

    /// A latitude and longitude in degrees (WGS 84), as GEO writes them.
    public struct Geo: Sendable, Hashable {
        public var latitude: Double
        public var longitude: Double

        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    public init(uid: String, start: Start, durationSeconds: TimeInterval = FixtureCalendar.matchDurationSeconds,
                summary: String, location: String? = nil, description: String? = nil, sequence: Int = 0,
                status: Status = .confirmed, lastModified: Date, days: Int = 1, geo: Geo? = nil) {
        self.uid = uid
        self.start = start
        self.durationSeconds = durationSeconds
        self.summary = summary
        self.location = location
        self.description = description
        self.sequence = sequence
        self.status = status
        self.lastModified = lastModified
        self.days = days
        self.geo = geo
    }
}
