/// The rules of one-for-one swaps (the seed's trades): a collector offers a card they own for
/// a card another collector owns, in the same collection. Each pending proposal blocks one
/// copy of the offered card; a card whose copies are all promised can be neither offered nor
/// asked for. Accepting moves both cards at once; when a collector's last copy of a card
/// leaves them, every pending proposal that offers or asks for it is closed.
public enum SwapRules {
    /// Checks that the proposer can offer card `number`: they own an unblocked copy.
    ///
    /// - Throws: ``StickerError/notOwned(number:)`` or ``StickerError/blocked(number:)``.
    public static func checkOffer(_ number: Int, _ holding: Holding) throws {
        guard holding.owned > 0 else { throw StickerError.notOwned(number: number) }
        guard holding.unblocked > 0 else { throw StickerError.blocked(number: number) }
    }

    /// Checks that card `number` can be asked of the other collector, whose copies are
    /// `holding`: they own a copy and not all are promised. Accepting checks the same again.
    ///
    /// - Throws: ``StickerError/notOwned(number:)`` or ``StickerError/blocked(number:)``.
    public static func checkAsk(_ number: Int, _ holding: Holding) throws {
        try checkOffer(number, holding)
    }

    /// The proposer's copies once they propose: one more promised.
    public static func offering(_ holding: Holding) throws -> Holding {
        try Holding(owned: holding.owned, blocked: holding.blocked + 1)
    }

    /// The proposer's copies once a proposal ends without a swap: one promise released.
    public static func releasing(_ holding: Holding) throws -> Holding {
        try Holding(owned: holding.owned, blocked: holding.blocked - 1)
    }

    /// Whether pending proposals that offer or ask for a card must close once a collector
    /// holds `holding` of it: their last copy left.
    public static func closesProposals(_ holding: Holding) -> Bool {
        holding.owned == 0
    }
}
