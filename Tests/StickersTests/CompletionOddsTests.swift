import Foundation
import Testing
@testable import Stickers

/// The odds of finishing an album, against published and closed-form figures.
@Suite struct CompletionOddsTests {
    private func album(_ cards: Int, missing: Int? = nil, pack: Int) throws -> AlbumProgress {
        try AlbumProgress(packSize: pack, classes: [.init(weight: 1, cards: cards, missing: missing ?? cards)])
    }

    @Test func theWorldCupAlbumNeedsThePublished966Point4PacksFromEmpty() throws {
        // 682 stickers in packs of 5 different ones: 966.4 packs (4,832 stickers) on average.
        let packs = try CompletionOdds.expectedEnvelopes(album(682, pack: 5))
        #expect(abs(packs - 966.4) < 0.05, "\(packs)")
        #expect(abs(packs * 5 - 4_832) < 0.5, "\(packs * 5)")
    }

    @Test func singleCardsGiveTheCouponCollectorsNTimesTheHarmonicNumber() throws {
        // 10 cards one at a time: 10 * H(10) = 7381/252.
        #expect(abs(try CompletionOdds.expectedEnvelopes(album(10, pack: 1)) - 7381.0 / 252.0) < 1e-12)
        // Owning 7 of 10: 10 * (1/3 + 1/2 + 1/1).
        #expect(abs(try CompletionOdds.expectedEnvelopes(album(10, missing: 3, pack: 1)) - 10 * (1.0 / 3 + 1.0 / 2 + 1)) < 1e-12)
        #expect(try CompletionOdds.expectedEnvelopes(album(10, missing: 0, pack: 3)) == 0)
    }

    @Test func weightedCardsFollowTheIntegralOfTheirProbabilities() throws {
        // Two cards drawn 1:3, one at a time: E = 1/p + 1/q - 1 = 4 + 4/3 - 1.
        let two = try AlbumProgress(packSize: 1, classes: [.init(weight: 1, cards: 1, missing: 1), .init(weight: 3, cards: 1, missing: 1)])
        #expect(abs(try CompletionOdds.expectedEnvelopes(two) - (4 + 4.0 / 3 - 1)) < 1e-8)
        // Only the rare card missing: a geometric wait of 1/p = 4 draws.
        let rare = try AlbumProgress(packSize: 1, classes: [.init(weight: 1, cards: 1, missing: 1), .init(weight: 3, cards: 1, missing: 0)])
        #expect(abs(try CompletionOdds.expectedEnvelopes(rare) - 4) < 1e-8)
        // The integral of equal weights is the coupon collector's N * H(N) draws.
        let harmonic = (1...682).reduce(0.0) { $0 + 1 / Double($1) }
        let draws = CompletionOdds.expectedDraws(try album(682, pack: 5))
        #expect(abs(draws - 682 * harmonic) / draws < 1e-8, "\(draws)")
        // A rarer class costs more envelopes than the same cards drawn alike.
        let common = try album(600, pack: 5)
        let mixed = try AlbumProgress(packSize: 5, classes: [.init(weight: 10, cards: 580, missing: 580),
                                                             .init(weight: 1, cards: 20, missing: 20)])
        #expect(try CompletionOdds.expectedEnvelopes(mixed) > 2 * CompletionOdds.expectedEnvelopes(common))
    }

    @Test func theChanceOfFinishingWithinSomeEnvelopesIsExact() throws {
        // Two cards one at a time: done within M draws unless all M gave the same card.
        let two = try album(2, pack: 1)
        #expect(try CompletionOdds.probabilityWithin(1, two) == 0)
        #expect(try CompletionOdds.probabilityWithin(2, two) == 0.5)
        #expect(try CompletionOdds.probabilityWithin(3, two) == 0.75)
        // 136 packs of 5 hold 680 stickers, fewer than 682.
        let worldCup = try album(682, pack: 5)
        #expect(try CompletionOdds.probabilityWithin(136, worldCup) == 0)
        #expect(try CompletionOdds.probabilityWithin(137, worldCup) > 0)
        let atTheMean = try CompletionOdds.probabilityWithin(966, worldCup)
        #expect(atTheMean > 0.5 && atTheMean < 0.6, "\(atTheMean)")
        #expect(try CompletionOdds.probabilityWithin(5_000, worldCup) > 0.999_999)
        #expect(try CompletionOdds.probabilityWithin(0, album(3, missing: 0, pack: 1)) == 1)
    }

    @Test func theChanceAndTheExpectationAgree() throws {
        // E = Σ over M ≥ 0 of P(not finished within M): two computations of one chain.
        let album = try album(12, missing: 10, pack: 3)
        var sum = 0.0
        for envelopes in 0..<500 { sum += 1 - (try CompletionOdds.probabilityWithin(envelopes, album)) }
        let expected = try CompletionOdds.expectedEnvelopes(album)
        #expect(abs(sum - expected) / expected < 1e-9, "\(sum) against \(expected)")
    }

    @Test func swappingDuplicatesAtParFillsTheRarestFirstAndShortensTheWait() throws {
        let mixed = try AlbumProgress(packSize: 5, classes: [.init(weight: 10, cards: 580, missing: 300),
                                                             .init(weight: 1, cards: 20, missing: 20)])
        let swapped = try mixed.filling(25)
        #expect(swapped.classes.map(\.missing) == [295, 0])
        #expect(try CompletionOdds.expectedEnvelopes(swapped) < CompletionOdds.expectedEnvelopes(mixed) / 2)
        #expect(try mixed.filling(1_000).missing == 0)
    }

