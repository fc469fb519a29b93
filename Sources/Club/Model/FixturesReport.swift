import Foundation
import League

/// What generating a league's fixtures made, as `touchline league fixtures --generate --json`
/// prints it and `POST /api/v1/leagues/{id}/fixtures` answers: the schedule's home-and-away
/// report (``Fixtures``) and the league's matches after it.
public struct FixturesReport: Sendable, Equatable, Encodable {
    /// A run of home (or away) matches of one team.
    public struct Run: Sendable, Equatable, Encodable {
        public var team: String
        public var length: Int
        public var firstMatchday: Int
    }

    /// The team resting on a matchday.
    public struct Bye: Sendable, Equatable, Encodable {
        public var matchday: Int
        public var team: String
    }

    /// The teams in the order the circle method placed them.
    public var teams: [String]
    public var rounds: Int
    public var breaks: Int
    public var breaksByTeam: [String: Int]
    public var longestHomeRun: Run
    public var longestAwayRun: Run
    /// By matchday.
    public var byes: [Bye]
    /// How many results were kept outside the schedule (their pairing is no longer in it).
    public var unplacedResults: Int
    /// The league's matches after generating, in playing order.
    public var matches: [StoredMatch]

    /// The report of `fixtures`, with the league's stored `matches` after it.
    public init(_ fixtures: Fixtures, matches: [StoredMatch]) {
        teams = fixtures.teams
        rounds = fixtures.rounds
        breaks = fixtures.breaks
        breaksByTeam = fixtures.breaksByTeam
        let home = fixtures.longestHomeRun, away = fixtures.longestAwayRun
        longestHomeRun = Run(team: home.team, length: home.length, firstMatchday: home.firstMatchday)
        longestAwayRun = Run(team: away.team, length: away.length, firstMatchday: away.firstMatchday)
        byes = fixtures.byes.keys.sorted().compactMap { day in fixtures.byes[day].map { Bye(matchday: day, team: $0) } }
        unplacedResults = fixtures.unplacedResults.count
        self.matches = matches
    }
}
