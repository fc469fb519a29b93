import Foundation
import League

/// Reading and writing matches, events and line-ups: shared by ``Leagues`` and ``Matches``.
enum MatchStorage {
    /// Inserts `match` (with its events and line-ups) and returns its id. `recordedBy` is the
    /// owner of a friendly and nil for a league's match.
    static func insert(_ db: StoreTransaction, _ match: Match, league: Int64?, recordedBy: Int64?) throws -> Int64 {
        // The same text every time: an import inserts up to 200,000 matches in one transaction,
        // which holds the write lock, and the SQLite store compiles a statement once per
        // connection; compiling it each time made that last longer than other writers' busy
        // timeout.
        // The id is above every id a match ever had (matchHighWater remembers deleted ones),
        // so an id never comes to name another match.
        let nextID = db.dialect.greatest("coalesce((SELECT max(id) FROM match), 0)", "(SELECT id FROM matchHighWater)")
        let id = try db.insert("""
            INSERT INTO match (id, leagueId, recordedBy, home, away, matchday, round, date, time, venue, status,
                               ftHome, ftAway, htHome, htAway, etHome, etAway, penHome, penAway, changedAt)
            VALUES (\(nextID) + 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, \(db.dialect.currentTimestamp))
            """, [league, recordedBy, match.home, match.away, match.matchday, match.round,
                  match.date, match.time, match.venue, match.status.rawValue] + scoreArguments(match))
        try insertDetails(db, match, id: id)
        return id
    }

    /// Replaces the scores, status, date, time, venue, matchday and line-ups of match `id`. Its
    /// events are left as they are: they are added and removed one at a time
    /// (``insertEvent(_:_:match:)``), so that each keeps its id. A change of date, time, venue or
    /// status raises the match's calendar sequence (the schema's `match_calendarChange`).
    static func update(_ db: StoreTransaction, id: Int64, with match: Match) throws {
        try db.execute("""
            UPDATE match SET status = ?, ftHome = ?, ftAway = ?, htHome = ?, htAway = ?, etHome = ?, etAway = ?,
                               penHome = ?, penAway = ?, date = ?, time = ?, venue = ?, matchday = ?, round = ?
            WHERE id = ?
            """, [match.status.rawValue] + scoreArguments(match)
                + [match.date, match.time, match.venue, match.matchday, match.round, id])
        try db.execute("DELETE FROM lineup WHERE matchId = ?", [id])
        try insertLineups(db, match, id: id)
    }

    /// Raises the calendar sequence of the matches selected by `condition` that have a kick-off
    /// time: their time zone changed, so each starts at another instant.
    static func moveKickOffs(_ db: StoreTransaction, where condition: String, arguments: [any SQLBindable]) throws {
        try db.execute("""
            UPDATE match SET sequence = sequence + 1, changedAt = \(db.dialect.currentTimestamp)
            WHERE date IS NOT NULL AND time IS NOT NULL AND (\(condition))
            """, arguments)
    }

    private static func scoreArguments(_ match: Match) -> [any SQLBindable] {
        [match.fullTime?.home, match.fullTime?.away, match.halfTime?.home, match.halfTime?.away,
         match.extraTime?.home, match.extraTime?.away, match.penalties?.home, match.penalties?.away]
    }

    private static func insertDetails(_ db: StoreTransaction, _ match: Match, id: Int64) throws {
        for event in match.events { _ = try insertEvent(db, event, match: id) }
        try insertLineups(db, match, id: id)
    }

