import Foundation

/// How many envelopes a collector should expect to open to finish an album, and the chance of
/// finishing within a given number.
///
/// **Equal weights** (every card drawn alike, envelopes of K different cards, as printed packs
/// are): exact, by the chain of how many different cards the collector owns. Owning j of N
/// cards, an envelope brings x new ones with the hypergeometric probability
/// C(N−j, x) C(j, K−x) / C(N, K); the expected envelopes from j are
/// E(j) = (1 + Σ_{x≥1} P_j(x) E(j+x)) / Σ_{x≥1} P_j(x), from E(N) = 0 down. Every term is
/// positive, so nothing cancels (the alternating sums of inclusion-exclusion would, in floating
/// point): the result carries the rounding of a few thousand additions, about 1e-12 relative.
/// The 2018 World Cup album (682 stickers, packs of 5) gives 966.4 envelopes from empty, the
/// published figure. The probability of finishing within M envelopes is the same chain run M
/// steps.
///
/// **Rarity weights**: the expected number of single draws is the integral
/// E = ∫₀^∞ (1 − Π_i (1 − e^{−p_i t})) dt over the missing cards i, p_i being a card's weight
/// over the collection's total (the draws made a Poisson process of rate 1), evaluated by
/// adaptive Simpson's rule to 1e-9 relative; an envelope counts as K draws. That treats an
/// envelope's cards as drawn with replacement, which finishes a little later than K different
/// cards would: 968.8 against 966.4 envelopes for the album above, weighted alike. The
/// probability of finishing within M envelopes, in the same model, is the closed form
/// Π_i (1 − e^{−p_i M K}): each missing card's count after M K draws is an independent Poisson
/// variable. Like the expectation it leans a little to the cautious side of packs of K
/// different cards (0.564 against 0.571 within 966 envelopes for the album above).
public enum CompletionOdds {
    /// The expected envelopes to open before `album` is complete (0 when it is).
    public static func expectedEnvelopes(_ album: AlbumProgress) throws -> Double {
        guard album.missing > 0 else { return 0 }
        if album.hasEqualWeights { return EqualWeightChain(album).expectedEnvelopes() }
        return expectedDraws(album) / Double(album.packSize)
    }

    /// The probability that `album` is complete within `envelopes` more envelopes (1 when it
    /// is already): exact for equal weights, the Poisson model's closed form for rarity
    /// weights (see the type's notes; ``isExact(_:)`` tells which).
    ///
    /// - Throws: ``OddsError/invalid(field:expected:)`` for `envelopes` below 0 or above
    ///   ``maximumEnvelopes``.
    public static func probabilityWithin(_ envelopes: Int, _ album: AlbumProgress) throws -> Double {
        guard (0...maximumEnvelopes).contains(envelopes) else {
            throw OddsError.invalid(field: "envelopes", expected: "0 to \(maximumEnvelopes) envelopes")
        }
        guard album.missing > 0 else { return 1 }
        if album.hasEqualWeights { return EqualWeightChain(album).probabilityWithin(envelopes) }
        return probabilityWithinDraws(Double(envelopes) * Double(album.packSize), album)
    }

    /// Whether the figures for `album` are exact (equal weights) rather than the Poisson
    /// model's (rarity weights).
    public static func isExact(_ album: AlbumProgress) -> Bool { album.hasEqualWeights }

    /// The most envelopes ``probabilityWithin(_:_:)`` looks ahead.
    public static let maximumEnvelopes = 1_000_000

    // MARK: - Rarity weights

    /// The rarity classes' missing cards, each with its probability per draw.
    private static func missingClasses(_ album: AlbumProgress) -> [(p: Double, m: Double)] {
        let total = album.classes.reduce(0) { $0 + $1.weight * Double($1.cards) }
        return album.classes.filter { $0.missing > 0 }.map { (p: $0.weight / total, m: Double($0.missing)) }
    }

    /// Π_c (1 − e^{−p_c t})^{m_c}, through log1p so that a probability near 1 keeps its digits.
    static func probabilityWithinDraws(_ draws: Double, _ album: AlbumProgress) -> Double {
        exp(missingClasses(album).reduce(0) { $0 + $1.m * log1p(-exp(-$1.p * draws)) })
    }

    /// ∫₀^∞ (1 − Π_c (1 − e^{−p_c t})^{m_c}) dt over the classes c, m_c missing cards of
    /// probability p_c each.
    static func expectedDraws(_ album: AlbumProgress) -> Double {
        let missing = missingClasses(album)
        func notDone(_ t: Double) -> Double {
            // 1 − Π (1 − e^{−pt})^m, through log1p and expm1 so that neither end loses digits.
            let logDone = missing.reduce(0) { $0 + $1.m * log1p(-exp(-$1.p * t)) }
            return -expm1(logDone)
        }
        // Past `end` the integrand is below Σ m e^{−pt}, whose integral from there is under 1e-12.
        var end = 1.0
        while missing.reduce(0, { $0 + $1.m * exp(-$1.p * end) / $1.p }) > 1e-12 { end *= 2 }
        return AdaptiveSimpson.integrate(notDone, from: 0, to: end, relativeTolerance: 1e-9)
    }
}

/// The chain of how many different cards a collector owns, for equal weights (``CompletionOdds``).
struct EqualWeightChain {
    let cards: Int
    let owned: Int
    let packSize: Int
    /// `newCards[j - owned][x]`: the probability that an envelope opened owning j cards brings
    /// x new ones.
    let newCards: [[Double]]

    init(_ album: AlbumProgress) {
        let cards = album.cards, owned = album.cards - album.missing, packSize = album.packSize
        let all = Self.binomial(cards, packSize)
        self.cards = cards
        self.owned = owned
        self.packSize = packSize
        newCards = (owned..<cards).map { j in
            (0...packSize).map { x in
                x <= cards - j && packSize - x <= j
                    ? Self.binomial(cards - j, x) * Self.binomial(j, packSize - x) / all : 0
            }
        }
    }

    /// C(n, k) as a Double, k small (an envelope's size): a product of k ratios, each exact to
    /// an ulp, with no intermediate factorial.
    static func binomial(_ n: Int, _ k: Int) -> Double {
        guard k >= 0, k <= n else { return 0 }
        var value = 1.0
        for i in 0..<k { value = value * Double(n - k + 1 + i) / Double(i + 1) }
        return value
    }

    func expectedEnvelopes() -> Double {
        var expected = [Double](repeating: 0, count: cards - owned + 1)  // index j - owned
        for j in stride(from: cards - 1, through: owned, by: -1) {
            let p = newCards[j - owned]
            var progress = 0.0, onward = 0.0
            for x in 1...packSize where p[x] > 0 {
                progress += p[x]
                onward += p[x] * expected[j + x - owned]
            }
            expected[j - owned] = (1 + onward) / progress
        }
        return expected[0]
    }

    func probabilityWithin(_ envelopes: Int) -> Double {
        var share = [Double](repeating: 0, count: cards - owned + 1)  // index j - owned
        share[0] = 1
        for _ in 0..<envelopes {
            var next = [Double](repeating: 0, count: share.count)
            next[share.count - 1] = share[share.count - 1]
            var unfinished = 0.0
            for j in owned..<cards where share[j - owned] > 0 {
                let p = newCards[j - owned]
                for x in 0...packSize where p[x] > 0 {
                    next[j + x - owned] += share[j - owned] * p[x]
                }
            }
            for index in 0..<(next.count - 1) { unfinished += next[index] }
            share = next
            // What is left unfinished no longer shows in a Double's 1 − ε.
            if unfinished < 1e-17 { break }
        }
        return share[share.count - 1]
    }
}
