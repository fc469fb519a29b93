import Support
import Testing
@testable import Stickers

/// Opening envelopes: different cards, by weight, the same for the same seed.
@Suite struct EnvelopeDrawTests {
    private let scattered = [7, 19, 300, 301, 1000, 42, 8].map { DrawableCard(number: $0, rarity: .common) }

    @Test func numbersNeedNotRunFromOneToN() throws {
        var random = SeededRandom(seed: 1)
        for _ in 0..<500 {
            let drawn = try EnvelopeDraw.draw(from: scattered, weights: .standard, size: 5, using: &random)
            #expect(drawn.count == 5)
            #expect(Set(drawn).count == 5, "an envelope holds no card twice: \(drawn)")
            #expect(Set(drawn).isSubset(of: scattered.map(\.number)))
        }
        // Over many envelopes every card comes out, the highest number too.
        var seen = Set<Int>()
        for _ in 0..<50 { seen.formUnion(try EnvelopeDraw.draw(from: scattered, weights: .standard, size: 1, using: &random)) }
        #expect(seen == Set(scattered.map(\.number)))
    }

    @Test func oneSeedGivesOneEnvelopeWhateverTheOrderOfTheCards() throws {
        var first = SeededRandom(seed: 99), second = SeededRandom(seed: 99)
        let a = try EnvelopeDraw.draw(from: scattered, weights: .standard, size: 3, using: &first)
        let b = try EnvelopeDraw.draw(from: scattered.reversed(), weights: .standard, size: 3, using: &second)
        #expect(a == b)
        var third = SeededRandom(seed: 100)
        let others = try (0..<10).map { _ in try EnvelopeDraw.draw(from: scattered, weights: .standard, size: 3, using: &third) }
        #expect(others.contains { $0 != a }, "another seed gives other envelopes")
    }

    @Test func cardsComeOutInProportionToTheirRaritysWeight() throws {
        // 10 common (weight 1) and 10 special (weight 0.05) cards, one a draw: a special card
        // comes out with probability 0.5 / 10.5 = 4.76 %.
        let cards = (1...10).map { DrawableCard(number: $0, rarity: .common) }
            + (11...20).map { DrawableCard(number: $0, rarity: .special) }
        var random = SeededRandom(seed: 7)
        var specials = 0
        let draws = 40_000
        for _ in 0..<draws where try EnvelopeDraw.draw(from: cards, weights: .standard, size: 1, using: &random)[0] > 10 {
            specials += 1
        }
        let share = Double(specials) / Double(draws)
        // Four standard deviations (0.11 %) either side.
        #expect(abs(share - 0.5 / 10.5) < 0.0045, "\(share)")
    }

    @Test func aSmallPoolGivesEveryCardAndAnEmptyOneNone() throws {
        var random = SeededRandom(seed: 3)
        let two = Array(scattered.prefix(2))
        #expect(Set(try EnvelopeDraw.draw(from: two, weights: .standard, size: 5, using: &random)) == [7, 19])
        #expect(throws: StickerError.noCardsToDraw) {
            try EnvelopeDraw.draw(from: [], weights: .standard, size: 5, using: &random)
        }
        #expect(throws: StickerError.invalid(field: "packSize", expected: "1 to 50 cards an envelope")) {
            try EnvelopeDraw.draw(from: two, weights: .standard, size: 0, using: &random)
        }
        for bad in [Double.nan, .infinity, 0, -1, 1e308] {
            #expect(throws: StickerError.self) {
                try EnvelopeDraw.draw(from: two, weights: RarityWeights(common: bad, rare: 1, special: 1), size: 1, using: &random)
            }
        }
    }

    @Test func aSpecialEnvelopeDrawsSpecialCardsThenRareOnes() throws {
        var random = SeededRandom(seed: 5)
        let mixed = [DrawableCard(number: 1, rarity: .common), DrawableCard(number: 2, rarity: .rare),
                     DrawableCard(number: 3, rarity: .special), DrawableCard(number: 4, rarity: .special)]
        for _ in 0..<20 {
            let drawn = try EnvelopeDraw.draw(from: mixed, weights: .standard, kind: .special, size: 5, using: &random)
            #expect(Set(drawn) == [3, 4])
        }
        let noSpecial = Array(mixed.prefix(2))
        #expect(try EnvelopeDraw.draw(from: noSpecial, weights: .standard, kind: .special, size: 5, using: &random) == [2])
        let commons = Array(mixed.prefix(1))
        #expect(try EnvelopeDraw.draw(from: commons, weights: .standard, kind: .special, size: 5, using: &random) == [1])
    }
}
