import Support
import Testing
@testable import Stickers

/// Battles: who may do what in which state, ties, and which card the winner takes.
@Suite struct BattleTests {
    @Test func aBattleGoesFromPendingToFinishedOnlyAsTheRulesAllow() throws {
        var battle = Battle(kind: .random)
        #expect(throws: StickerError.wrongState(action: "accept the battle", state: "for the opponent to do")) {
            try battle.accept(by: .challenger)
        }
        #expect(throws: StickerError.wrongState(action: "report a score", state: "pending")) {
            try battle.report(3, by: .challenger)
        }
        try battle.accept(by: .opponent)
        #expect(throws: StickerError.wrongState(action: "cancel the battle", state: "accepted")) {
            try battle.cancel(by: .challenger)
        }
        try battle.report(12, by: .challenger)
        #expect(battle.state == .accepted && battle.winner == nil)
        #expect(throws: StickerError.wrongState(action: "report a score", state: "already reported")) {
            try battle.report(20, by: .challenger)
        }
        try battle.report(9, by: .opponent)
        #expect(battle.state == .resolved && battle.winner == .challenger)
        try battle.finish()
        #expect(battle.state == .finished && battle.winner == .challenger && battle.state.isOver)
        #expect(throws: StickerError.self) { try battle.finish() }
    }

    @Test func aTieFinishesWithNoWinner() throws {
        var battle = Battle(kind: .selective)
        try battle.accept(by: .opponent)
        try battle.report(5, by: .opponent)
        try battle.report(5, by: .challenger)
        #expect(battle.state == .finished && battle.winner == nil)
    }

    @Test func rejectingCancellingAndSurrenderingEndTheBattle() throws {
        var rejected = Battle(kind: .random)
        try rejected.reject(by: .opponent)
        #expect(rejected.state == .rejected)
        var cancelled = Battle(kind: .random)
        #expect(throws: StickerError.self) { try cancelled.cancel(by: .opponent) }
        try cancelled.cancel(by: .challenger)
        #expect(cancelled.state == .cancelled)
        var surrendered = Battle(kind: .random)
        #expect(throws: StickerError.self) { try surrendered.surrender(by: .opponent) }
        try surrendered.accept(by: .opponent)
        try surrendered.report(4, by: .opponent)
        try surrendered.surrender(by: .challenger)
        #expect(surrendered.state == .surrendered && surrendered.winner == nil && surrendered.state.isOver)
    }

    @Test func aBattleWhoseSideIsGoneEndsWithNoCard() throws {
        var pending = Battle(kind: .random)
        pending.abandon()
        #expect(pending.state == .cancelled)
        var accepted = Battle(kind: .random)
        try accepted.accept(by: .opponent)
        try accepted.report(3, by: .challenger)
        accepted.abandon()
        #expect(accepted.state == .surrendered && accepted.winner == nil)
        var resolved = Battle(kind: .selective)
        try resolved.accept(by: .opponent)
        try resolved.report(3, by: .challenger)
        try resolved.report(4, by: .opponent)
        resolved.abandon()
        #expect(resolved.state == .finished)
        var rejected = Battle(kind: .random)
        try rejected.reject(by: .opponent)
        rejected.abandon()
        #expect(rejected.state == .rejected)
    }

    @Test func scoresOutOfRangeAreRefused() throws {
        var battle = Battle(kind: .random)
        try battle.accept(by: .opponent)
        for bad in [-1, Battle.maximumScore + 1, Int.max, Int.min] {
            #expect(throws: StickerError.invalid(field: "score", expected: "a score from 0 to 1000000000")) {
                try battle.report(bad, by: .opponent)
            }
        }
        #expect(throws: StickerError.self) {
            try Battle(kind: .random, state: .accepted, challengerScore: -3, opponentScore: nil)
        }
    }

    @Test func theWinnerTakesAnUnblockedCopyAndWaitsWhenThereIsNone() throws {
        var random = SeededRandom(seed: 11)
        // Card 4 only blocked; card 7 three free copies, card 9 one: 7 three times as often as 9.
        let holdings: [Int: Holding] = [4: try Holding(owned: 1, blocked: 1), 7: try Holding(owned: 3),
                                        9: try Holding(owned: 2, blocked: 1)]
        var counts: [Int: Int] = [:]
        for _ in 0..<4_000 {
            let card = try #require(BattlePrize.randomCard(from: holdings, using: &random))
            counts[card, default: 0] += 1
        }
        #expect(counts[4] == nil)
        let ratio = Double(counts[7] ?? 0) / Double(counts[9] ?? 1)
        #expect(abs(ratio - 3) < 0.4, "\(counts)")
        let onlyBlocked: [Int: Holding] = [4: try Holding(owned: 1, blocked: 1)]
        #expect(BattlePrize.randomCard(from: onlyBlocked, using: &random) == nil)
        #expect(throws: StickerError.blocked(number: 4)) { try BattlePrize.checkChoice(4, from: holdings) }
        #expect(throws: StickerError.notOwned(number: 5)) { try BattlePrize.checkChoice(5, from: holdings) }
        try BattlePrize.checkChoice(9, from: holdings)
    }

    @Test func aTreasureIsHiddenHalfToTwoKilometresAwayAtAnyBearing() throws {
        var random = SeededRandom(seed: 2)
        var bearings: [Double] = []
        for _ in 0..<1_000 {
            let (bearing, distance) = TreasureRules.placement(using: &random)
            #expect((0..<360).contains(bearing))
            #expect((500...2_000).contains(distance))
            bearings.append(bearing)
        }
        #expect(bearings.contains { $0 < 90 } && bearings.contains { $0 > 270 })
        try TreasureRules.checkPosition(latitude: 43.26, longitude: -2.93)
        for (latitude, longitude) in [(91.0, 0.0), (0, 180.5), (.nan, 0), (0, .infinity), (-1e308, 0)] {
            #expect(throws: StickerError.self) { try TreasureRules.checkPosition(latitude: latitude, longitude: longitude) }
        }
    }
}

