import Foundation
import Support

/// Events: a training session, a group ride, a tournament trip.
///
/// An organiser creates an event (a title, a description, local start and end times in their
/// IANA time zone or whole days, a place, attached routes, a capacity), invites users by name
/// and whole groups, and edits or cancels it; a weekly event is expanded into occurrences of
/// their own (``EventTimes``). The invited answer going, maybe or declined; once a capacity is
/// reached, those who answer going wait, and are moved to going in turn when a place frees up.
///
/// Who sees an event is decided here (``sees(_:viewer:event:)``): its organiser; never a user
/// the organiser blocks; the invited (by name, or as current members of an invited group); and
/// whoever may see a post that shares it. Only the organiser and the invited answer. An event
/// someone may not see is "no event", whether or not it exists.
public struct Events: Sendable {
    public static let maximumTitle = 200
    public static let maximumDescription = 5_000
    public static let maximumPlace = 200
    public static let maximumCapacity = 100_000
    /// The most users invited by name to one event.
    public static let maximumInvited = 5_000
    /// The most usernames or groups one call invites.
    public static let maximumBatch = 500
    /// The most groups and routes one event names.
    public static let maximumGroups = 20
    public static let maximumRoutes = 10

    let store: ClubStore

    public init(store: ClubStore) {
        self.store = store
    }

    /// Creates an event (with `every`, its weekly occurrences) and returns the first as its
    /// organiser sees it, with the ids of all of them (``Event/occurrences``).
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a title, description or place too
    ///   long, times that do not read or end before they start, an unknown time zone,
    ///   coordinates out of range, a capacity outside 1 to 100,000, a group the organiser is not
    ///   a member of; ``ClubError/notFound(kind:reference:)`` for an unknown user, group or
    ///   route (or one not theirs); ``ClubError/permissionDenied(_:)`` for a user who blocks the
    ///   organiser.
    @discardableResult
    public func create(_ actor: ActingUser, _ draft: EventDraft) throws -> Event {
        let timeZone = try Validation.timeZone(draft.timeZone)
        let times = try EventTimes(start: draft.start, end: draft.end, timeZone: timeZone, every: draft.every, on: draft.on,
                                   until: draft.until)
        let place = try Self.place(name: draft.place, latitude: draft.latitude, longitude: draft.longitude)
        var fields = EventStore.Fields(title: try Validation.text(draft.title, field: "title", maximum: Self.maximumTitle),
                                       description: try Validation.optionalText(draft.description, field: "description",
                                                                                maximum: Self.maximumDescription),
                                       startsAt: times.occurrences[0].start, endsAt: times.occurrences[0].end,
                                       timeZone: timeZone, allDay: times.allDay, placeName: place.name,
                                       latitude: place.latitude, longitude: place.longitude,
                                       capacity: try draft.capacity.map(Self.capacity))
        let routes = try Self.bounded(Self.unique(draft.routes ?? []), field: "routes", maximum: Self.maximumRoutes)
        let invited = try Self.bounded(Self.unique(draft.invite ?? []), field: "invite", maximum: Self.maximumBatch)
        let groups = try Self.bounded(Self.unique(draft.groups ?? []), field: "groups", maximum: Self.maximumGroups)
        let now = Date()
        return try store.write { db in
            for route in routes where try db.routes.summary(id: route, owner: actor.userID) == nil {
                throw ClubError.notFound(kind: "route", reference: String(route))
            }
            let guests = try Self.guests(db, actor, invited)
            let groupIDs = try groups.map { try Self.invitableGroup(db, actor, $0) }
            var ids: [Int64] = []
            for occurrence in times.occurrences {
                fields.startsAt = occurrence.start
                fields.endsAt = occurrence.end
                let id = try db.events.insert(fields, organiser: actor.userID, series: ids.first, at: now)
                if ids.isEmpty, times.occurrences.count > 1 { try db.events.startSeries(id) }
                ids.append(id)
                try db.events.attach(routes: routes, to: id)
                for group in groupIDs { try db.events.invite(group: group, to: id) }
                for guest in guests { try db.events.invite(user: guest, to: id) }
            }
            return try Self.visible(db, ids[0], viewer: actor)
        }
    }

    /// An event as `viewer` (nil: nobody logged in) may see it.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for an event that does not exist or
    ///   that the viewer may not see.
    public func show(_ viewer: ActingUser?, _ id: Int64) throws -> Event {
        try store.read { db in try Self.visible(db, id, viewer: viewer) }
    }

