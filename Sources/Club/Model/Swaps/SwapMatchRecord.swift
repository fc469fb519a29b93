/// Another collector ranked by the one-for-one swaps possible with them (``Swaps/matches``).
public struct SwapMatchRecord: Sendable, Equatable, Codable {
    public var collector: String
    /// The swaps possible: the sum over rarities of min(what they can give you, what you can
    /// give them).
    public var swaps: Int
    /// Cards you miss that they have spare.
    public var theyCanGive: Int
    /// Cards they miss that you have spare.
    public var youCanGive: Int
}
