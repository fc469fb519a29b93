import Foundation
import Stickers
import Support

/// Battles between two collectors of a collection: proposed, accepted, rejected or
/// cancelled; each side reports its score (the app plays the game) or surrenders; the higher
/// score wins one of the loser's cards (a random free copy, or the winner's choice among the
/// loser's free cards) and an envelope, and a tie gives nothing. A card moves only while the
/// loser holds a free copy of it (one not promised in a swap); otherwise the battle waits,
/// resolved, and says so, until the winner claims again. The states are Stickers' `Battle`;
/// this decides who may do what and moves the card.
public struct Battles: Sendable {
    let store: ClubStore
    let random: DrawSource

    /// The most open battles one collector may have proposed in one collection.
    public static let maximumOpen = 100
    /// The most battles one listing shows.
    public static let maximumListed = 500

    /// Random prizes are drawn with `random`: the system's cryptographic generator unless a
    /// test gives a seeded one.
    public init(store: ClubStore, random: DrawSource = .system) {
        self.store = store
        self.random = random
    }

    /// `actor` challenges `username`, who collects `name` too, to a battle of `kind`.
    public func propose(_ actor: ActingUser, _ name: CollectionReference, to username: String, kind: Battle.Kind) throws -> BattleRecord {
        let now = Date()
        return try store.write { db in
            let (found, opponent) = try Collections.pair(db, name, actor, with: username, for: "a battle")
            guard try db.battles.openCount(collection: found.id, challenger: actor.userID) < Self.maximumOpen else {
                throw ClubError.conflict(field: "battle", message: "\(actor.username) already has \(Self.maximumOpen) open battles "
                                         + "in '\(found.name)'")
            }
            let id = try db.battles.insert(collection: found.id, challenger: actor.userID, opponent: opponent, kind: kind, at: now)
            return try Self.record(db, id, for: actor)
        }
    }

    /// The opponent accepts a pending battle.
    public func accept(_ actor: ActingUser, _ id: Int64) throws -> BattleRecord {
        try change(actor, id) { battle, side in try battle.accept(by: side) }
    }

    /// The opponent turns a pending battle down.
    public func reject(_ actor: ActingUser, _ id: Int64) throws -> BattleRecord {
        try change(actor, id) { battle, side in try battle.reject(by: side) }
    }

    /// The challenger takes a pending battle back.
    public func cancel(_ actor: ActingUser, _ id: Int64) throws -> BattleRecord {
        try change(actor, id) { battle, side in try battle.cancel(by: side) }
    }

    /// Either side gives up an accepted battle: no card, no envelope.
    public func surrender(_ actor: ActingUser, _ id: Int64) throws -> BattleRecord {
        try change(actor, id) { battle, side in try battle.surrender(by: side) }
    }

    /// `actor` reports their score (0 to `Battle.maximumScore`, once). With both in, the
    /// battle is resolved: a random battle's card moves at once if the loser has a free copy;
    /// a selective one waits for the winner's choice.
    public func report(_ actor: ActingUser, _ id: Int64, score: Int) throws -> BattleRecord {
        try change(actor, id) { battle, side in try battle.report(score, by: side) }
    }

    /// The winner of a resolved battle takes their card: `card` (a selective battle's choice,
    /// among the loser's free cards) or a random free copy (random battles; `card` must be nil).
    public func claim(_ actor: ActingUser, _ id: Int64, card: Int? = nil) throws -> BattleRecord {
        let now = Date()
        return try store.write { db in
            let found = try Self.participant(db, id, actor)
            guard found.battle.state == .resolved else {
                throw ClubError.conflict(field: "battle \(id)", message: "there is no card to claim: it is \(found.battle.state.rawValue)")
            }
            guard let winner = found.battle.winner, found.user(winner) == actor.userID else {
                throw ClubError.permissionDenied("only the winner of battle \(id) may claim its card")
            }
            switch (found.battle.kind, card) {
            case (.random, .some):
                throw ClubError.invalid(field: "card", message: "battle \(id) is random: its card is drawn, not chosen")
            case (.selective, .none):
                throw ClubError.invalid(field: "card", message: "battle \(id) is selective: choose one of the loser's free cards (its choices)")
            default: break
            }
            if let reason = try settle(db, found, choice: card, at: now) {
                throw ClubError.conflict(field: "battle \(id)", message: reason)
            }
            return try Self.record(db, id, for: actor)
        }
    }

    /// Battle `id`, for its two collectors and the collection's administrators; with the
    /// loser's free cards for the winner of a selective battle that waits for a choice.
    public func show(_ actor: ActingUser, _ id: Int64) throws -> BattleRecord {
        try store.read { db in
            guard let found = try db.battles.find(id) else { throw Self.notFound(id) }
            if found.side(of: actor.userID) == nil {
                guard let collection = try db.collections.find(id: found.collectionID),
                      try Collections.administers(db, collection, actor) else { throw Self.notFound(id) }
            }
            return try Self.record(db, id, for: actor)
        }
    }

