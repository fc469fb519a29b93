/// A card of a collection as an envelope sees it: its number there and its rarity.
public struct DrawableCard: Sendable, Hashable {
    /// The card's number in the collection (any positive number: numbers need not run 1...N).
    public var number: Int
    /// The card's rarity in the collection.
    public var rarity: Rarity

    public init(number: Int, rarity: Rarity) {
        self.number = number
        self.rarity = rarity
    }
}
