import Foundation
import Support

/// Groups: a squad, a riding club, the parents of the under-12s.
///
/// A group has a name (unique ignoring case), a description, an avatar and a join policy:
/// open (anyone joins), request (an owner or admin approves) or invite (only those invited).
/// Roles are owner, admin and member. Anyone sees a group's card (``GroupInfo``); its member
/// list and its posts are for its members while they are members. The owner hands the group
/// over (``transfer(_:_:to:)``) or deletes it, with its posts; an owner who deletes their
/// account hands it to the longest-standing admin, else member, and a group left with no one
/// is deleted with them.
///
/// ```swift
/// let groups = Groups(store: store)
/// try groups.create(alice, name: "Under-12 parents", policy: .request)
/// try groups.join(bob, "under-12 parents")        // .requested
/// try groups.approve(alice, "Under-12 parents", "bob")
/// ```
public struct Groups: Sendable {
    /// The longest name, in characters.
    public static let maximumName = 100
    /// The longest description, in characters.
    public static let maximumDescription = 2_000
    /// The most groups one user may belong to or be on the way into.
    public static let maximumPerUser = 500

    let store: ClubStore

    public init(store: ClubStore) {
        self.store = store
    }

    /// Creates a group owned by the actor.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a bad name or description or an
    ///   image that is not a whole PNG or JPEG; ``ClubError/duplicate(field:value:)`` for a
    ///   name another group has (ignoring case).
    @discardableResult
    public func create(_ actor: ActingUser, name: String, description: String? = nil, policy: JoinPolicy = .request,
                       avatar: Data? = nil) throws -> GroupInfo {
        let name = try Validation.text(name, field: "name", maximum: Self.maximumName)
        let description = try description.flatMap(Self.description)
        let avatar = try avatar.map { ($0, try Validation.image($0, field: "avatar")) }
        let now = Date()
        return try store.write { db in
            if try db.groups.isNameTaken(CaseFold.key(name)) { throw ClubError.duplicate(field: "group name", value: name) }
            try Self.checkRoom(db, actor.userID, actor.username)
            let id = try db.groups.insert(name: name, nameKey: CaseFold.key(name), description: description, policy: policy,
                                          at: now)
            try db.groups.setRole(.owner, of: actor.userID, in: id, at: now)
            if let avatar { try db.pictures.set(avatar, in: .groupAvatar, of: id) }
            return try Self.card(db, id: id, viewer: actor)
        }
    }

    /// A group's card as `viewer` sees it (their role in it, when they have one).
    public func show(_ viewer: ActingUser?, _ group: GroupReference) throws -> GroupInfo {
        try store.read { db in
            let found = try Self.find(db, group)
            return try Self.card(db, id: found.id, viewer: viewer)
        }
    }

    /// Changes a group's name, description or join policy (its owner and admins).
    public func edit(_ actor: ActingUser, _ group: GroupReference, newName: String? = nil, description: String? = nil,
                     policy: JoinPolicy? = nil) throws -> GroupInfo {
        let newName = try newName.map { try Validation.text($0, field: "name", maximum: Self.maximumName) }
        let description = try description.map(Self.description)
        return try store.write { db in
            let found = try Self.find(db, group)
            try Self.checkAdministers(db, found, actor)
            let info = found.info
            let name = newName ?? info.name
            if try db.groups.isNameTaken(CaseFold.key(name), except: found.id) {
                throw ClubError.duplicate(field: "group name", value: name)
            }
            try db.groups.update(found.id, name: name, nameKey: CaseFold.key(name),
                                 description: description ?? info.description, policy: policy ?? info.joinPolicy)
            return try Self.card(db, id: found.id, viewer: actor)
        }
    }

    /// Sets (or, with nil, removes) a group's avatar (its owner and admins).
    public func setAvatar(_ actor: ActingUser, _ group: GroupReference, _ data: Data?) throws {
        let avatar = try data.map { ($0, try Validation.image($0, field: "avatar")) }
        try store.write { db in
            let found = try Self.find(db, group)
            try Self.checkAdministers(db, found, actor)
            try db.pictures.set(avatar, in: .groupAvatar, of: found.id)
        }
    }