    /// Changes an event (its organiser only) and returns it; its sequence rises so that
    /// subscribed calendars follow. A higher capacity (or none) moves waiting guests to going in
    /// turn; a lower one sends no one away.
    ///
    /// - Throws: what ``create(_:_:)`` throws for the changed fields;
    ///   ``ClubError/invalid(field:message:)`` for a cancelled event.
    @discardableResult
    public func edit(_ actor: ActingUser, _ id: Int64, _ changes: EventChanges) throws -> Event {
        let timeZone = try changes.timeZone.map(Validation.timeZone)
        let title = try changes.title.map { try Validation.text($0, field: "title", maximum: Self.maximumTitle) }
        let description = try changes.description.map {
            try Validation.optionalText($0, field: "description", maximum: Self.maximumDescription)
        }
        let capacity = try changes.capacity.map { $0 == 0 ? nil : try Self.capacity($0) }
        let now = Date()
        return try store.write { db in
            let stored = try Self.organised(db, id, by: actor)
            var fields = Self.fields(stored)
            if let title { fields.title = title }
            if let description { fields.description = description }
            if let capacity { fields.capacity = capacity }
            if changes.place != nil || changes.latitude != nil || changes.longitude != nil {
                let moved = changes.latitude != nil || changes.longitude != nil
                let place = try Self.place(name: changes.place ?? stored.placeName,
                                           latitude: moved ? changes.latitude : stored.latitude,
                                           longitude: moved ? changes.longitude : stored.longitude)
                (fields.placeName, fields.latitude, fields.longitude) = (place.name, place.latitude, place.longitude)
            }
            if changes.start != nil || changes.end != nil || timeZone != nil {
                let zone = timeZone ?? stored.timeZone
                let old = EventTimes.localTexts(start: stored.startsAt, end: stored.endsAt, allDay: stored.allDay,
                                                zone: Calendars.zone(stored.timeZone))
                let times = try EventTimes(start: changes.start ?? old.0, end: changes.end ?? old.1, timeZone: zone)
                (fields.startsAt, fields.endsAt) = times.occurrences[0]
                fields.allDay = times.allDay
                fields.timeZone = zone
            }
            guard fields != Self.fields(stored) else { return try Self.visible(db, id, viewer: actor) }
            try db.events.update(id, fields, at: now)
            try Self.fill(db, id, capacity: fields.capacity)
            return try Self.visible(db, id, viewer: actor)
        }
    }

    /// Cancels an event (its organiser only), or with `series` it and the later occurrences of
    /// its series; returns the ids cancelled. A cancelled event stays, shown as cancelled, so
    /// that the invited and their calendars see it.
    @discardableResult
    public func cancel(_ actor: ActingUser, _ id: Int64, series: Bool = false) throws -> [Int64] {
        let now = Date()
        return try store.write { db in
            let stored = try Self.organised(db, id, by: actor)
            var ids = [id]
            if series, let seriesID = stored.seriesID {
                ids = try db.events.occurrences(of: seriesID, from: stored.startsAt)
            }
            try db.events.cancel(ids, at: now)
            return ids
        }
    }

    /// Invites more users by name and groups (the organiser only) and returns the event.
    public func invite(_ actor: ActingUser, _ id: Int64, users: [String] = [], groups: [String] = []) throws -> Event {
        let users = try Self.bounded(Self.unique(users), field: "invite", maximum: Self.maximumBatch)
        let groups = try Self.bounded(Self.unique(groups), field: "groups", maximum: Self.maximumGroups)
        return try store.write { db in
            _ = try Self.organised(db, id, by: actor)
            for guest in try Self.guests(db, actor, users) { try db.events.invite(user: guest, to: id) }
            guard try db.events.invitedCount(id) <= Self.maximumInvited else {
                throw ClubError.invalid(field: "invite", message: "an event invites at most \(Self.maximumInvited) users by name; "
                                        + "invite a group")
            }
            for name in groups { try db.events.invite(group: try Self.invitableGroup(db, actor, name), to: id) }
            return try Self.visible(db, id, viewer: actor)
        }
    }

    /// One page of the actor's events that have not ended, by start: those they organise, are
    /// invited to or answered, cancelled ones included (shown as cancelled).
    public func upcoming(_ actor: ActingUser, after cursor: String? = nil,
                         limit: Int = PagingCursor.defaultLimit) throws -> ListPage<Event> {
        let after = try Self.position(cursor)
        let limit = max(1, min(limit, PagingCursor.maximumLimit))
        let now = Date()
        return try store.read { db in
            let rows = try db.events.agenda(of: actor.userID, endingAfter: now, after: after, limit: limit + 1)
            return try Self.page(db, rows, viewer: actor, limit: limit)
        }
    }

