/// What ``Swaps/proposePlan`` did for one collector: the proposals it made for their
/// two-person swaps of the plan, the rings it made for their cycles of three to
/// ``Swaps/maximumRingMembers`` collectors, and the longer cycles they are in, swapped in person
/// on the day.
public struct SwapPlanProposals: Sendable, Equatable, Codable {
    public var collection: String
    /// Proposals made now.
    public var proposed: [SwapProposalRecord]
    /// Rings made now, each waiting for its other members to accept.
    public var rings: [SwapRingRecord]
    /// The collector's cycles longer than a ring may be.
    public var cycles: [[SwapPlanReport.Step]]
}
