import Foundation
import Support

/// The `event`, `eventRoute`, `eventGroup` and `eventGuest` tables: events, their routes,
/// invited groups, guests and answers with the waiting list. ``Events`` decides who may see
/// and do what; this reads and writes, and filters in SQL what must be paged.
struct EventStore {
    let db: StoreTransaction

    /// An event's row with its organiser's names.
    struct Stored {
        var id: Int64
        var organiserID: Int64
        var organiser: String
        var organiserName: String
        var seriesID: Int64?
        var title: String
        var description: String?
        var startsAt: Date
        var endsAt: Date
        var timeZone: String
        var allDay: Bool
        var placeName: String?
        var latitude: Double?
        var longitude: Double?
        var capacity: Int?
        var cancelled: Bool
        var sequence: Int
        var createdAt: Date
        var updatedAt: Date
    }

    /// What an event is made with or changed to.
    struct Fields: Equatable {
        var title: String
        var description: String?
        var startsAt: Date
        var endsAt: Date
        var timeZone: String
        var allDay: Bool
        var placeName: String?
        var latitude: Double?
        var longitude: Double?
        var capacity: Int?
    }

    private static let select = """
        SELECT event.id, event.organiserId, event.seriesId, event.title, event.description, event.startsAt, event.endsAt,
               event.timeZone, event.allDay, event.placeName, event.latitude, event.longitude, event.capacity,
               event.cancelled, event.sequence, event.createdAt, event.updatedAt, "user".username, "user".displayName
        FROM event JOIN "user" ON "user".id = event.organiserId
        """

    private static func stored(_ row: SQLRow) throws -> Stored {
        Stored(id: try row("id"), organiserID: try row("organiserId"), organiser: try row("username"),
               organiserName: try row("displayName"), seriesID: try row("seriesId"), title: try row("title"),
               description: try row("description"), startsAt: try row("startsAt"), endsAt: try row("endsAt"),
               timeZone: try row("timeZone"), allDay: try row("allDay"), placeName: try row("placeName"),
               latitude: try row("latitude"), longitude: try row("longitude"), capacity: try row("capacity"),
               cancelled: try row("cancelled"), sequence: try row("sequence"), createdAt: try row("createdAt"),
               updatedAt: try row("updatedAt"))
    }

