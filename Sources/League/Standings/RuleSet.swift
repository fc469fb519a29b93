/// How a competition ranks its teams: a points system and an ordered list of tie-breakers.
public struct RuleSet: Sendable, Hashable, Codable {
    /// The preset's name (`premier-league`, ...), or `custom`.
    public var name: String
    public var points: PointsSystem
    /// Applied in order to teams level on everything before.
    public var criteria: [TieBreaker]
    /// When head-to-head criteria separate some of a group of level teams, apply them again
    /// from the first, over the matches among the teams still level only (UEFA). Without it,
    /// later head-to-head criteria keep using the whole group's mini-league (La Liga).
    public var reapplyHeadToHead: Bool
    /// Head-to-head criteria count only when the level teams have all met both at home and
    /// away; otherwise they are passed over (Ligue 1 2019/20, cut short with some meetings
    /// unplayed).
    public var headToHeadNeedsEveryMeeting: Bool
    /// The seed of any drawing of lots, recorded so the draw can be repeated.
    public var seed: UInt64
    /// Places relegated at the bottom (for Serie A's play-off for the last safe place).
    public var relegationPlaces: Int
    /// Where the rules come from.
    public var source: String

    public init(name: String = "custom", points: PointsSystem = .threeForAWin, criteria: [TieBreaker],
                reapplyHeadToHead: Bool = false, headToHeadNeedsEveryMeeting: Bool = false, seed: UInt64 = 0,
                relegationPlaces: Int = 3, source: String = "") {
        self.name = name
        self.points = points
        self.criteria = criteria
        self.reapplyHeadToHead = reapplyHeadToHead
        self.headToHeadNeedsEveryMeeting = headToHeadNeedsEveryMeeting
        self.seed = seed
        self.relegationPlaces = relegationPlaces
        self.source = source
    }
}

extension RuleSet {
    /// Premier League: points, goal difference, goals scored, then head-to-head points and
    /// head-to-head away goals, then a play-off (Premier League Handbook 2022/23, Rule C.17).
    public static let premierLeague = RuleSet(
        name: "premier-league",
        criteria: [.points, .goalDifference, .goalsFor, .headToHeadPoints, .headToHeadAwayGoalsFor, .playOff],
        source: "Premier League Handbook 2022/23, Section C, Rule C.17")

    /// La Liga: points; then among the level teams head-to-head points and goal difference (a
    /// mini-league of all of them when more than two); then goal difference, goals scored and
    /// fair play (RFEF Reglamento General, Article 201).
    public static let laLiga = RuleSet(
        name: "la-liga",
        criteria: [.points, .headToHeadPoints, .headToHeadGoalDifference, .goalDifference, .goalsFor,
                   .fairPlay(.yellowOneRedThree)],
        source: "RFEF Reglamento General, Article 201")

    /// Serie A from 2022/23: points; exactly two teams level for first place or the last safe
    /// place play off; otherwise head-to-head points and goal difference, goal difference,
    /// goals scored, lots (Lega Serie A, decision of 2022; NOIF Article 51).
    public static let serieA2022 = RuleSet(
        name: "serie-a-2022",
        criteria: [.points, .playOffForTitleOrLastSafePlace, .headToHeadPoints, .headToHeadGoalDifference,
                   .goalDifference, .goalsFor, .drawingOfLots],
        source: "Lega Serie A 2022/23 rules; FIGC NOIF Article 51")

    /// Bundesliga: points, goal difference, goals scored, the head-to-head aggregate (goal
    /// difference over the two matches), head-to-head away goals, away goals in all matches,
    /// play-off (DFL Spielordnung, § 5).
    public static let bundesliga = RuleSet(
        name: "bundesliga",
        criteria: [.points, .goalDifference, .goalsFor, .headToHeadGoalDifference, .headToHeadAwayGoalsFor,
                   .awayGoalsFor, .playOff],
        source: "DFL Spielordnung, § 5 (3)")

    /// Ligue 1 until 2023: points, goal difference, head-to-head points, goal difference,
    /// goals and away goals, goals scored, away goals, fair play (LFP Règlement des
    /// compétitions, Article 510).
    public static let ligue1of2023 = RuleSet(
        name: "ligue1-2023",
        criteria: [.points, .goalDifference, .headToHeadPoints, .headToHeadGoalDifference, .headToHeadGoalsFor,
                   .headToHeadAwayGoalsFor, .goalsFor, .awayGoalsFor, .fairPlay(.yellowOneRedThree)],
        source: "LFP Règlement des compétitions 2022/23, Article 510")

    /// Ligue 1 from 2025: points, goal difference, head-to-head points and goal difference,
    /// goals scored, wins, away wins, cards (yellow 1, red 3), lots.
    public static let ligue1of2025 = RuleSet(
        name: "ligue1-2025",
        criteria: [.points, .goalDifference, .headToHeadPoints, .headToHeadGoalDifference, .goalsFor, .wins,
                   .awayWins, .fairPlay(.yellowOneRedThree), .drawingOfLots],
        source: "LFP Règlement des compétitions 2025/26, Article 510")

    /// UEFA group stages: points; head-to-head points, goal difference and goals, applied
    /// again to the teams still level; goal difference, goals scored, away goals, wins, away
    /// wins, disciplinary points, lots (UEFA Champions League Regulations 2021-24, Article 17).
    public static let uefaGroups = RuleSet(
        name: "uefa-groups",
        criteria: [.points, .headToHeadPoints, .headToHeadGoalDifference, .headToHeadGoalsFor, .goalDifference,
                   .goalsFor, .awayGoalsFor, .wins, .awayWins, .fairPlay(.fifa), .drawingOfLots],
        reapplyHeadToHead: true,
        source: "UEFA Champions League Regulations 2021-24, Article 17.01")

    /// FIFA World Cup 2022: points, goal difference, goals scored; head-to-head points,
    /// goal difference and goals; fair play (yellow -1, indirect red -3, direct red -4, yellow
    /// and direct red -5); lots (Regulations, Article 32.5).
    public static let fifa2022 = RuleSet(
        name: "fifa-2022",
        criteria: [.points, .goalDifference, .goalsFor, .headToHeadPoints, .headToHeadGoalDifference,
                   .headToHeadGoalsFor, .fairPlay(.fifa), .drawingOfLots],
        source: "FIFA World Cup Qatar 2022 Regulations, Article 32.5")

    /// Points per game first, for seasons cut short; teams on the same ratio by their
    /// head-to-head record when they had met both home and away, else by goal difference, then
    /// goals scored (Ligue 1 2019/20: LFP board decision of 30 April 2020; the published table
    /// has Nice above Reims on their two meetings, and Lyon, Montpellier and Monaco, who had
    /// not all met twice, in goal-difference order).
    public static let pointsPerGame = RuleSet(
        name: "ppg",
        criteria: [.pointsPerGame, .headToHeadPoints, .headToHeadGoalDifference, .goalDifference, .goalsFor, .drawingOfLots],
        headToHeadNeedsEveryMeeting: true,
        source: "LFP Conseil d'administration, decision of 30 April 2020")

    /// Every preset, by name.
    public static let presets: [String: RuleSet] = Dictionary(uniqueKeysWithValues: [
        premierLeague, laLiga, serieA2022, bundesliga, ligue1of2023, ligue1of2025, uefaGroups, fifa2022, pointsPerGame,
    ].map { ($0.name, $0) })

    /// The preset named `name`, or nil.
    public static func preset(named name: String) -> RuleSet? { presets[name.lowercased()] }
}