    /// A group's avatar (anyone may see it).
    public func avatar(_ group: GroupReference) throws -> Picture {
        try store.read { db in
            let found = try Self.find(db, group)
            guard let picture = try db.pictures.picture(in: .groupAvatar, of: found.id) else {
                throw ClubError.notFound(kind: "avatar of group", reference: found.info.name)
            }
            return picture
        }
    }

    /// Joins a group: at once when it is open or the actor was invited; for a group that
    /// takes requests, asks to (``GroupRole/requested``). Returns the actor's role.
    ///
    /// - Throws: ``ClubError/permissionDenied(_:)`` for an invite-only group without an
    ///   invitation; ``ClubError/invalid(field:message:)`` for a member already.
    @discardableResult
    public func join(_ actor: ActingUser, _ group: GroupReference) throws -> GroupRole {
        let now = Date()
        return try store.write { db in
            let found = try Self.find(db, group)
            let role = try db.groups.role(of: actor.userID, in: found.id)
            switch role {
            case .owner?, .admin?, .member?:
                throw ClubError.invalid(field: "group", message: "you are a member of '\(found.info.name)' already")
            case .requested?:
                return .requested
            case .invited?:
                try db.groups.join(actor.userID, found.id, role: .member, at: now)
                return .member
            case nil:
                try Self.checkRoom(db, actor.userID, actor.username)
                switch found.info.joinPolicy {
                case .open:
                    try db.groups.setRole(.member, of: actor.userID, in: found.id, at: now)
                    return .member
                case .request:
                    try db.groups.setRole(.requested, of: actor.userID, in: found.id, at: now)
                    return .requested
                case .invite:
                    throw ClubError.permissionDenied("'\(found.info.name)' takes members by invitation only")
                }
            }
        }
    }

    /// Invites `username` into a group (its owner and admins). Joining accepts.
    ///
    /// - Throws: ``ClubError/permissionDenied(_:)`` when the actor does not run the group or
    ///   `username` blocks them; ``ClubError/invalid(field:message:)`` for a member already.
    public func invite(_ actor: ActingUser, _ group: GroupReference, _ username: String) throws {
        let now = Date()
        try store.write { db in
            let found = try Self.find(db, group)
            try Self.checkAdministers(db, found, actor)
            let user = try db.users.id(username: username)
            if try db.follows.standing(of: actor.userID, towards: user).blockedByOther {
                throw ClubError.permissionDenied("\(username) does not accept invitations from \(actor.username)")
            }
            switch try db.groups.role(of: user, in: found.id) {
            case .owner?, .admin?, .member?:
                throw ClubError.invalid(field: "user", message: "\(username) is a member of '\(found.info.name)' already")
            case .invited?:
                return
            case .requested?:
                try db.groups.join(user, found.id, role: .member, at: now)
            case nil:
                try Self.checkRoom(db, user, username)
                try db.groups.setRole(.invited, of: user, in: found.id, at: now)
            }
        }
    }

