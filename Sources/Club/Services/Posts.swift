import Foundation
import Routes
import Support

/// Posts, likes, comments and the feed.
///
/// A post is a note (text, an optional image), a route (one of its author's stored routes),
/// a board (one of its author's stored boards) or an event (one its author organises, which
/// the post's audience may then see), for an audience: everyone, the author's
/// followers, one group's members, or the author alone. Who may see a post is decided here
/// (``sees(_:viewer:post:)``), once for showing it, liking it, commenting and the feed: its
/// author always; never a user the author blocks; otherwise everyone for a public post, the
/// author's accepted followers for a followers' post, the group's current members for a
/// group's post. Anything else is "not found", whether or not it exists.
///
/// The feed is read on request (fan-out on read): the newest posts of the reader, the users
/// they follow and their groups, keyset-paged by post id (see the README for why and the
/// figures).
public struct Posts: Sendable {
    /// The longest post text, in characters.
    public static let maximumText = 5_000
    /// The longest comment, in characters.
    public static let maximumComment = 2_000

    let store: ClubStore

    public init(store: ClubStore) {
        self.store = store
    }

    /// Publishes a post and returns it as its author sees it.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for text that is empty (a note) or too
    ///   long, an image that is not a whole PNG or JPEG, an image on a route or board, a route or
    ///   board missing from its kind, or a group the author is not a member of;
    ///   ``ClubError/notFound(kind:reference:)`` for a route, board or group that does not exist
    ///   (or is not the author's).
    @discardableResult
    public func publish(_ actor: ActingUser, _ draft: PostDraft) throws -> Post {
        let checked = try Self.check(draft)
        let now = Date()
        return try store.write { db in
            var groups: [String: Int64] = [:]
            let id = try Self.insert(db, actor, draft, checked, at: now, groups: &groups)
            return try Self.visible(db, id, viewer: actor)
        }
    }

    /// The most posts ``publishAll(_:_:)`` takes at once.
    public static let maximumBatch = 1_000

    /// Publishes several posts in one transaction, all or none, in the order given (for an
    /// import from another app): each checked as ``publish(_:_:)`` checks it, the first
    /// refusal named. Returns their ids.
    @discardableResult
    public func publishAll(_ actor: ActingUser, _ drafts: [PostDraft]) throws -> [Int64] {
        guard drafts.count <= Self.maximumBatch else {
            throw ClubError.invalid(field: "posts", message: "at most \(Self.maximumBatch) at once")
        }
        let checked = try drafts.map(Self.check)
        let now = Date()
        return try store.write { db in
            var groups: [String: Int64] = [:]
            return try zip(drafts, checked).map { draft, checked in
                try Self.insert(db, actor, draft, checked, at: now, groups: &groups)
            }
        }
    }

    /// What of a draft can be checked without the database: its text, trimmed (nil for none),
    /// and its image with what its header says.
    private static func check(_ draft: PostDraft) throws -> (text: String?, image: (data: Data, header: ImageHeader)?) {
        let text = try draft.text.flatMap(Self.text)
        if draft.kind == .note, text == nil { throw ClubError.invalid(field: "text", message: "a note needs some text") }
        if draft.image != nil, draft.kind != .note {
            throw ClubError.invalid(field: "image", message: "only a note carries an image; a route, board or event shows its own")
        }
        return (text, try draft.image.map { ($0, try Validation.image($0, field: "image")) })
    }

    /// Inserts a checked draft and returns its id; `groups` remembers the groups the audience
    /// named, by name, once each checked.
    private static func insert(_ db: StoreTransaction, _ actor: ActingUser, _ draft: PostDraft,
                               _ checked: (text: String?, image: (data: Data, header: ImageHeader)?), at time: Date,
                               groups: inout [String: Int64]) throws -> Int64 {
        var groupID: Int64?
        if case .group(let name) = draft.audience {
            if let known = groups[name] {
                groupID = known
            } else {
                let found = try Groups.find(db, .name(name))
                guard try db.groups.role(of: actor.userID, in: found.id)?.isMember == true else {
                    throw ClubError.invalid(field: "audience", message: "you are not a member of '\(found.info.name)'")
                }
                groups[name] = found.id
                groupID = found.id
            }
        }
        let routeID = try attached(draft.routeID, kind: .route, draft.kind) { id in
            try db.routes.summary(id: id, owner: actor.userID) != nil
        }
        let boardID = try attached(draft.boardID, kind: .board, draft.kind) { id in
            try db.boards.summary(id: id, owner: actor.userID) != nil
        }
        let eventID = try attached(draft.eventID, kind: .event, draft.kind) { id in
            try db.events.find(id)?.organiserID == actor.userID
        }
        let id = try db.posts.insert(PostStore.New(authorID: actor.userID, kind: draft.kind, audience: draft.audience.kind,
                                                   groupID: groupID, text: checked.text, routeID: routeID, boardID: boardID,
                                                   eventID: eventID, createdAt: time))
        if let image = checked.image { try db.pictures.set(image, in: .postImage, of: id) }
        return id
    }

