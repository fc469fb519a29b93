import Support

/// Opening an envelope: `size` different cards drawn one after another, each time among the
/// cards not yet in the envelope with probability in proportion to its rarity's weight
/// (weighted sampling without replacement, as printed packs hold no card twice).
///
/// The generator decides: pass `SystemRandomNumberGenerator` (the system's cryptographic
/// generator) in production and a `SeededRandom` in tests. The cards are taken in order of
/// number first, so that one seed always gives the same envelope whatever order the cards came
/// in.
///
/// ```swift
/// var random = SystemRandomNumberGenerator()
/// let numbers = try EnvelopeDraw.draw(from: cards, weights: .standard, size: 5, using: &random)
/// ```
public enum EnvelopeDraw {
    /// The most cards one envelope may hold.
    public static let maximumSize = 50

    /// The numbers of the cards drawn, in the order they came out: `size` of them, or every
    /// card of the pool when it has fewer.
    ///
    /// - Throws: ``StickerError/noCardsToDraw`` for an empty pool;
    ///   ``StickerError/invalid(field:expected:)`` for a size out of 1...``maximumSize``, a
    ///   weight that is not finite and above 0, or a number given twice.
    public static func draw<G: RandomNumberGenerator>(from cards: [DrawableCard], weights: RarityWeights,
                                                     kind: EnvelopeKind = .regular, size: Int,
                                                     using generator: inout G) throws -> [Int] {
        guard (1...maximumSize).contains(size) else {
            throw StickerError.invalid(field: "packSize", expected: "1 to \(maximumSize) cards an envelope")
        }
        let weights = try weights.validated()
        let pool = kind.pool(cards).sorted { $0.number < $1.number }
        guard !pool.isEmpty else { throw StickerError.noCardsToDraw }
        if let repeated = zip(pool, pool.dropFirst()).first(where: { $0.number == $1.number }) {
            throw StickerError.invalid(field: "cards", expected: "each number once, not \(repeated.0.number) twice")
        }
        return draw(numbers: pool.map(\.number), weights: pool.map { weights[$0.rarity] }, size: size, using: &generator)
    }

    /// `size` different numbers of `numbers` (or all of them), each pick in proportion to its
    /// weight among those left (all weights finite and above 0).
    static func draw<G: RandomNumberGenerator>(numbers: [Int], weights: [Double], size: Int,
                                              using generator: inout G) -> [Int] {
        var numbers = numbers, weights = weights
        var drawn: [Int] = []
        drawn.reserveCapacity(min(size, numbers.count))
        while drawn.count < size, !numbers.isEmpty {
            let index = pick(weights, using: &generator)
            weights.remove(at: index)
            drawn.append(numbers.remove(at: index))
        }
        return drawn
    }

    /// An index of `weights` (all above 0), each with probability in proportion to its weight.
    static func pick<G: RandomNumberGenerator>(_ weights: [Double], using generator: inout G) -> Int {
        let total = weights.reduce(0, +)
        let target = generator.uniform(0...total)
        var sum = 0.0
        for (index, weight) in weights.enumerated() {
            sum += weight
            if target < sum { return index }
        }
        return weights.count - 1  // rounding left the target at the very top
    }
}
