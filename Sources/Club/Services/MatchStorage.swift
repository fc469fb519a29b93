import Foundation
import GRDB
import League

/// Reading and writing matches, events and line-ups: shared by ``Leagues`` and ``Matches``.
enum MatchStorage {
    /// Inserts `match` (with its events and line-ups) and returns its id. `recordedBy` is the
    /// owner of a friendly and nil for a league's match.
    static func insert(_ db: Database, _ match: Match, league: Int64?, recordedBy: Int64?) throws -> Int64 {
        // Cached: an import inserts up to 200,000 matches in one transaction, which holds the
        // write lock; compiling the statement each time made that last longer than other
        // writers' busy timeout.
        // The id is above every id a match ever had (matchHighWater remembers deleted ones),
        // so an id never comes to name another match.
        let statement = try db.cachedStatement(sql: """
            INSERT INTO match (id, leagueId, recordedBy, home, away, matchday, round, date, time, venue, status,
                                 ftHome, ftAway, htHome, htAway, etHome, etAway, penHome, penAway, changedAt)
            VALUES (max(ifnull((SELECT max(id) FROM match), 0), (SELECT id FROM matchHighWater)) + 1,
                    ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, strftime('%Y-%m-%d %H:%M:%f', 'now'))
            """)
        try statement.execute(arguments: [league, recordedBy, match.home, match.away, match.matchday, match.round,
                                          match.date, match.time, match.venue, match.status.rawValue]
                                  + scoreArguments(match))
        let id = db.lastInsertedRowID
        try insertDetails(db, match, id: id)
        return id
    }

    /// Replaces the scores, status, date, time, venue, matchday and line-ups of match `id`. Its
    /// events are left as they are: they are added and removed one at a time
    /// (``insertEvent(_:_:match:)``), so that each keeps its id. A change of date, time, venue or
    /// status raises the match's calendar sequence (the schema's `match_calendarChange`).
    static func update(_ db: Database, id: Int64, with match: Match) throws {
        try db.execute(sql: """
            UPDATE match SET status = ?, ftHome = ?, ftAway = ?, htHome = ?, htAway = ?, etHome = ?, etAway = ?,
                               penHome = ?, penAway = ?, date = ?, time = ?, venue = ?, matchday = ?, round = ?
            WHERE id = ?
            """, arguments: [match.status.rawValue] + scoreArguments(match)
                + [match.date, match.time, match.venue, match.matchday, match.round, id])
        try db.execute(sql: "DELETE FROM lineup WHERE matchId = ?", arguments: [id])
        try insertLineups(db, match, id: id)
    }

    /// Raises the calendar sequence of the matches selected by `condition` that have a kick-off
    /// time: their time zone changed, so each starts at another instant.
    static func moveKickOffs(_ db: Database, where condition: String, arguments: StatementArguments) throws {
        try db.execute(sql: """
            UPDATE match SET sequence = sequence + 1, changedAt = strftime('%Y-%m-%d %H:%M:%f', 'now')
            WHERE date IS NOT NULL AND time IS NOT NULL AND (\(condition))
            """, arguments: arguments)
    }

    private static func scoreArguments(_ match: Match) -> StatementArguments {
        [match.fullTime?.home, match.fullTime?.away, match.halfTime?.home, match.halfTime?.away,
         match.extraTime?.home, match.extraTime?.away, match.penalties?.home, match.penalties?.away]
    }

    private static func insertDetails(_ db: Database, _ match: Match, id: Int64) throws {
        for event in match.events { _ = try insertEvent(db, event, match: id) }
        try insertLineups(db, match, id: id)
    }