    /// A post as `viewer` (nil: nobody logged in) may see it.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for a post that does not exist or that
    ///   the viewer may not see.
    public func show(_ viewer: ActingUser?, _ id: Int64) throws -> Post {
        try store.read { db in try Self.visible(db, id, viewer: viewer) }
    }

    /// A note's image, for whoever may see the post.
    public func image(_ viewer: ActingUser?, _ id: Int64) throws -> Picture {
        guard case .image(let picture) = try picture(viewer, id) else {
            throw ClubError.notFound(kind: "image of post", reference: String(id))
        }
        return picture
    }

    /// What a post shows as its picture, for whoever may see the post: a note's image, the
    /// route a route post's thumbnail is drawn from, or the log a board post's image is drawn
    /// from (the front ends draw them).
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for a post the viewer may not see, a
    ///   note without an image or an event post.
    public func picture(_ viewer: ActingUser?, _ id: Int64) throws -> PostPicture {
        let found = try store.read { db -> (Post, PostPicture?, Data?) in
            let post = try Self.visible(db, id, viewer: viewer)
            switch post.kind {
            case .note:
                return (post, try db.pictures.picture(in: .postImage, of: id).map(PostPicture.image), nil)
            case .route:
                return (post, nil, try post.route.flatMap { try db.routes.document(id: $0.id) })
            case .board:
                return (post, try post.board.flatMap { try db.boards.log(id: $0.id) }.map { .board(log: $0) }, nil)
            case .event:
                return (post, nil, nil)
            }
        }
        if let picture = found.1 { return picture }
        guard let document = found.2 else { throw ClubError.notFound(kind: "image of post", reference: String(id)) }
        do {
            return .route(try JSONDecoder().decode(RouteDocument.self, from: document))
        } catch {
            throw ClubError.invalid(field: "document", message: "the route of post \(id) is stored damaged: \(error.localizedDescription)")
        }
    }

    /// Sets (or, with nil, removes) a note's image: its author only.
    public func setImage(_ actor: ActingUser, _ id: Int64, _ data: Data?) throws {
        let image = try data.map { ($0, try Validation.image($0, field: "image")) }
        try store.write { db in
            let stored = try Self.stored(db, id, viewer: actor)
            guard stored.authorID == actor.userID else {
                throw ClubError.permissionDenied("only its author may change post \(id)'s image")
            }
            guard stored.post.kind == .note else {
                throw ClubError.invalid(field: "image", message: "only a note carries an image; a route or board shows its own")
            }
            try db.pictures.set(image, in: .postImage, of: id)
        }
    }

    /// Deletes a post: its author, or for a group's post the group's owner and admins.
    public func delete(_ actor: ActingUser, _ id: Int64) throws {
        try store.write { db in
            let stored = try Self.stored(db, id, viewer: actor)
            guard try stored.authorID == actor.userID || Self.administersGroup(db, stored, actor) else {
                throw ClubError.permissionDenied("only its author (or its group's owner and admins) may delete post \(id)")
            }
            try db.posts.delete(id)
        }
    }

    /// Likes a post the actor may see (once: liking again changes nothing) and returns its
    /// number of likes. One statement on PostgreSQL, whose commit does not wait for the disk (a
    /// like lost in a crash is harmless), so that a like stays under a millisecond there too;
    /// who may see the post is ``sees(_:viewer:post:)``'s rule, in ``PostStore/visible``.
    @discardableResult
    public func like(_ actor: ActingUser, _ id: Int64) throws -> Int {
        let now = Date()
        guard let count = try store.writeOneStatement({ db in try db.posts.like(id, by: actor.userID, at: now) }) else {
            throw ClubError.notFound(kind: "post", reference: String(id))
        }
        return count
    }