    /// One page of the events that invite a group and have not ended, by start, for its members.
    public func groupEvents(_ viewer: ActingUser?, _ group: GroupReference, after cursor: String? = nil,
                            limit: Int = PagingCursor.defaultLimit) throws -> ListPage<Event> {
        let after = try Self.position(cursor)
        let limit = max(1, min(limit, PagingCursor.maximumLimit))
        let now = Date()
        return try store.read { db in
            let found = try Groups.find(db, group)
            try Groups.checkMember(db, found, viewer)
            guard let viewer else { return ListPage(items: [], next: nil) }
            let rows = try db.events.groupEvents(found.id, viewer: viewer.userID, endingAfter: now, after: after, limit: limit + 1)
            return try Self.page(db, rows, viewer: viewer, limit: limit)
        }
    }

    // MARK: - Rules

    /// Whether `viewer` may see `event` (see ``Events``).
    static func sees(_ db: StoreTransaction, viewer: ActingUser?, event: EventStore.Stored) throws -> Bool {
        if let viewer, try isInvited(db, viewer.userID, event) { return true }
        if let viewer, try db.follows.standing(of: viewer.userID, towards: event.organiserID).blockedByOther { return false }
        for post in try db.posts.sharing(event: event.id) where try Posts.sees(db, viewer: viewer, post: post) {
            return true
        }
        return false
    }

    /// Whether `user` may answer `event`: its organiser, or invited by name or through a group
    /// they are a member of, and not blocked by the organiser.
    static func isInvited(_ db: StoreTransaction, _ user: Int64, _ event: EventStore.Stored) throws -> Bool {
        if user == event.organiserID { return true }
        if try db.follows.standing(of: user, towards: event.organiserID).blockedByOther { return false }
        if try db.events.guest(user, of: event.id)?.invited == true { return true }
        return try db.events.invitesThroughGroup(user, event.id)
    }

    /// Event `id` when `viewer` may see it.
    static func stored(_ db: StoreTransaction, _ id: Int64, viewer: ActingUser?) throws -> EventStore.Stored {
        guard let stored = try db.events.find(id), try sees(db, viewer: viewer, event: stored) else {
            throw ClubError.notFound(kind: "event", reference: String(id))
        }
        return stored
    }

    /// Event `id` when `actor` organises it, and it is not cancelled.
    private static func organised(_ db: StoreTransaction, _ id: Int64, by actor: ActingUser) throws -> EventStore.Stored {
        let stored = try stored(db, id, viewer: actor)
        guard stored.organiserID == actor.userID else {
            throw ClubError.permissionDenied("only its organiser, \(stored.organiser), changes event \(id)")
        }
        guard !stored.cancelled else { throw ClubError.invalid(field: "event", message: "event \(id) is cancelled") }
        return stored
    }

    /// The ids of `usernames`, each of whom the organiser may invite.
    private static func guests(_ db: StoreTransaction, _ actor: ActingUser, _ usernames: [String]) throws -> [Int64] {
        try usernames.map { username in
            let user = try db.users.id(username: username)
            guard user != actor.userID else {
                throw ClubError.invalid(field: "invite", message: "you organise the event: you need no invitation")
            }
            let standing = try db.follows.standing(of: actor.userID, towards: user)
            if standing.blockedByOther {
                throw ClubError.permissionDenied("\(username) does not accept invitations from \(actor.username)")
            }
            if standing.blocksOther {
                throw ClubError.invalid(field: "invite", message: "you block \(username): unblock them to invite them")
            }
            return user
        }
    }

    /// Group `name`'s id, when the organiser is a member.
    private static func invitableGroup(_ db: StoreTransaction, _ actor: ActingUser, _ name: String) throws -> Int64 {
        let found = try Groups.find(db, .name(name))
        guard try db.groups.role(of: actor.userID, in: found.id)?.isMember == true else {
            throw ClubError.invalid(field: "groups", message: "you are not a member of '\(found.info.name)'")
        }
        return found.id
    }

    /// Moves waiting guests to going while event `id` has room.
    static func fill(_ db: StoreTransaction, _ id: Int64, capacity: Int?) throws {
        let counts = try db.events.counts(id)
        guard counts.waiting > 0 else { return }
        try db.events.promote(capacity.map { $0 - counts.going } ?? counts.waiting, in: id)
    }

    // MARK: - Building

    /// Event `id` as `viewer` sees it.
    static func visible(_ db: StoreTransaction, _ id: Int64, viewer: ActingUser?) throws -> Event {
        try event(db, try stored(db, id, viewer: viewer), viewer: viewer, lists: true)
    }

