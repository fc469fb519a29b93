import Foundation
import Stickers
import Support

/// One-for-one swaps between collectors of a collection: proposals that block the offered
/// copy, accepted (both cards move at once), rejected or cancelled; who to swap with; and the
/// swap-day plan for everyone at once, whose cycles a collector can propose in one go (two
/// collectors as a proposal, more as a ring, `Swaps+Rings.swift`). The rules (what may be
/// offered or asked, the plan itself) are Stickers'; this decides who may do what and keeps
/// each pending proposal's blocked copy in the store in step.
///
/// Every command is one transaction: on SQLite writers take turns; on PostgreSQL two
/// conflicting accepts are serializable transactions, one of which is run again and then finds
/// the card gone. Either way exactly one succeeds.
public struct Swaps: Sendable {
    let store: ClubStore

    /// The most pending proposals one collector may have made in one collection.
    public static let maximumPending = 500
    /// The most proposals one listing shows.
    public static let maximumListed = 500

    public init(store: ClubStore) {
        self.store = store
    }

    // MARK: - Proposals

    /// `actor` offers their card `give` for `username`'s card `get` in collection `name`;
    /// one copy of `give` is promised until the proposal ends.
    public func propose(_ actor: ActingUser, _ name: CollectionReference, to username: String, give: Int, get: Int) throws -> SwapProposalRecord {
        let now = Date()
        return try store.write { db in
            let (found, recipient) = try Collections.pair(db, name, actor, with: username, for: "a swap")
            let id = try Self.insert(db, found, proposer: actor, recipient: (recipient, username), give: give, get: get, at: now)
            return try Self.record(db, id)
        }
    }

    /// The recipient accepts proposal `id`: the offered card goes to them and the asked card
    /// to the proposer, at once. A card whose last copy leaves its holder closes every other
    /// pending proposal that offers or asks for it.
    public func accept(_ actor: ActingUser, _ id: Int64) throws -> SwapProposalRecord {
        let now = Date()
        return try store.write { db in
            let proposal = try Self.pending(db, id, by: actor, side: .recipient, action: "accept")
            guard let proposer = proposal.proposerID else { throw Self.notFound(id) }
            let asked = try db.collections.holding(proposal.collectionID, user: actor.userID, number: proposal.get)
            do {
                try SwapRules.checkAsk(proposal.get, asked)
            } catch let error as StickerError {
                throw ClubError.conflict(field: "swap \(id)", message: "cannot be accepted: \(error.localizedDescription)")
            }
            try db.collections.changeBlocked(proposal.collectionID, user: proposer, number: proposal.give, by: -1)
            guard try db.swaps.end(id, state: .accepted, reason: "", at: now) else { throw try Self.ended(db, id) }
            try Self.move(db, collection: proposal.collectionID, card: proposal.give, from: proposer, to: actor.userID, at: now)
            try Self.move(db, collection: proposal.collectionID, card: proposal.get, from: actor.userID, to: proposer, at: now)
            return try Self.record(db, id)
        }
    }

    /// The recipient turns proposal `id` down; the proposer's copy is free again.
    public func reject(_ actor: ActingUser, _ id: Int64) throws -> SwapProposalRecord {
        try end(actor, id, side: .recipient, state: .rejected, action: "reject")
    }

    /// The proposer takes proposal `id` back; their copy is free again.
    public func cancel(_ actor: ActingUser, _ id: Int64) throws -> SwapProposalRecord {
        try end(actor, id, side: .proposer, state: .cancelled, action: "cancel")
    }

    /// Proposal `id`, for its two collectors and the collection's administrators.
    public func show(_ actor: ActingUser, _ id: Int64) throws -> SwapProposalRecord {
        try store.read { db in
            guard let proposal = try db.swaps.find(id) else { throw Self.notFound(id) }
            try Self.checkSees(db, proposal.collectionID, actor,
                               member: proposal.proposerID == actor.userID || proposal.recipientID == actor.userID,
                               otherwise: Self.notFound(id))
            return try Self.record(db, id)
        }
    }

    /// The newest proposals `actor` made or received (at most `limit`, up to
    /// ``maximumListed``), of collection `name` when given, only pending ones unless `all`.
    public func list(_ actor: ActingUser, collection name: CollectionReference? = nil, all: Bool = false,
                     limit: Int = 100) throws -> [SwapProposalRecord] {
        try listed(collection: name, limit: limit) { db, collection in
            try db.swaps.records(involving: actor.userID, collection: collection, pendingOnly: !all, limit: limit)
        }
    }

    /// What `records` reads of collection `name` (every collection when nil, `records` given
    /// its id), `limit` checked against ``maximumListed``.
    func listed<Record>(collection name: CollectionReference?, limit: Int,
                        _ records: (StoreTransaction, Int64?) throws -> [Record]) throws -> [Record] {
        guard (1...Self.maximumListed).contains(limit) else {
            throw ClubError.invalid(field: "limit", message: "expected 1 to \(Self.maximumListed), not \(limit)")
        }
        return try store.read { db in try records(db, try name.map { try Collections.find(db, $0).id }) }
    }

