/// A player's numbers over a set of matches.
public struct PlayerStatistics: Sendable, Hashable, Codable {
    public var player: String
    /// The team they played for (the latest, when they played for several).
    public var team: String
    public var appearances: Int
    public var starts: Int
    public var minutes: Int
    public var goals: Int
    public var assists: Int
    public var yellowCards: Int
    /// Straight reds and second yellows.
    public var redCards: Int

    init(player: String, team: String) {
        self.player = player
        self.team = team
        appearances = 0
        starts = 0
        minutes = 0
        goals = 0
        assists = 0
        yellowCards = 0
        redCards = 0
    }
}

/// A team's numbers over a set of matches.
public struct TeamStatistics: Sendable, Hashable, Codable {
    public var team: String
    public var played: Int
    public var won: Int
    public var drawn: Int
    public var lost: Int
    public var goalsFor: Int
    public var goalsAgainst: Int
    public var cleanSheets: Int
    /// The last five results, oldest first.
    public var form: [Outcome]

    init(team: String) {
        self.team = team
        played = 0
        won = 0
        drawn = 0
        lost = 0
        goalsFor = 0
        goalsAgainst = 0
        cleanSheets = 0
        form = []
    }
}