    private static func page(_ db: StoreTransaction, _ rows: [EventStore.Stored], viewer: ActingUser,
                             limit: Int) throws -> ListPage<Event> {
        let items = try rows.prefix(limit).map { try event(db, $0, viewer: viewer, lists: false) }
        let next = rows.count > limit ? items.last.map { PagingCursor.encode(key: [String(Int64($0.start.timeIntervalSince1970)),
                                                                                   String($0.id)]) } : nil
        return ListPage(items: items, next: next)
    }

    /// The event of `stored` for `viewer`; with `lists`, the guest lists for those who may
    /// answer.
    static func event(_ db: StoreTransaction, _ stored: EventStore.Stored, viewer: ActingUser?, lists: Bool) throws -> Event {
        let zone = Calendars.zone(stored.timeZone)
        let (localStart, localEnd) = EventTimes.localTexts(start: stored.startsAt, end: stored.endsAt, allDay: stored.allDay,
                                                           zone: zone)
        let canAnswer = try viewer.map { try isInvited(db, $0.userID, stored) } ?? false
        let place = stored.placeName == nil && stored.latitude == nil ? nil
            : EventPlace(name: stored.placeName, latitude: stored.latitude, longitude: stored.longitude)
        var event = Event(id: stored.id, title: stored.title, description: stored.description, organiser: stored.organiser,
                          organiserName: stored.organiserName, start: stored.startsAt, end: stored.endsAt,
                          timeZone: stored.timeZone, allDay: stored.allDay, localStart: localStart, localEnd: localEnd,
                          place: place,
                          routes: try db.events.routes(of: stored.id).compactMap {
                              try db.routes.summary(id: $0, owner: stored.organiserID)
                          },
                          capacity: stored.capacity, cancelled: stored.cancelled, sequence: stored.sequence,
                          seriesID: stored.seriesID, groups: try db.events.groupNames(of: stored.id),
                          counts: try db.events.counts(stored.id), canAnswer: canAnswer, createdAt: stored.createdAt,
                          updatedAt: stored.updatedAt)
        if let viewer { event.answer = try db.events.guest(viewer.userID, of: stored.id)?.answer }
        if let series = stored.seriesID, lists { event.occurrences = try db.events.occurrences(of: series) }
        if lists, canAnswer {
            let guests = try db.events.guests(of: stored.id)
            func named(_ answer: EventAnswer) -> [String] { guests.filter { $0.answer == answer }.map(\.username) }
            event.going = named(.going)
            event.maybe = named(.maybe)
            event.declined = named(.declined)
            event.waiting = named(.waiting)
            event.invited = guests.filter(\.invited).map(\.username)
        }
        return event
    }

    private static func fields(_ stored: EventStore.Stored) -> EventStore.Fields {
        EventStore.Fields(title: stored.title, description: stored.description, startsAt: stored.startsAt, endsAt: stored.endsAt,
                          timeZone: stored.timeZone, allDay: stored.allDay, placeName: stored.placeName,
                          latitude: stored.latitude, longitude: stored.longitude, capacity: stored.capacity)
    }

    // MARK: - Checks

    /// A place: a name (an empty one clears it), coordinates (both or neither, in range) or both.
    private static func place(name: String?, latitude: Double?, longitude: Double?) throws
        -> (name: String?, latitude: Double?, longitude: Double?) {
        let name = try Validation.optionalText(name, field: "place", maximum: maximumPlace)
        guard (latitude == nil) == (longitude == nil) else {
            throw ClubError.invalid(field: "at", message: "give the place's latitude and longitude together")
        }
        if let latitude, let longitude { try Validation.coordinates(latitude, longitude) }
        return (name, latitude, longitude)
    }

    private static func capacity(_ value: Int) throws -> Int {
        guard (1...maximumCapacity).contains(value) else {
            throw ClubError.invalid(field: "capacity", message: "\(value) is not a capacity from 1 to \(maximumCapacity)")
        }
        return value
    }

    private static func unique<T: Hashable>(_ values: [T]) -> [T] {
        var seen = Set<T>()
        return values.filter { seen.insert($0).inserted }
    }

    private static func bounded<T>(_ values: [T], field: String, maximum: Int) throws -> [T] {
        guard values.count <= maximum else { throw ClubError.invalid(field: field, message: "at most \(maximum) at once") }
        return values
    }

    /// The start and id a list cursor carries.
    private static func position(_ cursor: String?) throws -> (Date, Int64)? {
        guard let cursor else { return nil }
        guard let key = PagingCursor.decodeKey(cursor), key.count == 2, let seconds = Int64(key[0]), let id = Int64(key[1]),
              abs(seconds) < 10_000_000_000 else {
            throw ClubError.invalid(field: "after", message: "'\(cursor.prefix(PagingCursor.maximumLength))' is not a cursor from an event listing")
        }
        return (Date(timeIntervalSince1970: Double(seconds)), id)
    }
}
