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
            let id = try db.teams.insert(TeamStore.NewTeam(name: name, season: season, category: category, region: region,
                                                           primaryColor: primary, secondaryColor: secondary, ownerID: actor.userID,
                                                           createdAt: now, timeZone: timeZone))
            let team = try db.teams.team(id: id)
            try FriendlyLinks.link(db, recordedBy: actor.userID)
            return team
        }
    }

    /// The teams `actor` owns or was granted a role on, by season (newest first) and name.
    public func list(_ actor: ActingUser) throws -> [TeamAccess] {
        try store.read { db in try db.teams.list(for: actor.userID) }
    }

    /// One page of ``list(_:)``: the `limit` teams (1 to `PagingCursor.maximumLimit`, 100)
    /// after the previous page's ``ListPage/next`` (nil for the first). Keyset paging: a team
    /// renamed, added or deleted meanwhile never shifts a page.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for an `after` that no team listing gave.
    public func list(_ actor: ActingUser, after cursor: String?,
                     limit: Int = PagingCursor.defaultLimit) throws -> ListPage<TeamAccess> {
        try store.read { db in try db.teams.list(for: actor.userID, after: cursor, limit: limit) }
    }

    /// A team `actor` may see, with the people granted a role on it.
    public func show(_ actor: ActingUser, _ reference: TeamReference) throws -> TeamDetail {
        try store.read { db in
            let (id, role) = try Self.resolve(db, reference, for: actor, needs: .viewer)
            let members = try db.teams.members(of: id)
            return TeamDetail(team: try db.teams.team(id: id), role: role, members: members)
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
            var team = try db.teams.team(id: id)
            team.name = name ?? team.name
            team.season = season ?? team.season
            if let category { team.category = category }
            if let region { team.region = region }
            if let primary { team.primaryColor = primary }
            if let secondary { team.secondaryColor = secondary }
            if let timeZone, timeZone != team.timeZone {
                team.timeZone = timeZone
                // Its friendlies' kick-offs are other instants now: subscribed calendars move them.
                try db.matches.moveKickOffs(friendliesOfTeam: id)
            }
            let ownerID = try db.teams.ownerID(of: id) ?? actor.userID
            try Self.checkNameFree(db, owner: ownerID, name: team.name, season: team.season, except: id)
            try db.teams.update(team)
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
            try db.teams.delete(id: id)
        }
    }

    /// Gives `username` the `editor` or `viewer` role (replacing any earlier one); the owner only.
    public func grant(_ actor: ActingUser, _ reference: TeamReference, to username: String, role: TeamRole) throws {
        guard role != .owner else {
            throw ClubError.invalid(field: "role", message: "a team has one owner; grant editor or viewer")
        }
        try store.write { db in
            let (id, _) = try Self.resolve(db, reference, for: actor, needs: .owner)
            let userID = try db.users.id(username: username)
            guard userID != actor.userID else {
                throw ClubError.invalid(field: "user", message: "the owner already has every right")
            }
            try db.teams.setRole(role, of: userID, on: id)
            try FriendlyLinks.link(db, recordedBy: userID)
        }
    }

    /// Takes `username`'s role on the team away; the owner only.
    public func revoke(_ actor: ActingUser, _ reference: TeamReference, from username: String) throws {
        try store.write { db in
            let (id, _) = try Self.resolve(db, reference, for: actor, needs: .owner)
            let userID = try db.users.id(username: username)
            guard try db.teams.removeRole(of: userID, on: id) else {
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
        let found = try db.teams.visible(reference, to: actor.userID)
        guard let (id, role) = found.first else { throw ClubError.notFound(kind: "team", reference: reference.description) }
        guard found.count == 1 else {
            throw ClubError.ambiguous(kind: "team", reference: reference.description, ids: found.map(\.id))
        }
        guard role >= needs else {
            let action = needs == .owner ? "only the owner" : "only the owner and editors"
            throw ClubError.permissionDenied("\(action) of team '\(reference)' may do that; \(actor.username) is a \(role.rawValue)")
        }
        return (id, role)
    }

    private static func checkNameFree(_ db: StoreTransaction, owner: Int64, name: String, season: String, except: Int64?) throws {
        if try db.teams.isNameTaken(owner: owner, name: name, season: season, except: except) {
            throw ClubError.duplicate(field: "team", value: "\(name) \(season)")
        }
    }
}
