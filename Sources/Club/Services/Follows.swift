import Foundation
import Support

/// Following, follow requests and blocking.
///
/// A user follows another at once when the other's profile is public; when it is private,
/// following is a request that the other accepts or declines (and a follower can later be
/// removed). Blocking is one list shared with ``Messaging``: a blocked user can no longer
/// follow, message, invite or see the blocker's posts, and blocking removes the follows
/// between the two, both ways. Who may see what of a profile is decided here too
/// (``seesDetails(_:viewer:owner:isPrivate:)``), once for every service that shows one.
///
/// ```swift
/// let follows = Follows(store: store)
/// try follows.follow(alice, "bob")            // .requested when bob's profile is private
/// try follows.accept(bob, "alice")
/// let page = try follows.followers(of: "bob", viewer: bob, after: nil)
/// ```
public struct Follows: Sendable {
    /// The most users one user may follow or ask to follow at once, so that no list (and no
    /// feed, which reads it) grows without bound.
    public static let maximumFollowing = 5_000

    let store: ClubStore

    public init(store: ClubStore) {
        self.store = store
    }

    /// Follows `username`, or asks to when their profile is private; returns the new state
    /// (nothing changes when the actor already follows or has asked).
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for an unknown user;
    ///   ``ClubError/invalid(field:message:)`` for oneself, a user the actor blocks, or more
    ///   than ``maximumFollowing``; ``ClubError/permissionDenied(_:)`` when `username` blocks
    ///   the actor.
    @discardableResult
    public func follow(_ actor: ActingUser, _ username: String) throws -> FollowState {
        let now = Date()
        return try store.write { db in
            let other = try db.users.id(username: username)
            guard other != actor.userID else { throw ClubError.invalid(field: "user", message: "you cannot follow yourself") }
            let standing = try db.follows.standing(of: actor.userID, towards: other)
            if standing.blockedByOther {
                throw ClubError.permissionDenied("\(username) does not accept follows from \(actor.username)")
            }
            if standing.blocksOther {
                throw ClubError.invalid(field: "user", message: "you block \(username); unblock them first")
            }
            guard standing.state == .none else { return standing.state }
            guard try db.follows.followingCount(of: actor.userID) < Self.maximumFollowing else {
                throw ClubError.invalid(field: "user", message: "you follow \(Self.maximumFollowing) users, the most one may; "
                    + "unfollow some first")
            }
            let accepted = try !db.follows.isPrivate(other)
            try db.follows.insert(follower: actor.userID, followed: other, accepted: accepted, at: now)
            return accepted ? .following : .requested
        }
    }

    /// Follows each of `usernames` (a squad, a club's riders), or asks to where a profile is
    /// private, in one transaction: all or none, with the checks of ``follow(_:_:)`` made for
    /// each and the first refusal named. Users already followed (or asked) stay as they are.
    /// Returns how many follows and requests were added.
    ///
    /// - Throws: as ``follow(_:_:)``; ``ClubError/invalid(field:message:)`` when the actor
    ///   would follow more than ``maximumFollowing``.
    @discardableResult
    public func followAll(_ actor: ActingUser, _ usernames: [String]) throws -> Int {
        guard usernames.count <= Self.maximumFollowing else {
            throw ClubError.invalid(field: "users", message: "at most \(Self.maximumFollowing) at once")
        }
        let now = Date()
        return try store.write { db in
            let ids = try db.users.ids(usernames: usernames)
            let blockers = try db.messages.blockers(of: actor.userID, among: Array(Set(ids.values)))
            let (privateOnes, blocked) = try db.follows.privateAndBlocked(among: Array(Set(ids.values)), by: actor.userID)
            var rows: [(id: Int64, accepted: Bool)] = []
            var seen: Set<Int64> = []
            for username in usernames {
                guard let id = ids[username.lowercased()] else { throw ClubError.notFound(kind: "user", reference: username) }
                guard id != actor.userID else { throw ClubError.invalid(field: "user", message: "you cannot follow yourself") }
                if blockers.contains(id) {
                    throw ClubError.permissionDenied("\(username) does not accept follows from \(actor.username)")
                }
                if blocked.contains(id) {
                    throw ClubError.invalid(field: "user", message: "you block \(username); unblock them first")
                }
                if seen.insert(id).inserted { rows.append((id, !privateOnes.contains(id))) }
            }
            let added = try db.follows.insertMany(follower: actor.userID, followed: rows, at: now)
            guard try db.follows.followingCount(of: actor.userID) <= Self.maximumFollowing else {
                throw ClubError.invalid(field: "user", message: "you would follow more than \(Self.maximumFollowing) users, "
                    + "the most one may; unfollow some first")
            }
            return added
        }
    }

