import Foundation
import Stickers

/// The swap proposals (schema v14, ``SwapSchema``). ``Swaps`` decides who may do what and
/// keeps each pending proposal's blocked copy in step; this only reads and writes.
struct SwapStore {
    let db: StoreTransaction

    /// A proposal as the service acts on it.
    struct Found {
        var id: Int64
        var collectionID: Int64
        var proposerID: Int64?
        var recipientID: Int64?
        var give: Int
        var get: Int
        var state: ProposalState
    }

    func insert(collection: Int64, proposer: Int64, recipient: Int64, give: Int, get: Int, at date: Date) throws -> Int64 {
        try db.insert("""
            INSERT INTO swapProposal (collectionId, proposerId, recipientId, giveNumber, getNumber, createdAt)
            VALUES (?, ?, ?, ?, ?, ?)
            """, [collection, proposer, recipient, give, get, date])
    }

    func find(_ id: Int64) throws -> Found? {
        try db.fetchOne("""
            SELECT id, collectionId, proposerId, recipientId, giveNumber, getNumber, state FROM swapProposal WHERE id = ?
            """, [id]).map(Self.found)
    }

    /// Pending proposals of collection `collection` (every collection when nil) that `user`
    /// made or received.
    func pending(involving user: Int64, collection: Int64?) throws -> [Found] {
        let scope = collection == nil ? "" : " AND collectionId = ?"
        let arguments: [any SQLBindable] = collection.map { [user, user, $0] } ?? [user, user]
        return try db.fetchAll("""
            SELECT id, collectionId, proposerId, recipientId, giveNumber, getNumber, state FROM swapProposal
            WHERE state = 'pending' AND (proposerId = ? OR recipientId = ?)\(scope) ORDER BY id
            """, arguments).map(Self.found)
    }

    /// Every pending proposal of `collection`.
    func pending(collection: Int64) throws -> [Found] {
        try db.fetchAll("""
            SELECT id, collectionId, proposerId, recipientId, giveNumber, getNumber, state FROM swapProposal
            WHERE state = 'pending' AND collectionId = ? ORDER BY id
            """, [collection]).map(Self.found)
    }

    /// Pending proposals that ask `holder` for card `number` or in which they offer it.
    func pendingNaming(collection: Int64, holder: Int64, number: Int) throws -> [Found] {
        try db.fetchAll("""
            SELECT id, collectionId, proposerId, recipientId, giveNumber, getNumber, state FROM swapProposal
            WHERE state = 'pending' AND collectionId = ?
              AND ((recipientId = ? AND getNumber = ?) OR (proposerId = ? AND giveNumber = ?)) ORDER BY id
            """, [collection, holder, number, holder, number]).map(Self.found)
    }

    /// How many pending proposals `proposer` has made in `collection`.
    func pendingCount(collection: Int64, proposer: Int64) throws -> Int {
        try db.value(Int.self, "SELECT count(*) FROM swapProposal WHERE state = 'pending' AND collectionId = ? AND proposerId = ?",
                     [collection, proposer]) ?? 0
    }

    /// Ends pending proposal `id` in `state`; false when it was no longer pending.
    func end(_ id: Int64, state: ProposalState, reason: String, at date: Date) throws -> Bool {
        try db.execute("UPDATE swapProposal SET state = ?, reason = ?, endedAt = ? WHERE id = ? AND state = 'pending'",
                       [state.rawValue, reason, date, id]) == 1
    }

    /// Proposal `id` as its collectors see it.
    func record(_ id: Int64) throws -> SwapProposalRecord? {
        try db.fetchOne(Self.recordSelect + " WHERE swapProposal.id = ?", [id]).map(Self.record)
    }

    /// The newest `limit` proposals `user` made or received, of one collection when given, and
    /// only the pending ones when `pendingOnly`.
    func records(involving user: Int64, collection: Int64?, pendingOnly: Bool, limit: Int) throws -> [SwapProposalRecord] {
        var sql = Self.recordSelect + " WHERE (swapProposal.proposerId = ? OR swapProposal.recipientId = ?)"
        var arguments: [any SQLBindable] = [user, user]
        if let collection {
            sql += " AND swapProposal.collectionId = ?"
            arguments.append(collection)
        }
        if pendingOnly { sql += " AND swapProposal.state = 'pending'" }
        arguments.append(limit)
        return try db.fetchAll(sql + " ORDER BY swapProposal.id DESC LIMIT ?", arguments).map(Self.record)
    }

    private static let recordSelect = """
        SELECT swapProposal.id, collection.name AS collection, swapProposal.collectionId, proposer.username AS proposer,
               recipient.username AS recipient, swapProposal.giveNumber, giveSticker.title AS giveTitle,
               swapProposal.getNumber, getSticker.title AS getTitle, swapProposal.state, swapProposal.reason,
               swapProposal.createdAt, swapProposal.endedAt
        FROM swapProposal
        JOIN collection ON collection.id = swapProposal.collectionId
        LEFT JOIN "user" AS proposer ON proposer.id = swapProposal.proposerId
        LEFT JOIN "user" AS recipient ON recipient.id = swapProposal.recipientId
        JOIN collectionCard AS giveCard ON giveCard.collectionId = swapProposal.collectionId
                                       AND giveCard.number = swapProposal.giveNumber
        JOIN sticker AS giveSticker ON giveSticker.id = giveCard.stickerId
        JOIN collectionCard AS getCard ON getCard.collectionId = swapProposal.collectionId
                                      AND getCard.number = swapProposal.getNumber
        JOIN sticker AS getSticker ON getSticker.id = getCard.stickerId
        """

    private static func found(_ row: SQLRow) throws -> Found {
        Found(id: try row("id"), collectionID: try row("collectionId"), proposerID: try row("proposerId"),
              recipientID: try row("recipientId"), give: try row("giveNumber"), get: try row("getNumber"),
              state: ProposalState(rawValue: try row("state")) ?? .closed)
    }

    private static func record(_ row: SQLRow) throws -> SwapProposalRecord {
        let reason: String = try row("reason")
        return SwapProposalRecord(id: try row("id"), collection: try row("collection"), collectionId: try row("collectionId"),
                                  proposer: try row("proposer"),
                                  recipient: try row("recipient"), give: try row("giveNumber"), giveTitle: try row("giveTitle"),
                                  get: try row("getNumber"), getTitle: try row("getTitle"),
                                  state: ProposalState(rawValue: try row("state")) ?? .closed,
                                  reason: reason.isEmpty ? nil : reason, createdAt: try row("createdAt"),
                                  endedAt: try row("endedAt"))
    }
}

extension StoreTransaction {
    /// The swap proposals.
    var swaps: SwapStore { SwapStore(db: self) }
}
