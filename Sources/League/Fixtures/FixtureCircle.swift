/// One match of a round, as slots of the circle (indexes into the ordered team list).
struct FixturePairing: Sendable, Hashable {
    var home: Int
    var away: Int

    /// The same pair with the grounds swapped.
    var reversed: FixturePairing { FixturePairing(home: away, away: home) }
}

/// The circle method (the "canonical schedule" of Griggs and Rosa, 1996, which Goossens and
/// Spieksma found in most European leagues) with de Werra's home-away assignment, which has the fewest breaks a single round
/// robin can have: `n - 2` for an even `n` (de Werra, "Scheduling in sports", Studies on
/// Graphs and Discrete Programming, 1981).
///
/// For `n` slots (`n` even), slot `n - 1` stays fixed and the other `m = n - 1` turn around
/// it. In round `r` (from 0):
/// - the fixed slot meets slot `r`; slot `r` is at home when `r` is even, so the fixed slot
///   alternates away, home, away, ...;
/// - for `k` in `1 ..< n/2`, slot `(r + k) mod m` meets slot `(r - k) mod m`; the first is at
///   home when `k` is odd, the second when `k` is even.
///
/// Every slot then alternates home and away except for exactly one break, except slot 0 and
/// the fixed slot, which have none: `n - 2` breaks. With an odd number of teams the fixed slot
/// is the dummy, whose opponent rests; the break each team would have falls on its bye, so a
/// single round robin of an odd number of teams has no break at all.
enum FixtureCircle {
    /// The rounds of the canonical schedule over `slots` (even, at least 2) slots.
    static func firstHalf(slots n: Int) -> [[FixturePairing]] {
        let m = n - 1
        let fixed = n - 1
        var rounds: [[FixturePairing]] = []
        rounds.reserveCapacity(m)
        for r in 0..<m {
            var round: [FixturePairing] = []
            round.reserveCapacity(n / 2)
            round.append(r % 2 == 0 ? FixturePairing(home: r, away: fixed) : FixturePairing(home: fixed, away: r))
            var k = 1
            while k < n / 2 {
                let first = (r + k) % m
                let second = (r - k + m) % m
                round.append(k % 2 == 1 ? FixturePairing(home: first, away: second)
                                        : FixturePairing(home: second, away: first))
                k += 1
            }
            rounds.append(round)
        }
        return rounds
    }

    /// Which first-half round (from 0) each round of the second half plays again, with home
    /// and away swapped, for a first half of `count` rounds.
    static func secondHalfOrder(count: Int, scheme: FixtureOptions.SecondHalf) -> [Int] {
        switch scheme {
        case .mirrored:
            return Array(0..<count)
        case .french:
            return Array(1..<count) + [0]
        case .english:
            return [count - 1] + Array(0..<(count - 1))
        }
    }

    /// The whole schedule: the first half, then for a double round robin the second half in
    /// the order of `scheme`.
    static func schedule(slots: Int, rounds: FixtureOptions.Rounds,
                         scheme: FixtureOptions.SecondHalf) -> [[FixturePairing]] {
        let first = firstHalf(slots: slots)
        guard rounds == .double else { return first }
        var all = first
        all.reserveCapacity(first.count * 2)
        for index in secondHalfOrder(count: first.count, scheme: scheme) {
            all.append(first[index].map(\.reversed))
        }
        return all
    }
}