    /// Approves `username`'s request to join (the group's owner and admins).
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` when they did not ask.
    public func approve(_ actor: ActingUser, _ group: GroupReference, _ username: String) throws {
        let now = Date()
        try store.write { db in
            let found = try Self.find(db, group)
            try Self.checkAdministers(db, found, actor)
            let user = try db.users.id(username: username)
            guard try db.groups.role(of: user, in: found.id) == .requested else {
                throw ClubError.notFound(kind: "request to join", reference: "\(username) → \(found.info.name)")
            }
            try db.groups.join(user, found.id, role: .member, at: now)
        }
    }

    /// Leaves a group, or turns down an invitation or withdraws a request. The owner cannot
    /// leave: they hand the group over or delete it.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for someone not in it.
    public func leave(_ actor: ActingUser, _ group: GroupReference) throws {
        try store.write { db in
            let found = try Self.find(db, group)
            switch try db.groups.role(of: actor.userID, in: found.id) {
            case nil:
                throw ClubError.notFound(kind: "member", reference: "\(actor.username) in \(found.info.name)")
            case .owner?:
                throw ClubError.invalid(field: "group", message: "the owner cannot leave '\(found.info.name)': hand it over "
                    + "(group transfer) or delete it")
            default:
                try db.groups.remove(actor.userID, from: found.id)
                try Events.membershipChanged(db, events: try db.events.events(invitingGroup: found.id))
            }
        }
    }

    /// Removes `username` from a group, or withdraws their invitation or declines their
    /// request. Admins remove members; only the owner removes admins; no one removes the owner.
    public func remove(_ actor: ActingUser, _ group: GroupReference, _ username: String) throws {
        try store.write { db in
            let found = try Self.find(db, group)
            let actorRole = try Self.checkAdministers(db, found, actor)
            let user = try db.users.id(username: username)
            switch try db.groups.role(of: user, in: found.id) {
            case nil:
                throw ClubError.notFound(kind: "member", reference: "\(username) in \(found.info.name)")
            case .owner?:
                throw ClubError.permissionDenied("no one removes the owner of '\(found.info.name)'")
            case .admin? where actorRole != .owner:
                throw ClubError.permissionDenied("only the owner of '\(found.info.name)' removes an admin")
            default:
                try db.groups.remove(user, from: found.id)
                try Events.membershipChanged(db, events: try db.events.events(invitingGroup: found.id))
            }
        }
    }

    /// Makes a member an admin, or an admin a member again (the owner only).
    public func setRole(_ actor: ActingUser, _ group: GroupReference, _ username: String, _ role: GroupRole) throws {
        guard role == .admin || role == .member else {
            throw ClubError.invalid(field: "role", message: "a member's role is admin or member; hand the group over with transfer")
        }
        let now = Date()
        try store.write { db in
            let (found, user) = try Self.ownersMember(db, group, actor, username)
            try db.groups.setRole(role, of: user, in: found.id, at: now)
        }
    }

    /// Hands a group over to one of its members; the old owner stays as an admin.
    public func transfer(_ actor: ActingUser, _ group: GroupReference, to username: String) throws {
        let now = Date()
        try store.write { db in
            let (found, user) = try Self.ownersMember(db, group, actor, username)
            try db.groups.setRole(.admin, of: actor.userID, in: found.id, at: now)
            try db.groups.setRole(.owner, of: user, in: found.id, at: now)
        }
    }

    /// Deletes a group with its posts (the owner only). Events that invited it stay, their
    /// organisers' own; members invited through it alone are no longer invited, and their
    /// answers go.
    public func delete(_ actor: ActingUser, _ group: GroupReference) throws {
        try store.write { db in
            let found = try Self.find(db, group)
            try Self.checkOwns(db, found, actor)
            let events = try db.events.events(invitingGroup: found.id)
            try db.groups.delete(found.id)
            try Events.membershipChanged(db, events: events)
        }
    }

    /// One page of a group's members (owner, admins, members; with `pending`, the invitations
    /// and requests too, for its owner and admins), by role then username. Only members see it.
    public func members(_ viewer: ActingUser?, _ group: GroupReference, pending: Bool = false, after cursor: String? = nil,
                        limit: Int = PagingCursor.defaultLimit) throws -> ListPage<GroupMemberEntry> {
        try store.read { db in
            let found = try Self.find(db, group)
            let role = try Self.checkMember(db, found, viewer)
            if pending, !role.administers {
                throw ClubError.permissionDenied("only the owner and admins of '\(found.info.name)' see its invitations and requests")
            }
            let roles: [GroupRole] = pending ? [.invited, .requested] : [.owner, .admin, .member]
            return try db.groups.members(of: found.id, roles: roles, after: cursor, limit: limit)
        }
    }

    /// One page of the groups the actor belongs to or is on the way into (their role says
    /// which), by name.
    public func mine(_ actor: ActingUser, after cursor: String? = nil,
                     limit: Int = PagingCursor.defaultLimit) throws -> ListPage<GroupInfo> {
        try store.read { db in try db.groups.groups(of: actor.userID, after: cursor, limit: limit) }
    }

    // MARK: - Rules

    static func find(_ db: StoreTransaction, _ group: GroupReference) throws -> GroupStore.Found {
        let found: GroupStore.Found?
        switch group {
        case .id(let id): found = try db.groups.find(id: id)
        case .name(let name): found = try db.groups.find(nameKey: CaseFold.key(name))
        }
        guard let found else { throw ClubError.notFound(kind: "group", reference: group.description) }
        return found
    }

    static func card(_ db: StoreTransaction, id: Int64, viewer: ActingUser?) throws -> GroupInfo {
        guard var info = try db.groups.find(id: id)?.info else { throw ClubError.notFound(kind: "group", reference: String(id)) }
        if let viewer { info.role = try db.groups.role(of: viewer.userID, in: id) }
        return info
    }

    /// The viewer's role when they are a member (owner, admin or member).
    ///
    /// - Throws: ``ClubError/permissionDenied(_:)`` otherwise.
    @discardableResult
    static func checkMember(_ db: StoreTransaction, _ found: GroupStore.Found, _ viewer: ActingUser?) throws -> GroupRole {
        guard let viewer, let role = try db.groups.role(of: viewer.userID, in: found.id), role.isMember else {
            throw ClubError.permissionDenied("only the members of '\(found.info.name)' see its members, posts and events")
        }
        return role
    }

    @discardableResult
    static func checkAdministers(_ db: StoreTransaction, _ found: GroupStore.Found, _ actor: ActingUser) throws -> GroupRole {
        guard let role = try db.groups.role(of: actor.userID, in: found.id), role.administers else {
            throw ClubError.permissionDenied("only the owner and admins of '\(found.info.name)' may do that")
        }
        return role
    }

    /// The group and the id of `username`, an admin or member of it, for a change only its
    /// owner (the actor) may make.
    private static func ownersMember(_ db: StoreTransaction, _ group: GroupReference, _ actor: ActingUser,
                                     _ username: String) throws -> (GroupStore.Found, Int64) {
        let found = try find(db, group)
        try checkOwns(db, found, actor)
        let user = try db.users.id(username: username)
        guard let role = try db.groups.role(of: user, in: found.id), role == .admin || role == .member else {
            throw ClubError.notFound(kind: "member", reference: "\(username) in \(found.info.name)")
        }
        return (found, user)
    }

    static func checkOwns(_ db: StoreTransaction, _ found: GroupStore.Found, _ actor: ActingUser) throws {
        guard try db.groups.role(of: actor.userID, in: found.id) == .owner else {
            throw ClubError.permissionDenied("only the owner of '\(found.info.name)' may do that")
        }
    }

    /// Refuses a user in ``maximumPerUser`` groups already.
    private static func checkRoom(_ db: StoreTransaction, _ user: Int64, _ username: String) throws {
        guard try db.groups.count(of: user) < maximumPerUser else {
            throw ClubError.invalid(field: "user", message: "\(username) is in \(maximumPerUser) groups, the most one may")
        }
    }

    private static func description(_ text: String) throws -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : try Validation.text(trimmed, field: "description", maximum: maximumDescription)
    }

    /// Before `user`'s account goes: each group they own passes to its longest-standing admin,
    /// else member; one with no one else goes with its posts.
    static func handOver(_ db: StoreTransaction, user: Int64, at time: Date) throws {
        for (group, successor) in try db.groups.ownedWithSuccessors(by: user) {
            guard let successor else {
                let events = try db.events.events(invitingGroup: group)
                try db.groups.delete(group)
                try Events.membershipChanged(db, events: events)
                continue
            }
            try db.groups.remove(user, from: group)
            try db.groups.setRole(.owner, of: successor, in: group, at: time)
        }
    }
}
