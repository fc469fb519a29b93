/// The draw weight of each rarity in a collection: a card of weight `w` comes out of an
/// envelope `w / v` times as often as a card of weight `v` (before the cards already in the
/// envelope are set aside). Only the ratios matter.
public struct RarityWeights: Sendable, Hashable, Codable {
    /// The largest weight accepted, so that sums of 5,000 weights stay exact enough.
    public static let maximumWeight = 1_000_000.0

    /// The weight of a common card.
    public var common: Double
    /// The weight of a rare card.
    public var rare: Double
    /// The weight of a special card.
    public var special: Double

    /// Common cards 20 times as likely as special ones and 4 times as likely as rare ones.
    public static let standard = RarityWeights(common: 1, rare: 0.25, special: 0.05)

    public init(common: Double, rare: Double, special: Double) {
        self.common = common
        self.rare = rare
        self.special = special
    }

    /// The weight of `rarity`.
    public subscript(rarity: Rarity) -> Double {
        switch rarity {
        case .common: return common
        case .rare: return rare
        case .special: return special
        }
    }

    /// Checks that every weight is finite, above 0 and at most ``maximumWeight``.
    ///
    /// - Throws: ``StickerError/invalid(field:expected:)`` naming the rarity.
    public func validated() throws -> RarityWeights {
        for rarity in Rarity.allCases {
            let weight = self[rarity]
            guard weight.isFinite, weight > 0, weight <= Self.maximumWeight else {
                throw StickerError.invalid(field: "weights.\(rarity.rawValue)",
                                           expected: "a weight above 0 and at most \(Int(Self.maximumWeight))")
            }
        }
        return self
    }
}
