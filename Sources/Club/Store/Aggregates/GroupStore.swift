import Foundation
import Support

/// The `socialGroup` and `groupMember` tables: groups, their members by role, invitations and
/// requests to join. ``Groups`` decides who may do what; this only reads and writes.
struct GroupStore {
    let db: StoreTransaction

    /// A group's card with its id, as the rules read it.
    struct Found {
        var info: GroupInfo
        var id: Int64 { info.id }
    }

    private static let cardColumns = """
        socialGroup.id, socialGroup.name, socialGroup.description, socialGroup.joinPolicy, socialGroup.createdAt,
        EXISTS (SELECT 1 FROM groupAvatar WHERE groupAvatar.groupId = socialGroup.id) AS hasAvatar,
        (SELECT count(*) FROM groupMember WHERE groupMember.groupId = socialGroup.id
            AND groupMember.role IN ('owner', 'admin', 'member')) AS members,
        (SELECT "user".username FROM groupMember JOIN "user" ON "user".id = groupMember.userId
            WHERE groupMember.groupId = socialGroup.id AND groupMember.role = 'owner') AS owner
        """

    /// The group whose name folds to `nameKey`, or whose id is `id`.
    func find(nameKey: String? = nil, id: Int64? = nil) throws -> Found? {
        let row = nameKey != nil
            ? try db.fetchOne("SELECT \(Self.cardColumns) FROM socialGroup WHERE nameKey = ?", [nameKey])
            : try db.fetchOne("SELECT \(Self.cardColumns) FROM socialGroup WHERE id = ?", [id])
        return try row.map { Found(info: try Self.card($0)) }
    }

    private static func card(_ row: SQLRow) throws -> GroupInfo {
        let policy: String = try row("joinPolicy")
        return GroupInfo(id: try row("id"), name: try row("name"), description: try row("description"),
                         joinPolicy: JoinPolicy(rawValue: policy) ?? .invite, hasAvatar: try row("hasAvatar"),
                         members: try row("members"), owner: try row("owner") as String? ?? "", createdAt: try row("createdAt"))
    }

    /// Inserts a group and returns its id.
    func insert(name: String, nameKey: String, description: String?, policy: JoinPolicy, at time: Date) throws -> Int64 {
        try db.insert("INSERT INTO socialGroup (name, nameKey, description, joinPolicy, createdAt) VALUES (?, ?, ?, ?, ?)",
                      [name, nameKey, description, policy.rawValue, time])
    }

    /// Whether some group's name folds to `nameKey` (other than `except`).
    func isNameTaken(_ nameKey: String, except: Int64? = nil) throws -> Bool {
        try db.exists("SELECT 1 FROM socialGroup WHERE nameKey = ? AND id IS DISTINCT FROM ?", [nameKey, except])
    }

    /// Sets group `id`'s name, description and join policy.
    func update(_ id: Int64, name: String, nameKey: String, description: String?, policy: JoinPolicy) throws {
        try db.execute("UPDATE socialGroup SET name = ?, nameKey = ?, description = ?, joinPolicy = ? WHERE id = ?",
                       [name, nameKey, description, policy.rawValue, id])
    }

    /// Deletes group `id` with its members, avatar and posts.
    func delete(_ id: Int64) throws {
        try db.execute("DELETE FROM socialGroup WHERE id = ?", [id])
    }

    /// `user`'s role in group `group`; nil for none.
    func role(of user: Int64, in group: Int64) throws -> GroupRole? {
        try db.value(String.self, "SELECT role FROM groupMember WHERE groupId = ? AND userId = ?", [group, user])
            .flatMap(GroupRole.init(rawValue:))
    }

    /// Sets `user`'s role in `group` (adding the row when missing).
    func setRole(_ role: GroupRole, of user: Int64, in group: Int64, at time: Date) throws {
        if try db.execute("UPDATE groupMember SET role = ? WHERE groupId = ? AND userId = ?", [role.rawValue, group, user]) == 0 {
            try db.execute("INSERT INTO groupMember (groupId, userId, role, since) VALUES (?, ?, ?, ?)",
                           [group, user, role.rawValue, time])
        }
    }

