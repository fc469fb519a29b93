import Foundation
import Support

/// The `follow` table and the profile columns of `user`: who follows whom,
/// pending requests, and what a profile holds. ``Follows`` and ``Accounts`` decide who may see
/// and do what; this only reads and writes (and pages the lists in SQL).
struct FollowStore {
    let db: StoreTransaction

    /// How two users stand, as the rules of ``Follows`` read it.
    struct Standing {
        /// The viewer's follow of the other: none, requested or following.
        var state: FollowState
        /// Whether the other blocks the viewer.
        var blockedByOther: Bool
        /// Whether the viewer blocks the other.
        var blocksOther: Bool
    }

    /// How `viewer` stands towards `other`, in one query.
    func standing(of viewer: Int64, towards other: Int64) throws -> Standing {
        guard let row = try db.fetchOne("""
            SELECT (SELECT accepted FROM follow WHERE followerId = ? AND followedId = ?) AS accepted,
                   EXISTS (SELECT 1 FROM block WHERE blockerId = ? AND blockedId = ?) AS blockedByOther,
                   EXISTS (SELECT 1 FROM block WHERE blockerId = ? AND blockedId = ?) AS blocksOther
            """, [viewer, other, other, viewer, viewer, other]) else {
            return Standing(state: .none, blockedByOther: false, blocksOther: false)
        }
        let accepted: Bool? = try row("accepted")
        return Standing(state: accepted.map { $0 ? .following : .requested } ?? .none,
                        blockedByOther: try row("blockedByOther"), blocksOther: try row("blocksOther"))
    }

    /// Records that `follower` follows `followed` (`accepted`) or asks to.
    func insert(follower: Int64, followed: Int64, accepted: Bool, at time: Date) throws {
        try db.execute("INSERT INTO follow (followerId, followedId, accepted, createdAt) VALUES (?, ?, ?, ?)",
                       [follower, followed, accepted, time])
    }

    /// Deletes the follow of `followed` by `follower` in the given state (either when nil);
    /// returns whether there was one.
    @discardableResult
    func delete(follower: Int64, followed: Int64, accepted: Bool? = nil) throws -> Bool {
        if let accepted {
            return try db.execute("DELETE FROM follow WHERE followerId = ? AND followedId = ? AND accepted = ?",
                                  [follower, followed, accepted]) > 0
        }
        return try db.execute("DELETE FROM follow WHERE followerId = ? AND followedId = ?", [follower, followed]) > 0
    }

    /// Records that `follower` follows (accepted) or asks to follow each of `followed`, a
    /// multi-row INSERT of up to 1,000 rows a statement; a follow already there stays as it
    /// is. Returns how many rows were added.
    func insertMany(follower: Int64, followed: [(id: Int64, accepted: Bool)], at time: Date) throws -> Int {
        var added = 0
        for start in stride(from: 0, to: followed.count, by: 1_000) {
            let part = followed[start..<min(start + 1_000, followed.count)]
            let values = Array(repeating: "(?, ?, ?, ?)", count: part.count).joined(separator: ", ")
            added += try db.execute("""
                INSERT INTO follow (followerId, followedId, accepted, createdAt) VALUES \(values) ON CONFLICT DO NOTHING
                """, part.flatMap { [follower, $0.id, $0.accepted, time] as [any SQLBindable] })
        }
        return added
    }

    /// Which of `users` have a private profile, and which `user` blocks, a thousand a query.
    func privateAndBlocked(among users: [Int64], by user: Int64) throws -> (private: Set<Int64>, blocked: Set<Int64>) {
        var found: (private: Set<Int64>, blocked: Set<Int64>) = ([], [])
        for start in stride(from: 0, to: users.count, by: 1_000) {
            let part = users[start..<min(start + 1_000, users.count)].map { $0 as any SQLBindable }
            let list = Array(repeating: "?", count: part.count).joined(separator: ", ")
            found.private.formUnion(try db.values(Int64.self, "SELECT id FROM \"user\" WHERE private AND id IN (\(list))", part))
            found.blocked.formUnion(try db.values(Int64.self, "SELECT blockedId FROM block WHERE blockerId = ? AND blockedId IN (\(list))",
                                                  [user] + part))
        }
        return found
    }

