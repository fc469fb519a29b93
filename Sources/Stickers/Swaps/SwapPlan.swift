/// Swaps for a swap day: cycles in which each collector gives one card to the next and gets
/// one from the previous, every card of a cycle of the same rarity (swaps at par). A cycle of
/// two is a plain one-for-one swap.
public struct SwapPlan: Sendable, Hashable, Codable {
    /// The cycles, each a list of steps where each step's receiver gives the next step's card
    /// and the last step's receiver is the first step's giver.
    public var cycles: [[SwapStep]]

    public init(cycles: [[SwapStep]]) {
        self.cycles = cycles
    }

    /// How many cards the plan moves (each to a collector who missed it).
    public var cards: Int { cycles.reduce(0) { $0 + $1.count } }
    /// The longest cycle's number of collectors (0 for an empty plan).
    public var longestCycle: Int { cycles.map(\.count).max() ?? 0 }
}
