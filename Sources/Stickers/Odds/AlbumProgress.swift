/// Where a collector stands in a collection, as the odds read it: the collection's cards by
/// rarity class (each card of a class drawn with the class's weight), how many of each class the
/// collector still misses, and how many cards an envelope holds.
///
/// ```swift
/// // The 2018 World Cup album: 682 stickers of equal weight, packs of 5, nothing stuck yet.
/// let empty = try AlbumProgress(packSize: 5, classes: [.init(weight: 1, cards: 682, missing: 682)])
/// let packs = try CompletionOdds.expectedEnvelopes(empty)   // 966.4...
/// ```
public struct AlbumProgress: Sendable, Hashable {
    /// Cards of one rarity, each drawn with the same weight.
    public struct RarityClass: Sendable, Hashable {
        /// The draw weight of each card of the class (the collection's setting for its rarity).
        public var weight: Double
        /// How many cards of the collection have this rarity.
        public var cards: Int
        /// How many of them the collector does not own.
        public var missing: Int
        /// Duplicates of this class's cards the collector could swap away (copies beyond the
        /// one in the album that are not promised elsewhere).
        public var spare: Int

        public init(weight: Double, cards: Int, missing: Int, spare: Int = 0) {
            self.weight = weight
            self.cards = cards
            self.missing = missing
            self.spare = spare
        }
    }

    /// The most cards an album may have for the odds: the exact method for equal weights costs
    /// time in proportion to the cards times the envelopes.
    public static let maximumCards = 5_000
    /// The most cards an envelope may hold.
    public static let maximumPackSize = 50

    /// Cards an envelope holds, all different (as printed packs are).
    public let packSize: Int
    /// The classes that have cards (classes of no card are dropped).
    public let classes: [RarityClass]

    /// Checks the values: a pack size of 1 to ``maximumPackSize`` and no more than the cards;
    /// weights finite and above 0; counts of cards 0 or more, 1 to ``maximumCards`` in all;
    /// missing cards from 0 to the class's cards.
    ///
    /// - Throws: ``OddsError`` naming the value and what was expected.
    public init(packSize: Int, classes: [RarityClass]) throws {
        for (index, rarity) in classes.enumerated() {
            guard rarity.weight.isFinite, rarity.weight > 0 else {
                throw OddsError.invalid(field: "classes[\(index)].weight", expected: "a finite weight above 0")
            }
            guard rarity.cards >= 0, rarity.cards <= Self.maximumCards else {
                throw OddsError.invalid(field: "classes[\(index)].cards", expected: "0 to \(Self.maximumCards) cards")
            }
            guard (0...rarity.cards).contains(rarity.missing) else {
                throw OddsError.invalid(field: "classes[\(index)].missing", expected: "0 to the class's \(rarity.cards) cards")
            }
        }
        let cards = classes.reduce(0) { $0 + $1.cards }
        guard (1...Self.maximumCards).contains(cards) else {
            throw OddsError.invalid(field: "classes", expected: "1 to \(Self.maximumCards) cards in all, not \(cards)")
        }
        guard (1...min(Self.maximumPackSize, cards)).contains(packSize) else {
            throw OddsError.invalid(field: "packSize", expected: "1 to \(min(Self.maximumPackSize, cards)) cards an envelope")
        }
        self.packSize = packSize
        self.classes = classes.filter { $0.cards > 0 }
    }

    /// Every card of the collection.
    public var cards: Int { classes.reduce(0) { $0 + $1.cards } }
    /// The cards the collector misses.
    public var missing: Int { classes.reduce(0) { $0 + $1.missing } }
    /// Whether every card is drawn with the same weight, where the odds are exact.
    public var hasEqualWeights: Bool { Set(classes.map(\.weight)).count <= 1 }

    /// The album once `cards` of the missing cards are filled, taken from the rarest classes
    /// first (what a collector swapping duplicates at par would ask for): ``missing`` falls by
    /// `cards`, down to 0.
    public func filling(_ cards: Int) throws -> AlbumProgress {
        var left = max(0, cards)
        var classes = self.classes
        for index in classes.indices.sorted(by: { classes[$0].weight < classes[$1].weight }) where left > 0 {
            let filled = min(left, classes[index].missing)
            classes[index].missing -= filled
            left -= filled
        }
        return try AlbumProgress(packSize: packSize, classes: classes)
    }

    /// The album once every class's ``RarityClass/spare`` duplicates are swapped one for one
    /// for missing cards of the same rarity (swaps at par, as the swap plan makes them).
    public func swappingAtPar() throws -> AlbumProgress {
        try AlbumProgress(packSize: packSize, classes: classes.map { rarity in
            var swapped = rarity
            swapped.missing = max(0, rarity.missing - max(0, rarity.spare))
            swapped.spare = 0
            return swapped
        })
    }
}