    /// Deletes the follows between `a` and `b`, both ways, whatever their state.
    func deleteBoth(_ a: Int64, _ b: Int64) throws {
        try db.execute("DELETE FROM follow WHERE (followerId = ? AND followedId = ?) OR (followerId = ? AND followedId = ?)",
                       [a, b, b, a])
    }

    /// Accepts the pending request of `follower` to follow `followed`; returns whether there
    /// was one.
    func accept(follower: Int64, followed: Int64) throws -> Bool {
        try db.execute("UPDATE follow SET accepted = TRUE WHERE followerId = ? AND followedId = ? AND NOT accepted",
                       [follower, followed]) > 0
    }

    /// Accepts every pending request to follow `followed`.
    func acceptAll(followed: Int64) throws {
        try db.execute("UPDATE follow SET accepted = TRUE WHERE followedId = ? AND NOT accepted", [followed])
    }

    /// How many users `follower` follows or has asked to follow.
    func followingCount(of follower: Int64) throws -> Int {
        try db.value(Int.self, "SELECT count(*) FROM follow WHERE followerId = ?", [follower]) ?? 0
    }

    /// Which side of a follow a list reads.
    enum Side {
        /// The users who follow (or ask to follow) the given user.
        case followers
        /// The users the given user follows (or asks to follow).
        case followed
    }

    /// The order of follow lists (usernames are unique, ignoring case).
    static let listOrder = Keyset(list: "follow listing", [.text("\"user\".username", ignoringCase: true)])

    /// One page of `user`'s `side`, accepted follows or pending requests: the `limit` users
    /// after `cursor` (nil for the first), by username.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a cursor that no follow listing gave.
    func list(_ side: Side, of user: Int64, accepted: Bool, after cursor: String?, limit: Int) throws -> ListPage<FollowEntry> {
        let (after, arguments) = try Self.listOrder.after(cursor, db.dialect)
        let (mine, theirs) = side == .followers ? ("followedId", "followerId") : ("followerId", "followedId")
        return try Self.listOrder.page(limit: limit, fetch: { rows in
            try db.fetchAll("""
                SELECT "user".username, "user".displayName, follow.createdAt, \(Self.listOrder.selection)
                FROM follow JOIN "user" ON "user".id = follow.\(theirs)
                WHERE follow.\(mine) = ? AND follow.accepted = ? AND \(after)
                ORDER BY \(Self.listOrder.orderBy(db.dialect)) LIMIT ?
                """, [user, accepted] + arguments + [rows])
        }, items: { rows in
            try rows.map { FollowEntry(username: try $0("username"), displayName: try $0("displayName"), since: try $0("createdAt")) }
        })
    }

    /// How many accepted followers `user` has and how many users they follow.
    func counts(of user: Int64) throws -> (followers: Int, following: Int) {
        guard let row = try db.fetchOne("""
            SELECT (SELECT count(*) FROM follow WHERE followedId = ? AND accepted) AS followers,
                   (SELECT count(*) FROM follow WHERE followerId = ? AND accepted) AS following
            """, [user, user]) else { return (0, 0) }
        return (try row("followers"), try row("following"))
    }

    // MARK: - Profiles

    /// A user's profile as stored: the card and every detail, whoever asks.
    struct StoredProfile {
        var profile: UserProfile
        var isPrivate: Bool
    }