    /// Inserts an event and returns its id.
    func insert(_ fields: Fields, organiser: Int64, series: Int64?, at time: Date) throws -> Int64 {
        try db.insert("""
            INSERT INTO event (organiserId, seriesId, title, description, startsAt, endsAt, timeZone, allDay, placeName,
                               latitude, longitude, capacity, createdAt, updatedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [organiser, series, fields.title, fields.description, fields.startsAt, fields.endsAt, fields.timeZone,
                  fields.allDay, fields.placeName, fields.latitude, fields.longitude, fields.capacity, time, time])
    }

    /// Makes event `id` the first of its own series.
    func startSeries(_ id: Int64) throws {
        try db.execute("UPDATE event SET seriesId = ? WHERE id = ?", [id, id])
    }

    /// Event `id`; nil for no such event.
    func find(_ id: Int64) throws -> Stored? {
        try db.fetchOne(Self.select + " WHERE event.id = ?", [id]).map(Self.stored)
    }

    /// Writes `fields` over event `id`, raising its sequence.
    func update(_ id: Int64, _ fields: Fields, at time: Date) throws {
        try db.execute("""
            UPDATE event SET title = ?, description = ?, startsAt = ?, endsAt = ?, timeZone = ?, allDay = ?, placeName = ?,
                             latitude = ?, longitude = ?, capacity = ?, sequence = sequence + 1, updatedAt = ?
            WHERE id = ?
            """, [fields.title, fields.description, fields.startsAt, fields.endsAt, fields.timeZone, fields.allDay,
                  fields.placeName, fields.latitude, fields.longitude, fields.capacity, time, id])
    }

    /// Cancels the events of `ids` that are not cancelled yet, raising their sequence.
    func cancel(_ ids: [Int64], at time: Date) throws {
        for id in ids {
            try db.execute("UPDATE event SET cancelled = TRUE, sequence = sequence + 1, updatedAt = ? WHERE id = ? AND NOT cancelled",
                           [time, id])
        }
    }

    /// The occurrences of series `series`, by start.
    func occurrences(of series: Int64) throws -> [Int64] {
        try db.values(Int64.self, "SELECT id FROM event WHERE seriesId = ? ORDER BY startsAt, id", [series])
    }

    /// The occurrences of series `series` that start at or after `time` and are not cancelled.
    func occurrences(of series: Int64, from time: Date) throws -> [Int64] {
        try db.values(Int64.self, "SELECT id FROM event WHERE seriesId = ? AND startsAt >= ? AND NOT cancelled ORDER BY startsAt, id",
                      [series, time])
    }

    // MARK: - Routes and groups

    func attach(routes: [Int64], to event: Int64) throws {
        for (position, route) in routes.enumerated() {
            try db.execute("INSERT INTO eventRoute (eventId, routeId, position) VALUES (?, ?, ?)", [event, route, position])
        }
    }

    /// The routes event `id` attaches, in order.
    func routes(of event: Int64) throws -> [Int64] {
        try db.values(Int64.self, "SELECT routeId FROM eventRoute WHERE eventId = ? ORDER BY position", [event])
    }

    /// Invites group `group`'s members (again: nothing changes).
    func invite(group: Int64, to event: Int64) throws {
        try db.execute("INSERT INTO eventGroup (eventId, groupId) VALUES (?, ?) ON CONFLICT DO NOTHING", [event, group])
    }

    /// The names of the groups event `id` invites, by name.
    func groupNames(of event: Int64) throws -> [String] {
        try db.values(String.self, """
            SELECT socialGroup.name FROM eventGroup JOIN socialGroup ON socialGroup.id = eventGroup.groupId
            WHERE eventGroup.eventId = ? ORDER BY socialGroup.nameKey
            """, [event])
    }

    /// The events that invite group `group`.
    func events(invitingGroup group: Int64) throws -> [Int64] {
        try db.values(Int64.self, "SELECT eventId FROM eventGroup WHERE groupId = ?", [group])
    }

    // MARK: - Guests

    /// A guest's row.
    struct Guest {
        var username: String
        var invited: Bool
        var answer: EventAnswer?
        var turn: Int64?
    }

    /// Invites `user` by name (keeping any answer they gave); false when they already were.
    @discardableResult
    func invite(user: Int64, to event: Int64) throws -> Bool {
        if try db.execute("UPDATE eventGuest SET invited = TRUE WHERE eventId = ? AND userId = ? AND NOT invited", [event, user]) == 1 {
            return true
        }
        return try db.execute("INSERT INTO eventGuest (eventId, userId, invited) VALUES (?, ?, TRUE) ON CONFLICT DO NOTHING",
                              [event, user]) == 1
    }

    /// How many users event `id` invites by name.
    func invitedCount(_ event: Int64) throws -> Int {
        try db.value(Int.self, "SELECT count(*) FROM eventGuest WHERE eventId = ? AND invited", [event]) ?? 0
    }

    /// `user`'s row for event `event`; nil for none.
    func guest(_ user: Int64, of event: Int64) throws -> Guest? {
        try db.fetchOne("""
            SELECT "user".username, eventGuest.invited, eventGuest.answer, eventGuest.turn
            FROM eventGuest JOIN "user" ON "user".id = eventGuest.userId WHERE eventGuest.eventId = ? AND eventGuest.userId = ?
            """, [event, user]).map(Self.guest)
    }

    private static func guest(_ row: SQLRow) throws -> Guest {
        let answer: String? = try row("answer")
        return Guest(username: try row("username"), invited: try row("invited"), answer: answer.flatMap(EventAnswer.init(rawValue:)),
                     turn: try row("turn"))
    }

    /// Every guest of event `event`: answers by username, the waiting list in turn.
    func guests(of event: Int64) throws -> [Guest] {
        try db.fetchAll("""
            SELECT "user".username, eventGuest.invited, eventGuest.answer, eventGuest.turn
            FROM eventGuest JOIN "user" ON "user".id = eventGuest.userId WHERE eventGuest.eventId = ?
            ORDER BY coalesce(eventGuest.turn, 0), \(db.dialect.orderIgnoringCase("\"user\".username"))
            """, [event]).map(Self.guest)
    }

    /// Whether `user` is a current member of a group event `event` invites.
    func invitesThroughGroup(_ user: Int64, _ event: Int64) throws -> Bool {
        try db.exists("""
            SELECT 1 FROM eventGroup JOIN groupMember ON groupMember.groupId = eventGroup.groupId
            WHERE eventGroup.eventId = ? AND groupMember.userId = ? AND groupMember.role IN ('owner', 'admin', 'member')
            """, [event, user])
    }

    /// Records `user`'s answer (on the waiting list with `turn`), adding their row when they were
    /// invited through a group.
    func setAnswer(_ answer: EventAnswer, turn: Int64?, of user: Int64, to event: Int64, at time: Date) throws {
        if try db.execute("UPDATE eventGuest SET answer = ?, turn = ?, answeredAt = ? WHERE eventId = ? AND userId = ?",
                          [answer.rawValue, turn, time, event, user]) == 0 {
            try db.execute("INSERT INTO eventGuest (eventId, userId, invited, answer, turn, answeredAt) VALUES (?, ?, FALSE, ?, ?, ?)",
                           [event, user, answer.rawValue, turn, time])
        }
    }

    /// The turn after the last on event `event`'s waiting list.
    func nextTurn(_ event: Int64) throws -> Int64 {
        (try db.value(Int64.self, "SELECT max(turn) FROM eventGuest WHERE eventId = ?", [event]) ?? 0) + 1
    }

    /// Where `turn` stands on event `event`'s waiting list: 1 for next.
    func position(of turn: Int64, in event: Int64) throws -> Int {
        try db.value(Int.self, "SELECT count(*) FROM eventGuest WHERE eventId = ? AND turn <= ?", [event, turn]) ?? 0
    }

    func counts(_ event: Int64) throws -> EventCounts {
        guard let row = try db.fetchOne("""
            SELECT count(CASE WHEN answer = 'going' THEN 1 END) AS going, count(CASE WHEN answer = 'maybe' THEN 1 END) AS maybe,
                   count(CASE WHEN answer = 'declined' THEN 1 END) AS declined,
                   count(CASE WHEN answer = 'waiting' THEN 1 END) AS waiting
            FROM eventGuest WHERE eventId = ?
            """, [event]) else { return EventCounts(going: 0, maybe: 0, declined: 0, waiting: 0) }
        return EventCounts(going: try row("going"), maybe: try row("maybe"), declined: try row("declined"),
                           waiting: try row("waiting"))
    }

    /// Moves the first `count` on event `event`'s waiting list, in turn, to going.
    func promote(_ count: Int, in event: Int64) throws {
        guard count > 0 else { return }
        try db.execute("""
            UPDATE eventGuest SET answer = 'going', turn = NULL WHERE eventId = ? AND userId IN (
                SELECT userId FROM eventGuest WHERE eventId = ? AND answer = 'waiting' ORDER BY turn LIMIT ?)
            """, [event, event, count])
    }

    /// Deletes the rows of event `event`'s guests who are no longer invited: those who answered
    /// through a group they have left (or that was deleted or uninvited), and anyone the
    /// organiser blocks.
    func dropUninvited(_ event: Int64, organiser: Int64) throws {
        try db.execute("""
            DELETE FROM eventGuest WHERE eventId = ? AND (
                userId IN (SELECT blockedId FROM block WHERE blockerId = ?)
                OR (NOT invited AND NOT EXISTS (
                    SELECT 1 FROM eventGroup JOIN groupMember ON groupMember.groupId = eventGroup.groupId
                    WHERE eventGroup.eventId = eventGuest.eventId AND groupMember.userId = eventGuest.userId
                      AND groupMember.role IN ('owner', 'admin', 'member'))))
            """, [event, organiser])
    }

    /// Deletes `user`'s rows (invitations and answers) and returns the events they were going to.
    func withdraw(_ user: Int64) throws -> [Int64] {
        let going = try db.values(Int64.self, "SELECT eventId FROM eventGuest WHERE userId = ? AND answer = 'going'", [user])
        try db.execute("DELETE FROM eventGuest WHERE userId = ?", [user])
        return going
    }

    /// The events `organiser` organises that `user` is a guest of.
    func events(of organiser: Int64, withGuest user: Int64) throws -> [Int64] {
        try db.values(Int64.self, """
            SELECT event.id FROM event JOIN eventGuest ON eventGuest.eventId = event.id
            WHERE event.organiserId = ? AND eventGuest.userId = ?
            """, [organiser, user])
    }

    // MARK: - Lists

    /// One page of `user`'s events that end after `time`, by start: those they organise, are
    /// invited to (by name or through a group they are a member of) or answered, leaving out
    /// those of organisers who block them. `after` is the last one's start and id.
    func agenda(of user: Int64, endingAfter time: Date, after: (Date, Int64)?, limit: Int) throws -> [Stored] {
        // One set of ids, each part read through its own index (the organiser's events, the
        // user's guest rows, their groups' invitations), then the events by key.
        try page(where: """
            event.id IN (SELECT id FROM event WHERE organiserId = ?
                         UNION SELECT eventId FROM eventGuest WHERE userId = ?
                         UNION SELECT eventGroup.eventId FROM groupMember JOIN eventGroup ON eventGroup.groupId = groupMember.groupId
                               WHERE groupMember.userId = ? AND groupMember.role IN ('owner', 'admin', 'member'))
            AND NOT EXISTS (SELECT 1 FROM block WHERE block.blockerId = event.organiserId AND block.blockedId = ?)
            """, [user, user, user, user], endingAfter: time, after: after, limit: limit)
    }

    /// One page of the events that invite group `group` and end after `time`, by start.
    func groupEvents(_ group: Int64, viewer: Int64, endingAfter time: Date, after: (Date, Int64)?, limit: Int) throws -> [Stored] {
        try page(where: """
            event.id IN (SELECT eventId FROM eventGroup WHERE groupId = ?)
            AND NOT EXISTS (SELECT 1 FROM block WHERE block.blockerId = event.organiserId AND block.blockedId = ?)
            """, [group, viewer], endingAfter: time, after: after, limit: limit)
    }

    private func page(where condition: String, _ arguments: [any SQLBindable], endingAfter time: Date, after: (Date, Int64)?,
                      limit: Int) throws -> [Stored] {
        var sql = Self.select + " WHERE event.endsAt > ? AND " + condition
        var values: [any SQLBindable] = [time] + arguments
        if let (start, id) = after {
            sql += " AND (event.startsAt > ? OR (event.startsAt = ? AND event.id > ?))"
            values += [start, start, id]
        }
        sql += " ORDER BY event.startsAt, event.id LIMIT ?"
        return try db.fetchAll(sql, values + [limit]).map(Self.stored)
    }

    // MARK: - Agenda tokens

    /// The SHA-256 of `user`'s agenda token; nil for none.
    func agendaTokenHash(_ user: Int64) throws -> Data? {
        try db.value(Data.self, "SELECT agendaTokenHash FROM \"user\" WHERE id = ?", [user])
    }

    func setAgendaTokenHash(_ hash: Data?, of user: Int64) throws {
        try db.execute("UPDATE \"user\" SET agendaTokenHash = ? WHERE id = ?", [hash, user])
    }
}

extension StoreTransaction {
    /// Events, their guests and groups.
    var events: EventStore { EventStore(db: self) }
}