    /// Takes back a like (nothing when there was none) and returns the post's number of likes.
    @discardableResult
    public func unlike(_ actor: ActingUser, _ id: Int64) throws -> Int {
        guard let count = try store.writeOneStatement({ db in try db.posts.unlike(id, by: actor.userID) }) else {
            throw ClubError.notFound(kind: "post", reference: String(id))
        }
        return count
    }

    /// Comments on a post the actor may see.
    @discardableResult
    public func comment(_ actor: ActingUser, on id: Int64, text: String) throws -> PostComment {
        let text = try Validation.text(text, field: "comment", maximum: Self.maximumComment)
        let now = Date()
        return try store.write { db in
            _ = try Self.stored(db, id, viewer: actor)
            let commentID = try db.posts.insertComment(on: id, by: actor.userID, text: text, at: now)
            guard let stored = try db.posts.comment(commentID) else {
                throw ClubError.notFound(kind: "comment", reference: String(commentID))
            }
            return stored.comment
        }
    }

    /// Changes the text of one of the actor's comments.
    public func editComment(_ actor: ActingUser, _ commentID: Int64, text: String) throws -> PostComment {
        let text = try Validation.text(text, field: "comment", maximum: Self.maximumComment)
        let now = Date()
        return try store.write { db in
            let found = try Self.comment(db, commentID, viewer: actor)
            guard found.authorID == actor.userID else {
                throw ClubError.permissionDenied("only its author may edit comment \(commentID)")
            }
            try db.posts.editComment(commentID, text: text, at: now)
            var comment = found.comment
            comment.text = text
            comment.editedAt = now
            return comment
        }
    }

    /// Deletes a comment: its author, the post's author, or for a group's post the group's
    /// owner and admins.
    public func deleteComment(_ actor: ActingUser, _ commentID: Int64) throws {
        try store.write { db in
            let found = try Self.comment(db, commentID, viewer: actor)
            let post = try Self.stored(db, found.comment.postID, viewer: actor)
            guard try found.authorID == actor.userID || post.authorID == actor.userID || Self.administersGroup(db, post, actor) else {
                throw ClubError.permissionDenied("only its author, the post's author or the group's admins may delete comment "
                    + "\(commentID)")
            }
            try db.posts.deleteComment(commentID, of: post.post.id)
        }
    }

    /// One page of a post's comments, oldest first, after the previous page's ``ListPage/next``.
    public func comments(_ viewer: ActingUser?, on id: Int64, after cursor: String? = nil,
                         limit: Int = PagingCursor.defaultLimit) throws -> ListPage<PostComment> {
        let after = try Self.position(cursor)
        let limit = Self.clamp(limit)
        return try store.read { db in
            _ = try Self.stored(db, id, viewer: viewer)
            let rows = try db.posts.comments(of: id, viewer: viewer?.userID, after: after ?? 0, limit: limit + 1)
            let items = Array(rows.prefix(limit))
            return ListPage(items: items, next: rows.count > limit ? items.last.map { PagingCursor.encode($0.id) } : nil)
        }
    }

    /// One page of the actor's feed, newest first: their own posts, those of the users they
    /// follow (public or for followers) and those of their groups, after the previous page's
    /// ``ListPage/next``.
    public func feed(_ actor: ActingUser, after cursor: String? = nil, limit: Int = PagingCursor.defaultLimit) throws -> ListPage<Post> {
        let before = try Self.position(cursor) ?? Int64.max
        let limit = Self.clamp(limit)
        return try store.read { db in
            try Self.page(db, try db.posts.feed(of: actor.userID, before: before, limit: limit + 1), viewer: actor, limit: limit)
        }
    }

    /// One page of a group's posts, newest first, for its members.
    public func groupPosts(_ viewer: ActingUser?, _ group: GroupReference, after cursor: String? = nil,
                           limit: Int = PagingCursor.defaultLimit) throws -> ListPage<Post> {
        let before = try Self.position(cursor) ?? Int64.max
        let limit = Self.clamp(limit)
        return try store.read { db in
            let found = try Groups.find(db, group)
            try Groups.checkMember(db, found, viewer)
            guard let viewer else { return ListPage(items: [], next: nil) }
            let rows = try db.posts.groupPosts(found.id, viewer: viewer.userID, before: before, limit: limit + 1)
            return try Self.page(db, rows, viewer: viewer, limit: limit)
        }
    }

    // MARK: - Rules

