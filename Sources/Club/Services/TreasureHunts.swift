import Foundation
import Routes
import Stickers

/// Treasure hunts: a collector starts one from where they stand and a point is hidden at a
/// random bearing and a random distance of 0.5 to 2 km (geodesic, WGS84); coming within
/// 150 m of it (geodesic) before it expires, 24 hours later, finds it and grants an envelope
/// of special cards. One open hunt at a time per collector and collection; the target shows
/// only once found. The rules and numbers are Stickers' `TreasureRules`; distances are
/// Routes' `Geodesic`.
public struct TreasureHunts: Sendable {
    let store: ClubStore
    let random: DrawSource

    /// Treasure is placed with `random`: the system's cryptographic generator unless a test
    /// gives a seeded one.
    public init(store: ClubStore, random: DrawSource = .system) {
        self.store = store
        self.random = random
    }

    /// `actor` starts a hunt in `name` from (`latitude`, `longitude`) at `now`.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a position out of range;
    ///   ``ClubError/conflict(field:message:)`` while another hunt of theirs is open.
    public func start(_ actor: ActingUser, _ name: CollectionReference, latitude: Double, longitude: Double,
                      now: Date = Date()) throws -> TreasureHuntRecord {
        let start = try Self.position(latitude, longitude)
        return try store.write { db in
            let found = try Collections.find(db, name)
            try Collections.checkCollecting(db, found, actor)
            if let hunt = try db.contests.latestHunt(collection: found.id, user: actor.userID), hunt.state == .open {
                guard now >= hunt.expiresAt else {
                    throw ClubError.conflict(field: "treasure", message: "\(actor.username) already hunts a treasure in '\(found.name)' "
                                             + "until \(Self.time(hunt.expiresAt))")
                }
                _ = try db.contests.endHunt(hunt.id, state: .expired, at: now)
            }
            var generator = random.generator
            let (bearing, distance) = TreasureRules.placement(using: &generator)
            guard let target = Geodesic.destination(from: GeoPoint(latitude: start.latitude, longitude: start.longitude),
                                                    bearingDegrees: bearing, distanceMeters: distance) else {
                throw ClubError.invalid(field: "at", message: "no treasure can be placed from \(start.latitude),\(start.longitude)")
            }
            _ = try db.contests.insertHunt(collection: found.id, user: actor.userID, start: start,
                                                target: .init(latitude: target.latitude, longitude: target.longitude),
                                                startedAt: now, expiresAt: now.addingTimeInterval(TreasureRules.lifetimeSeconds))
            return try Self.record(db, found, actor, now: now)
        }
    }

    /// `actor` claims their open hunt's treasure from (`latitude`, `longitude`) at `now`:
    /// within 150 m it is found and an envelope of special cards is theirs.
    ///
    /// - Throws: ``ClubError/refused(field:message:remedy:)`` with no open hunt or after it
    ///   expired (which ends it), ``ClubError/conflict(field:message:)`` farther than 150 m
    ///   (saying how far).
    public func claim(_ actor: ActingUser, _ name: CollectionReference, latitude: Double, longitude: Double,
                      now: Date = Date()) throws -> TreasureHuntRecord {
        let position = try Self.position(latitude, longitude)
        enum Outcome { case found(TreasureHuntRecord), expired(CollectionStore.Found) }
        let outcome = try store.write { db -> Outcome in
            let found = try Collections.find(db, name)
            try Collections.checkCollecting(db, found, actor)
            guard let hunt = try db.contests.latestHunt(collection: found.id, user: actor.userID), hunt.state == .open else {
                throw ClubError.refused(field: "treasure", message: "\(actor.username) has no treasure hunt going in '\(found.name)'",
                                        remedy: .startTreasureHunt(collection: found.name, id: found.id))
            }
            guard now < hunt.expiresAt else {
                // Ended, and kept so: the refusal below comes after this transaction.
                _ = try db.contests.endHunt(hunt.id, state: .expired, at: now)
                return .expired(found)
            }
            let distance = Geodesic.distance(latitude1: position.latitude, longitude1: position.longitude,
                                             latitude2: hunt.target.latitude, longitude2: hunt.target.longitude)
            guard distance <= TreasureRules.claimRadiusMeters else {
                throw ClubError.conflict(field: "treasure", message: "not there yet: the treasure is \(Int(distance.rounded())) m away, "
                                         + "and a claim must come within \(Int(TreasureRules.claimRadiusMeters)) m")
            }
            guard try db.contests.endHunt(hunt.id, state: .found, at: now) else {
                throw ClubError.conflict(field: "treasure", message: "the hunt changed meanwhile; look at it again and retry")
            }
            let held = try db.collections.envelopeCounts(found.id, user: actor.userID)
            guard held.regular + held.special < Collections.maximumHeldEnvelopes else {
                throw ClubError.conflict(field: "envelopes", message: "\(actor.username) holds \(Collections.maximumHeldEnvelopes) "
                                         + "unopened envelopes of '\(found.name)'; open some first")
            }
            try db.collections.insertEnvelopes(found.id, user: actor.userID, count: 1, kind: .special, source: "treasure",
                                               grantedBy: nil, at: now)
            return .found(try Self.record(db, found, actor, now: now))
        }
        switch outcome {
        case .found(let record): return record
        case .expired(let found):
            throw ClubError.refused(field: "treasure", message: "the treasure hunt expired",
                                    remedy: .startTreasureHunt(collection: found.name, id: found.id))
        }
    }

    /// `actor`'s latest hunt in `name`, as it stands at `now`.
    public func show(_ actor: ActingUser, _ name: CollectionReference, now: Date = Date()) throws -> TreasureHuntRecord {
        try store.read { db in
            let found = try Collections.find(db, name)
            try Collections.checkCollecting(db, found, actor)
            return try Self.record(db, found, actor, now: now)
        }
    }

    private static func record(_ db: StoreTransaction, _ found: CollectionStore.Found, _ actor: ActingUser,
                               now: Date) throws -> TreasureHuntRecord {
        guard let hunt = try db.contests.latestHunt(collection: found.id, user: actor.userID) else {
            throw ClubError.notFound(kind: "treasure hunt", reference: "of \(actor.username) in '\(found.name)'")
        }
        let state: TreasureHuntRecord.State = hunt.state == .open && now >= hunt.expiresAt ? .expired : hunt.state
        return TreasureHuntRecord(id: hunt.id, collection: found.name, state: state, start: hunt.start,
                                  target: state == .found ? hunt.target : nil, claimRadiusMeters: TreasureRules.claimRadiusMeters,
                                  areaRadiusMeters: TreasureRules.maximumDistanceMeters,
                                  startedAt: hunt.startedAt, expiresAt: hunt.expiresAt, foundAt: hunt.foundAt)
    }

    private static func position(_ latitude: Double, _ longitude: Double) throws -> TreasureHuntRecord.Position {
        do {
            try TreasureRules.checkPosition(latitude: latitude, longitude: longitude)
        } catch let error as StickerError {
            throw ClubError.invalid(field: "at", message: error.localizedDescription)
        }
        return .init(latitude: latitude, longitude: longitude)
    }

    private static func time(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }
}
