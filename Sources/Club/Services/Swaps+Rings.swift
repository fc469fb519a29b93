import Foundation
import Stickers

/// Swap rings: a swap-day cycle of three or more collectors (A gives B, B gives C, C gives A)
/// made one proposal, since no one-for-one proposal can promise it. ``Swaps/proposePlan`` makes
/// them from the plan. Each member accepts their leg, which promises (blocks) one copy of the
/// card they give, as an offer does; the proposer's is promised at once. When the last member
/// accepts, every card moves in that transaction. A member may reject it and the proposer may
/// cancel it while it is pending; either releases every promised copy. The service closes it,
/// releasing them too, when a card it names leaves its giver's album or a member leaves the
/// collection or deletes their account.
extension Swaps {
    /// The most collectors a ring may join: every one of them must accept.
    public static let maximumRingMembers = 8
    /// The most pending rings one collector may have proposed in one collection.
    public static let maximumPendingRings = 100

    /// The actor accepts their leg of ring `id`, promising their copy; the last acceptance
    /// moves every card of the ring at once.
    public func acceptRing(_ actor: ActingUser, _ id: Int64) throws -> SwapRingRecord {
        let now = Date()
        return try store.write { db in
            let ring = try Self.pendingRing(db, id, member: actor)
            guard let leg = ring.leg(of: actor.userID), !leg.accepted else {
                throw ClubError.conflict(field: "swap ring \(id)", message: "\(actor.username) has accepted it already")
            }
            do {
                try SwapRules.checkOffer(leg.number, try db.collections.holding(ring.collectionID, user: actor.userID, number: leg.number))
            } catch let error as StickerError {
                throw ClubError.conflict(field: "swap ring \(id)", message: "cannot be accepted: \(error.localizedDescription)")
            }
            try db.collections.changeBlocked(ring.collectionID, user: actor.userID, number: leg.number, by: 1)
            guard try db.swapRings.accept(id, position: leg.position, at: now) else { throw try Self.ringEnded(db, id) }
            if ring.legs.allSatisfy({ $0.accepted || $0.position == leg.position }) {
                try Self.execute(db, ring, at: now)
            }
            return try Self.ringRecord(db, id)
        }
    }

    /// A member other than the proposer turns ring `id` down; every promised copy is free again.
    public func rejectRing(_ actor: ActingUser, _ id: Int64) throws -> SwapRingRecord {
        let now = Date()
        return try store.write { db in
            let ring = try Self.pendingRing(db, id, member: actor)
            guard ring.proposerID != actor.userID else {
                throw ClubError.permissionDenied("the proposer of swap ring \(id) cancels it; the other members reject it")
            }
            try Self.closeRing(db, ring, state: .rejected, reason: "\(actor.username) rejected it", at: now)
            return try Self.ringRecord(db, id)
        }
    }

    /// The proposer takes ring `id` back; every promised copy is free again.
    public func cancelRing(_ actor: ActingUser, _ id: Int64) throws -> SwapRingRecord {
        let now = Date()
        return try store.write { db in
            let ring = try Self.pendingRing(db, id, member: actor)
            guard ring.proposerID == actor.userID else {
                throw ClubError.permissionDenied("only the proposer of swap ring \(id) may cancel it; the other members reject it")
            }
            try Self.closeRing(db, ring, state: .cancelled, reason: "", at: now)
            return try Self.ringRecord(db, id)
        }
    }

    /// Ring `id`, for its members and the collection's administrators.
    public func showRing(_ actor: ActingUser, _ id: Int64) throws -> SwapRingRecord {
        try store.read { db in
            guard let ring = try db.swapRings.find(id) else { throw Self.ringNotFound(id) }
            try Self.checkSees(db, ring.collectionID, actor, member: ring.leg(of: actor.userID) != nil, otherwise: Self.ringNotFound(id))
            return try Self.ringRecord(db, id)
        }
    }

    /// The newest rings `actor` is in (at most `limit`, up to ``maximumListed``), of collection
    /// `name` when given, only pending ones unless `all`.
    public func listRings(_ actor: ActingUser, collection name: CollectionReference? = nil, all: Bool = false,
                          limit: Int = 100) throws -> [SwapRingRecord] {
        try listed(collection: name, limit: limit) { db, collection in
            try db.swapRings.records(involving: actor.userID, collection: collection, pendingOnly: !all, limit: limit)
        }
    }

    // MARK: - Rules shared with proposals

