import Foundation
import League
import Support

/// Leagues: their settings, editors, teams and deductions (zones in `LeagueStore+Zones.swift`;
/// their matches are ``MatchStore``'s). ``Leagues`` decides who sees and changes a league; the
/// SQL form of its visibility rule, which listings filter by, is ``visibility(to:)``.
struct LeagueStore {
    let db: StoreTransaction

    // MARK: - Leagues

    /// The order of league listings: by season, newest first, then by name ignoring case
    /// (``CaseFold``'s key, byte by byte).
    static let order = Keyset(list: "league listing", [.text("league.season", .descending),
                                                       .text("league.nameKey"), .integer("league.id")])

    /// Every league `viewer` sees (``visibility(to:)``), by season (newest first) and name.
    func leagues(seenBy viewer: ActingUser?) throws -> [LeagueInfo] {
        try rows(seenBy: viewer, after: nil, limit: nil).map(Self.info)
    }

    /// One page of ``leagues(seenBy:)``: the `limit` leagues after `cursor` (nil for the first).
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a cursor that no league listing gave.
    func leagues(seenBy viewer: ActingUser?, after cursor: String?, limit: Int) throws -> ListPage<LeagueInfo> {
        try Self.order.page(limit: limit, fetch: { try rows(seenBy: viewer, after: cursor, limit: $0) },
                            items: { try $0.map(Self.info) })
    }

    private func rows(seenBy viewer: ActingUser?, after cursor: String?, limit: Int?) throws -> [SQLRow] {
        let order = Self.order
        let (after, arguments) = try order.after(cursor, db.dialect)
        let visible = Self.visibility(to: viewer)
        return try db.fetchAll("""
            SELECT league.*, "user".username AS owner, \(order.selection) FROM league JOIN "user" ON "user".id = league.ownerId
            WHERE \(visible.condition) AND \(after) ORDER BY \(order.orderBy(db.dialect)) LIMIT ?
            """, visible.arguments + arguments + [limit ?? Int.max])
    }

    static let select = """
        SELECT league.*, "user".username AS owner FROM league JOIN "user" ON "user".id = league.ownerId
        """

    /// League `id`, if there is one (whoever may see it).
    func info(id: Int64) throws -> LeagueInfo? {
        try db.fetchOne(Self.select + " WHERE league.id = ?", [id]).map(Self.info)
    }

    private static func info(_ row: SQLRow) throws -> LeagueInfo {
        let seed: Int64 = try row("seed")
        return LeagueInfo(id: try row("id"), name: try row("name"), season: try row("season"),
                          kind: LeagueKind(rawValue: try row("kind")) ?? .friends, rules: try row("rules"), points: try row("points"),
                          seed: UInt64(bitPattern: seed), owner: try row("owner"),
                          hasPassword: (try row("passwordHash") as String?) != nil, private: try row("private") as Int != 0,
                          createdAt: try row("createdAt"), timeZone: try row("timeZone"))
    }

    /// True when another league than `except` of user `owner` in `season` is called `name`
    /// (ignoring case, ``CaseFold``).
    func nameTaken(owner: Int64, name: String, season: String, except: Int64?) throws -> Bool {
        try db.exists("""
            SELECT 1 FROM league WHERE ownerId = ? AND nameKey = ? AND season = ? AND id IS DISTINCT FROM ?
            """, [owner, CaseFold.key(name), season, except])
    }