    /// Adds `event` to match `id` and returns the event's id, above every id an event ever had.
    static func insertEvent(_ db: StoreTransaction, _ item: MatchEvent, match id: Int64) throws -> Int64 {
        let nextID = db.dialect.greatest("coalesce((SELECT max(id) FROM matchEvent), 0)", "(SELECT id FROM matchEventHighWater)")
        let (kind, player, other, penalty, ownGoal): (String, String, String?, Bool, Bool)
        switch item.kind {
        case .goal(let scorer, let assist, let isPenalty, let isOwnGoal): (kind, player, other, penalty, ownGoal) = ("goal", scorer, assist, isPenalty, isOwnGoal)
        case .yellowCard(let name): (kind, player, other, penalty, ownGoal) = ("yellow", name, nil, false, false)
        case .secondYellow(let name): (kind, player, other, penalty, ownGoal) = ("second-yellow", name, nil, false, false)
        case .redCard(let name): (kind, player, other, penalty, ownGoal) = ("red", name, nil, false, false)
        case .substitution(let off, let on): (kind, player, other, penalty, ownGoal) = ("substitution", off, on, false, false)
        }
        return try db.insert("""
            INSERT INTO matchEvent (id, matchId, team, kind, player, other, penalty, ownGoal, minute, stoppage)
            VALUES (\(nextID) + 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [id, item.team, kind, player, other, penalty, ownGoal, item.minute, item.stoppage])
    }

    private static func insertLineups(_ db: StoreTransaction, _ match: Match, id: Int64) throws {
        for (team, players) in match.lineups {
            for player in players {
                try db.execute("INSERT INTO lineup (matchId, team, player) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", [id, team, player])
            }
        }
    }

    /// Playing order: dated matches first, by date, then by matchday (none first) and id. (The
    /// flags are CASE expressions, integers in both stores; PostgreSQL's `IS NULL` is a boolean.)
    static let order = Keyset(list: "match listing", [.integer("CASE WHEN date IS NULL THEN 1 ELSE 0 END"),
                                                      .text("coalesce(date, '')"),
                                                      .integer("CASE WHEN matchday IS NULL THEN 0 ELSE 1 END"),
                                                      .integer("coalesce(matchday, 0)"), .integer("id")])

    /// The matches selected by `condition` (SQL over `match`, with bound `arguments`), in
    /// playing order, with their events and line-ups.
    static func fetch(_ db: StoreTransaction, where condition: String, arguments: [any SQLBindable]) throws -> [StoredMatch] {
        try load(db, db.fetchAll("SELECT * FROM match WHERE \(condition) ORDER BY \(order.orderBy(db.dialect))", arguments))
    }

    /// One page of ``fetch(_:where:arguments:)``: the `limit` matches (1 to 100) after `cursor`
    /// (nil for the first page).
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a cursor that no match listing gave.
    static func page(_ db: StoreTransaction, where condition: String, arguments: [any SQLBindable], after cursor: String?,
                     limit: Int) throws -> ListPage<StoredMatch> {
        let (after, afterArguments) = try order.after(cursor, db.dialect)
        return try order.page(limit: limit, fetch: { rows in
            try db.fetchAll("""
                SELECT *, \(order.selection) FROM match WHERE (\(condition)) AND \(after) ORDER BY \(order.orderBy(db.dialect)) LIMIT ?
                """, arguments + afterArguments + [rows])
        }, items: { try load(db, $0) })
    }

    /// The matches of `rows` (of `match`), with their events and line-ups.
    private static func load(_ db: StoreTransaction, _ rows: [SQLRow]) throws -> [StoredMatch] {
        guard !rows.isEmpty else { return [] }
        let ids: [Int64] = try rows.map { try $0("id") }
        var events: [Int64: [MatchEvent]] = [:]
        var eventIDs: [Int64: [Int64]] = [:]
        var lineups: [Int64: [String: [String]]] = [:]
        for batch in stride(from: 0, to: ids.count, by: 500) {
            let slice: [any SQLBindable] = Array(ids[batch..<min(batch + 500, ids.count)])
            let marks = slice.map { _ in "?" }.joined(separator: ",")
            for row in try db.fetchAll("SELECT * FROM matchEvent WHERE matchId IN (\(marks)) ORDER BY id", slice) {
                let player: String = try row("player"), other: String? = try row("other")
                let kind: MatchEvent.Kind
                switch try row("kind") as String {
                case "goal": kind = .goal(scorer: player, assist: other, penalty: try row("penalty"), ownGoal: try row("ownGoal"))
                case "yellow": kind = .yellowCard(player: player)
                case "second-yellow": kind = .secondYellow(player: player)
                case "red": kind = .redCard(player: player)
                default: kind = .substitution(off: player, on: other ?? "")
                }
                events[try row("matchId"), default: []].append(MatchEvent(team: try row("team"), kind: kind, minute: try row("minute"),
                                                                        stoppage: try row("stoppage")))
                eventIDs[try row("matchId"), default: []].append(try row("id"))
            }
            for row in try db.fetchAll("SELECT * FROM lineup WHERE matchId IN (\(marks))", slice) {
                lineups[try row("matchId"), default: [:]][try row("team"), default: []].append(try row("player"))
            }
        }
        return try rows.map { row in
            let id: Int64 = try row("id")
            var match = try match(row)
            match.events = events[id] ?? []
            match.lineups = lineups[id] ?? [:]
            return StoredMatch(id: id, leagueID: try row("leagueId"), match: match, eventIDs: eventIDs[id] ?? [])
        }
    }

    /// The match of a `match` row, without its events and line-ups.
    static func match(_ row: SQLRow) throws -> Match {
        func score(_ prefix: String) throws -> Score? {
            guard let home: Int = try row(prefix + "Home"), let away: Int = try row(prefix + "Away") else { return nil }
            return Score(home, away)
        }
        return try Match(home: try row("home"), away: try row("away"), matchday: try row("matchday"), round: try row("round"),
                     date: try row("date"), time: try row("time"), venue: try row("venue"),
                     status: MatchStatus(rawValue: try row("status")) ?? .scheduled, fullTime: score("ft"),
                     halfTime: score("ht"), extraTime: score("et"), penalties: score("pen"))
    }
}