    /// Stops following `username`, or withdraws a pending request to.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for an unknown user or one the actor
    ///   neither follows nor has asked to follow.
    public func unfollow(_ actor: ActingUser, _ username: String) throws {
        try store.write { db in
            let other = try db.users.id(username: username)
            guard try db.follows.delete(follower: actor.userID, followed: other) else {
                throw ClubError.notFound(kind: "follow", reference: "\(actor.username) → \(username)")
            }
        }
    }

    /// Withdraws a pending request to follow `username` (a follow already accepted stays).
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` when there is no such request.
    public func cancelRequest(_ actor: ActingUser, _ username: String) throws {
        try store.write { db in
            let other = try db.users.id(username: username)
            guard try db.follows.delete(follower: actor.userID, followed: other, accepted: false) else {
                throw ClubError.notFound(kind: "follow request", reference: "\(actor.username) → \(username)")
            }
        }
    }

    /// Accepts `username`'s pending request to follow the actor.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` when there is no such request.
    public func accept(_ actor: ActingUser, _ username: String) throws {
        try store.write { db in
            let other = try db.users.id(username: username)
            guard try db.follows.accept(follower: other, followed: actor.userID) else {
                throw ClubError.notFound(kind: "follow request", reference: "\(username) → \(actor.username)")
            }
        }
    }

    /// Declines `username`'s pending request to follow the actor (they may ask again).
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` when there is no such request.
    public func decline(_ actor: ActingUser, _ username: String) throws {
        try store.write { db in
            let other = try db.users.id(username: username)
            guard try db.follows.delete(follower: other, followed: actor.userID, accepted: false) else {
                throw ClubError.notFound(kind: "follow request", reference: "\(username) → \(actor.username)")
            }
        }
    }

    /// Removes `username` from the actor's followers (they may ask again; block them to stop that).
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` when they do not follow the actor.
    public func removeFollower(_ actor: ActingUser, _ username: String) throws {
        try store.write { db in
            let other = try db.users.id(username: username)
            guard try db.follows.delete(follower: other, followed: actor.userID, accepted: true) else {
                throw ClubError.notFound(kind: "follower", reference: username)
            }
        }
    }

    /// Which pending requests a listing shows.
    public enum RequestDirection: String, Sendable, CaseIterable {
        /// Requests to follow the actor, waiting for their answer.
        case incoming
        /// The actor's own requests, waiting for the others'.
        case outgoing
    }

    /// One page of the actor's pending follow requests, by username.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for an `after` that no follow listing gave.
    public func requests(_ actor: ActingUser, _ direction: RequestDirection = .incoming, after cursor: String? = nil,
                         limit: Int = PagingCursor.defaultLimit) throws -> ListPage<FollowEntry> {
        try store.read { db in
            try db.follows.list(direction == .incoming ? .followers : .followed, of: actor.userID, accepted: false,
                                after: cursor, limit: limit)
        }
    }

    /// One page of the users who follow `username`, by username, as `viewer` may see it.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for an unknown user;
    ///   ``ClubError/permissionDenied(_:)`` when the viewer may not see their details
    ///   (``seesDetails(_:viewer:owner:isPrivate:)``).
    public func followers(of username: String, viewer: ActingUser?, after cursor: String? = nil,
                          limit: Int = PagingCursor.defaultLimit) throws -> ListPage<FollowEntry> {
        try list(.followers, of: username, viewer: viewer, after: cursor, limit: limit)
    }

    /// One page of the users `username` follows, by username, as `viewer` may see it (see
    /// ``followers(of:viewer:after:limit:)``).
    public func following(of username: String, viewer: ActingUser?, after cursor: String? = nil,
                          limit: Int = PagingCursor.defaultLimit) throws -> ListPage<FollowEntry> {
        try list(.followed, of: username, viewer: viewer, after: cursor, limit: limit)
    }

    /// How many of the people one follows (the latest followed) suggestions look through.
    public static let suggestionSample = 500
    /// How many of the club's latest public posts decide who publishes most.
    public static let suggestionWindow = 10_000