    /// Adds `event` to match `id` and returns the event's id, above every id an event ever had.
    static func insertEvent(_ db: Database, _ item: MatchEvent, match id: Int64) throws -> Int64 {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO matchEvent (id, matchId, team, kind, player, other, penalty, ownGoal, minute, stoppage)
            VALUES (max(ifnull((SELECT max(id) FROM matchEvent), 0), (SELECT id FROM matchEventHighWater)) + 1,
                    ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let (kind, player, other, penalty, ownGoal): (String, String, String?, Bool, Bool)
        switch item.kind {
        case .goal(let scorer, let assist, let isPenalty, let isOwnGoal): (kind, player, other, penalty, ownGoal) = ("goal", scorer, assist, isPenalty, isOwnGoal)
        case .yellowCard(let name): (kind, player, other, penalty, ownGoal) = ("yellow", name, nil, false, false)
        case .secondYellow(let name): (kind, player, other, penalty, ownGoal) = ("second-yellow", name, nil, false, false)
        case .redCard(let name): (kind, player, other, penalty, ownGoal) = ("red", name, nil, false, false)
        case .substitution(let off, let on): (kind, player, other, penalty, ownGoal) = ("substitution", off, on, false, false)
        }
        try statement.execute(arguments: [id, item.team, kind, player, other, penalty, ownGoal, item.minute, item.stoppage])
        return db.lastInsertedRowID
    }

    private static func insertLineups(_ db: Database, _ match: Match, id: Int64) throws {
        let lineup = try db.cachedStatement(sql: "INSERT OR IGNORE INTO lineup (matchId, team, player) VALUES (?, ?, ?)")
        for (team, players) in match.lineups {
            for player in players { try lineup.execute(arguments: [id, team, player]) }
        }
    }

    /// Playing order: dated matches first, by date, then by matchday (none first) and id.
    static let order = Keyset(list: "match listing", [.integer("date IS NULL"), .text("ifnull(date, '')"),
                                                      .integer("matchday IS NOT NULL"), .integer("ifnull(matchday, 0)"),
                                                      .integer("id")])

    /// The matches selected by `condition` (SQL over `match`, with bound `arguments`), in
    /// playing order, with their events and line-ups.
    static func fetch(_ db: Database, where condition: String, arguments: StatementArguments) throws -> [StoredMatch] {
        try load(db, Row.fetchAll(db, sql: "SELECT * FROM match WHERE \(condition) ORDER BY \(order.orderBy)",
                                  arguments: arguments))
    }

    /// One page of ``fetch(_:where:arguments:)``: the `limit` matches (1 to 100) after `cursor`
    /// (nil for the first page).
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a cursor that no match listing gave.
    static func page(_ db: Database, where condition: String, arguments: StatementArguments, after cursor: String?,
                     limit: Int) throws -> ListPage<StoredMatch> {
        let (after, afterArguments) = try order.after(cursor)
        return try order.page(limit: limit, fetch: { rows in
            try Row.fetchAll(db, sql: """
                SELECT *, \(order.selection) FROM match WHERE (\(condition)) AND \(after) ORDER BY \(order.orderBy) LIMIT ?
                """, arguments: arguments + afterArguments + [rows])
        }, items: { try load(db, $0) })
    }

    /// The matches of `rows` (of `match`), with their events and line-ups.
    private static func load(_ db: Database, _ rows: [Row]) throws -> [StoredMatch] {
        guard !rows.isEmpty else { return [] }
        let ids: [Int64] = rows.map { $0["id"] }
        var events: [Int64: [MatchEvent]] = [:]
        var eventIDs: [Int64: [Int64]] = [:]
        var lineups: [Int64: [String: [String]]] = [:]
        for batch in stride(from: 0, to: ids.count, by: 500) {
            let slice = Array(ids[batch..<min(batch + 500, ids.count)])
            let marks = slice.map { _ in "?" }.joined(separator: ",")
            for row in try Row.fetchAll(db, sql: "SELECT * FROM matchEvent WHERE matchId IN (\(marks)) ORDER BY id",
                                        arguments: StatementArguments(slice)) {
                let player: String = row["player"], other: String? = row["other"]
                let kind: MatchEvent.Kind
                switch row["kind"] as String {
                case "goal": kind = .goal(scorer: player, assist: other, penalty: row["penalty"], ownGoal: row["ownGoal"])
                case "yellow": kind = .yellowCard(player: player)
                case "second-yellow": kind = .secondYellow(player: player)
                case "red": kind = .redCard(player: player)
                default: kind = .substitution(off: player, on: other ?? "")
                }
                events[row["matchId"], default: []].append(MatchEvent(team: row["team"], kind: kind, minute: row["minute"],
                                                                        stoppage: row["stoppage"]))
                eventIDs[row["matchId"], default: []].append(row["id"])
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM lineup WHERE matchId IN (\(marks))",
                                        arguments: StatementArguments(slice)) {
                lineups[row["matchId"], default: [:]][row["team"], default: []].append(row["player"])
            }
        }
        return rows.map { row in
            let id: Int64 = row["id"]
            var match = match(row)
            match.events = events[id] ?? []
            match.lineups = lineups[id] ?? [:]
            return StoredMatch(id: id, leagueID: row["leagueId"], match: match, eventIDs: eventIDs[id] ?? [])
        }
    }

    /// The match of a `match` row, without its events and line-ups.
    static func match(_ row: Row) -> Match {
        func score(_ prefix: String) -> Score? {
            guard let home: Int = row[prefix + "Home"], let away: Int = row[prefix + "Away"] else { return nil }
            return Score(home, away)
        }
        return Match(home: row["home"], away: row["away"], matchday: row["matchday"], round: row["round"],
                     date: row["date"], time: row["time"], venue: row["venue"],
                     status: MatchStatus(rawValue: row["status"]) ?? .scheduled, fullTime: score("ft"),
                     halfTime: score("ht"), extraTime: score("et"), penalties: score("pen"))
    }
}
