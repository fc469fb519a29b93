import Foundation
import GRDB
import Support

/// Teams, and who may see and change them: the owner, editors and viewers.
public struct Teams: Sendable {
    let store: ClubStore

    public init(store: ClubStore) {
        self.store = store
    }

    /// Creates a team owned by `actor`; the kick-off times of its friendlies are local to
    /// `timeZone` (an IANA name).
    @discardableResult
    public func add(_ actor: ActingUser, name: String, season: String, category: String? = nil, region: String? = nil,
                    primaryColor: String? = nil, secondaryColor: String? = nil,
                    timeZone: String = Calendars.defaultTimeZone) throws -> Team {
        let name = try Validation.text(name, field: "name", maximum: 100)
        let season = try Validation.season(season)
        let category = try Validation.optionalText(category, field: "category", maximum: 100)
        let region = try Validation.optionalText(region, field: "region", maximum: 100)
        let primary = try Validation.color(primaryColor, field: "primary colour")
        let secondary = try Validation.color(secondaryColor, field: "secondary colour")
        let timeZone = try Validation.timeZone(timeZone)
        let now = Date()
        return try store.write { db in
            try Self.checkNameFree(db, owner: actor.userID, name: name, season: season, except: nil)
            try db.execute(sql: """
                INSERT INTO team (name, season, category, region, primaryColor, secondaryColor, ownerId, createdAt, timeZone)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [name, season, category, region, primary, secondary, actor.userID, now, timeZone])
            let team = try Self.team(db, id: db.lastInsertedRowID)
            try FriendlyLinks.link(db, where: "recordedBy = ?", arguments: [actor.userID])
            return team
        }
    }

    /// The teams `actor` owns or was granted a role on, by season (newest first) and name.
    public func list(_ actor: ActingUser) throws -> [TeamAccess] {
        try store.read { db in try Self.rows(db, actor, after: nil, limit: nil).map(Self.access) }
    }

    /// One page of ``list(_:)``: the `limit` teams (1 to `PagingCursor.maximumLimit`, 100)
    /// after the previous page's ``ListPage/next`` (nil for the first). Keyset paging: a team
    /// renamed, added or deleted meanwhile never shifts a page.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for an `after` that no team listing gave.
    public func list(_ actor: ActingUser, after cursor: String?,
                     limit: Int = PagingCursor.defaultLimit) throws -> ListPage<TeamAccess> {
        try store.read { db in
            try Self.order.page(limit: limit, fetch: { try Self.rows(db, actor, after: cursor, limit: $0) },
                                items: { $0.map(Self.access) })
        }
    }

    /// The order of team listings.
    static let order = Keyset(list: "team listing", [.text("team.season", .descending), .text("team.name", collation: "NOCASE"),
                                                     .integer("team.id")])

    private static func rows(_ db: Database, _ actor: ActingUser, after cursor: String?, limit: Int?) throws -> [Row] {
        let (after, arguments) = try order.after(cursor)
        return try Row.fetchAll(db, sql: """
            SELECT team.*, owner.username AS owner,
                   CASE WHEN team.ownerId = ? THEN 'owner' ELSE teamMember.role END AS role, \(order.selection)
            FROM team JOIN user AS owner ON owner.id = team.ownerId
            LEFT JOIN teamMember ON teamMember.teamId = team.id AND teamMember.userId = ?
            WHERE (team.ownerId = ? OR teamMember.userId IS NOT NULL) AND \(after)
            ORDER BY \(order.orderBy) LIMIT ?
            """, arguments: [actor.userID, actor.userID, actor.userID] + arguments + [limit ?? -1])
    }

    private static func access(_ row: Row) -> TeamAccess {
        TeamAccess(team: team(row), role: TeamRole(rawValue: row["role"]) ?? .viewer)
    }

    /// A team `actor` may see, with the people granted a role on it.
    public func show(_ actor: ActingUser, _ reference: TeamReference) throws -> TeamDetail {
        try store.read { db in
            let (id, role) = try Self.resolve(db, reference, for: actor, needs: .viewer)
            let members = try Row.fetchAll(db, sql: """
                SELECT user.username, teamMember.role FROM teamMember JOIN user ON user.id = teamMember.userId
                WHERE teamMember.teamId = ? ORDER BY user.username COLLATE NOCASE
                """, arguments: [id]).map { TeamMember(username: $0["username"], role: TeamRole(rawValue: $0["role"]) ?? .viewer) }
            return TeamDetail(team: try Self.team(db, id: id), role: role, members: members)
        }
    }

    /// Changes a team; owner and editors only.
    @discardableResult
    public func edit(_ actor: ActingUser, _ reference: TeamReference, _ changes: TeamChanges) throws -> Team {
        let name = try changes.name.map { try Validation.text($0, field: "name", maximum: 100) }
        let season = try changes.season.map(Validation.season)
        let category = try changes.category.map { try Validation.optionalText($0, field: "category", maximum: 100) }
        let region = try changes.region.map { try Validation.optionalText($0, field: "region", maximum: 100) }
        let primary = try changes.primaryColor.map { try Validation.color($0, field: "primary colour") }
        let secondary = try changes.secondaryColor.map { try Validation.color($0, field: "secondary colour") }
        let timeZone = try changes.timeZone.map(Validation.timeZone)
        return try store.write { db in
            let (id, _) = try Self.resolve(db, reference, for: actor, needs: .editor)
            var team = try Self.team(db, id: id)
            team.name = name ?? team.name
            team.season = season ?? team.season
            if let category { team.category = category }
            if let region { team.region = region }
            if let primary { team.primaryColor = primary }
            if let secondary { team.secondaryColor = secondary }
            if let timeZone, timeZone != team.timeZone {
                team.timeZone = timeZone
                // Its friendlies' kick-offs are other instants now: subscribed calendars move them.
                try MatchStorage.moveKickOffs(db, where: "leagueId IS NULL AND ? IN (homeTeamId, awayTeamId)", arguments: [id])
            }
            let ownerID = try Int64.fetchOne(db, sql: "SELECT ownerId FROM team WHERE id = ?", arguments: [id]) ?? actor.userID
            try Self.checkNameFree(db, owner: ownerID, name: team.name, season: team.season, except: id)
            try db.execute(sql: """
                UPDATE team SET name = ?, season = ?, category = ?, region = ?, primaryColor = ?, secondaryColor = ?,
                                timeZone = ?
                WHERE id = ?
                """, arguments: [team.name, team.season, team.category, team.region, team.primaryColor,
                                 team.secondaryColor, team.timeZone, id])
            try FriendlyLinks.link(db, peopleOfTeam: id)
            return team
        }
    }

    /// Deletes a team, the players whose current team it is and the friendlies it played that no
    /// other club team is linked to (``FriendlyLinks``); the owner only. League teams linked to
    /// it stay as plain names.
    public func delete(_ actor: ActingUser, _ reference: TeamReference) throws {
        try store.write { db in
            let (id, _) = try Self.resolve(db, reference, for: actor, needs: .owner)
            try db.execute(sql: "DELETE FROM player WHERE id IN (SELECT playerId FROM squadMembership WHERE teamId = ? AND leftAt IS NULL)",
                           arguments: [id])
            try db.execute(sql: "DELETE FROM team WHERE id = ?", arguments: [id])
        }
    }

    /// Gives `username` the `editor` or `viewer` role (replacing any earlier one); the owner only.
    public func grant(_ actor: ActingUser, _ reference: TeamReference, to username: String, role: TeamRole) throws {
        guard role != .owner else {
            throw ClubError.invalid(field: "role", message: "a team has one owner; grant editor or viewer")
        }
        try store.write { db in
            let (id, _) = try Self.resolve(db, reference, for: actor, needs: .owner)
            let userID = try Accounts.userID(db, username: username)
            guard userID != actor.userID else {
                throw ClubError.invalid(field: "user", message: "the owner already has every right")
            }
            try db.execute(sql: """
                INSERT INTO teamMember (teamId, userId, role) VALUES (?, ?, ?)
                ON CONFLICT (teamId, userId) DO UPDATE SET role = excluded.role
                """, arguments: [id, userID, role.rawValue])
            try FriendlyLinks.link(db, where: "recordedBy = ?", arguments: [userID])
        }
    }

    /// Takes `username`'s role on the team away; the owner only.
    public func revoke(_ actor: ActingUser, _ reference: TeamReference, from username: String) throws {
        try store.write { db in
            let (id, _) = try Self.resolve(db, reference, for: actor, needs: .owner)
            let userID = try Accounts.userID(db, username: username)
            try db.execute(sql: "DELETE FROM teamMember WHERE teamId = ? AND userId = ?", arguments: [id, userID])
            guard db.changesCount > 0 else {
                throw ClubError.notFound(kind: "role for \(username) on team", reference: reference.description)
            }
        }
    }

    // MARK: - Shared with Squads

    /// The team `reference` names among those `actor` may see, and the actor's role on it.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` when the actor cannot see such a team,
    ///   ``ClubError/ambiguous(kind:reference:ids:)`` when a name matches several, and
    ///   ``ClubError/permissionDenied(_:)`` when the role is below `needs`.
    static func resolve(_ db: Database, _ reference: TeamReference, for actor: ActingUser,
                        needs: TeamRole) throws -> (Int64, TeamRole) {
        let visible = """
            SELECT team.id, CASE WHEN team.ownerId = ? THEN 'owner' ELSE teamMember.role END AS role
            FROM team LEFT JOIN teamMember ON teamMember.teamId = team.id AND teamMember.userId = ?
            WHERE (team.ownerId = ? OR teamMember.userId IS NOT NULL)
            """
        let rows: [Row]
        switch reference {
        case .id(let id):
            rows = try Row.fetchAll(db, sql: visible + " AND team.id = ?",
                                    arguments: [actor.userID, actor.userID, actor.userID, id])
        case .name(let name):
            rows = try Row.fetchAll(db, sql: visible + " AND team.name = ? COLLATE NOCASE ORDER BY team.id",
                                    arguments: [actor.userID, actor.userID, actor.userID, name])
        }
        guard let row = rows.first else { throw ClubError.notFound(kind: "team", reference: reference.description) }
        guard rows.count == 1 else {
            throw ClubError.ambiguous(kind: "team", reference: reference.description, ids: rows.map { $0["id"] })
        }
        let role = TeamRole(rawValue: row["role"]) ?? .viewer
        guard role >= needs else {
            let action = needs == .owner ? "only the owner" : "only the owner and editors"
            throw ClubError.permissionDenied("\(action) of team '\(reference)' may do that; \(actor.username) is a \(role.rawValue)")
        }
        return (row["id"], role)
    }

    static func team(_ db: Database, id: Int64) throws -> Team {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT team.*, user.username AS owner FROM team JOIN user ON user.id = team.ownerId WHERE team.id = ?
            """, arguments: [id]) else {
            throw ClubError.notFound(kind: "team", reference: String(id))
        }
        return team(row)
    }

    static func team(_ row: Row) -> Team {
        Team(id: row["id"], name: row["name"], season: row["season"], category: row["category"], region: row["region"],
             primaryColor: row["primaryColor"], secondaryColor: row["secondaryColor"], owner: row["owner"],
             createdAt: row["createdAt"], timeZone: row["timeZone"])
    }

    private static func checkNameFree(_ db: Database, owner: Int64, name: String, season: String, except: Int64?) throws {
        if try Bool.fetchOne(db, sql: """
            SELECT 1 FROM team WHERE ownerId = ? AND name = ? COLLATE NOCASE AND season = ? AND id IS NOT ?
            """, arguments: [owner, name, season, except]) != nil {
            throw ClubError.duplicate(field: "team", value: "\(name) \(season)")
        }
    }
}
