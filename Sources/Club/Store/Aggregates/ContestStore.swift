import Foundation

/// Treasure hunts and challenge results (schema v15, ``ContestSchema``). ``TreasureHunts``
/// and ``Challenges`` decide who may do what; this only reads and writes.
struct ContestStore {
    let db: StoreTransaction

    // MARK: - Treasure hunts

    /// A hunt as the service acts on it.
    struct Hunt {
        var id: Int64
        var state: TreasureHuntRecord.State
        var start: TreasureHuntRecord.Position
        var target: TreasureHuntRecord.Position
        var startedAt: Date
        var expiresAt: Date
        var foundAt: Date?
    }

    func insertHunt(collection: Int64, user: Int64, start: TreasureHuntRecord.Position, target: TreasureHuntRecord.Position,
                    startedAt: Date, expiresAt: Date) throws -> Int64 {
        try db.insert("""
            INSERT INTO treasureHunt (collectionId, userId, startLatitude, startLongitude, targetLatitude, targetLongitude,
                                      startedAt, expiresAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [collection, user, start.latitude, start.longitude, target.latitude, target.longitude, startedAt, expiresAt])
    }

    /// Collector `user`'s newest hunt in `collection`, if any.
    func latestHunt(collection: Int64, user: Int64) throws -> Hunt? {
        try db.fetchOne("""
            SELECT id, state, startLatitude, startLongitude, targetLatitude, targetLongitude, startedAt, expiresAt, foundAt
            FROM treasureHunt WHERE collectionId = ? AND userId = ? ORDER BY id DESC LIMIT 1
            """, [collection, user]).map { row in
            Hunt(id: try row("id"), state: TreasureHuntRecord.State(rawValue: try row("state")) ?? .expired,
                 start: .init(latitude: try row("startLatitude"), longitude: try row("startLongitude")),
                 target: .init(latitude: try row("targetLatitude"), longitude: try row("targetLongitude")),
                 startedAt: try row("startedAt"), expiresAt: try row("expiresAt"), foundAt: try row("foundAt"))
        }
    }

    /// Ends open hunt `id` as `state` (found at `date`, or expired); false when it was not open.
    func endHunt(_ id: Int64, state: TreasureHuntRecord.State, at date: Date) throws -> Bool {
        try db.execute("UPDATE treasureHunt SET state = ?, foundAt = ? WHERE id = ? AND state = 'open'",
                       [state.rawValue, state == .found ? date : nil, id]) == 1
    }

    // MARK: - Challenge results

    func insertChallenge(collection: Int64, user: Int64, game: String, score: Int, won: Bool, recordedBy: Int64,
                         at date: Date) throws -> Int64 {
        try db.insert("""
            INSERT INTO challengeResult (collectionId, userId, game, score, won, recordedById, recordedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [collection, user, game, score, won, recordedBy, date])
    }

    /// The newest `limit` results of `collection`, of collector `user` alone when given.
    func challenges(collection: Int64, user: Int64?, limit: Int) throws -> [ChallengeRecord] {
        try db.fetchAll("""
            SELECT challengeResult.id, collection.name AS collection, challengeResult.collectionId,
                   collector.username AS collector, challengeResult.game,
                   challengeResult.score, challengeResult.won, recorder.username AS recordedBy, challengeResult.recordedAt
            FROM challengeResult
            JOIN collection ON collection.id = challengeResult.collectionId
            JOIN "user" AS collector ON collector.id = challengeResult.userId
            LEFT JOIN "user" AS recorder ON recorder.id = challengeResult.recordedById
            WHERE challengeResult.collectionId = ?\(user == nil ? "" : " AND challengeResult.userId = ?")
            ORDER BY challengeResult.id DESC LIMIT ?
            """, user.map { [collection, $0, limit] as [any SQLBindable] } ?? [collection, limit]).map { row in
            ChallengeRecord(id: try row("id"), collection: try row("collection"), collectionId: try row("collectionId"),
                            collector: try row("collector"),
                            game: try row("game"), score: try row("score"), won: try row("won"),
                            recordedBy: try row("recordedBy"), recordedAt: try row("recordedAt"))
        }
    }
}

extension StoreTransaction {
    /// Treasure hunts and challenge results.
    var contests: ContestStore { ContestStore(db: self) }
}
