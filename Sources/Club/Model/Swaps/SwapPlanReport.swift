/// A swap-day plan for every collector of a collection (``Swaps/plan``).
public struct SwapPlanReport: Sendable, Equatable, Codable {
    /// One card passing in a cycle.
    public struct Step: Sendable, Equatable, Codable {
        public var giver: String
        public var card: Int
        public var title: String
        public var receiver: String
    }

    public var collection: String
    /// How many wanted cards the plan moves.
    public var cards: Int
    /// How many the two-person baseline moves: repeatedly, the pair with the most swaps at par
    /// makes them all.
    public var pairwiseCards: Int
    /// The cap on a cycle's collectors asked for; nil for none.
    public var maximumCycleLength: Int?
    /// The cycles: each step's receiver gives the next step's card, and the last step's
    /// receiver is the first step's giver; every card of a cycle has one rarity.
    public var cycles: [[Step]]
}
