import Crypto
import Foundation
import Support

extension Guides {
    /// The longest comment title and text, in characters.
    public static let maximumCommentTitle = 120
    public static let maximumCommentText = 5_000
    /// The longest photo caption, in characters.
    public static let maximumCaption = 200
    /// The most photos a guide may hold.
    public static let maximumPhotos = 5_000

    // MARK: - Votes

    /// Votes for a place, an itinerary or a photo (anyone logged in, once each); returns its
    /// score with the vote.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for no such thing;
    ///   ``ClubError/conflict(field:message:)`` for a second vote for it.
    @discardableResult
    public func vote(_ actor: ActingUser, _ target: VoteTarget) throws -> Int {
        let now = Date()
        return try store.write { db in
            guard let owner = try db.guideVotes.owner(of: target) else {
                throw ClubError.notFound(kind: target.kind, reference: String(target.id))
            }
            guard try db.guideVotes.insert(target, owner: owner, by: actor.userID, at: now) else {
                throw ClubError.conflict(field: "vote", message: "\(actor.username) voted for \(target.kind) \(target.id) already; "
                                         + "take the vote back with unvote")
            }
            return try db.guideVotes.score(target)
        }
    }

    /// Takes back the actor's vote for a place, an itinerary or a photo; returns its score
    /// without it.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for no such thing, or no vote of the
    ///   actor's for it.
    @discardableResult
    public func unvote(_ actor: ActingUser, _ target: VoteTarget) throws -> Int {
        try store.write { db in
            guard try db.guideVotes.owner(of: target) != nil else {
                throw ClubError.notFound(kind: target.kind, reference: String(target.id))
            }
            guard try db.guideVotes.delete(target, by: actor.userID) else {
                throw ClubError.notFound(kind: "vote", reference: "\(actor.username) for \(target.kind) \(target.id)")
            }
            return try db.guideVotes.score(target)
        }
    }

    /// One page of `username`'s votes, by guide, then kind, then id. A private profile's votes
    /// are for its owner and accepted followers only; a user who blocks the viewer shows none.
    public func votes(_ viewer: ActingUser?, of username: String, after cursor: String? = nil,
                      limit: Int = PagingCursor.defaultLimit) throws -> ListPage<GuideVote> {
        try store.read { db in
            let user = try db.users.id(username: username)
            guard try Follows.seesDetails(db, viewer: viewer?.userID, owner: user, isPrivate: db.follows.isPrivate(user)) else {
                throw ClubError.permissionDenied("\(username)'s profile is private: follow them to see their votes")
            }
            return try db.guideVotes.votes(of: user, after: cursor, limit: limit)
        }
    }

    // MARK: - Comments

    /// Comments on a place (anyone logged in).
    @discardableResult
    public func comment(_ actor: ActingUser, on place: Int64, title: String, text: String) throws -> PlaceComment {
        let title = try Validation.text(title, field: "title", maximum: Self.maximumCommentTitle)
        let text = try Validation.text(text, field: "text", maximum: Self.maximumCommentText)
        let now = Date()
        return try store.write { db in
            let found = try Self.findPlace(db, place)
            let id = try db.placeComments.insert(place: found.id, author: actor.userID, title: title, text: text, at: now)
            return PlaceComment(id: id, placeId: found.id, author: actor.username, title: title, text: text, createdAt: now)
        }
    }

    /// One page of a place's comments, newest first (those of users who block the viewer left
    /// out).
    public func comments(_ viewer: ActingUser?, on place: Int64, after cursor: String? = nil,
                         limit: Int = PagingCursor.defaultLimit) throws -> ListPage<PlaceComment> {
        try store.read { db in
            let found = try Self.findPlace(db, place)
            return try db.placeComments.comments(on: found.id, viewer: viewer?.userID, after: cursor, limit: limit)
        }
    }

    /// Deletes a comment: its author, or the owner or an editor of the place's guide.
    public func deleteComment(_ actor: ActingUser, _ id: Int64) throws {
        try store.write { db in
            guard let comment = try db.placeComments.find(id) else { throw ClubError.notFound(kind: "comment", reference: String(id)) }
            if comment.authorId != actor.userID {
                let place = try Self.findPlace(db, comment.placeId)
                guard try Self.edits(db, try Self.find(db, id: place.guideId), actor) else {
                    throw ClubError.permissionDenied("only its author and the guide's owner and editors delete a comment")
                }
            }
            try db.placeComments.delete(comment.id)
        }
    }

    // MARK: - Photos

    /// Adds a photo (PNG or JPEG) of a guide, or of one of its places (anyone logged in).
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a file that is not a whole PNG or
    ///   JPEG, or too large; ``ClubError/duplicate(field:value:)`` for the same photo twice in
    ///   a guide.
    @discardableResult
    public func addPhoto(_ actor: ActingUser, to guide: GuideReference, place: Int64? = nil, _ data: Data,
                         caption: String? = nil) throws -> GuidePhotoInfo {
        let header = try Self.checkPicture(data, field: "photo")
        let caption = try Validation.optionalText(caption, field: "caption", maximum: Self.maximumCaption)
        let digest = Data(SHA256.hash(data: data))
        let now = Date()
        return try store.write { db in
            let found = try Self.find(db, guide)
            if let place {
                guard try db.places.find(place)?.guideId == found.id else {
                    throw ClubError.notFound(kind: "place", reference: "\(place) in \(found.name)")
                }
            }
            if let existing = try db.guidePhotos.id(in: found.id, sha256: digest) {
                throw ClubError.duplicate(field: "photo in '\(found.name)'", value: "photo \(existing)")
            }
            guard try db.guides.card(found.id).map({ $0.photos < Self.maximumPhotos }) ?? false else {
                throw ClubError.invalid(field: "photo", message: "'\(found.name)' has \(Self.maximumPhotos) photos, the most a guide may")
            }
            let id = try db.guidePhotos.insert(guide: found.id, place: place, author: actor.userID, caption: caption,
                                               picture: (data, header), sha256: digest, at: now)
            guard let info = try db.guidePhotos.info(id, viewer: actor.userID) else {
                throw ClubError.notFound(kind: "photo", reference: String(id))
            }
            return info
        }
    }

    /// A guide's photos: of the guide itself, of one of its places, or (`all`) every one.
    public func photos(_ viewer: ActingUser?, in guide: GuideReference, place: Int64? = nil,
                       all: Bool = false) throws -> [GuidePhotoInfo] {
        try store.read { db in
            let found = try Self.find(db, guide)
            return try db.guidePhotos.all(in: found.id, place: place, wholeGuide: all, viewer: viewer?.userID)
        }
    }

    /// A photo's picture (anyone may see it).
    public func photo(_ id: Int64) throws -> Picture {
        try store.read { db in
            guard let picture = try db.guidePhotos.picture(id) else { throw ClubError.notFound(kind: "photo", reference: String(id)) }
            return picture
        }
    }

    /// Deletes a photo with its votes: its author, or the guide's owner and editors.
    public func deletePhoto(_ actor: ActingUser, _ id: Int64) throws {
        try store.write { db in
            guard let photo = try db.guidePhotos.find(id) else { throw ClubError.notFound(kind: "photo", reference: String(id)) }
            if photo.authorId != actor.userID {
                guard try Self.edits(db, try Self.find(db, id: photo.guideId), actor) else {
                    throw ClubError.permissionDenied("only its author and the guide's owner and editors delete a photo")
                }
            }
            try db.guidePhotos.delete(photo.id)
        }
    }
}
