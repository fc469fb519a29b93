/// How ``FixtureGenerator`` builds a schedule: one or two legs, the order of the second half,
/// the seed that shuffles the teams, and the dates.
///
/// ```swift
/// var options = FixtureOptions(rounds: .double, secondHalf: .mirrored)
/// options.seed = 2024
/// options.startDate = "2024-08-17"
/// let fixtures = try FixtureGenerator.generate(teams: ["Arsenal", "Chelsea", "Everton", "Fulham"],
///                                              options: options)
/// ```
public struct FixtureOptions: Sendable, Hashable {
    /// How many times each pair of teams meets.
    public enum Rounds: String, Sendable, Hashable, CaseIterable {
        /// Once: a single round robin, `n - 1` matchdays for `n` teams (`n` when `n` is odd).
        case single
        /// Twice, once at each ground: a double round robin, twice as many matchdays.
        case double
    }

    /// The order of the second half of a double round robin, after Goossens and Spieksma,
    /// "Soccer schedules in Europe: an overview", Journal of Scheduling 15 (2012) 641–651, and
    /// the constraints (14)–(16) of Durán, Guajardo and Sauré, "Scheduling the South American
    /// Qualifiers to the 2018 FIFA World Cup by integer programming", European Journal of
    /// Operational Research 262 (2017) 1109–1115.
    ///
    /// With `R` rounds in the first half (`R = n - 1` for an even `n`, `n` for an odd one), each
    /// round of the first half is played again in the second with home and away swapped:
    /// round `k` returns as round `R + k` (mirrored); as round `R + k - 1`, and round 1 as
    /// round `2R` (French); as round `R + k + 1`, and round `R` as round `R + 1` (English).
    ///
    /// | scheme     | second half, as first-half rounds     | breaks (n even, measured) |
    /// |------------|----------------------------------------|---------------------------|
    /// | `mirrored` | 1, 2, …, R                             | `3n - 6` (de Werra's minimum) |
    /// | `french`   | 2, 3, …, R, then 1                     | `2n` (the minimum for it)  |
    /// | `english`  | R, then 1, 2, …, R - 1                 | `2n - 4` (the minimum for it) |
    ///
    /// The mirrored schedule pays for its symmetry: the teams whose break falls on the first or
    /// the last matchday pair of the first half play three home (or away) matches in a row
    /// around the turn of the season. French and English schedules never go beyond two.
    public enum SecondHalf: String, Sendable, Hashable, CaseIterable {
        /// The second half repeats the first in the same order (round `R + k` is round `k`).
        case mirrored
        /// The first round of the second half is the first half's second round, and so on;
        /// the first half's first round closes the season (round `2R` is round 1).
        case french
        /// The first round of the second half repeats the first half's last round (the same
        /// pair meets on two matchdays running); then rounds 1 to `R - 1` follow in order.
        case english
    }

    /// Single or double round robin. Default: double.
    public var rounds: Rounds
    /// The order of the second half; ignored for a single round robin. Default: mirrored.
    public var secondHalf: SecondHalf
    /// Nil keeps the teams in the given order; a seed shuffles them first, always the same way
    /// for the same seed and the same list (a SplitMix64 generator, never the system's).
    public var seed: UInt64?
    /// The first matchday's date, `YYYY-MM-DD`; nil leaves the matches undated.
    public var startDate: String?
    /// Days between matchdays, 1...365. Default: 7.
    public var intervalDays: Int

    /// Options for a schedule; every parameter has the default listed on its property.
    public init(rounds: Rounds = .double, secondHalf: SecondHalf = .mirrored, seed: UInt64? = nil,
                startDate: String? = nil, intervalDays: Int = 7) {
        self.rounds = rounds
        self.secondHalf = secondHalf
        self.seed = seed
        self.startDate = startDate
        self.intervalDays = intervalDays
    }
}
