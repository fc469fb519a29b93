import Foundation
import Support

extension SwapPool {
    /// A made-up club for benchmarks and tests, the same for the same seed.
    ///
    /// The collection has `cards` cards, 85 % common, 12 % rare and 3 % special, drawn with the
    /// standard weights in envelopes of 5. Each collector has opened between 5 and `cards`
    /// envelopes, log-uniformly: many have just started, a few are near the end. With `shops`
    /// above 0, each collector buys at one of that many shops, and each shop's boxes hold a
    /// different random fifth of the cards four times as often as the rest (boxes are filled
    /// from a few print sheets, so the packs of one box repeat the same cards); with 0, every
    /// envelope is drawn from the whole collection alike.
    ///
    /// - Throws: ``StickerError/invalid(field:expected:)`` beyond 5,000 cards, 2,000
    ///   collectors or 100 shops.
    public static func synthetic(collectors: Int, cards: Int, shops: Int = 0, seed: UInt64) throws -> SwapPool {
        guard (5...5_000).contains(cards), (1...maximumCollectors).contains(collectors),
              cards * collectors <= maximumSize, (0...100).contains(shops) else {
            throw StickerError.invalid(field: "synthetic", expected: "5 to 5,000 cards, 1 to \(maximumCollectors) collectors, "
                                       + "at most \(maximumSize) of both multiplied, and 0 to 100 shops")
        }
        var random = SeededRandom(seed: seed)
        let deck = (1...cards).map { number in
            DrawableCard(number: number, rarity: number <= cards * 85 / 100 ? .common : number <= cards * 97 / 100 ? .rare : .special)
        }
        let numbers = deck.map(\.number), weights = deck.map { RarityWeights.standard[$0.rarity] }
        let favoured: [Set<Int>] = (0..<shops).map { _ in
            var shuffled = numbers
            random.shuffle(&shuffled)
            return Set(shuffled.prefix(cards / 5))
        }
        let people = try (1...collectors).map { id in
            var shopWeights = weights
            if !favoured.isEmpty {
                let shop = favoured[random.index(below: favoured.count)]
                for (index, card) in deck.enumerated() where shop.contains(card.number) { shopWeights[index] *= 4 }
            }
            let envelopes = Int(exp(random.uniform(log(5)...log(Double(cards)))).rounded())
            var owned: [Int: Int] = [:]
            for _ in 0..<envelopes {
                for number in EnvelopeDraw.draw(numbers: numbers, weights: shopWeights, size: 5, using: &random) {
                    owned[number, default: 0] += 1
                }
            }
            return Collector(id: Int64(id), holdings: try owned.mapValues { try Holding(owned: $0) })
        }
        return try SwapPool(cards: deck, collectors: people)
    }
}