    /// Marks `user` as having joined `group` now, with `role`.
    func join(_ user: Int64, _ group: Int64, role: GroupRole, at time: Date) throws {
        try db.execute("UPDATE groupMember SET role = ?, since = ? WHERE groupId = ? AND userId = ?",
                       [role.rawValue, time, group, user])
    }

    /// Removes `user`'s row from `group` (membership, invitation or request).
    func remove(_ user: Int64, from group: Int64) throws {
        try db.execute("DELETE FROM groupMember WHERE groupId = ? AND userId = ?", [group, user])
    }

    /// How many groups `user` is a member of or on the way into.
    func count(of user: Int64) throws -> Int {
        try db.value(Int.self, "SELECT count(*) FROM groupMember WHERE userId = ?", [user]) ?? 0
    }

    /// The order of member lists: by role (owner, admins, members, then invitations and
    /// requests), then by username.
    static let memberOrder = Keyset(list: "member listing", [
        .integer("CASE groupMember.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 WHEN 'member' THEN 2 "
                 + "WHEN 'invited' THEN 3 ELSE 4 END"),
        .text("\"user\".username", ignoringCase: true),
    ])

    /// One page of `group`'s rows in `roles`, in ``memberOrder``.
    func members(of group: Int64, roles: [GroupRole], after cursor: String?, limit: Int) throws -> ListPage<GroupMemberEntry> {
        let (after, arguments) = try Self.memberOrder.after(cursor, db.dialect)
        let list = Array(repeating: "?", count: roles.count).joined(separator: ", ")
        return try Self.memberOrder.page(limit: limit, fetch: { rows in
            try db.fetchAll("""
                SELECT "user".username, "user".displayName, groupMember.role, groupMember.since, \(Self.memberOrder.selection)
                FROM groupMember JOIN "user" ON "user".id = groupMember.userId
                WHERE groupMember.groupId = ? AND groupMember.role IN (\(list)) AND \(after)
                ORDER BY \(Self.memberOrder.orderBy(db.dialect)) LIMIT ?
                """, [group] + roles.map { $0.rawValue as any SQLBindable } + arguments + [rows])
        }, items: { rows in
            try rows.map { row in
                let role: String = try row("role")
                return GroupMemberEntry(username: try row("username"), displayName: try row("displayName"),
                                        role: GroupRole(rawValue: role) ?? .member, since: try row("since"))
            }
        })
    }

    /// The order of group lists (names unique by their folded key).
    static let groupOrder = Keyset(list: "group listing", [.text("socialGroup.nameKey")])

    /// One page of the groups `user` has a row in, by name.
    func groups(of user: Int64, after cursor: String?, limit: Int) throws -> ListPage<GroupInfo> {
        let (after, arguments) = try Self.groupOrder.after(cursor, db.dialect)
        return try Self.groupOrder.page(limit: limit, fetch: { rows in
            try db.fetchAll("""
                SELECT \(Self.cardColumns), groupMember.role AS viewerRole, \(Self.groupOrder.selection)
                FROM groupMember JOIN socialGroup ON socialGroup.id = groupMember.groupId
                WHERE groupMember.userId = ? AND \(after) ORDER BY \(Self.groupOrder.orderBy(db.dialect)) LIMIT ?
                """, [user] + arguments + [rows])
        }, items: { rows in
            try rows.map { row in
                var info = try Self.card(row)
                info.role = (try row("viewerRole") as String?).flatMap(GroupRole.init(rawValue:))
                return info
            }
        })
    }

    /// The groups `user` owns, each with who would take it over: the longest-standing admin,
    /// else the longest-standing member (nil when there is no one).
    func ownedWithSuccessors(by user: Int64) throws -> [(group: Int64, successor: Int64?)] {
        try db.fetchAll("""
            SELECT owned.groupId,
                   (SELECT other.userId FROM groupMember AS other
                    WHERE other.groupId = owned.groupId AND other.role IN ('admin', 'member')
                    ORDER BY CASE other.role WHEN 'admin' THEN 0 ELSE 1 END, other.since, other.userId LIMIT 1) AS successor
            FROM groupMember AS owned WHERE owned.userId = ? AND owned.role = 'owner' ORDER BY owned.groupId
            """, [user]).map { (try $0("groupId"), try $0("successor")) }
    }
}

extension StoreTransaction {
    /// Groups and their members.
    var groups: GroupStore { GroupStore(db: self) }
}
