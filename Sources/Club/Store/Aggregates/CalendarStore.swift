import Foundation
import League

/// What calendars are made of: the matches of a league or a club team with their calendar
/// sequence and last change, the tombstones of deleted matches, the calendar tokens' digests
/// and the database's UID domain. ``Calendars`` decides who may read a calendar and writes it.
struct CalendarStore {
    let db: StoreTransaction

    /// What has a calendar token: its table.
    enum TokenHolder: String {
        case team, league
    }

    /// A match (or a deleted one, as cancelled) as a calendar lists it.
    struct Item {
        var id: Int64
        var match: Match
        /// The calendar sequence.
        var sequence: Int
        /// The match's last change, or when it was deleted.
        var lastModified: Date
        /// The league's name, season and time zone; nil for a friendly (and for a deleted
        /// match whose league is gone), and in a league's own calendar.
        var leagueName: String?
        var leagueSeason: String?
        var leagueTimeZone: String?
    }

    /// The SHA-256 of the calendar token of `holder` `id`; nil for no token set or no such row.
    func tokenHash(_ holder: TokenHolder, id: Int64) throws -> Data? {
        try db.value(Data.self, "SELECT calendarTokenHash FROM \(holder.rawValue) WHERE id = ?", [id])
    }

    /// Stores `hash` as the calendar token digest of `holder` `id` (nil: none).
    func setTokenHash(_ hash: Data?, _ holder: TokenHolder, id: Int64) throws {
        try db.execute("UPDATE \(holder.rawValue) SET calendarTokenHash = ? WHERE id = ?", [hash, id])
    }

    /// This database's UID domain (made by the schema's v9 migration).
    func domain() throws -> String {
        try db.value(String.self, "SELECT name FROM calendarDomain") ?? "touchline"
    }

    /// The matches of league `id` and the tombstones of its deleted ones; with `side` (a team's
    /// name as the league spells it), only those that side plays.
    func league(_ id: Int64, side: String?) throws -> (matches: [Item], deleted: [Item]) {
        var condition = "leagueId = ?"
        var arguments: [any SQLBindable] = [id]
        if let side {
            condition += " AND (home = ? OR away = ?)"
            arguments += [side, side]
        }
        let matches = try db.fetchAll("SELECT * FROM match WHERE \(condition)", arguments).map(Self.match)
        let deleted = try db.fetchAll("SELECT * FROM matchTombstone WHERE \(condition)", arguments).map(Self.tombstone)
        return (matches, deleted)
    }

    /// The matches of club team `id`: the league matches its linked side plays and the
    /// friendlies linked to it, with their leagues; and the tombstones of those deleted.
    func team(_ id: Int64) throws -> (matches: [Item], deleted: [Item]) {
        // The league matches this club team's linked side plays.
        let leagueMatches = try db.fetchAll("""
            SELECT match.*, league.name AS leagueName, league.season AS leagueSeason, league.timeZone AS leagueTimeZone
            FROM match JOIN league ON league.id = match.leagueId
            WHERE match.leagueId IN (SELECT leagueId FROM leagueTeam WHERE teamId = ?)
              AND EXISTS (SELECT 1 FROM leagueTeam WHERE leagueTeam.leagueId = match.leagueId AND leagueTeam.teamId = ?
                          AND leagueTeam.name IN (match.home, match.away))
            """, [id, id])
        let friendlies = try db.fetchAll("""
            SELECT match.*, CAST(NULL AS TEXT) AS leagueName, CAST(NULL AS TEXT) AS leagueSeason,
                   CAST(NULL AS TEXT) AS leagueTimeZone
            FROM match WHERE leagueId IS NULL AND (homeTeamId = ? OR awayTeamId = ?)
            """, [id, id])
        let deleted = try db.fetchAll("""
            SELECT matchTombstone.*, league.name AS leagueName, league.season AS leagueSeason,
                   league.timeZone AS leagueTimeZone
            FROM matchTombstone LEFT JOIN league ON league.id = matchTombstone.leagueId
            WHERE matchTombstone.homeTeamId = ? OR matchTombstone.awayTeamId = ?
            """, [id, id])
        return (try (leagueMatches + friendlies).map { try Self.withLeague(Self.match($0), $0) },
                try deleted.map { try Self.withLeague(Self.tombstone($0), $0) })
    }

    /// The item of a `match` row.
    private static func match(_ row: SQLRow) throws -> Item {
        Item(id: try row("id"), match: try MatchStore.match(row), sequence: try row("sequence"), lastModified: try row("changedAt"))
    }

    /// The item of a `matchTombstone` row: the match as cancelled.
    private static func tombstone(_ row: SQLRow) throws -> Item {
        let match = Match(home: try row("home"), away: try row("away"), matchday: try row("matchday"), round: try row("round"),
                          date: try row("date"), time: try row("time"), venue: try row("venue"), status: .cancelled)
        return Item(id: try row("id"), match: match, sequence: try row("sequence"), lastModified: try row("deletedAt"))
    }

    /// `item` with the league columns of `row` (NULL for a friendly).
    private static func withLeague(_ item: Item, _ row: SQLRow) throws -> Item {
        var item = item
        item.leagueName = try row("leagueName")
        item.leagueSeason = try row("leagueSeason")
        item.leagueTimeZone = try row("leagueTimeZone")
        return item
    }
}

extension StoreTransaction {
    /// What calendars are made of.
    var calendars: CalendarStore { CalendarStore(db: self) }
}
