import Foundation
import Support

/// Results of the app's mini-game (a challenge): an administrator of the collection (the
/// app's backend account, typically an editor) records a collector's result; a won challenge
/// grants one envelope, recorded with the result. No game runs here.
public struct Challenges: Sendable {
    let store: ClubStore

    /// The longest game name.
    public static let maximumGameLength = 100
    /// The most results one listing shows.
    public static let maximumListed = 500

    public init(store: ClubStore) {
        self.store = store
    }

    /// Records `username`'s result in `game` (`score` 0 to 1,000,000,000); `won` grants them an
    /// envelope.
    public func record(_ actor: ActingUser, _ name: CollectionReference, collector username: String, game: String, score: Int,
                       won: Bool) throws -> ChallengeRecord {
        let game = game.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...Self.maximumGameLength).contains(game.count) else {
            throw ClubError.invalid(field: "game", message: "expected a name of 1 to \(Self.maximumGameLength) characters")
        }
        guard (0...1_000_000_000).contains(score) else {
            throw ClubError.invalid(field: "score", message: "expected 0 to 1000000000, not \(score)")
        }
        let now = Date()
        return try store.write { db in
            let (found, user) = try Collections.administered(db, name, by: actor, collector: username)
            if won {
                let held = try db.collections.envelopeCounts(found.id, user: user)
                guard held.regular + held.special < Collections.maximumHeldEnvelopes else {
                    throw ClubError.conflict(field: "envelopes", message: "\(username) would hold more than "
                        + "\(Collections.maximumHeldEnvelopes) unopened envelopes of '\(found.name)'")
                }
                try db.collections.insertEnvelopes(found.id, user: user, count: 1, kind: .regular, source: "challenge",
                                                   grantedBy: actor.userID, at: now)
            }
            let id = try db.contests.insertChallenge(collection: found.id, user: user, game: game, score: score, won: won,
                                                     recordedBy: actor.userID, at: now)
            guard let record = try db.contests.challenges(collection: found.id, user: user, limit: 1).first, record.id == id else {
                throw ClubError.notFound(kind: "challenge", reference: String(id))
            }
            return record
        }
    }

    /// The newest results of `name` (at most `limit`): `actor`'s own, or for an
    /// administrator anyone's (`of`, or everyone's when nil).
    public func list(_ actor: ActingUser, _ name: CollectionReference, of username: String? = nil, limit: Int = 100) throws -> [ChallengeRecord] {
        guard (1...Self.maximumListed).contains(limit) else {
            throw ClubError.invalid(field: "limit", message: "expected 1 to \(Self.maximumListed), not \(limit)")
        }
        return try store.read { db in
            let found = try Collections.find(db, name)
            if let username, CaseFold.key(username) != CaseFold.key(actor.username) {
                try Collections.checkAdministers(db, found, actor)
                return try db.contests.challenges(collection: found.id, user: try db.users.id(username: username), limit: limit)
            }
            if username == nil, try Collections.administers(db, found, actor) {
                return try db.contests.challenges(collection: found.id, user: nil, limit: limit)
            }
            return try db.contests.challenges(collection: found.id, user: actor.userID, limit: limit)
        }
    }
}