    /// Inserts a league owned by user `owner`, created now, and returns its id.
    func create(name: String, season: String, kind: LeagueKind, rules: String, points: PointsSystem, seed: UInt64,
                owner: Int64, timeZone: String, private: Bool) throws -> Int64 {
        // private is an INTEGER 0 or 1 in both stores.
        try db.insert("""
            INSERT INTO league (name, nameKey, season, kind, rules, points, seed, ownerId, createdAt, timeZone, private)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [name, CaseFold.key(name), season, kind.rawValue, rules, points.description, Int64(bitPattern: seed), owner, Date(),
                  timeZone, `private` ? 1 : 0])
    }

    /// Renames league `id`.
    func rename(_ id: Int64, to name: String) throws {
        try db.execute("UPDATE league SET name = ?, nameKey = ? WHERE id = ?", [name, CaseFold.key(name), id])
    }

    /// Makes league `id` private or public.
    func setPrivate(_ id: Int64, _ isPrivate: Bool) throws {
        try db.execute("UPDATE league SET private = ? WHERE id = ?", [isPrivate ? 1 : 0, id])
    }

    /// Sets league `id`'s time zone (an IANA name).
    func setTimeZone(_ id: Int64, to timeZone: String) throws {
        try db.execute("UPDATE league SET timeZone = ? WHERE id = ?", [timeZone, id])
    }

    /// Deletes league `id` with everything in it (the schema's cascades): teams, matches with
    /// their events and line-ups, deductions, zones and editors.
    func delete(_ id: Int64) throws {
        try db.execute("DELETE FROM league WHERE id = ?", [id])
    }

    // MARK: - Finding and seeing

    /// The ids of the leagues `reference` names among those `viewer` sees (``visibility(to:)``),
    /// by id; with `joining`, also among the private ones with a joining password.
    func ids(_ reference: LeagueReference, seenBy viewer: ActingUser?, joining: Bool) throws -> [Int64] {
        let visible = Self.visibility(to: viewer)
        let seen = joining ? "(\(visible.condition) OR league.passwordHash IS NOT NULL)" : visible.condition
        switch reference {
        case .id(let id):
            return try db.values(Int64.self, "SELECT id FROM league WHERE id = ? AND \(seen)", [id] + visible.arguments)
        case .name(let name):
            return try db.values(Int64.self, """
                SELECT id FROM league WHERE nameKey = ? AND \(seen) ORDER BY id
                """, [CaseFold.key(name)] + visible.arguments)
        }
    }

    /// True when user `user` owns league `id`.
    func isOwner(_ id: Int64, user: Int64) throws -> Bool {
        try db.exists("SELECT 1 FROM league WHERE id = ? AND ownerId = ?", [id, user])
    }

    /// True when user `user` is an editor of league `id`.
    func isEditor(_ id: Int64, user: Int64) throws -> Bool {
        try db.exists("SELECT 1 FROM leagueEditor WHERE leagueId = ? AND userId = ?", [id, user])
    }

    /// The visibility rule of ``Leagues``, as an SQL condition on a `league` row with its bound
    /// arguments, for the reads and listings that filter by it: a public league is seen by
    /// everyone; a private one by its owner and its editors (granted, or joined with the
    /// password), and by nobody logged out.
    static func visibility(to viewer: ActingUser?) -> (condition: String, arguments: [any SQLBindable]) {
        guard let viewer else { return ("league.private = 0", []) }
        return ("""
            (league.private = 0 OR league.ownerId = ? OR EXISTS (SELECT 1 FROM leagueEditor \
            WHERE leagueEditor.leagueId = league.id AND leagueEditor.userId = ?))
            """, [viewer.userID, viewer.userID])
    }

    /// True when `viewer` sees league `id` (``visibility(to:)``).
    func isVisible(_ id: Int64, to viewer: ActingUser?) throws -> Bool {
        let visible = Self.visibility(to: viewer)
        return try db.exists("SELECT 1 FROM league WHERE id = ? AND \(visible.condition)", [id] + visible.arguments)
    }

    // MARK: - Password and editors

    /// The hash of league `id`'s joining password, if it has one.
    func passwordHash(_ id: Int64) throws -> String? {
        try db.value(String.self, "SELECT passwordHash FROM league WHERE id = ?", [id])
    }

    /// Sets (or, with nil, removes) the hash of league `id`'s joining password.
    func setPasswordHash(_ id: Int64, to hash: String?) throws {
        try db.execute("UPDATE league SET passwordHash = ? WHERE id = ?", [hash, id])
    }

    /// Makes user `user` an editor of league `id` (nothing when they are one already).
    func addEditor(_ id: Int64, user: Int64) throws {
        try db.execute("INSERT INTO leagueEditor (leagueId, userId) VALUES (?, ?) ON CONFLICT DO NOTHING", [id, user])
    }

    /// Takes user `user`'s editor right on league `id`.
    func removeEditor(_ id: Int64, user: Int64) throws {
        try db.execute("DELETE FROM leagueEditor WHERE leagueId = ? AND userId = ?", [id, user])
    }

    // MARK: - Teams

    /// League `league`'s teams, in the order they were added.
    func teams(league: Int64) throws -> [LeagueTeam] {
        try db.fetchAll("SELECT name, teamId FROM leagueTeam WHERE leagueId = ? ORDER BY id", [league])
            .map { LeagueTeam(name: try $0("name"), teamID: try $0("teamId")) }
    }

    /// The names of league `league`'s teams, in the order they were added.
    func teamNames(league: Int64) throws -> [String] {
        try db.values(String.self, "SELECT name FROM leagueTeam WHERE leagueId = ? ORDER BY id", [league])
    }

    /// The name of league `league`'s team called `name` ignoring case (``CaseFold``), as
    /// stored, if any (the first added, should imported data hold two).
    func teamName(league: Int64, matching name: String) throws -> String? {
        try db.value(String.self, "SELECT name FROM leagueTeam WHERE leagueId = ? AND nameKey = ? ORDER BY id",
                     [league, CaseFold.key(name)])
    }

    /// Adds team `name` to league `league`, linked to club team `clubTeam` when given.
    func addTeam(league: Int64, name: String, clubTeam: Int64? = nil) throws {
        try db.execute("INSERT INTO leagueTeam (leagueId, name, nameKey, teamId) VALUES (?, ?, ?, ?)",
                       [league, name, CaseFold.key(name), clubTeam])
    }

    /// Adds the teams `names` to league `league`, unlinked, in that order.
    func addTeams(league: Int64, names: [String]) throws {
        for name in names {
            try db.execute("INSERT INTO leagueTeam (leagueId, name, nameKey) VALUES (?, ?, ?)", [league, name, CaseFold.key(name)])
        }
    }

    /// Takes team `name` (as stored) out of league `league`, with its deductions.
    func removeTeam(league: Int64, name: String) throws {
        try db.execute("DELETE FROM deduction WHERE leagueId = ? AND team = ?", [league, name])
        try db.execute("DELETE FROM leagueTeam WHERE leagueId = ? AND name = ?", [league, name])
    }

    /// The club team that league `league`'s team `name` (as stored) is linked to, if any.
    func clubTeam(league: Int64, team name: String) throws -> Int64? {
        try db.value(Int64.self, "SELECT teamId FROM leagueTeam WHERE leagueId = ? AND name = ?", [league, name])
    }

    // MARK: - Club teams' sides

    /// The league teams that stand for club team `team` (``SeasonStatistics``'s rule), by league,
    /// in every league whoever sees it.
    func sides(ofClubTeam team: Team) throws -> [(league: Int64, name: String)] {
        try db.fetchAll(Self.clubTeamSides, Self.clubTeamSidesArguments(team)).map {
            (try $0("leagueId"), try $0("name"))
        }
    }

    /// The query of ``sides(ofClubTeam:)`` (`leagueId`, `name`), with its arguments
    /// ``clubTeamSidesArguments(_:)``: a league team linked to the club team, or an unlinked
    /// league team of the same name (ignoring case, ``CaseFold``) in a league of the same
    /// season that the club team's owner or one of its editors owns or edits.
    static let clubTeamSides = """
        SELECT leagueTeam.leagueId, leagueTeam.name FROM leagueTeam JOIN league ON league.id = leagueTeam.leagueId
        WHERE (leagueTeam.teamId = ?
           OR (leagueTeam.teamId IS NULL AND leagueTeam.nameKey = ? AND league.season = ?
               AND EXISTS (
                   SELECT 1 FROM (SELECT ownerId AS userId FROM team WHERE id = ?
                                  UNION SELECT userId FROM teamMember WHERE teamId = ? AND role = 'editor') AS trusted
                   WHERE trusted.userId = league.ownerId
                      OR trusted.userId IN (SELECT userId FROM leagueEditor WHERE leagueId = league.id))))
        """

    /// The arguments of ``clubTeamSides``.
    static func clubTeamSidesArguments(_ team: Team) -> [any SQLBindable] {
        [team.id, CaseFold.key(team.name), team.season, team.id, team.id]
    }

    // MARK: - Deductions

    /// League `league`'s deductions, in the order they were recorded.
    func deductions(league: Int64) throws -> [PointDeduction] {
        try db.fetchAll("SELECT * FROM deduction WHERE leagueId = ? ORDER BY id", [league]).map {
            PointDeduction(team: try $0("team"), points: try $0("points"), reason: try $0("reason"), date: try $0("date"))
        }
    }

    /// Records `deduction` in league `league`.
    func addDeduction(league: Int64, _ deduction: PointDeduction) throws {
        try db.execute("INSERT INTO deduction (leagueId, team, points, reason, date) VALUES (?, ?, ?, ?, ?)",
                       [league, deduction.team, deduction.points, deduction.reason, deduction.date])
    }
}

extension StoreTransaction {
    /// Leagues, their editors, teams, deductions and zones.
    var leagues: LeagueStore { LeagueStore(db: self) }
}
