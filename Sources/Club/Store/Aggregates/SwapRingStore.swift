import Foundation
import Stickers

/// The swap rings (schema v16, ``SwapRingSchema``). ``Swaps`` decides who may do what and keeps
/// each accepted leg's blocked copy in step; this only reads and writes.
struct SwapRingStore {
    let db: StoreTransaction

    /// A ring as the service acts on it.
    struct Found {
        /// One leg: `giver` gives card `number` to the next leg's giver.
        struct Leg {
            var position: Int
            var giverID: Int64?
            var number: Int
            var accepted: Bool
        }

        var id: Int64
        var collectionID: Int64
        var proposerID: Int64?
        var state: ProposalState
        var legs: [Leg]

        /// The leg `user` gives in, if they are a member.
        func leg(of user: Int64) -> Leg? { legs.first { $0.giverID == user } }
        /// Who receives leg `position`'s card: the next leg's giver.
        func receiver(of position: Int) -> Int64? { legs[(position + 1) % legs.count].giverID }
    }

    /// Stores a pending ring and its legs, `legs[i]` giving to `legs[i + 1]`'s giver; the
    /// proposer's leg (theirs among the legs) is accepted at once.
    func insert(collection: Int64, proposer: Int64, legs: [(giver: Int64, number: Int)], at date: Date) throws -> Int64 {
        let id = try db.insert("INSERT INTO swapRing (collectionId, proposerId, createdAt) VALUES (?, ?, ?)",
                               [collection, proposer, date])
        for (position, leg) in legs.enumerated() {
            let accepted: Date? = leg.giver == proposer ? date : nil
            _ = try db.execute("""
                INSERT INTO swapRingLeg (ringId, position, collectionId, giverId, number, acceptedAt) VALUES (?, ?, ?, ?, ?, ?)
                """, [id, position, collection, leg.giver, leg.number, accepted])
        }
        return id
    }

    func find(_ id: Int64) throws -> Found? {
        try found(try db.fetchAll("SELECT id, collectionId, proposerId, state FROM swapRing WHERE id = ?", [id])).first
    }

    /// Pending rings of collection `collection` (every collection when nil) that `user` is in.
    func pending(involving user: Int64, collection: Int64?) throws -> [Found] {
        let scope = collection == nil ? "" : " AND swapRing.collectionId = ?"
        let arguments: [any SQLBindable] = collection.map { [user, $0] } ?? [user]
        return try found(try db.fetchAll("""
            SELECT DISTINCT swapRing.id, swapRing.collectionId, swapRing.proposerId, swapRing.state FROM swapRing
            JOIN swapRingLeg ON swapRingLeg.ringId = swapRing.id
            WHERE swapRing.state = 'pending' AND swapRingLeg.giverId = ?\(scope) ORDER BY swapRing.id
            """, arguments))
    }

    /// Every pending ring of `collection`.
    func pending(collection: Int64) throws -> [Found] {
        try found(try db.fetchAll("""
            SELECT id, collectionId, proposerId, state FROM swapRing WHERE state = 'pending' AND collectionId = ? ORDER BY id
            """, [collection]))
    }

    /// Pending rings in which `holder` gives card `number`.
    func pendingNaming(collection: Int64, holder: Int64, number: Int) throws -> [Found] {
        try found(try db.fetchAll("""
            SELECT swapRing.id, swapRing.collectionId, swapRing.proposerId, swapRing.state FROM swapRing
            JOIN swapRingLeg ON swapRingLeg.ringId = swapRing.id
            WHERE swapRing.state = 'pending' AND swapRingLeg.collectionId = ? AND swapRingLeg.giverId = ?
              AND swapRingLeg.number = ? ORDER BY swapRing.id
            """, [collection, holder, number]))
    }

    /// How many pending rings `proposer` has made in `collection`.
    func pendingCount(collection: Int64, proposer: Int64) throws -> Int {
        try db.value(Int.self, "SELECT count(*) FROM swapRing WHERE state = 'pending' AND collectionId = ? AND proposerId = ?",
                     [collection, proposer]) ?? 0
    }

    /// Marks leg `position` of ring `id` accepted; false when it already was.
    func accept(_ id: Int64, position: Int, at date: Date) throws -> Bool {
        try db.execute("UPDATE swapRingLeg SET acceptedAt = ? WHERE ringId = ? AND position = ? AND acceptedAt IS NULL",
                       [date, id, position]) == 1
    }

    /// Ends pending ring `id` in `state`; false when it was no longer pending.
    func end(_ id: Int64, state: ProposalState, reason: String, at date: Date) throws -> Bool {
        try db.execute("UPDATE swapRing SET state = ?, reason = ?, endedAt = ? WHERE id = ? AND state = 'pending'",
                       [state.rawValue, reason, date, id]) == 1
    }

