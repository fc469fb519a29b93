/// Which cards an envelope draws from.
public enum EnvelopeKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every card of the collection, by the rarity weights.
    case regular
    /// The collection's special cards (a found treasure's prize); a collection with no special
    /// card gives its rare ones, and one with neither gives a regular envelope.
    case special

    /// The cards of `cards` this kind draws from.
    public func pool(_ cards: [DrawableCard]) -> [DrawableCard] {
        guard self == .special else { return cards }
        for rarity in [Rarity.special, .rare] {
            let matching = cards.filter { $0.rarity == rarity }
            if !matching.isEmpty { return matching }
        }
        return cards
    }
}