    /// The newest battles `actor` plays (at most `limit`, up to ``maximumListed``), of
    /// collection `name` when given, only open ones unless `all`.
    public func list(_ actor: ActingUser, collection name: CollectionReference? = nil, all: Bool = false, limit: Int = 100) throws -> [BattleRecord] {
        guard (1...Self.maximumListed).contains(limit) else {
            throw ClubError.invalid(field: "limit", message: "expected 1 to \(Self.maximumListed), not \(limit)")
        }
        return try store.read { db in
            let collection = try name.map { try Collections.find(db, $0).id }
            return try db.battles.records(involving: actor.userID, collection: collection, openOnly: !all, limit: limit)
        }
    }

    // MARK: - Rules shared with collections and accounts

    /// Ends every open battle `user` plays, in `collection` (every one when nil): pending ones
    /// cancelled, accepted ones surrendered, resolved ones finished with no card.
    static func abandonAll(_ db: StoreTransaction, user: Int64, collection: Int64?, reason: String, at date: Date) throws {
        for found in try db.battles.open(involving: user, collection: collection) {
            var battle = found.battle
            battle.abandon()
            _ = try db.battles.update(found.id, from: found.battle.state, to: battle, prize: nil, reason: reason, at: date)
        }
    }

    // MARK: - Private

    /// Applies `action` from `actor`'s side and stores the result; a battle it resolves is
    /// settled at once when random.
    private func change(_ actor: ActingUser, _ id: Int64, _ action: (inout Battle, Battle.Side) throws -> Void) throws -> BattleRecord {
        let now = Date()
        return try store.write { db in
            let found = try Self.participant(db, id, actor)
            guard let side = found.side(of: actor.userID) else { throw Self.notFound(id) }
            var battle = found.battle
            do {
                try action(&battle, side)
            } catch let error as StickerError {
                throw ClubError.conflict(field: "battle \(id)", message: error.localizedDescription)
            }
            guard try db.battles.update(id, from: found.battle.state, to: battle, prize: nil, reason: "", at: now) else {
                throw ClubError.conflict(field: "battle \(id)", message: "it changed meanwhile; look at it again and retry")
            }
            if battle.state == .resolved {
                var resolved = found
                resolved.battle = battle
                let waiting = battle.kind == .random ? try settle(db, resolved, choice: nil, at: now)
                    : "waiting for \(try Self.username(db, resolved.user(battle.winner ?? .challenger))) to choose a card"
                if let waiting { _ = try db.battles.update(id, from: .resolved, to: battle, prize: nil, reason: waiting, at: now) }
            }
            return try Self.record(db, id, for: actor)
        }
    }

    /// Moves the loser's card to the winner of resolved battle `found` (`choice`, or a random
    /// free copy), grants the winner an envelope and finishes the battle. Returns why it waits
    /// instead, when the loser has no free copy (of the chosen card).
    private func settle(_ db: StoreTransaction, _ found: BattleStore.Found, choice: Int?, at date: Date) throws -> String? {
        guard let side = found.battle.winner, let winner = found.user(side), let loser = found.user(side.other) else { return nil }
        let holdings = try db.collections.holdings(found.collectionID, user: loser)
        let loserName = try Self.username(db, loser)
        let card: Int
        if let choice {
            do {
                try BattlePrize.checkChoice(choice, from: holdings)
            } catch let error as StickerError {
                return "\(loserName): \(error.localizedDescription)"
            }
            card = choice
        } else {
            var generator = random.generator
            guard let drawn = BattlePrize.randomCard(from: holdings, using: &generator) else {
                return "waiting: \(loserName) has no card that is not promised in a swap"
            }
            card = drawn
        }
        try Collections.checkRoom(try db.collections.holdings(found.collectionID, user: winner), adding: [card])
        try Swaps.move(db, collection: found.collectionID, card: card, from: loser, to: winner, at: date)
        let held = try db.collections.envelopeCounts(found.collectionID, user: winner)
        if held.regular + held.special < Collections.maximumHeldEnvelopes {
            try db.collections.insertEnvelopes(found.collectionID, user: winner, count: 1, kind: .regular, source: "battle",
                                               grantedBy: nil, at: date)
        }
        var battle = found.battle
        try battle.finish()
        _ = try db.battles.update(found.id, from: .resolved, to: battle, prize: card, reason: "", at: date)
        return nil
    }

    /// Battle `id`, which `actor` plays.
    private static func participant(_ db: StoreTransaction, _ id: Int64, _ actor: ActingUser) throws -> BattleStore.Found {
        guard let found = try db.battles.find(id), found.side(of: actor.userID) != nil else { throw notFound(id) }
        return found
    }

    /// Battle `id` as `actor` sees it: with the loser's free cards when they are its winner
    /// and must choose.
    private static func record(_ db: StoreTransaction, _ id: Int64, for actor: ActingUser) throws -> BattleRecord {
        guard var record = try db.battles.record(id), let found = try db.battles.find(id) else { throw notFound(id) }
        if found.battle.state == .resolved, found.battle.kind == .selective, let side = found.battle.winner,
           found.user(side) == actor.userID, let loser = found.user(side.other) {
            record.choices = try db.collections.holdings(found.collectionID, user: loser)
                .filter { $0.value.unblocked > 0 }.keys.sorted()
        }
        return record
    }

    private static func username(_ db: StoreTransaction, _ id: Int64?) throws -> String {
        try id.flatMap { try db.users.account(id: $0)?.username } ?? "the other collector"
    }

    private static func notFound(_ id: Int64) -> ClubError { .notFound(kind: "battle", reference: String(id)) }
}
