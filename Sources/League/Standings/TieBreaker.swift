/// Card weights for fair-play or disciplinary rankings: each card adds its weight, and the
/// team with the fewest points ranks higher. A straight red after a yellow counts as
/// `yellowThenRed` instead of both.
public struct CardWeights: Sendable, Hashable, Codable {
    public var yellow: Int
    /// A second yellow (an indirect red), instead of the yellow and the second yellow.
    public var secondYellow: Int
    public var red: Int
    public var yellowThenRed: Int

    public init(yellow: Int, secondYellow: Int, red: Int, yellowThenRed: Int) {
        self.yellow = yellow
        self.secondYellow = secondYellow
        self.red = red
        self.yellowThenRed = yellowThenRed
    }

    /// FIFA's fair-play points (as deductions: yellow 1, indirect red 3, direct red 4, yellow
    /// and direct red 5).
    public static let fifa = CardWeights(yellow: 1, secondYellow: 3, red: 4, yellowThenRed: 5)
    /// Yellow 1, any red 3.
    public static let yellowOneRedThree = CardWeights(yellow: 1, secondYellow: 3, red: 3, yellowThenRed: 4)
}

/// One criterion of an ordering of teams level on what came before.
public enum TieBreaker: Sendable, Hashable, Codable {
    case points
    case goalDifference
    case goalsFor
    case awayGoalsFor
    case wins
    case awayWins
    case pointsPerGame
    /// Points in the matches among the teams still level only.
    case headToHeadPoints
    case headToHeadGoalDifference
    case headToHeadGoalsFor
    case headToHeadAwayGoalsFor
    /// The fewest card points.
    case fairPlay(CardWeights)
    /// A draw of lots, repeatable from the rule set's seed.
    case drawingOfLots
    /// Teams still level are not separated: a play-off is needed, and the table says so.
    case playOff
    /// Serie A (2022): exactly two teams level on points for first place or for the last
    /// safe place play off; other ties go on to the next criteria.
    case playOffForTitleOrLastSafePlace

    /// True for criteria computed over the matches among the level teams only.
    public var isHeadToHead: Bool {
        switch self {
        case .headToHeadPoints, .headToHeadGoalDifference, .headToHeadGoalsFor, .headToHeadAwayGoalsFor: return true
        default: return false
        }
    }

    /// How explanations name the criterion.
    public var label: String {
        switch self {
        case .points: return "points"
        case .goalDifference: return "goal difference"
        case .goalsFor: return "goals scored"
        case .awayGoalsFor: return "away goals"
        case .wins: return "wins"
        case .awayWins: return "away wins"
        case .pointsPerGame: return "points per game"
        case .headToHeadPoints: return "head-to-head points"
        case .headToHeadGoalDifference: return "head-to-head goal difference"
        case .headToHeadGoalsFor: return "head-to-head goals"
        case .headToHeadAwayGoalsFor: return "head-to-head away goals"
        case .fairPlay: return "fair-play points"
        case .drawingOfLots: return "drawing of lots"
        case .playOff, .playOffForTitleOrLastSafePlace: return "play-off"
        }
    }
}
