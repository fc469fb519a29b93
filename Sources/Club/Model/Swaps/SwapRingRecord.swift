import Foundation
import Stickers

/// A swap ring as its members (and the collection's administrators) see it: a swap-day cycle of
/// three or more collectors made one proposal, which goes through when every member has
/// accepted their leg.
public struct SwapRingRecord: Sendable, Equatable, Codable {
    /// One member's part: the card they give to the next leg's giver (the last leg's goes to
    /// the first's).
    public struct Leg: Sendable, Equatable, Codable {
        /// Who gives; nil once their account is deleted.
        public var giver: String?
        public var card: Int
        public var title: String
        /// Who receives: the next leg's giver.
        public var receiver: String?
        /// Whether the giver has accepted, which promises (blocks) their copy.
        public var accepted: Bool
    }

    public var id: Int64
    public var collection: String
    /// The collection's id, as HTTP paths name it.
    public var collectionId: Int64
    /// Who made the ring from the plan; nil once their account is deleted.
    public var proposer: String?
    /// `pending` until every leg is accepted, then `accepted` (every card moved); `rejected`
    /// by a member, `cancelled` by the proposer, or `closed` by the service.
    public var state: ProposalState
    /// Why it was rejected or closed, when the service knows.
    public var reason: String?
    public var legs: [Leg]
    public var createdAt: Date
    public var endedAt: Date?
}
