import Foundation
import Stickers

/// A swap proposal as its two collectors (and the collection's administrators) see it.
public struct SwapProposalRecord: Sendable, Equatable, Codable {
    public var id: Int64
    public var collection: String
    /// The collection's id, as HTTP paths name it.
    public var collectionId: Int64
    /// Who offers `give`; nil once their account is deleted.
    public var proposer: String?
    /// Who is asked for `get`; nil once their account is deleted.
    public var recipient: String?
    /// The card the proposer offers.
    public var give: Int
    public var giveTitle: String
    /// The card the proposer asks for.
    public var get: Int
    public var getTitle: String
    public var state: ProposalState
    /// Why the service closed it (a card's last copy left, a collector left); nil otherwise.
    public var reason: String?
    public var createdAt: Date
    /// When it was accepted, rejected, cancelled or closed; nil while pending.
    public var endedAt: Date?
}
