/// Where a swap proposal stands. Only a pending proposal blocks a copy.
public enum ProposalState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Waiting for the other collector; the offered copy is promised.
    case pending
    /// The other collector accepted: both cards moved.
    case accepted
    /// The other collector said no.
    case rejected
    /// The proposer took it back.
    case cancelled
    /// Closed by the service: a card it offers or asks for left its last holder, or one side
    /// left the collection.
    case closed

    /// Whether the proposal can still be answered.
    public var isOpen: Bool { self == .pending }
}
