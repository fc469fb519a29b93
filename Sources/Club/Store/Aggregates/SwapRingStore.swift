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
        guard let row = try db.fetchOne("SELECT id, collectionId, proposerId, state FROM swapRing WHERE id = ?", [id]) else {
            return nil
        }
        return try found(row)
    }

    /// Pending rings of collection `collection` (every collection when nil) that `user` is in.
    func pending(involving user: Int64, collection: Int64?) throws -> [Found] {
        let scope = collection == nil ? "" : " AND swapRing.collectionId = ?"
        let arguments: [any SQLBindable] = collection.map { [user, $0] } ?? [user]
        return try db.fetchAll("""
            SELECT DISTINCT swapRing.id, swapRing.collectionId, swapRing.proposerId, swapRing.state FROM swapRing
            JOIN swapRingLeg ON swapRingLeg.ringId = swapRing.id
            WHERE swapRing.state = 'pending' AND swapRingLeg.giverId = ?\(scope) ORDER BY swapRing.id
            """, arguments).map(found)
    }

    /// Every pending ring of `collection`.
    func pending(collection: Int64) throws -> [Found] {
        try db.fetchAll("SELECT id, collectionId, proposerId, state FROM swapRing WHERE state = 'pending' AND collectionId = ? ORDER BY id",
                        [collection]).map(found)
    }

    /// Pending rings in which `holder` gives card `number`.
    func pendingNaming(collection: Int64, holder: Int64, number: Int) throws -> [Found] {
        try db.fetchAll("""
            SELECT swapRing.id, swapRing.collectionId, swapRing.proposerId, swapRing.state FROM swapRing
            JOIN swapRingLeg ON swapRingLeg.ringId = swapRing.id
            WHERE swapRing.state = 'pending' AND swapRingLeg.collectionId = ? AND swapRingLeg.giverId = ?
              AND swapRingLeg.number = ? ORDER BY swapRing.id
            """, [collection, holder, number]).map(found)
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
            WHERE swapRingLeg.ringId IN (\(ids.map { _ in "?" }.joined(separator: ", ")))
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

    private func found(_ row: SQLRow) throws -> Found {
        let id: Int64 = try row("id")
        let legs = try db.fetchAll("""
            SELECT position, giverId, number, acceptedAt IS NOT NULL AS accepted FROM swapRingLeg WHERE ringId = ? ORDER BY position
            """, [id]).map {
            Found.Leg(position: try $0("position"), giverID: try $0("giverId"), number: try $0("number"), accepted: try $0("accepted"))
        }
        return Found(id: id, collectionID: try row("collectionId"), proposerID: try row("proposerId"),
                     state: ProposalState(rawValue: try row("state")) ?? .closed, legs: legs)
    }
}

extension StoreTransaction {
    /// The swap rings.
    var swapRings: SwapRingStore { SwapRingStore(db: self) }
}