    /// The profile of the user named `username` (ignoring case), details included; nil for no
    /// such user.
    func profile(username: String) throws -> StoredProfile? {
        guard CaseFold.isUsername(username), let row = try db.fetchOne("""
            SELECT id, username, displayName, createdAt, private, city, bio, sport,
                   EXISTS (SELECT 1 FROM userPhoto WHERE userPhoto.userId = "user".id) AS hasPhoto
            FROM "user" WHERE \(db.dialect.equalsIgnoringCase("username"))
            """, [username]) else { return nil }
        var profile = UserProfile(id: try row("id"), username: try row("username"), displayName: try row("displayName"),
                                  createdAt: try row("createdAt"))
        let isPrivate: Bool = try row("private")
        profile.isPrivate = isPrivate
        profile.hasPhoto = try row("hasPhoto")
        profile.city = try row("city")
        profile.bio = try row("bio")
        profile.sport = try row("sport")
        return StoredProfile(profile: profile, isPrivate: isPrivate)
    }

    /// Whether user `id`'s profile is private.
    func isPrivate(_ id: Int64) throws -> Bool {
        try db.value(Bool.self, "SELECT private FROM \"user\" WHERE id = ?", [id]) ?? false
    }

    /// Sets user `id`'s privacy and details (nil clears a detail).
    func updateProfile(id: Int64, isPrivate: Bool, city: String?, bio: String?, sport: String?) throws {
        try db.execute("UPDATE \"user\" SET private = ?, city = ?, bio = ?, sport = ? WHERE id = ?",
                       [isPrivate, city, bio, sport, id])
    }

    // MARK: - Suggestions

    /// Whom `user` might follow: not themselves, nobody they follow or asked to, nobody who
    /// blocks them or whom they block.
    private static let suggestible = """
        candidate.id <> ? AND NOT EXISTS (SELECT 1 FROM follow AS mine WHERE mine.followerId = ? AND mine.followedId = candidate.id)
        AND NOT EXISTS (SELECT 1 FROM block WHERE (block.blockerId = candidate.id AND block.blockedId = ?)
                                                OR (block.blockerId = ? AND block.blockedId = candidate.id))
        """

    /// The users followed by those `user` follows (the `sample` they followed last), by how
    /// many of them follow each, then username.
    func followedByFollowed(of user: Int64, sample: Int, limit: Int) throws -> [FollowSuggestion] {
        try db.fetchAll("""
            SELECT candidate.username, candidate.displayName, candidate.private, count(*) AS followedBy
            FROM (SELECT followedId FROM follow WHERE followerId = ? AND accepted ORDER BY createdAt DESC, followedId LIMIT ?) AS mine
            JOIN follow AS theirs ON theirs.followerId = mine.followedId AND theirs.accepted
            JOIN "user" AS candidate ON candidate.id = theirs.followedId
            WHERE \(Self.suggestible)
            GROUP BY candidate.id, candidate.username, candidate.displayName, candidate.private
            ORDER BY followedBy DESC, \(db.dialect.orderIgnoringCase("candidate.username")) LIMIT ?
            """, [user, sample, user, user, user, user, limit]).map {
            FollowSuggestion(username: try $0("username"), displayName: try $0("displayName"), isPrivate: try $0("private"),
                             followedBy: try $0("followedBy"), recentPosts: 0)
        }
    }

    /// The authors of the most public posts among the club's latest `window`, by that count,
    /// then username.
    func activePublishers(for user: Int64, window: Int, limit: Int) throws -> [FollowSuggestion] {
        try db.fetchAll("""
            SELECT candidate.username, candidate.displayName, candidate.private, count(*) AS recentPosts
            FROM (SELECT authorId FROM post WHERE audience = 'public' ORDER BY id DESC LIMIT ?) AS latest
            JOIN "user" AS candidate ON candidate.id = latest.authorId
            WHERE \(Self.suggestible)
            GROUP BY candidate.id, candidate.username, candidate.displayName, candidate.private
            ORDER BY recentPosts DESC, \(db.dialect.orderIgnoringCase("candidate.username")) LIMIT ?
            """, [window, user, user, user, user, limit]).map {
            FollowSuggestion(username: try $0("username"), displayName: try $0("displayName"), isPrivate: try $0("private"),
                             followedBy: 0, recentPosts: try $0("recentPosts"))
        }
    }

}

extension StoreTransaction {
    /// Follows, follow requests and the profile's details.
    var follows: FollowStore { FollowStore(db: self) }
}