    /// Lets `actor` see a proposal or ring of collection `collectionID`: as a `member` of it,
    /// or as an administrator of the collection; anyone else is told `otherwise` (not found).
    static func checkSees(_ db: StoreTransaction, _ collectionID: Int64, _ actor: ActingUser, member: Bool,
                          otherwise notFound: ClubError) throws {
        guard !member else { return }
        guard let found = try db.collections.find(id: collectionID), try Collections.administers(db, found, actor) else { throw notFound }
    }

    // MARK: - Who to swap with, and the swap day

    /// The other collectors of `name` by the one-for-one swaps `actor` can make with them
    /// (T, the sum over rarities of min(what each can give the other)), most first.
    public func matches(_ actor: ActingUser, _ name: CollectionReference) throws -> [SwapMatchRecord] {
        let (found, pool, usernames) = try store.read { db in
            let found = try Collections.find(db, name)
            try Collections.checkCollecting(db, found, actor)
            let (pool, usernames) = try Self.pool(db, found)
            return (found, pool, usernames)
        }
        let ranking = try Self.translating(found) { try SwapMatch.ranking(for: actor.userID, in: pool) }
        return ranking.map {
            SwapMatchRecord(collector: usernames[$0.collector] ?? "", swaps: $0.swaps, theyCanGive: $0.theyCanGive,
                            youCanGive: $0.youCanGive)
        }
    }

    /// The swap-day plan for every collector of `name`: the most wanted cards moved by cycles
    /// of same-rarity swaps, each at most `maximumCycleLength` collectors long when given (3
    /// for swapping in person), beside the two-person baseline. Collectors and administrators
    /// of the collection may see it.
    public func plan(_ actor: ActingUser, _ name: CollectionReference, maximumCycleLength: Int? = nil) throws -> SwapPlanReport {
        let (found, pool, usernames, titles) = try store.read { db in
            let found = try Collections.find(db, name)
            if try !Collections.administers(db, found, actor) { try Collections.checkCollecting(db, found, actor) }
            let (pool, usernames) = try Self.pool(db, found)
            return (found, pool, usernames, try db.collections.titles(found.id))
        }
        return try Self.report(found, pool, usernames, titles, maximumCycleLength: maximumCycleLength)
    }

