/// A generated schedule and its home-and-away report.
///
/// A *break* is two consecutive matchdays on which a team plays at home both times, or away
/// both times. A matchday a team rests (a bye, with an odd number of teams) is not a home or
/// away match: it ends a run and never makes a break.
public struct Fixtures: Sendable, Hashable {
    /// The teams in the order the circle method placed them: the given order, or the seeded
    /// shuffle of it.
    public var teams: [String]
    /// Every match, by matchday and then in the order the round lists them. Generated matches
    /// are `.scheduled`, with `matchday` 1..., `round` "Matchday N" and, when a start date was
    /// given, `date`. Results carried over by ``FixtureGenerator/regenerate(teams:options:keeping:)``
    /// keep their status, scores, events and line-ups.
    public var matches: [Match]
    /// How many matchdays the schedule has.
    public var rounds: Int
    /// The team that rests on each matchday, when the number of teams is odd.
    public var byes: [Int: String]
    /// Breaks over all teams.
    public var breaks: Int
    /// Breaks of every team (zero included).
    public var breaksByTeam: [String: Int]
    /// The longest run of consecutive home matches (the first team in the given order on a tie).
    public var longestHomeRun: FixtureRun
    /// The longest run of consecutive away matches (the first team in the given order on a tie).
    public var longestAwayRun: FixtureRun
    /// Results that ``FixtureGenerator/regenerate(teams:options:keeping:)`` could not place in
    /// the new schedule: a team no longer in the list, a team against itself, or a pairing the
    /// schedule no longer has (or already filled). Empty after `generate`.
    public var unplacedResults: [Match]

    /// A schedule and its report; ``FixtureGenerator`` builds these.
    public init(teams: [String], matches: [Match], rounds: Int, byes: [Int: String], breaks: Int,
                breaksByTeam: [String: Int], longestHomeRun: FixtureRun, longestAwayRun: FixtureRun,
                unplacedResults: [Match] = []) {
        self.teams = teams
        self.matches = matches
        self.rounds = rounds
        self.byes = byes
        self.breaks = breaks
        self.breaksByTeam = breaksByTeam
        self.longestHomeRun = longestHomeRun
        self.longestAwayRun = longestAwayRun
        self.unplacedResults = unplacedResults
    }

    /// The matches of one matchday, in schedule order.
    public func matches(onMatchday matchday: Int) -> [Match] {
        matches.filter { $0.matchday == matchday }
    }
}

/// A run of consecutive home (or away) matches of one team.
public struct FixtureRun: Sendable, Hashable {
    /// The team on the run.
    public var team: String
    /// How many matches in a row.
    public var length: Int
    /// The matchday the run starts on.
    public var firstMatchday: Int

    /// A run of `length` matches for `team` from `firstMatchday` on.
    public init(team: String, length: Int, firstMatchday: Int) {
        self.team = team
        self.length = length
        self.firstMatchday = firstMatchday
    }
}