    /// Ring `id` as its members see it.
    func record(_ id: Int64) throws -> SwapRingRecord? {
        try records(where: "swapRing.id = ?", [id], limit: 1).first
    }

    /// The newest `limit` rings `user` is in, of one collection when given, and only the
    /// pending ones when `pendingOnly`.
    func records(involving user: Int64, collection: Int64?, pendingOnly: Bool, limit: Int) throws -> [SwapRingRecord] {
        var condition = "swapRing.id IN (SELECT ringId FROM swapRingLeg WHERE giverId = ?)"
        var arguments: [any SQLBindable] = [user]
        if let collection {
            condition += " AND swapRing.collectionId = ?"
            arguments.append(collection)
        }
        if pendingOnly { condition += " AND swapRing.state = 'pending'" }
        return try records(where: condition, arguments, limit: limit)
    }

    // MARK: - Private

    /// The rings matching `condition`, newest first, each with its legs in order.
    private func records(where condition: String, _ arguments: [any SQLBindable], limit: Int) throws -> [SwapRingRecord] {
        let rings = try db.fetchAll("""
            SELECT swapRing.id, swapRing.collectionId, collection.name AS collection, proposer.username AS proposer,
                   swapRing.state, swapRing.reason, swapRing.createdAt, swapRing.endedAt
            FROM swapRing
            JOIN collection ON collection.id = swapRing.collectionId
            LEFT JOIN "user" AS proposer ON proposer.id = swapRing.proposerId
            WHERE \(condition) ORDER BY swapRing.id DESC LIMIT ?
            """, arguments + [limit])
        guard !rings.isEmpty else { return [] }
        let ids: [Int64] = try rings.map { try $0("id") }
        var legs: [Int64: [SwapRingRecord.Leg]] = [:]
        let rows = try db.fetchAll("""
            SELECT swapRingLeg.ringId, swapRingLeg.number, giver.username AS giver, sticker.title,
                   swapRingLeg.acceptedAt IS NOT NULL AS accepted
            FROM swapRingLeg
            LEFT JOIN "user" AS giver ON giver.id = swapRingLeg.giverId
            JOIN collectionCard AS card ON card.collectionId = swapRingLeg.collectionId AND card.number = swapRingLeg.number
            JOIN sticker ON sticker.id = card.stickerId
            WHERE swapRingLeg.ringId IN (\(Self.placeholders(ids.count)))
            ORDER BY swapRingLeg.ringId, swapRingLeg.position
            """, ids)
        for row in rows {
            legs[try row("ringId"), default: []].append(SwapRingRecord.Leg(
                giver: try row("giver"), card: try row("number"), title: try row("title"), receiver: nil,
                accepted: try row("accepted")))
        }
        return try rings.map { row in
            let id: Int64 = try row("id")
            var ringLegs = legs[id] ?? []
            for index in ringLegs.indices { ringLegs[index].receiver = ringLegs[(index + 1) % ringLegs.count].giver }
            let reason: String = try row("reason")
            return SwapRingRecord(id: id, collection: try row("collection"), collectionId: try row("collectionId"),
                                  proposer: try row("proposer"), state: ProposalState(rawValue: try row("state")) ?? .closed,
                                  reason: reason.isEmpty ? nil : reason, legs: ringLegs, createdAt: try row("createdAt"),
                                  endedAt: try row("endedAt"))
        }
    }

    /// The rings of `rows` (id, collectionId, proposerId, state), each with its legs, read in one
    /// more query a thousand rings.
    private func found(_ rows: [SQLRow]) throws -> [Found] {
        guard !rows.isEmpty else { return [] }
        let ids: [Int64] = try rows.map { try $0("id") }
        var legs: [Int64: [Found.Leg]] = [:]
        // A thousand rings a query keeps the IN list within both stores' limits on parameters.
        for start in stride(from: 0, to: ids.count, by: 1_000) {
            let chunk = Array(ids[start..<min(start + 1_000, ids.count)])
            for leg in try db.fetchAll("""
                SELECT ringId, position, giverId, number, acceptedAt IS NOT NULL AS accepted FROM swapRingLeg
                WHERE ringId IN (\(Self.placeholders(chunk.count))) ORDER BY ringId, position
                """, chunk) {
                legs[try leg("ringId"), default: []].append(Found.Leg(position: try leg("position"), giverID: try leg("giverId"),
                                                                     number: try leg("number"), accepted: try leg("accepted")))
            }
        }
        return try rows.map { row in
            let id: Int64 = try row("id")
            return Found(id: id, collectionID: try row("collectionId"), proposerID: try row("proposerId"),
                         state: ProposalState(rawValue: try row("state")) ?? .closed, legs: legs[id] ?? [])
        }
    }

    /// `?, ?, ?` for `count` values of an IN list.
    private static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}

extension StoreTransaction {
    /// The swap rings.
    var swapRings: SwapRingStore { SwapRingStore(db: self) }
}
