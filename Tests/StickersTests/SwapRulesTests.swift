import Testing
@testable import Stickers

/// Blocking: a proposal promises one copy; promised copies can be neither offered nor asked for.
@Suite struct SwapRulesTests {
    @Test func theInvariantZeroToOwnedHoldsForEveryHolding() throws {
        #expect(throws: StickerError.invalid(field: "blocked", expected: "0 to the 1 copies owned, not 2")) {
            try Holding(owned: 1, blocked: 2)
        }
        #expect(throws: StickerError.self) { try Holding(owned: 2, blocked: -1) }
        #expect(throws: StickerError.self) { try Holding(owned: -1) }
        let three = try Holding(owned: 3, blocked: 1)
        #expect(three.unblocked == 2 && three.spare == 1 && !three.isBlocked && !three.isMissing)
        #expect(try Holding(owned: 2, blocked: 1).spare == 0, "one promised, one kept in the album")
        #expect(Holding.none.isMissing && Holding.none.spare == 0)
    }

    @Test func aSingleCopyCannotBeOfferedTwice() throws {
        let one = try Holding(owned: 1)
        try SwapRules.checkOffer(5, one)
        let promised = try SwapRules.offering(one)
        #expect(promised.isBlocked)
        #expect(throws: StickerError.blocked(number: 5)) { try SwapRules.checkOffer(5, promised) }
        #expect(throws: StickerError.blocked(number: 5)) { try SwapRules.checkAsk(5, promised) }
        #expect(throws: StickerError.invalid(field: "blocked", expected: "0 to the 1 copies owned, not 2")) {
            try SwapRules.offering(promised)
        }
        #expect(try SwapRules.releasing(promised) == one)
        #expect(throws: StickerError.notOwned(number: 9)) { try SwapRules.checkAsk(9, .none) }
    }

    @Test func proposalsCloseWhenTheLastCopyLeaves() throws {
        #expect(SwapRules.closesProposals(.none))
        #expect(!SwapRules.closesProposals(try Holding(owned: 1, blocked: 1)))
    }
}
