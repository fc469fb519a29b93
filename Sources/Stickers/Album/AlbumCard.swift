/// One card of a collection in a collector's album: its slot and the copies held.
public struct AlbumCard: Sendable, Equatable, Codable {
    public var number: Int
    public var title: String
    public var family: String
    public var rarity: Rarity
    /// Copies owned (0: the slot is empty).
    public var owned: Int
    /// Copies promised in pending swaps.
    public var blocked: Int

    /// A card's slot with `owned` copies, `blocked` of them promised (0 <= blocked <= owned).
    public init(number: Int, title: String, family: String, rarity: Rarity, owned: Int, blocked: Int) {
        self.number = number
        self.title = title
        self.family = family
        self.rarity = rarity
        self.owned = owned
        self.blocked = blocked
    }
}
