/// One card passing from one collector to another in a swap plan.
public struct SwapStep: Sendable, Hashable, Codable {
    /// The collector who gives the card.
    public var giver: Int64
    /// The card's number.
    public var card: Int
    /// The collector who gets it.
    public var receiver: Int64

    public init(giver: Int64, card: Int, receiver: Int64) {
        self.giver = giver
        self.card = card
        self.receiver = receiver
    }
}
