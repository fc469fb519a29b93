import Foundation

/// A guest's answer to an event's invitation.
public enum EventAnswer: String, Sendable, Equatable, Codable, CaseIterable {
    case going
    case maybe
    case declined
    /// Asked to go when the event was full: on its waiting list, in turn. Given by the event,
    /// never chosen: a guest answers `going` and waits when there is no room.
    case waiting
}

/// Where an event takes place.
public struct EventPlace: Sendable, Equatable, Codable {
    /// `Polideportivo Anoeta, pitch 2`.
    public var name: String?
    public var latitude: Double?
    public var longitude: Double?
}

/// How many guests answered what.
public struct EventCounts: Sendable, Equatable, Codable {
    public var going: Int
    public var maybe: Int
    public var declined: Int
    public var waiting: Int
}

/// An event as a viewer sees it. Its `Codable` form is the stable schema of `touchline event
/// show --json` and of the HTTP API's events.
///
/// ``start`` and ``end`` are instants (UTC); ``localStart`` and ``localEnd`` are the same in the
/// organiser's ``timeZone`` (`2026-12-05T18:00`), or for an all-day event its first and last day
/// (`2026-12-05`). The guest lists (``going``, ``maybe``, ``declined``, ``waiting`` in turn,
/// ``invited``) are shown to the organiser and the invited; anyone else who sees the event (through a
/// post sharing it) sees the ``counts`` alone.
public struct Event: Sendable, Equatable, Codable {
    public var id: Int64
    public var title: String
    public var description: String?
    /// The organiser's username.
    public var organiser: String
    public var organiserName: String
    public var start: Date
    public var end: Date
    /// The organiser's IANA time zone, in which the event's local times are read.
    public var timeZone: String
    public var allDay: Bool
    public var localStart: String
    public var localEnd: String
    public var place: EventPlace?
    /// The organiser's stored routes the event attaches (a group ride's course).
    public var routes: [RouteSummary]
    /// The most guests going; nil for no limit.
    public var capacity: Int?
    public var cancelled: Bool
    /// The iCalendar revision: raised on every change and on cancelling.
    public var sequence: Int
    /// The id of the first occurrence, for an occurrence of a repeating event.
    public var seriesID: Int64?
    /// The ids of every occurrence of its series, first to last (`event show` only).
    public var occurrences: [Int64]?
    /// The groups whose members are invited.
    public var groups: [String]
    public var counts: EventCounts
    public var going: [String]?
    public var maybe: [String]?
    public var declined: [String]?
    /// The waiting list, first in turn first.
    public var waiting: [String]?
    /// Those invited by name (besides the groups' members).
    public var invited: [String]?
    /// The viewer's answer; nil for none (or nobody logged in).
    public var answer: EventAnswer?
    /// Whether the viewer may answer: the organiser, the invited and the invited groups' members.
    public var canAnswer: Bool
    public var createdAt: Date
    public var updatedAt: Date

    enum CodingKeys: String, CodingKey {
        case id, title, description, organiser, organiserName, start, end, timeZone, allDay, localStart, localEnd, place,
             routes, capacity, cancelled, sequence, seriesID = "seriesId", occurrences, groups, counts, going, maybe, declined, waiting,
             invited, answer, canAnswer, createdAt, updatedAt
    }
}

/// A new event (``Events/create(_:_:)``), as the command line and the API give it.
///
/// Times are local to ``timeZone``: `2026-12-05T18:00` (or `2026-12-05 18:00`) for a timed
/// event, or two dates (`2026-12-05`, the first and last day) for an all-day one. With
/// ``every`` (`week`) and ``until`` (a date), the event repeats weekly, on the ``on`` days
/// (`mo`, `tu` ... `su`; the start's day when none) until that date, at the same local time
/// whatever daylight saving does.
public struct EventDraft: Sendable, Equatable, Codable {
    public var title: String
    public var description: String?
    public var start: String
    public var end: String
    public var timeZone: String
    /// The place's name.
    public var place: String?
    public var latitude: Double?
    public var longitude: Double?
    /// The organiser's stored routes to attach.
    public var routes: [Int64]?
    public var capacity: Int?
    /// Usernames to invite.
    public var invite: [String]?
    /// Groups (by name) whose members are invited.
    public var groups: [String]?
    /// `week`, to repeat.
    public var every: String?
    /// The days of the week a repeating event falls on: `mo` ... `su`.
    public var on: [String]?
    /// The last day a repeating event may fall on (`YYYY-MM-DD`, local).
    public var until: String?

    public init(title: String, description: String? = nil, start: String, end: String, timeZone: String,
                place: String? = nil, latitude: Double? = nil, longitude: Double? = nil, routes: [Int64]? = nil,
                capacity: Int? = nil, invite: [String]? = nil, groups: [String]? = nil, every: String? = nil,
                on: [String]? = nil, until: String? = nil) {
        self.title = title
        self.description = description
        self.start = start
        self.end = end
        self.timeZone = timeZone
        self.place = place
        self.latitude = latitude
        self.longitude = longitude
        self.routes = routes
        self.capacity = capacity
        self.invite = invite
        self.groups = groups
        self.every = every
        self.on = on
        self.until = until
    }
}

/// Changes to one event (``Events/edit(_:_:_:)``): nil leaves a field as it is; an empty
/// description or place removes it; a capacity of 0 removes the limit. A new start, end or
/// time zone is read as ``EventDraft``'s are; the times are given together when the kind
/// (timed or all-day) changes.
public struct EventChanges: Sendable, Equatable, Codable {
    public var title: String?
    public var description: String?
    public var start: String?
    public var end: String?
    public var timeZone: String?
    public var place: String?
    public var latitude: Double?
    public var longitude: Double?
    public var capacity: Int?

    public init(title: String? = nil, description: String? = nil, start: String? = nil, end: String? = nil,
                timeZone: String? = nil, place: String? = nil, latitude: Double? = nil, longitude: Double? = nil,
                capacity: Int? = nil) {
        self.title = title
        self.description = description
        self.start = start
        self.end = end
        self.timeZone = timeZone
        self.place = place
        self.latitude = latitude
        self.longitude = longitude
        self.capacity = capacity
    }
}

/// A guest's standing after answering (``Events/answer(_:_:_:)``).
public struct EventReply: Sendable, Equatable, Codable {
    public var event: Int64
    public var user: String
    public var answer: EventAnswer
    /// On the waiting list: 1 for next in turn.
    public var position: Int?
    public var counts: EventCounts
}
