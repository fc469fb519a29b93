/// What ``Swaps/proposePlan`` did for one collector: the proposals it made for their
/// two-person swaps of the plan, and the longer cycles they are in, swapped in person on the day.
public struct SwapPlanProposals: Sendable, Equatable, Codable {
    public var collection: String
    /// Proposals made now.
    public var proposed: [SwapProposalRecord]
    /// The collector's cycles of three or more.
    public var cycles: [[SwapPlanReport.Step]]
}
