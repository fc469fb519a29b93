/// How rare a card of a collection is: each rarity has a draw weight the collection sets
/// (``RarityWeights``). Treasure hunts give envelopes of ``special`` cards.
public enum Rarity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// The default: most cards of a collection.
    case common
    /// Drawn less often than common cards.
    case rare
    /// The rarest cards, and those a found treasure gives.
    case special

    /// The rarities from the most to the least common.
    public static func < (a: Rarity, b: Rarity) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }
}
