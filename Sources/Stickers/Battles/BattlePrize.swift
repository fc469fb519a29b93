import Support

/// Which of the loser's cards the winner of a battle takes: only copies that are not
/// promised in a swap can move.
public enum BattlePrize {
    /// A random unblocked copy: each unblocked copy equally likely (so a card held three times
    /// is three times as likely as one held once), or nil when the loser has none and the
    /// battle must wait.
    public static func randomCard<G: RandomNumberGenerator>(from holdings: [Int: Holding], using generator: inout G) -> Int? {
        let candidates = holdings.filter { $0.value.unblocked > 0 }.sorted { $0.key < $1.key }
        let total = candidates.reduce(0) { $0 + $1.value.unblocked }
        guard total > 0 else { return nil }
        var target = generator.index(below: total)
        for (number, holding) in candidates {
            if target < holding.unblocked { return number }
            target -= holding.unblocked
        }
        return nil
    }

    /// Checks the winner's choice in a selective battle: the loser holds an unblocked copy.
    ///
    /// - Throws: ``StickerError/notOwned(number:)`` or ``StickerError/blocked(number:)``.
    public static func checkChoice(_ number: Int, from holdings: [Int: Holding]) throws {
        try SwapRules.checkOffer(number, holdings[number] ?? .none)
    }
}