    /// Checks and stores ring `legs` of collection `found` for `proposer`, who is one of the
    /// givers: `legs[i]`'s giver gives its card to `legs[i + 1]`'s giver, the last to the
    /// first. Every member must collect the collection and hold a copy of the card they give
    /// that is not promised; the proposer's copy is promised now. The legs are kept from the
    /// proposer's on.
    static func insertRing(_ db: StoreTransaction, _ found: CollectionStore.Found, proposer: ActingUser,
                           legs: [(giver: ActingUser, card: Int)], at date: Date) throws -> Int64 {
        guard (3...maximumRingMembers).contains(legs.count) else {
            throw ClubError.invalid(field: "ring", message: "expected 3 to \(maximumRingMembers) collectors, not \(legs.count)")
        }
        guard Set(legs.map(\.giver.userID)).count == legs.count else {
            throw ClubError.invalid(field: "ring", message: "each collector gives once in a ring")
        }
        guard let own = legs.firstIndex(where: { $0.giver.userID == proposer.userID }) else {
            throw ClubError.invalid(field: "ring", message: "\(proposer.username) proposes a ring they are in")
        }
        let numbers = legs.map(\.card)
        let existing = try db.collections.existingNumbers(found.id, among: numbers)
        for number in numbers where !existing.contains(number) {
            throw ClubError.notFound(kind: "card", reference: "\(number) in '\(found.name)'")
        }
        for (index, leg) in legs.enumerated() where legs[(index + legs.count - 1) % legs.count].card == leg.card {
            throw ClubError.invalid(field: "ring", message: "\(leg.giver.username) would be given card \(leg.card) only to pass it on")
        }
        guard try db.swapRings.pendingCount(collection: found.id, proposer: proposer.userID) < maximumPendingRings else {
            throw ClubError.conflict(field: "swap ring", message: "\(proposer.username) already has \(maximumPendingRings) pending rings "
                                     + "in '\(found.name)'")
        }
        for leg in legs {
            try Collections.checkCollecting(db, found, other: leg.giver)
            do {
                try SwapRules.checkAsk(leg.card, try db.collections.holding(found.id, user: leg.giver.userID, number: leg.card))
            } catch let error as StickerError {
                throw ClubError.conflict(field: "ring", message: "\(leg.giver.username): \(error.localizedDescription)")
            }
        }
        try db.collections.changeBlocked(found.id, user: proposer.userID, number: legs[own].card, by: 1)
        // Stored from the proposer's leg on: the same cycle, read from where they stand.
        let ordered = legs[own...] + legs[..<own]
        return try db.swapRings.insert(collection: found.id, proposer: proposer.userID,
                                       legs: ordered.map { ($0.giver.userID, $0.card) }, at: date)
    }

    /// Ends pending ring `ring` in `state`, releasing every accepted leg's promised copy.
    static func closeRing(_ db: StoreTransaction, _ ring: SwapRingStore.Found, state: ProposalState, reason: String,
                          at date: Date) throws {
        guard try db.swapRings.end(ring.id, state: state, reason: reason, at: date) else { return }
        for leg in ring.legs where leg.accepted {
            guard let giver = leg.giverID else { continue }
            try db.collections.changeBlocked(ring.collectionID, user: giver, number: leg.number, by: -1)
        }
    }

    // MARK: - Private

    /// Every leg is accepted: the ring ends accepted and each giver's promised copy goes to the
    /// next leg's giver. A card whose last copy leaves closes what else names it, as any move does.
    private static func execute(_ db: StoreTransaction, _ ring: SwapRingStore.Found, at date: Date) throws {
        guard try db.swapRings.end(ring.id, state: .accepted, reason: "", at: date) else { throw try ringEnded(db, ring.id) }
        for leg in ring.legs {
            guard let giver = leg.giverID, let receiver = ring.receiver(of: leg.position) else { throw ringNotFound(ring.id) }
            try db.collections.changeBlocked(ring.collectionID, user: giver, number: leg.number, by: -1)
            try move(db, collection: ring.collectionID, card: leg.number, from: giver, to: receiver, at: date)
        }
    }

    /// Pending ring `id`, of which `actor` is a member.
    private static func pendingRing(_ db: StoreTransaction, _ id: Int64, member actor: ActingUser) throws -> SwapRingStore.Found {
        guard let ring = try db.swapRings.find(id), ring.leg(of: actor.userID) != nil else { throw ringNotFound(id) }
        guard ring.state.isOpen else { throw try ringEnded(db, id) }
        return ring
    }

    static func ringRecord(_ db: StoreTransaction, _ id: Int64) throws -> SwapRingRecord {
        guard let record = try db.swapRings.record(id) else { throw ringNotFound(id) }
        return record
    }

    private static func ringNotFound(_ id: Int64) -> ClubError { .notFound(kind: "swap ring", reference: String(id)) }

    /// Why ring `id` can no longer be answered: its state, and why it ended.
    private static func ringEnded(_ db: StoreTransaction, _ id: Int64) throws -> ClubError {
        let record = try ringRecord(db, id)
        return .conflict(field: "swap ring \(id)", message: "already \(record.state.rawValue)" + (record.reason.map { " (\($0))" } ?? ""))
    }
}