/// Values read back from storage are checked as new ones are.
@Suite struct StoredStickerValueTests {
    @Test func aStoredBattleMustHaveTheScoresItsStateImplies() throws {
        #expect(throws: StickerError.self) { try Battle(kind: .random, state: .pending, challengerScore: 3, opponentScore: 4) }
        #expect(throws: StickerError.self) { try Battle(kind: .random, state: .resolved, challengerScore: 3, opponentScore: 3) }
        #expect(throws: StickerError.self) { try Battle(kind: .random, state: .resolved, challengerScore: 3, opponentScore: nil) }
        #expect(throws: StickerError.self) { try Battle(kind: .random, state: .finished, challengerScore: nil, opponentScore: nil) }
        #expect(throws: StickerError.self) { try Battle(kind: .random, state: .surrendered, challengerScore: 1, opponentScore: 2) }
        let resolved = try Battle(kind: .selective, state: .resolved, challengerScore: 3, opponentScore: 8)
        #expect(resolved.winner == .opponent)
        var half = try Battle(kind: .random, state: .accepted, challengerScore: nil, opponentScore: 8)
        try half.report(8, by: .challenger)
        #expect(half.state == .finished && half.winner == nil)
    }

    @Test func holdingsAndEnvelopesRefuseWhatCouldOverflowOrRepeat() throws {
        #expect(throws: StickerError.invalid(field: "owned", expected: "0 to 1000000 copies, not 1000001")) {
            try Holding(owned: 1_000_001)
        }
        let most = try Holding(owned: Holding.maximumCopies, blocked: Holding.maximumCopies)
        #expect(most.isBlocked)
        var random = SeededRandom(seed: 4)
        let twice = [DrawableCard(number: 3, rarity: .common), DrawableCard(number: 3, rarity: .rare)]
        #expect(throws: StickerError.invalid(field: "cards", expected: "each number once, not 3 twice")) {
            try EnvelopeDraw.draw(from: twice, weights: .standard, size: 2, using: &random)
        }
        #expect(throws: StickerError.self) { try SwapPool.synthetic(collectors: 1_001, cards: 10, seed: 1) }
    }
}
