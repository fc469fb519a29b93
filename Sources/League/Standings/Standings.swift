/// Which matches of each team a table counts.
public enum Venue: String, Sendable, Hashable, Codable, CaseIterable {
    case all, home, away
}

/// A match's result for one team.
public enum Outcome: String, Sendable, Hashable, Codable {
    case win = "W", draw = "D", loss = "L"
}

/// One team's line in a table.
public struct StandingsRow: Sendable, Hashable, Codable {
    public var position: Int
    /// True when the team shares its position with others still level ("=5").
    public var shared: Bool
    public var team: String
    public var played: Int
    public var won: Int
    public var drawn: Int
    public var lost: Int
    public var goalsFor: Int
    public var goalsAgainst: Int
    public var goalDifference: Int { goalsFor - goalsAgainst }
    /// Points after deductions.
    public var points: Int
    /// Points deducted (negative values were added).
    public var deducted: Int
    /// The last five results, oldest first.
    public var form: [Outcome]

    /// `5`, or `=5` when shared.
    public var positionLabel: String { shared ? "=\(position)" : "\(position)" }

    enum CodingKeys: String, CodingKey {
        case position, shared, team, played, won, drawn, lost, goalsFor, goalsAgainst, goalDifference, points, deducted, form
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(position, forKey: .position)
        try container.encode(shared, forKey: .shared)
        try container.encode(team, forKey: .team)
        try container.encode(played, forKey: .played)
        try container.encode(won, forKey: .won)
        try container.encode(drawn, forKey: .drawn)
        try container.encode(lost, forKey: .lost)
        try container.encode(goalsFor, forKey: .goalsFor)
        try container.encode(goalsAgainst, forKey: .goalsAgainst)
        try container.encode(goalDifference, forKey: .goalDifference)
        try container.encode(points, forKey: .points)
        try container.encode(deducted, forKey: .deducted)
        try container.encode(form.map(\.rawValue).joined(), forKey: .form)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        position = try container.decode(Int.self, forKey: .position)
        shared = try container.decode(Bool.self, forKey: .shared)
        team = try container.decode(String.self, forKey: .team)
        played = try container.decode(Int.self, forKey: .played)
        won = try container.decode(Int.self, forKey: .won)
        drawn = try container.decode(Int.self, forKey: .drawn)
        lost = try container.decode(Int.self, forKey: .lost)
        goalsFor = try container.decode(Int.self, forKey: .goalsFor)
        goalsAgainst = try container.decode(Int.self, forKey: .goalsAgainst)
        points = try container.decode(Int.self, forKey: .points)
        deducted = try container.decode(Int.self, forKey: .deducted)
        form = try container.decode(String.self, forKey: .form).compactMap { Outcome(rawValue: String($0)) }
    }

    init(position: Int, shared: Bool, team: String, played: Int, won: Int, drawn: Int, lost: Int, goalsFor: Int,
         goalsAgainst: Int, points: Int, deducted: Int, form: [Outcome]) {
        self.position = position
        self.shared = shared
        self.team = team
        self.played = played
        self.won = won
        self.drawn = drawn
        self.lost = lost
        self.goalsFor = goalsFor
        self.goalsAgainst = goalsAgainst
        self.points = points
        self.deducted = deducted
        self.form = form
    }
}

/// Why one team ranks above another that was level with it before: the deciding criterion
/// and both teams' values.
public struct TieBreakNote: Sendable, Hashable, Codable, CustomStringConvertible {
    public var higher: String
    public var lower: String
    public var criterion: String
    public var higherValue: String
    public var lowerValue: String

    /// "Rayo Vallecano above Sevilla: head-to-head points 6 to 1".
    public var description: String {
        if criterion == TieBreaker.drawingOfLots.label { return "\(higher) above \(lower): drawing of lots (\(higherValue))" }
        return "\(higher) above \(lower): \(criterion) \(higherValue) to \(lowerValue)"
    }
}

/// A league table with the reasons for every position a tie-break decided.
public struct Standings: Sendable, Hashable, Codable {
    public var rules: String
    public var rows: [StandingsRow]
    /// One note per pair of teams a tie-break separated, in table order.
    public var notes: [TieBreakNote]
    /// Groups of teams still level that need a play-off, in table order.
    public var playOffs: [[String]]

    /// The row of `team`, if it is in the table.
    public func row(of team: String) -> StandingsRow? { rows.first { $0.team == team } }
}