    /// Whether `viewer` may see `post` (see ``Posts``).
    static func sees(_ db: StoreTransaction, viewer: ActingUser?, post: PostStore.Stored) throws -> Bool {
        guard let viewer else { return post.audience == "public" }
        if viewer.userID == post.authorID { return true }
        let standing = try db.follows.standing(of: viewer.userID, towards: post.authorID)
        if standing.blockedByOther { return false }
        switch post.audience {
        case "public":
            return true
        case "followers":
            return standing.state == .following
        case "group":
            guard let group = post.groupID else { return false }
            return try db.groups.role(of: viewer.userID, in: group)?.isMember == true
        default:
            return false
        }
    }

    /// Post `id` when `viewer` may see it.
    static func stored(_ db: StoreTransaction, _ id: Int64, viewer: ActingUser?) throws -> PostStore.Stored {
        guard let stored = try db.posts.find(id), try sees(db, viewer: viewer, post: stored) else {
            throw ClubError.notFound(kind: "post", reference: String(id))
        }
        return stored
    }

    /// Post `id` as `viewer` sees it, with its route or board and whether they like it.
    static func visible(_ db: StoreTransaction, _ id: Int64, viewer: ActingUser?) throws -> Post {
        try hydrate(db, [try stored(db, id, viewer: viewer)], viewer: viewer)[0]
    }

    /// A page of posts, `rows` holding one more than `limit` when another page follows.
    private static func page(_ db: StoreTransaction, _ rows: [PostStore.Stored], viewer: ActingUser,
                             limit: Int) throws -> ListPage<Post> {
        let items = try hydrate(db, Array(rows.prefix(limit)), viewer: viewer)
        return ListPage(items: items, next: rows.count > limit ? items.last.map { PagingCursor.encode($0.id) } : nil)
    }

    /// The posts of `stored` with their routes and boards and the viewer's likes.
    static func hydrate(_ db: StoreTransaction, _ stored: [PostStore.Stored], viewer: ActingUser?) throws -> [Post] {
        let liked = try viewer.map { try db.posts.liked(by: $0.userID, among: stored.map(\.post.id)) }
        return try stored.map { item in
            var post = item.post
            if let route = item.routeID { post.route = try db.routes.summary(id: route, owner: item.authorID) }
            if let board = item.boardID { post.board = try db.boards.shared(id: board) }
            if let event = item.eventID, let stored = try db.events.find(event) {
                post.event = try Events.event(db, stored, viewer: viewer, lists: false)
            }
            post.liked = liked.map { $0.contains(post.id) }
            return post
        }
    }

    private static func administersGroup(_ db: StoreTransaction, _ post: PostStore.Stored, _ actor: ActingUser) throws -> Bool {
        guard let group = post.groupID else { return false }
        return try db.groups.role(of: actor.userID, in: group)?.administers == true
    }

    /// Comment `id` when `viewer` may see its post.
    private static func comment(_ db: StoreTransaction, _ id: Int64, viewer: ActingUser) throws -> PostStore.StoredComment {
        guard let found = try db.posts.comment(id), (try? stored(db, found.comment.postID, viewer: viewer)) != nil else {
            throw ClubError.notFound(kind: "comment", reference: String(id))
        }
        return found
    }

    /// A route, board or event a post of `kind` attaches: required for that kind, refused for
    /// others, and one of the author's (`owned`).
    private static func attached(_ id: Int64?, kind: PostKind, _ postKind: PostKind, owned: (Int64) throws -> Bool) throws -> Int64? {
        let named = kind == .event ? "an event" : "a \(kind.rawValue)"
        guard postKind == kind else {
            if id != nil { throw ClubError.invalid(field: kind.rawValue, message: "only \(named) post names \(named)") }
            return nil
        }
        guard let id else { throw ClubError.invalid(field: kind.rawValue, message: "\(named) post names one of your \(kind.rawValue)s") }
        guard try owned(id) else { throw ClubError.notFound(kind: kind.rawValue, reference: String(id)) }
        return id
    }

    private static func text(_ text: String) throws -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : try Validation.text(trimmed, field: "text", maximum: maximumText)
    }

    /// The post or comment id a cursor carries.
    private static func position(_ cursor: String?) throws -> Int64? {
        guard let cursor else { return nil }
        guard let id = PagingCursor.decode(cursor) else {
            throw ClubError.invalid(field: "after", message: "'\(cursor.prefix(PagingCursor.maximumLength))' is not a cursor from a post listing")
        }
        return id
    }

    private static func clamp(_ limit: Int) -> Int { max(1, min(limit, PagingCursor.maximumLimit)) }
}