    /// Whom the actor might follow: first the people followed by those they follow (of the
    /// ``suggestionSample`` they followed last), by how many of them follow each; then the
    /// authors of the most public posts among the club's latest ``suggestionWindow``. Never
    /// the actor, anyone they follow or asked to follow, anyone who blocks them or whom they
    /// block. At most `limit` (1 to 100).
    public func suggestions(_ actor: ActingUser, limit: Int = PagingCursor.defaultLimit) throws -> [FollowSuggestion] {
        let limit = max(1, min(limit, PagingCursor.maximumLimit))
        return try store.read { db in
            var found = try db.follows.followedByFollowed(of: actor.userID, sample: Self.suggestionSample, limit: limit)
            guard found.count < limit else { return found }
            var index = Dictionary(found.enumerated().map { ($0.element.username, $0.offset) }, uniquingKeysWith: { first, _ in first })
            for publisher in try db.follows.activePublishers(for: actor.userID, window: Self.suggestionWindow, limit: limit) {
                if let known = index[publisher.username] {
                    found[known].recentPosts = publisher.recentPosts
                } else if found.count < limit {
                    index[publisher.username] = found.count
                    found.append(publisher)
                }
            }
            return found
        }
    }

    private func list(_ side: FollowStore.Side, of username: String, viewer: ActingUser?, after cursor: String?,
                      limit: Int) throws -> ListPage<FollowEntry> {
        try store.read { db in
            let owner = try db.users.id(username: username)
            guard try Self.seesDetails(db, viewer: viewer?.userID, owner: owner, isPrivate: db.follows.isPrivate(owner)) else {
                throw ClubError.permissionDenied("\(username)'s profile is private: only their followers see whom they follow "
                    + "and who follows them")
            }
            return try db.follows.list(side, of: owner, accepted: true, after: cursor, limit: limit)
        }
    }

    // MARK: - Blocking

    /// Blocks `username`: they can no longer follow, message or invite the actor, nor see
    /// their posts; the follows between the two go, both ways. Nothing changes when the
    /// actor already blocks them.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for an unknown user;
    ///   ``ClubError/invalid(field:message:)`` for oneself.
    public func block(_ actor: ActingUser, _ username: String) throws {
        try store.write { db in
            let other = try db.users.id(username: username)
            guard other != actor.userID else { throw ClubError.invalid(field: "user", message: "you cannot block yourself") }
            try db.messages.block(other, by: actor.userID)
            try db.follows.deleteBoth(actor.userID, other)
            try Events.blocked(db, other, by: actor.userID)
        }
    }

    /// Unblocks `username` (the follows blocking removed do not come back).
    public func unblock(_ actor: ActingUser, _ username: String) throws {
        try store.write { db in
            let other = try db.users.id(username: username)
            try db.messages.unblock(other, by: actor.userID)
        }
    }

    // MARK: - Rules

    /// Whether `viewer` (nil: nobody logged in) sees the details of `owner`'s profile and
    /// what they share with their followers: always their own; never when `owner` blocks
    /// them; for a private profile only as an accepted follower; else anyone.
    static func seesDetails(_ db: StoreTransaction, viewer: Int64?, owner: Int64, isPrivate: Bool) throws -> Bool {
        guard let viewer else { return !isPrivate }
        if viewer == owner { return true }
        return seesDetails(isPrivate: isPrivate, try db.follows.standing(of: viewer, towards: owner))
    }

    /// ``seesDetails(_:viewer:owner:isPrivate:)`` for another user, once their standing is read.
    private static func seesDetails(isPrivate: Bool, _ standing: FollowStore.Standing) -> Bool {
        !standing.blockedByOther && (!isPrivate || standing.state == .following)
    }

    /// `username`'s profile as `viewer` sees it (``UserProfile`` says what that is).
    static func profile(_ db: StoreTransaction, username: String, viewer: ActingUser?) throws -> UserProfile {
        guard let stored = try db.follows.profile(username: username) else {
            throw ClubError.notFound(kind: "user", reference: username)
        }
        var profile = stored.profile
        let owner = profile.id
        let sees: Bool
        if let viewer, viewer.userID != owner {
            // One read of the standing gives both the relation and what it allows.
            let standing = try db.follows.standing(of: viewer.userID, towards: owner)
            profile.relation = standing.state
            sees = seesDetails(isPrivate: stored.isPrivate, standing)
        } else {
            sees = viewer != nil || !stored.isPrivate
        }
        if sees {
            let counts = try db.follows.counts(of: owner)
            profile.followers = counts.followers
            profile.following = counts.following
        } else {
            profile.city = nil
            profile.bio = nil
            profile.sport = nil
        }
        return profile
    }
}
