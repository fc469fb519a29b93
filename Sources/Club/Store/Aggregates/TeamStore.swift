import Foundation
import Support

/// The `team` and `teamMember` tables: club teams and the roles users hold on them. ``Teams``
/// decides who may see and change a team; this only reads and writes (and filters the lists of
/// teams a user sees, which must be paged in SQL).
struct TeamStore {
    let db: StoreTransaction

    /// A team's values as inserted.
    struct NewTeam {
        var name: String
        var season: String
        var category: String?
        var region: String?
        var primaryColor: String?
        var secondaryColor: String?
        var ownerID: Int64
        var createdAt: Date
        var timeZone: String
    }

    /// Inserts `team` and returns its id.
    func insert(_ team: NewTeam) throws -> Int64 {
        try db.insert("""
            INSERT INTO team (name, nameKey, season, category, region, primaryColor, secondaryColor, ownerId, createdAt, timeZone)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [team.name, CaseFold.key(team.name), team.season, team.category, team.region, team.primaryColor, team.secondaryColor, team.ownerID,
                  team.createdAt, team.timeZone])
    }

    /// Team `id`, whoever may see it.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for no such team.
    func team(id: Int64) throws -> Team {
        guard let row = try db.fetchOne("""
            SELECT team.*, "user".username AS owner FROM team JOIN "user" ON "user".id = team.ownerId WHERE team.id = ?
            """, [id]) else {
            throw ClubError.notFound(kind: "team", reference: String(id))
        }
        return try Self.team(row)
    }

    /// The id of team `id`'s owner; nil for no such team.
    func ownerID(of id: Int64) throws -> Int64? {
        try db.value(Int64.self, "SELECT ownerId FROM team WHERE id = ?", [id])
    }

    /// Whether `owner` has a team of `name` (ignoring case, ``CaseFold``) in `season` other than `except`.
    func isNameTaken(owner: Int64, name: String, season: String, except: Int64?) throws -> Bool {
        try db.exists("""
            SELECT 1 FROM team WHERE ownerId = ? AND nameKey = ? AND season = ? AND id IS DISTINCT FROM ?
            """, [owner, CaseFold.key(name), season, except])
    }

    /// Writes `team`'s name, season, category, region, colours and time zone.
    func update(_ team: Team) throws {
        try db.execute("""
            UPDATE team SET name = ?, nameKey = ?, season = ?, category = ?, region = ?, primaryColor = ?,
                            secondaryColor = ?, timeZone = ?
            WHERE id = ?
            """, [team.name, CaseFold.key(team.name), team.season, team.category, team.region, team.primaryColor,
                             team.secondaryColor, team.timeZone, team.id])
    }

    /// Deletes team `id` and the players whose current team it is (its roles, and the
    /// friendlies only it played, go with it: the schema's cascades and `team_friendlies`).
    func delete(id: Int64) throws {
        try db.execute("DELETE FROM player WHERE id IN (SELECT playerId FROM squadMembership WHERE teamId = ? AND leftAt IS NULL)",
                       [id])
        try db.execute("DELETE FROM team WHERE id = ?", [id])
    }

    /// The teams `user` sees (owns, or holds a role on) that `reference` names, by id, with
    /// `user`'s role on each: one at most for an id, any number for a name (ignoring case,
    /// ``CaseFold``).
    /// The condition is the visibility rule of teams, applied in SQL since a name selects
    /// among the visible teams only.
    func visible(_ reference: TeamReference, to user: Int64) throws -> [(id: Int64, role: TeamRole)] {
        let visible = """
            SELECT team.id, CASE WHEN team.ownerId = ? THEN 'owner' ELSE teamMember.role END AS role
            FROM team LEFT JOIN teamMember ON teamMember.teamId = team.id AND teamMember.userId = ?
            WHERE (team.ownerId = ? OR teamMember.userId IS NOT NULL)
            """
        let rows: [SQLRow]
        switch reference {
        case .id(let id):
            rows = try db.fetchAll(visible + " AND team.id = ?",
                                   [user, user, user, id])
        case .name(let name):
            rows = try db.fetchAll(visible + " AND team.nameKey = ? ORDER BY team.id",
                                   [user, user, user, CaseFold.key(name)])
        }
        return try rows.map { (try $0("id"), TeamRole(rawValue: try $0("role")) ?? .viewer) }
    }

    /// The teams `user` sees (owns, or holds a role on), with their role, by season (newest
    /// first) and name. The condition is the visibility rule of teams.
    func list(for user: Int64) throws -> [TeamAccess] {
        try rows(user, after: nil, limit: nil).map(Self.access)
    }

    /// One page of ``list(for:)``: the `limit` teams after `cursor` (nil for the first).
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a cursor that no team listing gave.
    func list(for user: Int64, after cursor: String?, limit: Int) throws -> ListPage<TeamAccess> {
        try Self.order.page(limit: limit, fetch: { try rows(user, after: cursor, limit: $0) },
                            items: { try $0.map(Self.access) })
    }

    /// The order of team listings: by season, newest first, then by name ignoring case
    /// (``CaseFold``'s key, byte by byte).
    static let order = Keyset(list: "team listing", [.text("team.season", .descending), .text("team.nameKey"),
                                                     .integer("team.id")])

    /// The rows of a team listing (holding ``order``'s key), `limit` at most when given.
    private func rows(_ user: Int64, after cursor: String?, limit: Int?) throws -> [SQLRow] {
        let (after, arguments) = try Self.order.after(cursor, db.dialect)
        return try db.fetchAll("""
            SELECT team.*, owner.username AS owner,
                   CASE WHEN team.ownerId = ? THEN 'owner' ELSE teamMember.role END AS role, \(Self.order.selection)
            FROM team JOIN "user" AS owner ON owner.id = team.ownerId
            LEFT JOIN teamMember ON teamMember.teamId = team.id AND teamMember.userId = ?
            WHERE (team.ownerId = ? OR teamMember.userId IS NOT NULL) AND \(after)
            ORDER BY \(Self.order.orderBy(db.dialect)) LIMIT ?
            """, [user, user, user] + arguments + [limit ?? Int.max])
    }

    /// The people granted a role on team `id` (not its owner), by username.
    func members(of id: Int64) throws -> [TeamMember] {
        try db.fetchAll("""
            SELECT "user".username, teamMember.role FROM teamMember JOIN "user" ON "user".id = teamMember.userId
            WHERE teamMember.teamId = ? ORDER BY \(db.dialect.orderIgnoringCase("\"user\".username"))
            """, [id]).map { TeamMember(username: try $0("username"), role: TeamRole(rawValue: try $0("role")) ?? .viewer) }
    }

    /// Gives `user` `role` on team `id`, replacing any role they held.
    func setRole(_ role: TeamRole, of user: Int64, on id: Int64) throws {
        try db.execute("""
            INSERT INTO teamMember (teamId, userId, role) VALUES (?, ?, ?)
            ON CONFLICT (teamId, userId) DO UPDATE SET role = excluded.role
            """, [id, user, role.rawValue])
    }

    /// Takes `user`'s role on team `id` away; false when they held none.
    func removeRole(of user: Int64, on id: Int64) throws -> Bool {
        try db.execute("DELETE FROM teamMember WHERE teamId = ? AND userId = ?", [id, user]) > 0
    }

    /// A team listing's item from one of its rows.
    private static func access(_ row: SQLRow) throws -> TeamAccess {
        TeamAccess(team: try team(row), role: TeamRole(rawValue: try row("role")) ?? .viewer)
    }

    /// A team from a row of `team.*` with its owner's username as `owner`.
    static func team(_ row: SQLRow) throws -> Team {
        Team(id: try row("id"), name: try row("name"), season: try row("season"), category: try row("category"), region: try row("region"),
             primaryColor: try row("primaryColor"), secondaryColor: try row("secondaryColor"), owner: try row("owner"),
             createdAt: try row("createdAt"), timeZone: try row("timeZone"))
    }
}

extension StoreTransaction {
    /// The club teams and the roles on them.
    var teams: TeamStore { TeamStore(db: self) }
}
