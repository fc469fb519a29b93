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
    /// The collector's cycles not proposed: longer than a ring may be, or past the most pending
    /// proposals or rings they may have; to swap in person.
    public var cycles: [[SwapPlanReport.Step]]
}