    /// Proposes, for `actor`, each cycle of the plan they are in, in one transaction: a
    /// two-person swap as a proposal (their card for the other's), a cycle of three to
    /// ``maximumRingMembers`` collectors as a ring (``acceptRing(_:_:)``); longer cycles, and
    /// those past the most pending proposals or rings one collector may have, are listed for
    /// swapping in person. Pending proposals and rings count as done: the copies
    /// they take are not spare and the cards they would bring are not missing, so running it
    /// again, or another member running it, proposes nothing twice.
    public func proposePlan(_ actor: ActingUser, _ name: CollectionReference, maximumCycleLength: Int? = nil) throws -> SwapPlanProposals {
        let now = Date()
        return try store.write { db in
            let found = try Collections.find(db, name)
            try Collections.checkCollecting(db, found, actor)
            let (pool, usernames) = try Self.pool(db, found)
            let report = try Self.report(found, pool, usernames, try db.collections.titles(found.id),
                                         maximumCycleLength: maximumCycleLength)
            let mine = report.cycles.filter { cycle in cycle.contains { $0.giver == actor.username } }
            let ids = Dictionary(usernames.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
            var proposed: [SwapProposalRecord] = [], rings: [SwapRingRecord] = [], inPerson: [[SwapPlanReport.Step]] = []
            // What the collector may still propose here; cycles past that are listed, not refused.
            var proposalRoom = Self.maximumPending - (try db.swaps.pendingCount(collection: found.id, proposer: actor.userID))
            var ringRoom = Self.maximumPendingRings - (try db.swapRings.pendingCount(collection: found.id, proposer: actor.userID))
            for cycle in mine {
                guard cycle.count <= Self.maximumRingMembers, (cycle.count == 2 ? proposalRoom : ringRoom) > 0 else {
                    inPerson.append(cycle)
                    continue
                }
                let legs = try cycle.map { step in
                    guard let id = ids[step.giver] else { throw ClubError.notFound(kind: "collector", reference: step.giver) }
                    return (giver: ActingUser(userID: id, username: step.giver), card: step.card)
                }
                if legs.count == 2 {
                    guard let given = legs.first(where: { $0.giver.userID == actor.userID }),
                          let taken = legs.first(where: { $0.giver.userID != actor.userID }) else { continue }
                    let id = try Self.insert(db, found, proposer: actor, recipient: (taken.giver.userID, taken.giver.username),
                                             give: given.card, get: taken.card, at: now)
                    proposed.append(try Self.record(db, id))
                    proposalRoom -= 1
                } else {
                    rings.append(try Self.ringRecord(db, try Self.insertRing(db, found, proposer: actor, legs: legs, at: now)))
                    ringRoom -= 1
                }
            }
            return SwapPlanProposals(collection: found.name, proposed: proposed, rings: rings, cycles: inPerson)
        }
    }

    // MARK: - Rules shared with collections and accounts

    /// Moves one unblocked copy of `card` from `giver` to `receiver`. When it was the giver's
    /// last copy, every pending proposal asking them for it is closed and its block released.
    static func move(_ db: StoreTransaction, collection: Int64, card: Int, from giver: Int64, to receiver: Int64,
                     at date: Date) throws {
        // The callers checked this; checked again here, where a copy would otherwise be made
        // from nothing.
        do {
            try SwapRules.checkOffer(card, try db.collections.holding(collection, user: giver, number: card))
        } catch let error as StickerError {
            throw ClubError.conflict(field: "card", message: error.localizedDescription)
        }
        let left = try db.collections.removeCopy(collection, user: giver, number: card)
        try db.collections.addCopies(collection, user: receiver, numbers: [card])
        guard SwapRules.closesProposals(try Holding(owned: left)) else { return }
        let username = try db.users.account(id: giver)?.username ?? "the collector"
        let reason = "card \(card) left \(username)'s album"
        for orphan in try db.swaps.pendingNaming(collection: collection, holder: giver, number: card) {
            try close(db, orphan, state: .closed, reason: reason, at: date)
        }
        for ring in try db.swapRings.pendingNaming(collection: collection, holder: giver, number: card) {
            try closeRing(db, ring, state: .closed, reason: reason, at: date)
        }
    }

    /// Closes every pending proposal `user` made or received and every pending ring they are in,
    /// in collection `collection` (every one when nil), releasing the blocks: they leave the
    /// collection or delete their account.
    static func closeAll(_ db: StoreTransaction, user: Int64, collection: Int64?, reason: String, at date: Date) throws {
        for proposal in try db.swaps.pending(involving: user, collection: collection) {
            try close(db, proposal, state: .closed, reason: reason, at: date)
        }
        for ring in try db.swapRings.pending(involving: user, collection: collection) {
            try closeRing(db, ring, state: .closed, reason: reason, at: date)
        }
    }

    // MARK: - Private

    private enum Side { case proposer, recipient }

    private func end(_ actor: ActingUser, _ id: Int64, side: Side, state: ProposalState, action: String) throws -> SwapProposalRecord {
        let now = Date()
        return try store.write { db in
            let proposal = try Self.pending(db, id, by: actor, side: side, action: action)
            try Self.close(db, proposal, state: state, reason: "", at: now)
            return try Self.record(db, id)
        }
    }

    /// Ends a pending proposal and releases its proposer's promised copy.
    private static func close(_ db: StoreTransaction, _ proposal: SwapStore.Found, state: ProposalState, reason: String,
                              at date: Date) throws {
        guard try db.swaps.end(proposal.id, state: state, reason: reason, at: date) else { return }
        if let proposer = proposal.proposerID {
            try db.collections.changeBlocked(proposal.collectionID, user: proposer, number: proposal.give, by: -1)
        }
    }

    /// Checks and stores a proposal, promising the proposer's copy.
    private static func insert(_ db: StoreTransaction, _ found: CollectionStore.Found, proposer: ActingUser,
                               recipient: (id: Int64, username: String), give: Int, get: Int, at date: Date) throws -> Int64 {
        guard give != get else {
            throw ClubError.invalid(field: "get", message: "a swap gives one card for another, not card \(give) for itself")
        }
        let existing = try db.collections.existingNumbers(found.id, among: [give, get])
        for number in [give, get] where !existing.contains(number) {
            throw ClubError.notFound(kind: "card", reference: "\(number) in '\(found.name)'")
        }
        guard try db.swaps.pendingCount(collection: found.id, proposer: proposer.userID) < maximumPending else {
            throw ClubError.conflict(field: "swap", message: "\(proposer.username) already has \(maximumPending) pending proposals "
                                     + "in '\(found.name)'")
        }
        do {
            try SwapRules.checkOffer(give, try db.collections.holding(found.id, user: proposer.userID, number: give))
        } catch let error as StickerError {
            throw ClubError.conflict(field: "give", message: "\(proposer.username): \(error.localizedDescription)")
        }
        do {
            try SwapRules.checkAsk(get, try db.collections.holding(found.id, user: recipient.id, number: get))
        } catch let error as StickerError {
            throw ClubError.conflict(field: "get", message: "\(recipient.username): \(error.localizedDescription)")
        }
        try db.collections.changeBlocked(found.id, user: proposer.userID, number: give, by: 1)
        return try db.swaps.insert(collection: found.id, proposer: proposer.userID, recipient: recipient.id, give: give,
                                   get: get, at: date)
    }

    /// Pending proposal `id`, which `actor` may answer from `side`.
    private static func pending(_ db: StoreTransaction, _ id: Int64, by actor: ActingUser, side: Side,
                                action: String) throws -> SwapStore.Found {
        guard let proposal = try db.swaps.find(id),
              proposal.proposerID == actor.userID || proposal.recipientID == actor.userID else { throw notFound(id) }
        let allowed = side == .proposer ? proposal.proposerID == actor.userID : proposal.recipientID == actor.userID
        guard allowed else {
            throw ClubError.permissionDenied("only the \(side == .proposer ? "proposer" : "recipient") of swap \(id) may \(action) it")
        }
        guard proposal.state.isOpen else { throw try ended(db, id) }
        return proposal
    }

    private static func record(_ db: StoreTransaction, _ id: Int64) throws -> SwapProposalRecord {
        guard let record = try db.swaps.record(id) else { throw notFound(id) }
        return record
    }

    private static func notFound(_ id: Int64) -> ClubError { .notFound(kind: "swap proposal", reference: String(id)) }

    /// Why proposal `id` can no longer be answered: its state, and why the service closed it.
    private static func ended(_ db: StoreTransaction, _ id: Int64) throws -> ClubError {
        let record = try record(db, id)
        return .conflict(field: "swap \(id)", message: "already \(record.state.rawValue)" + (record.reason.map { " (\($0))" } ?? ""))
    }

    /// The collection's collectors as the planner reads them, and their usernames by id. A
    /// card a pending proposal or ring would bring a collector is not missing to them; the copy
    /// it takes from its giver is not spare (blocked already, or, for a ring's leg not yet
    /// accepted, counted as blocked here).
    private static func pool(_ db: StoreTransaction, _ found: CollectionStore.Found) throws -> (SwapPool, [Int64: String]) {
        var collectors = try db.collections.collectorsHoldings(found.id)
        let position = Dictionary(uniqueKeysWithValues: collectors.enumerated().map { ($0.element.user, $0.offset) })
        func arriving(_ card: Int, to user: Int64?) throws {
            guard let user, let index = position[user], collectors[index].holdings[card] == nil else { return }
            collectors[index].holdings[card] = try Holding(owned: 1)
        }
        for proposal in try db.swaps.pending(collection: found.id) {
            try arriving(proposal.get, to: proposal.proposerID)
            try arriving(proposal.give, to: proposal.recipientID)
        }
        for ring in try db.swapRings.pending(collection: found.id) {
            for leg in ring.legs {
                try arriving(leg.number, to: ring.receiver(of: leg.position))
                guard !leg.accepted, let giver = leg.giverID, let index = position[giver],
                      let holding = collectors[index].holdings[leg.number], holding.blocked < holding.owned else { continue }
                collectors[index].holdings[leg.number] = try Holding(owned: holding.owned, blocked: holding.blocked + 1)
            }
        }
        let pool = try translating(found) {
            try SwapPool(cards: try db.collections.drawableCards(found.id),
                         collectors: collectors.map { SwapPool.Collector(id: $0.user, holdings: $0.holdings) })
        }
        return (pool, Dictionary(uniqueKeysWithValues: collectors.map { ($0.user, $0.username) }))
    }

    private static func report(_ found: CollectionStore.Found, _ pool: SwapPool, _ usernames: [Int64: String],
                               _ titles: [Int: String], maximumCycleLength: Int?) throws -> SwapPlanReport {
        if let maximumCycleLength, maximumCycleLength < 2 {
            throw ClubError.invalid(field: "max-cycle", message: "expected 2 or more collectors a cycle, not \(maximumCycleLength)")
        }
        let plan = try translating(found) { try SwapPlanner.plan(pool, maximumCycleLength: maximumCycleLength) }
        let baseline = SwapPlanner.pairwiseBaseline(pool)
        return SwapPlanReport(collection: found.name, cards: plan.cards, pairwiseCards: baseline.cards,
                              maximumCycleLength: maximumCycleLength,
                              cycles: plan.cycles.map { cycle in
                                  cycle.map { .init(giver: usernames[$0.giver] ?? "", card: $0.card, title: titles[$0.card] ?? "",
                                                    receiver: usernames[$0.receiver] ?? "") }
                              })
    }

    /// `body`, with a rule's refusal told as a conflict of collection `found`.
    private static func translating<T>(_ found: CollectionStore.Found, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as StickerError {
            throw ClubError.conflict(field: "collection", message: "'\(found.name)': \(error.localizedDescription)")
        }
    }
}
