import Foundation
import Support

/// The `post`, `postLike` and `postComment` tables: posts with their audience, likes and
/// comments, and the feed's query. ``Posts`` decides who may see and do what; this reads and
/// writes, and filters in SQL what must be paged (the feed, a group's posts).
struct PostStore {
    let db: StoreTransaction

    /// A post as stored, with what decides who may see it.
    struct Stored {
        var post: Post
        var authorID: Int64
        /// `public`, `followers`, `group` or `me`.
        var audience: String
        var groupID: Int64?
        var routeID: Int64?
        var boardID: Int64?
        var eventID: Int64?
    }

    /// A post to insert.
    struct New {
        var authorID: Int64
        var kind: PostKind
        var audience: String
        var groupID: Int64?
        var text: String?
        var routeID: Int64?
        var boardID: Int64?
        var eventID: Int64?
        var createdAt: Date
    }

    func insert(_ post: New) throws -> Int64 {
        try db.insert("""
            INSERT INTO post (authorId, kind, audience, groupId, text, routeId, boardId, eventId, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [post.authorID, post.kind.rawValue, post.audience, post.groupID, post.text, post.routeID, post.boardID,
                  post.eventID, post.createdAt])
    }

    /// A post's columns with its author's and group's names: add `WHERE` over `post`.
    private static let select = """
        SELECT post.id, post.authorId, post.kind, post.audience, post.groupId, post.text, post.routeId, post.boardId,
               post.eventId, post.likeCount, post.commentCount, post.createdAt, "user".username, "user".displayName,
               socialGroup.name AS groupName,
               EXISTS (SELECT 1 FROM postImage WHERE postImage.postId = post.id) AS hasImage
        FROM post JOIN "user" ON "user".id = post.authorId LEFT JOIN socialGroup ON socialGroup.id = post.groupId
        """

    private static func stored(_ row: SQLRow) throws -> Stored {
        let audience: String = try row("audience")
        let kind: String = try row("kind")
        let groupName: String? = try row("groupName")
        let post = Post(id: try row("id"), author: try row("username"), authorName: try row("displayName"),
                        kind: PostKind(rawValue: kind) ?? .note,
                        audience: audience == "group" ? "group:" + (groupName ?? "") : audience, text: try row("text"),
                        hasImage: try row("hasImage"), likes: try row("likeCount"), comments: try row("commentCount"),
                        createdAt: try row("createdAt"))
        return Stored(post: post, authorID: try row("authorId"), audience: audience, groupID: try row("groupId"),
                      routeID: try row("routeId"), boardID: try row("boardId"), eventID: try row("eventId"))
    }

    /// Post `id`, whoever may see it; nil for no such post.
    func find(_ id: Int64) throws -> Stored? {
        try db.fetchOne(Self.select + " WHERE post.id = ?", [id]).map(Self.stored)
    }

    /// The posts that share event `event`.
    func sharing(event: Int64) throws -> [Stored] {
        try db.fetchAll(Self.select + " WHERE post.eventId = ? ORDER BY post.id", [event]).map(Self.stored)
    }

    /// Deletes post `id` with its image, likes and comments.
    func delete(_ id: Int64) throws {
        try db.execute("DELETE FROM post WHERE id = ?", [id])
    }

    /// One page of `viewer`'s feed, newest first: the `limit` posts below id `before` that are
    /// theirs, their followed users' for the public or their followers, or their groups'
    /// (except those of an author who blocks them). Each part reads its own index (the
    /// author's posts, a group's) newest first, so no page scans posts that are not shown.
    func feed(of viewer: Int64, before: Int64, limit: Int) throws -> [Stored] {
        try db.fetchAll(Self.select + """
             WHERE post.id IN (
                SELECT id FROM (SELECT id FROM post WHERE authorId = ? AND id < ? ORDER BY id DESC LIMIT ?) AS own
                UNION ALL
                SELECT id FROM (SELECT post.id FROM follow JOIN post ON post.authorId = follow.followedId
                                WHERE follow.followerId = ? AND follow.accepted AND post.audience IN ('public', 'followers')
                                  AND post.id < ? ORDER BY post.id DESC LIMIT ?) AS followed
                UNION ALL
                SELECT id FROM (SELECT post.id FROM groupMember JOIN post ON post.groupId = groupMember.groupId
                                WHERE groupMember.userId = ? AND groupMember.role IN ('owner', 'admin', 'member')
                                  AND post.id < ?
                                  AND NOT EXISTS (SELECT 1 FROM block WHERE block.blockerId = post.authorId
                                                  AND block.blockedId = groupMember.userId)
                                ORDER BY post.id DESC LIMIT ?) AS grouped)
            ORDER BY post.id DESC LIMIT ?
            """, [viewer, before, limit, viewer, before, limit, viewer, before, limit, limit]).map(Self.stored)
    }

    /// Whether `viewer` (bound to `?` four times; NULL for nobody logged in) may see `post`:
    /// ``Posts/sees(_:viewer:post:)``'s rule in SQL, for lists that filter before they page.
    /// `PostsTests` checks that the two agree for every kind of reader and audience.
    static let visible = """
        (post.authorId = ?
         OR ((post.audience = 'public'
              OR (post.audience = 'followers' AND EXISTS (
                  SELECT 1 FROM follow WHERE follow.followerId = ? AND follow.followedId = post.authorId AND follow.accepted))
              OR (post.audience = 'group' AND EXISTS (
                  SELECT 1 FROM groupMember WHERE groupMember.groupId = post.groupId AND groupMember.userId = ?
                    AND groupMember.role IN ('owner', 'admin', 'member'))))
             AND NOT EXISTS (SELECT 1 FROM block WHERE block.blockerId = post.authorId AND block.blockedId = ?)))
        """

    /// A route post's id and where its route starts.
    struct RouteStart {
        var postID: Int64
        var latitude: Double
        var longitude: Double
    }

    /// The route posts `viewer` may see whose route starts inside the box.
    func routeStarts(latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>, viewer: Int64?) throws -> [RouteStart] {
        try db.fetchAll("""
            SELECT post.id, route.startLatitude, route.startLongitude FROM route JOIN post ON post.routeId = route.id
            WHERE route.startLatitude BETWEEN ? AND ? AND route.startLongitude BETWEEN ? AND ? AND \(Self.visible)
            """, [latitudes.lowerBound, latitudes.upperBound, longitudes.lowerBound, longitudes.upperBound,
                  viewer, viewer, viewer, viewer]).map {
            RouteStart(postID: try $0("id"), latitude: try $0("startLatitude"), longitude: try $0("startLongitude"))
        }
    }

    /// Posts `ids`, in that order, whoever may see them.
    func posts(_ ids: [Int64]) throws -> [Stored] {
        guard !ids.isEmpty else { return [] }
        let list = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        let rows = try db.fetchAll(Self.select + " WHERE post.id IN (\(list))", ids.map { $0 as any SQLBindable }).map(Self.stored)
        let byID = Dictionary(rows.map { ($0.post.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }

    /// One page of group `group`'s posts, newest first, below id `before`, leaving out those
    /// of authors who block `viewer`.
    func groupPosts(_ group: Int64, viewer: Int64, before: Int64, limit: Int) throws -> [Stored] {
        try db.fetchAll(Self.select + """
             WHERE post.groupId = ? AND post.id < ?
               AND NOT EXISTS (SELECT 1 FROM block WHERE block.blockerId = post.authorId AND block.blockedId = ?)
             ORDER BY post.id DESC LIMIT ?
            """, [group, before, viewer, limit]).map(Self.stored)
    }

    // MARK: - Likes

    /// Records that `user` likes `post` (once: liking again changes nothing) and returns its
    /// number of likes; nil when there is no such post or `user` may not see it
    /// (``visible``). On PostgreSQL it is one prepared statement, for
    /// ``ClubStore/writeOneStatement(_:)``: a like is the hottest write of the feed, and neither
    /// round trips nor planning may add up.
    func like(_ post: Int64, by user: Int64, at time: Date) throws -> Int? {
        try changeLike(post, by: user, adding: true, at: time)
    }

    /// Takes back `user`'s like of `post` (nothing when there was none) and returns its number
    /// of likes; nil when there is no such post or `user` may not see it. One prepared
    /// statement on PostgreSQL, as ``like(_:by:at:)``.
    func unlike(_ post: Int64, by user: Int64) throws -> Int? {
        try changeLike(post, by: user, adding: false, at: Date())
    }

    /// Adds (or takes back) `user`'s like of `post` when `user` may see it, moves the post's
    /// count when a row changed, and returns the count.
    ///
    /// On PostgreSQL this is one statement, at READ COMMITTED: its data-modifying CTEs run on
    /// the statement's snapshot (who may see the post is judged as of its start), and the
    /// post's row is always updated, by 0 when nothing changed, because the update alone waits
    /// for and reads a like committed meanwhile (pressed twice at once, the second gets the
    /// count with the first). A post deleted meanwhile fails the like's foreign key: no post.
    /// Its commit does not wait for the disk (`set_config('synchronous_commit', 'off', true)`:
    /// a like lost in a crash is harmless, and commits stay atomic and in order). SQLite, which
    /// has neither RETURNING in a CTE nor round trips to save, runs it step by step.
    private func changeLike(_ post: Int64, by user: Int64, adding: Bool, at time: Date) throws -> Int? {
        let viewer = Array(repeating: user as any SQLBindable, count: 4)
        let target = "SELECT post.id FROM post WHERE post.id = ? AND \(Self.visible)"
        switch db.dialect {
        case .postgres:
            let change = adding
                ? "INSERT INTO postLike (postId, userId, createdAt) SELECT id, ?, ? FROM target ON CONFLICT DO NOTHING"
                : "DELETE FROM postLike WHERE postId IN (SELECT id FROM target) AND userId = ?"
            let arguments: [any SQLBindable] = adding ? [user, time] : [user]
            do {
                return try db.fetchAllPrepared("""
                    WITH target AS (\(target)),
                    changed AS (\(change) RETURNING postId),
                    counted AS (UPDATE post SET likeCount = likeCount + ? * (SELECT count(*) FROM changed)
                                WHERE id IN (SELECT id FROM target) RETURNING likeCount)
                    SELECT likeCount, set_config('synchronous_commit', 'off', true) FROM counted
                    """, [post] + viewer + arguments + [adding ? 1 : -1]).first.map { try $0(at: 0) }
            } catch where PostgresErrors.sqlState(error) == "23503" {
                return nil
            }
        case .sqlite:
            guard try db.exists(target, [post] + viewer) else { return nil }
            let changed = adding
                ? try db.execute("INSERT INTO postLike (postId, userId, createdAt) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                                 [post, user, time])
                : try db.execute("DELETE FROM postLike WHERE postId = ? AND userId = ?", [post, user])
            if changed == 1 {
                try db.execute("UPDATE post SET likeCount = likeCount + ? WHERE id = ?", [adding ? 1 : -1, post])
            }
            return try likeCount(post)
        }
    }

    /// Which of `posts` `user` likes.
    func liked(by user: Int64, among posts: [Int64]) throws -> Set<Int64> {
        guard !posts.isEmpty else { return [] }
        let list = Array(repeating: "?", count: posts.count).joined(separator: ", ")
        return Set(try db.values(Int64.self, "SELECT postId FROM postLike WHERE userId = ? AND postId IN (\(list))",
                                 [user] + posts.map { $0 as any SQLBindable }))
    }

    /// How many likes `post` has (the count kept on the post).
    func likeCount(_ post: Int64) throws -> Int {
        try db.value(Int.self, "SELECT likeCount FROM post WHERE id = ?", [post]) ?? 0
    }

    /// Takes `user`'s likes and comments out of the counts of the posts they are on, before the
    /// account (and with it those rows) goes.
    func uncount(user: Int64) throws {
        try db.execute("""
            UPDATE post SET likeCount = likeCount - 1 WHERE id IN (SELECT postId FROM postLike WHERE userId = ?)
            """, [user])
        try db.execute("""
            UPDATE post SET commentCount = commentCount - (
                SELECT count(*) FROM postComment WHERE postComment.postId = post.id AND postComment.authorId = ?)
            WHERE id IN (SELECT postId FROM postComment WHERE authorId = ?)
            """, [user, user])
    }

    // MARK: - Comments

    /// A comment with the post it is on.
    struct StoredComment {
        var comment: PostComment
        var authorID: Int64
    }

    /// Adds a comment to `post`, counts it, and returns its id.
    func insertComment(on post: Int64, by author: Int64, text: String, at time: Date) throws -> Int64 {
        let id = try db.insert("INSERT INTO postComment (postId, authorId, text, createdAt) VALUES (?, ?, ?, ?)",
                               [post, author, text, time])
        try db.execute("UPDATE post SET commentCount = commentCount + 1 WHERE id = ?", [post])
        return id
    }

    private static let commentSelect = """
        SELECT postComment.id, postComment.postId, postComment.authorId, postComment.text, postComment.createdAt,
               postComment.editedAt, "user".username, "user".displayName
        FROM postComment JOIN "user" ON "user".id = postComment.authorId
        """

    private static func storedComment(_ row: SQLRow) throws -> StoredComment {
        StoredComment(comment: PostComment(id: try row("id"), postID: try row("postId"), author: try row("username"),
                                           authorName: try row("displayName"), text: try row("text"),
                                           createdAt: try row("createdAt"), editedAt: try row("editedAt")),
                      authorID: try row("authorId"))
    }

    /// Comment `id`; nil for no such comment.
    func comment(_ id: Int64) throws -> StoredComment? {
        try db.fetchOne(Self.commentSelect + " WHERE postComment.id = ?", [id]).map(Self.storedComment)
    }

    /// Sets comment `id`'s text, marking it edited at `time`.
    func editComment(_ id: Int64, text: String, at time: Date) throws {
        try db.execute("UPDATE postComment SET text = ?, editedAt = ? WHERE id = ?", [text, time, id])
    }

    /// Deletes comment `id` of `post` and uncounts it.
    func deleteComment(_ id: Int64, of post: Int64) throws {
        guard try db.execute("DELETE FROM postComment WHERE id = ?", [id]) == 1 else { return }
        try db.execute("UPDATE post SET commentCount = commentCount - 1 WHERE id = ?", [post])
    }

    /// One page of `post`'s comments, oldest first, after id `after`, leaving out those of
    /// authors who block `viewer` (nil: nobody logged in).
    func comments(of post: Int64, viewer: Int64?, after: Int64, limit: Int) throws -> [PostComment] {
        try db.fetchAll(Self.commentSelect + """
             WHERE postComment.postId = ? AND postComment.id > ?
               AND NOT EXISTS (SELECT 1 FROM block WHERE block.blockerId = postComment.authorId AND block.blockedId = ?)
             ORDER BY postComment.id LIMIT ?
            """, [post, after, viewer, limit]).map { try Self.storedComment($0).comment }
    }
}

extension StoreTransaction {
    /// Posts, likes and comments.
    var posts: PostStore { PostStore(db: self) }
}
