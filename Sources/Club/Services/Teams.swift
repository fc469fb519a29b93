import Foundation
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
            let id = try db.insert("""
                INSERT INTO team (name, season, category, region, primaryColor, secondaryColor, ownerId, createdAt, timeZone)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [name, season, category, region, primary, secondary, actor.userID, now, timeZone])
            let team = try Self.team(db, id: id)
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
                                items: { try $0.map(Self.access) })
        }
    }

    /// The order of team listings.
    static let order = Keyset(list: "team listing", [.text("team.season", .descending), .text("team.name", ignoringCase: true),
                                                     .integer("team.id")])

    private static func rows(_ db: StoreTransaction, _ actor: ActingUser, after cursor: String?, limit: Int?) throws -> [SQLRow] {
        let (after, arguments) = try order.after(cursor, db.dialect)
        return try db.fetchAll("""
            SELECT team.*, owner.username AS owner,
                   CASE WHEN team.ownerId = ? THEN 'owner' ELSE teamMember.role END AS role, \(order.selection)
            FROM team JOIN "user" AS owner ON owner.id = team.ownerId
            LEFT JOIN teamMember ON teamMember.teamId = team.id AND teamMember.userId = ?
            WHERE (team.ownerId = ? OR teamMember.userId IS NOT NULL) AND \(after)
            ORDER BY \(order.orderBy(db.dialect)) LIMIT ?
            """, [actor.userID, actor.userID, actor.userID] + arguments + [limit ?? Int.max])
    }

    private static func access(_ row: SQLRow) throws -> TeamAccess {
        TeamAccess(team: try team(row), role: TeamRole(rawValue: try row("role")) ?? .viewer)
    }

    /// A team `actor` may see, with the people granted a role on it.
    public func show(_ actor: ActingUser, _ reference: TeamReference) throws -> TeamDetail {
        try store.read { db in
            let (id, role) = try Self.resolve(db, reference, for: actor, needs: .viewer)
            let members = try db.fetchAll("""
                SELECT "user".username, teamMember.role FROM teamMember JOIN "user" ON "user".id = teamMember.userId
                WHERE teamMember.teamId = ? ORDER BY \(db.dialect.orderIgnoringCase("\"user\".username"))
                """, [id]).map { TeamMember(username: try $0("username"), role: TeamRole(rawValue: try $0("role")) ?? .viewer) }
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
            let ownerID = try db.value(Int64.self, "SELECT ownerId FROM team WHERE id = ?", [id]) ?? actor.userID
            try Self.checkNameFree(db, owner: ownerID, name: team.name, season: team.season, except: id)
            try db.execute("""
                UPDATE team SET name = ?, season = ?, category = ?, region = ?, primaryColor = ?, secondaryColor = ?,
                                timeZone = ?
                WHERE id = ?
                """, [team.name, team.season, team.category, team.region, team.primaryColor,
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
            try db.execute("DELETE FROM player WHERE id IN (SELECT playerId FROM squadMembership WHERE teamId = ? AND leftAt IS NULL)",
                           [id])
            try db.execute("DELETE FROM team WHERE id = ?", [id])
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
            try db.execute("""
                INSERT INTO teamMember (teamId, userId, role) VALUES (?, ?, ?)
                ON CONFLICT (teamId, userId) DO UPDATE SET role = excluded.role
                """, [id, userID, role.rawValue])
            try FriendlyLinks.link(db, where: "recordedBy = ?", arguments: [userID])
        }
    }

    /// Takes `username`'s role on the team away; the owner only.
    public func revoke(_ actor: ActingUser, _ reference: TeamReference, from username: String) throws {
        try store.write { db in
            let (id, _) = try Self.resolve(db, reference, for: actor, needs: .owner)
            let userID = try Accounts.userID(db, username: username)
            guard try db.execute("DELETE FROM teamMember WHERE teamId = ? AND userId = ?", [id, userID]) > 0 else {
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
    static func resolve(_ db: StoreTransaction, _ reference: TeamReference, for actor: ActingUser,
                        needs: TeamRole) throws -> (Int64, TeamRole) {
        let visible = """
            SELECT team.id, CASE WHEN team.ownerId = ? THEN 'owner' ELSE teamMember.role END AS role
            FROM team LEFT JOIN teamMember ON teamMember.teamId = team.id AND teamMember.userId = ?
            WHERE (team.ownerId = ? OR teamMember.userId IS NOT NULL)
            """
        let rows: [SQLRow]
        switch reference {
        case .id(let id):
            rows = try db.fetchAll(visible + " AND team.id = ?",
                                   [actor.userID, actor.userID, actor.userID, id])
        case .name(let name):
            rows = try db.fetchAll(visible + " AND \(db.dialect.textEqualsIgnoringCase("team.name")) ORDER BY team.id",
                                   [actor.userID, actor.userID, actor.userID, name])
        }
        guard let row = rows.first else { throw ClubError.notFound(kind: "team", reference: reference.description) }
        guard rows.count == 1 else {
            throw ClubError.ambiguous(kind: "team", reference: reference.description, ids: try rows.map { try $0("id") })
        }
        let role = TeamRole(rawValue: try row("role")) ?? .viewer
        guard role >= needs else {
            let action = needs == .owner ? "only the owner" : "only the owner and editors"
            throw ClubError.permissionDenied("\(action) of team '\(reference)' may do that; \(actor.username) is a \(role.rawValue)")
        }
        return (try row("id"), role)
    }

    static func team(_ db: StoreTransaction, id: Int64) throws -> Team {
        guard let row = try db.fetchOne("""
            SELECT team.*, "user".username AS owner FROM team JOIN "user" ON "user".id = team.ownerId WHERE team.id = ?
            """, [id]) else {
            throw ClubError.notFound(kind: "team", reference: String(id))
        }
        return try team(row)
    }

    static func team(_ row: SQLRow) throws -> Team {
        Team(id: try row("id"), name: try row("name"), season: try row("season"), category: try row("category"), region: try row("region"),
             primaryColor: try row("primaryColor"), secondaryColor: try row("secondaryColor"), owner: try row("owner"),
             createdAt: try row("createdAt"), timeZone: try row("timeZone"))
    }

    private static func checkNameFree(_ db: StoreTransaction, owner: Int64, name: String, season: String, except: Int64?) throws {
        if try db.exists("""
            SELECT 1 FROM team WHERE ownerId = ? AND \(db.dialect.textEqualsIgnoringCase("name")) AND season = ?
              AND id IS DISTINCT FROM ?
            """, [owner, name, season, except]) {
            throw ClubError.duplicate(field: "team", value: "\(name) \(season)")
        }
    }
}
