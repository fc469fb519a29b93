import Foundation
import League

/// Matches with their events and line-ups, of leagues and friendlies alike: what ``Leagues``,
/// ``Matches`` and ``SeasonStatistics`` read and write. Who may see or change a match is
/// decided by those services; the store selects what they name.
struct MatchStore {
    let db: StoreTransaction

    // MARK: - Writing

    /// Inserts `match` (with its events and line-ups) and returns its id. `recordedBy` is the
    /// owner of a friendly and nil for a league's match.
    func insert(_ match: Match, league: Int64?, recordedBy: Int64?) throws -> Int64 {
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
                  match.date, match.time, match.venue, match.status.rawValue] + Self.scoreArguments(match))
        try insertDetails(match, id: id)
        return id
    }

    /// Replaces the scores, status, date, time, venue, matchday and line-ups of match `id`. Its
    /// events are left as they are: they are added and removed one at a time
    /// (``insertEvent(_:match:)``), so that each keeps its id. A change of date, time, venue or
    /// status raises the match's calendar sequence (the schema's `match_calendarChange`).
    func update(id: Int64, with match: Match) throws {
        try db.execute("""
            UPDATE match SET status = ?, ftHome = ?, ftAway = ?, htHome = ?, htAway = ?, etHome = ?, etAway = ?,
                               penHome = ?, penAway = ?, date = ?, time = ?, venue = ?, matchday = ?, round = ?
            WHERE id = ?
            """, [match.status.rawValue] + Self.scoreArguments(match)
                + [match.date, match.time, match.venue, match.matchday, match.round, id])
        try db.execute("DELETE FROM lineup WHERE matchId = ?", [id])
        try insertLineups(match, id: id)
    }

    /// Deletes match `id` with its events and line-ups.
    func delete(id: Int64) throws {
        try db.execute("DELETE FROM match WHERE id = ?", [id])
    }

    /// Raises the calendar sequence of league `league`'s matches that have a kick-off time:
    /// the league's time zone changed, so each starts at another instant.
    func moveKickOffs(league: Int64) throws {
        try moveKickOffs(where: "leagueId = ?", arguments: [league])
    }

    /// Raises the calendar sequence of the friendlies club team `team` plays that have a
    /// kick-off time: the team's time zone changed.
    func moveKickOffs(friendliesOfTeam team: Int64) throws {
        try moveKickOffs(where: "leagueId IS NULL AND ? IN (homeTeamId, awayTeamId)", arguments: [team])
    }

    /// Raises the calendar sequence of the matches selected by `condition` (SQL over `match`)
    /// that have a kick-off time: their time zone changed, so each starts at another instant.
    private func moveKickOffs(where condition: String, arguments: [any SQLBindable]) throws {
        try db.execute("""
            UPDATE match SET sequence = sequence + 1, changedAt = \(db.dialect.currentTimestamp)
            WHERE date IS NOT NULL AND time IS NOT NULL AND (\(condition))
            """, arguments)
    }

    /// Adds `event` to match `id` and returns the event's id, above every id an event ever had.
    func insertEvent(_ item: MatchEvent, match id: Int64) throws -> Int64 {
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

    /// Deletes event `eventID` of match `match`.
    func deleteEvent(_ eventID: Int64, match: Int64) throws {
        try db.execute("DELETE FROM matchEvent WHERE id = ? AND matchId = ?", [eventID, match])
    }

    private static func scoreArguments(_ match: Match) -> [any SQLBindable] {
        [match.fullTime?.home, match.fullTime?.away, match.halfTime?.home, match.halfTime?.away,
         match.extraTime?.home, match.extraTime?.away, match.penalties?.home, match.penalties?.away]
    }

    private func insertDetails(_ match: Match, id: Int64) throws {
        for event in match.events { _ = try insertEvent(event, match: id) }
        try insertLineups(match, id: id)
    }

    private func insertLineups(_ match: Match, id: Int64) throws {
        for (team, players) in match.lineups {
            for player in players {
                try db.execute("INSERT INTO lineup (matchId, team, player) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", [id, team, player])
            }
        }
    }

    // MARK: - Reading

    /// Match `id` with its events and line-ups, if there is one.
    func match(id: Int64) throws -> StoredMatch? {
        try fetch(where: "id = ?", arguments: [id]).first
    }

    /// Who recorded match `id` (a friendly's owner; nil for a league's match or no match).
    func recorder(of id: Int64) throws -> Int64? {
        try db.value(Int64.self, "SELECT recordedBy FROM match WHERE id = ?", [id])
    }

    /// League `league`'s matches (of one matchday when given), in playing order.
    func matches(league: Int64, matchday: Int? = nil) throws -> [StoredMatch] {
        if let matchday {
            return try fetch(where: "leagueId = ? AND matchday = ?", arguments: [league, matchday])
        }
        return try fetch(where: "leagueId = ?", arguments: [league])
    }

    /// League `league`'s matches that team `team` (its name as the league stores it) plays in.
    func matches(league: Int64, team: String) throws -> [StoredMatch] {
        try fetch(where: "leagueId = ? AND (home = ? OR away = ?)", arguments: [league, team, team])
    }

    /// True when `home` and `away` already meet, either way round, on matchday `matchday` of
    /// league `league`.
    func meet(league: Int64, matchday: Int, _ home: String, _ away: String) throws -> Bool {
        try db.exists("""
            SELECT 1 FROM match WHERE leagueId = ? AND matchday = ?
            AND ((home = ? AND away = ?) OR (home = ? AND away = ?))
            """, [league, matchday, home, away, away, home])
    }

    /// One page of league `league`'s matches (of one matchday when given, of the `statuses`
    /// when given): the `limit` matches (1 to 100) after `cursor` (nil for the first page).
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a cursor that no match listing gave.
    func page(league: Int64, matchday: Int?, statuses: [MatchStatus]?, after cursor: String?,
              limit: Int) throws -> ListPage<StoredMatch> {
        var condition = "leagueId = ?"
        var arguments: [any SQLBindable] = [league]
        if let matchday {
            condition += " AND matchday = ?"
            arguments += [matchday]
        }
        if let statuses {
            condition += " AND status IN (\(statuses.map { _ in "?" }.joined(separator: ", ")))"
            arguments += statuses.map(\.rawValue)
        }
        return try page(where: condition, arguments: arguments, after: cursor, limit: limit)
    }

    /// The friendlies `user` recorded, in playing order.
    func friendlies(recordedBy user: Int64) throws -> [StoredMatch] {
        try fetch(where: "leagueId IS NULL AND recordedBy = ?", arguments: [user])
    }

    /// One page of ``friendlies(recordedBy:)``: the `limit` friendlies (1 to 100) after `cursor`.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a cursor that no match listing gave.
    func friendlies(recordedBy user: Int64, after cursor: String?, limit: Int) throws -> ListPage<StoredMatch> {
        try page(where: "leagueId IS NULL AND recordedBy = ?", arguments: [user], after: cursor, limit: limit)
    }

    /// Every match of the leagues `viewer` sees (``LeagueStore/visibility(to:)``) and the
    /// friendlies `viewer` recorded, in playing order.
    func matches(seenBy viewer: ActingUser?) throws -> [StoredMatch] {
        let visible = LeagueStore.visibility(to: viewer)
        return try fetch(where: """
            leagueId IN (SELECT league.id FROM league WHERE \(visible.condition))
            OR (leagueId IS NULL AND recordedBy = ?)
            """, arguments: visible.arguments + [viewer?.userID])
    }

    /// Club team `team`'s matches: those of its league sides (``LeagueStore/clubTeamSides``)
    /// and the friendlies `user` recorded that it played, in playing order.
    func matches(ofClubTeam team: Team, friendliesOf user: Int64) throws -> [StoredMatch] {
        let leagueSides = LeagueStore.clubTeamSides
        return try fetch(where: """
            (match.leagueId IS NOT NULL AND EXISTS (
                SELECT 1 FROM (\(leagueSides)) AS side
                WHERE side.leagueId = match.leagueId AND side.name IN (match.home, match.away)))
            OR (\(Self.friendly) AND ? IN (match.homeTeamId, match.awayTeamId))
            """, arguments: LeagueStore.clubTeamSidesArguments(team) + [user, team.id])
    }

    /// The ids of the friendlies `user` recorded in which club team `team` played at home.
    func friendlies(recordedBy user: Int64, homeTeam team: Int64) throws -> Set<Int64> {
        Set(try db.values(Int64.self, "SELECT id FROM match WHERE \(Self.friendly) AND homeTeamId = ?", [user, team]))
    }

    /// A friendly recorded by the user bound to its `?`.
    private static let friendly = "match.leagueId IS NULL AND match.recordedBy = ?"

    // MARK: - Rows

    /// Playing order: dated matches first, by date, then by matchday (none first) and id. (The
    /// flags are CASE expressions, integers in both stores; PostgreSQL's `IS NULL` is a boolean.)
    static let order = Keyset(list: "match listing", [.integer("CASE WHEN date IS NULL THEN 1 ELSE 0 END"),
                                                      .text("coalesce(date, '')"),
                                                      .integer("CASE WHEN matchday IS NULL THEN 0 ELSE 1 END"),
                                                      .integer("coalesce(matchday, 0)"), .integer("id")])

    /// The matches selected by `condition` (SQL over `match`, with bound `arguments`), in
    /// playing order, with their events and line-ups.
    private func fetch(where condition: String, arguments: [any SQLBindable]) throws -> [StoredMatch] {
        try load(db.fetchAll("SELECT \(Self.columns) FROM match WHERE \(condition) ORDER BY \(Self.order.orderBy(db.dialect))",
                             arguments))
    }

    /// The columns ``load(_:)`` reads, and no others: the PostgreSQL client takes every cell of
    /// a row apart, so the calendar sequence, change time, recorder and club-team links that
    /// `SELECT *` also brought cost about a sixth of the time of reading a league's 380 matches.
    private static let columns = """
        id, leagueId, home, away, matchday, round, date, time, venue, status, \
        ftHome, ftAway, htHome, htAway, etHome, etAway, penHome, penAway
        """

    /// One page of ``fetch(where:arguments:)``: the `limit` matches (1 to 100) after `cursor`
    /// (nil for the first page).
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a cursor that no match listing gave.
    private func page(where condition: String, arguments: [any SQLBindable], after cursor: String?,
                      limit: Int) throws -> ListPage<StoredMatch> {
        let order = Self.order
        let (after, afterArguments) = try order.after(cursor, db.dialect)
        return try order.page(limit: limit, fetch: { rows in
            try db.fetchAll("""
                SELECT \(Self.columns), \(order.selection) FROM match WHERE (\(condition)) AND \(after) ORDER BY \(order.orderBy(db.dialect)) LIMIT ?
                """, arguments + afterArguments + [rows])
        }, items: { try load($0) })
    }

    /// The matches of `rows` (of `match`, holding ``columns``), with their events and line-ups.
    private func load(_ rows: [SQLRow]) throws -> [StoredMatch] {
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
            var match = try Self.match(row)
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

extension StoreTransaction {
    /// Matches, their events and line-ups.
    var matches: MatchStore { MatchStore(db: self) }
}
