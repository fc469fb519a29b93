import Foundation
import Support

/// The `guideVote` table: one vote a user for a place, an itinerary or a photo, carrying its
/// guide (and place) so that scores are counted through one index each. ``Guides`` decides
/// who may vote; this only reads and writes.
struct GuideVoteStore {
    let db: StoreTransaction

    /// Where a vote's target belongs: its guide and, for a place or a place's photo, the place.
    struct Owner {
        var guideId: Int64
        var placeId: Int64?
    }

    /// The guide (and place) `target` belongs to; nil when there is no such thing.
    func owner(of target: VoteTarget) throws -> Owner? {
        let row: SQLRow?
        switch target {
        case .place(let id): row = try db.fetchOne("SELECT guideId, id AS placeId FROM place WHERE id = ?", [id])
        case .itinerary(let id):
            row = try db.fetchOne("SELECT guideId, CAST(NULL AS BIGINT) AS placeId FROM itinerary WHERE id = ?", [id])
        case .photo(let id): row = try db.fetchOne("SELECT guideId, placeId FROM guidePhoto WHERE id = ?", [id])
        }
        return try row.map { Owner(guideId: try $0("guideId"), placeId: try $0("placeId")) }
    }

    /// Records `user`'s vote for `target`; false when they had voted for it already (a vote
    /// made meanwhile by another request included).
    func insert(_ target: VoteTarget, owner: Owner, by user: Int64, at time: Date) throws -> Bool {
        var itinerary: Int64?, photo: Int64?
        switch target {
        case .place: break
        case .itinerary(let id): itinerary = id
        case .photo(let id): photo = id
        }
        return try db.execute("""
            INSERT INTO guideVote (kind, targetId, userId, guideId, placeId, itineraryId, photoId, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (kind, targetId, userId) DO NOTHING
            """, [target.kind, target.id, user, owner.guideId, owner.placeId, itinerary, photo, time]) > 0
    }

    /// Takes `user`'s vote for `target` back; whether there was one.
    func delete(_ target: VoteTarget, by user: Int64) throws -> Bool {
        try db.execute("DELETE FROM guideVote WHERE kind = ? AND targetId = ? AND userId = ?", [target.kind, target.id, user]) > 0
    }

    /// `target`'s score: a place's own votes and its photos', an itinerary's or a photo's own.
    func score(_ target: VoteTarget) throws -> Int {
        switch target {
        case .place(let id): try db.value(Int.self, "SELECT count(*) FROM guideVote WHERE placeId = ?", [id]) ?? 0
        case .itinerary, .photo:
            try db.value(Int.self, "SELECT count(*) FROM guideVote WHERE kind = ? AND targetId = ?", [target.kind, target.id]) ?? 0
        }
    }

    /// The order of a user's votes: by guide, then kind, then the thing's id.
    static let order = Keyset(list: "vote listing", [
        .text("guide.nameKey"), .text("guideVote.kind"), .integer("guideVote.targetId"),
    ])

    /// One page of `user`'s votes, by guide, then kind (itinerary, photo, place), then id.
    func votes(of user: Int64, after cursor: String?, limit: Int) throws -> ListPage<GuideVote> {
        let (after, arguments) = try Self.order.after(cursor, db.dialect)
        return try Self.order.page(limit: limit, fetch: { rows in
            try db.fetchAll("""
                SELECT guideVote.kind, guideVote.targetId, guideVote.guideId, guideVote.createdAt, guide.name AS guide,
                       CASE guideVote.kind
                           WHEN 'place' THEN (SELECT place.name FROM place WHERE place.id = guideVote.targetId)
                           WHEN 'itinerary' THEN (SELECT itinerary.name FROM itinerary WHERE itinerary.id = guideVote.targetId)
                           ELSE (SELECT guidePhoto.caption FROM guidePhoto WHERE guidePhoto.id = guideVote.targetId)
                       END AS name, \(Self.order.selection)
                FROM guideVote JOIN guide ON guide.id = guideVote.guideId
                WHERE guideVote.userId = ? AND \(after) ORDER BY \(Self.order.orderBy(db.dialect)) LIMIT ?
                """, [user] + arguments + [rows])
        }, items: { rows in
            try rows.map { row in
                GuideVote(kind: try row("kind"), id: try row("targetId"), name: try row("name"), guideId: try row("guideId"),
                          guide: try row("guide"), votedAt: try row("createdAt"))
            }
        })
    }
}

/// The `placeComment` table.
struct PlaceCommentStore {
    let db: StoreTransaction

    /// A comment as the rules read it.
    struct Found {
        var id: Int64
        var placeId: Int64
        var authorId: Int64
    }

    func find(_ id: Int64) throws -> Found? {
        try db.fetchOne("SELECT id, placeId, authorId FROM placeComment WHERE id = ?", [id]).map {
            Found(id: try $0("id"), placeId: try $0("placeId"), authorId: try $0("authorId"))
        }
    }

    func insert(place: Int64, author: Int64, title: String, text: String, at time: Date) throws -> Int64 {
        try db.insert("INSERT INTO placeComment (placeId, authorId, title, text, createdAt) VALUES (?, ?, ?, ?, ?)",
                      [place, author, title, text, time])
    }

    func delete(_ id: Int64) throws {
        try db.execute("DELETE FROM placeComment WHERE id = ?", [id])
    }

    /// Newest first.
    static let order = Keyset(list: "comment listing", [.integer("placeComment.id", .descending)])

    /// One page of `place`'s comments, newest first, leaving out those of authors who block
    /// `viewer`.
    func comments(on place: Int64, viewer: Int64?, after cursor: String?, limit: Int) throws -> ListPage<PlaceComment> {
        let (after, arguments) = try Self.order.after(cursor, db.dialect)
        return try Self.order.page(limit: limit, fetch: { rows in
            try db.fetchAll("""
                SELECT placeComment.id, placeComment.placeId, placeComment.title, placeComment.text, placeComment.createdAt,
                       "user".username, \(Self.order.selection)
                FROM placeComment JOIN "user" ON "user".id = placeComment.authorId
                WHERE placeComment.placeId = ?
                  AND NOT EXISTS (SELECT 1 FROM block WHERE block.blockerId = placeComment.authorId AND block.blockedId = ?)
                  AND \(after)
                ORDER BY \(Self.order.orderBy(db.dialect)) LIMIT ?
                """, [place, viewer] + arguments + [rows])
        }, items: { rows in
            try rows.map { row in
                PlaceComment(id: try row("id"), placeId: try row("placeId"), author: try row("username"), title: try row("title"),
                             text: try row("text"), createdAt: try row("createdAt"))
            }
        })
    }
}

extension StoreTransaction {
    /// Votes for places, itineraries and photos of guides.
    var guideVotes: GuideVoteStore { GuideVoteStore(db: self) }
    /// Comments on places.
    var placeComments: PlaceCommentStore { PlaceCommentStore(db: self) }
}
