import Foundation
import Stickers

/// A battle as its two collectors (and the collection's administrators) see it.
public struct BattleRecord: Sendable, Equatable, Codable {
    public var id: Int64
    public var collection: String
    /// The collection's id, as HTTP paths name it.
    public var collectionId: Int64
    /// Who proposed it; nil once their account is deleted.
    public var challenger: String?
    /// Who was challenged; nil once their account is deleted.
    public var opponent: String?
    public var kind: Battle.Kind
    public var state: Battle.State
    public var challengerScore: Int?
    public var opponentScore: Int?
    /// The side with the higher score once both are in; nil for a tie or before.
    public var winner: String?
    /// The card that went to the winner, once finished.
    public var prize: Int?
    public var prizeTitle: String?
    /// Why a resolved battle waits, or why the service ended it.
    public var reason: String?
    /// For the winner of a selective battle that waits for their choice: the loser's cards
    /// with a free copy.
    public var choices: [Int]?
    public var createdAt: Date
    public var updatedAt: Date
}