    @Test func badValuesAreNamedWithWhatWasExpected() throws {
        func refused(_ classes: [AlbumProgress.RarityClass], pack: Int = 5) -> String? {
            do {
                _ = try AlbumProgress(packSize: pack, classes: classes)
                return nil
            } catch {
                return (error as? LocalizedError)?.errorDescription
            }
        }
        for weight in [Double.nan, .infinity, 0, -1] {
            #expect(refused([.init(weight: weight, cards: 10, missing: 10)]) == "classes[0].weight: expected a finite weight above 0")
        }
        #expect(refused([.init(weight: 1, cards: 10, missing: 11)]) == "classes[0].missing: expected 0 to the class's 10 cards")
        #expect(refused([.init(weight: 1, cards: -1, missing: 0)]) == "classes[0].cards: expected 0 to 5000 cards")
        #expect(refused([.init(weight: 1, cards: 5_001, missing: 0)]) == "classes[0].cards: expected 0 to 5000 cards")
        #expect(refused([.init(weight: 1, cards: 3_000, missing: 0), .init(weight: 2, cards: 3_000, missing: 0)])
                == "classes: expected 1 to 5000 cards in all, not 6000")
        #expect(refused([]) == "classes: expected 1 to 5000 cards in all, not 0")
        #expect(refused([.init(weight: 1, cards: 3, missing: 3)], pack: 4) == "packSize: expected 1 to 3 cards an envelope")
        #expect(refused([.init(weight: 1, cards: 300, missing: 3)], pack: 0) == "packSize: expected 1 to 50 cards an envelope")
        let album = try album(10, pack: 2)
        #expect(throws: OddsError.invalid(field: "envelopes", expected: "0 to 1000000 envelopes")) {
            try CompletionOdds.probabilityWithin(-1, album)
        }
    }

    @Test func withRarityWeightsTheChanceIsThePoissonModelsAndAgreesWithItsExpectation() throws {
        // One card of weight 1 and one of weight 2, one a draw: within M draws, both came with
        // probability (1 − e^{−M/3})(1 − e^{−2M/3}) when draws are a Poisson process.
        let two = try AlbumProgress(packSize: 1, classes: [.init(weight: 1, cards: 1, missing: 1), .init(weight: 2, cards: 1, missing: 1)])
        #expect(!CompletionOdds.isExact(two))
        for m in [1, 3, 10] {
            let closed = (1 - exp(-Double(m) / 3)) * (1 - exp(-2 * Double(m) / 3))
            #expect(abs(try CompletionOdds.probabilityWithin(m, two) - closed) < 1e-15)
        }
        #expect(try CompletionOdds.probabilityWithin(0, two) == 0)
        // E = ∫ P(not done by t) dt: the chance, integrated, gives the expectation back.
        let mixed = try AlbumProgress(packSize: 5, classes: [.init(weight: 1, cards: 200, missing: 150),
                                                             .init(weight: 0.25, cards: 30, missing: 30),
                                                             .init(weight: 0.05, cards: 10, missing: 9)])
        let step = 0.5
        var integral = 0.0, t = 0.0
        while true {
            let left = 1 - CompletionOdds.probabilityWithinDraws(t, mixed), right = 1 - CompletionOdds.probabilityWithinDraws(t + step, mixed)
            integral += (left + right) / 2 * step
            t += step
            if right < 1e-13 { break }
        }
        let expected = try CompletionOdds.expectedEnvelopes(mixed) * 5
        #expect(abs(integral - expected) / expected < 1e-6, "\(integral) against \(expected)")
        // More envelopes, better odds.
        var last = 0.0
        for envelopes in stride(from: 0, through: 20_000, by: 500) {
            let p = try CompletionOdds.probabilityWithin(envelopes, mixed)
            #expect(p >= last && p <= 1)
            last = p
        }
        #expect(last > 0.99)
        // Against the exact chain for one weight, the model is a little cautious: within 966
        // envelopes of the World Cup album, 0.564 against 0.571.
        let worldCup = try album(682, pack: 5)
        let model = CompletionOdds.probabilityWithinDraws(966 * 5, worldCup)
        let exact = try CompletionOdds.probabilityWithin(966, worldCup)
        #expect(abs(model - 0.5638) < 1e-4 && abs(exact - 0.5712) < 1e-4, "\(model) against \(exact)")
    }

    @Test func swappingAtParFillsOnlyCardsOfTheSameRarity() throws {
        // Two common duplicates fill two common slots; no rare slot, however rare duplicates are.
        let album = try AlbumProgress(packSize: 2, classes: [.init(weight: 1, cards: 10, missing: 4, spare: 2),
                                                             .init(weight: 0.25, cards: 5, missing: 5, spare: 0),
                                                             .init(weight: 0.05, cards: 2, missing: 1, spare: 7)])
        let swapped = try album.swappingAtPar()
        #expect(swapped.classes.map(\.missing) == [2, 5, 0])
        #expect(swapped.classes.allSatisfy { $0.spare == 0 })
        #expect(try CompletionOdds.expectedEnvelopes(swapped) < CompletionOdds.expectedEnvelopes(album))
    }
}
