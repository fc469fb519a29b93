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
    /// Goals the player's team conceded while the player was on the pitch.
    public var goalsConceded: Int
    /// Matches in which the player was on the pitch for 60 minutes or more and the team
    /// conceded no goal while they were on.
    public var cleanSheets: Int

    /// A player's numbers; everything not given is zero.
    public init(player: String, team: String, appearances: Int = 0, starts: Int = 0, minutes: Int = 0, goals: Int = 0,
                assists: Int = 0, yellowCards: Int = 0, redCards: Int = 0, goalsConceded: Int = 0,
                cleanSheets: Int = 0) {
        self.player = player
        self.team = team
        self.appearances = appearances
        self.starts = starts
        self.minutes = minutes
        self.goals = goals
        self.assists = assists
        self.yellowCards = yellowCards
        self.redCards = redCards
        self.goalsConceded = goalsConceded
        self.cleanSheets = cleanSheets
    }

    enum CodingKeys: String, CodingKey {
        case player, team, appearances, starts, minutes, goals, assists, yellowCards, redCards, goalsConceded, cleanSheets
    }

    /// Decodes the JSON form; `goalsConceded` and `cleanSheets`, added later, may be absent
    /// (JSON written by earlier versions) and then count as zero.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(player: try container.decode(String.self, forKey: .player),
                  team: try container.decode(String.self, forKey: .team),
                  appearances: try container.decode(Int.self, forKey: .appearances),
                  starts: try container.decode(Int.self, forKey: .starts),
                  minutes: try container.decode(Int.self, forKey: .minutes),
                  goals: try container.decode(Int.self, forKey: .goals),
                  assists: try container.decode(Int.self, forKey: .assists),
                  yellowCards: try container.decode(Int.self, forKey: .yellowCards),
                  redCards: try container.decode(Int.self, forKey: .redCards),
                  goalsConceded: try container.decodeIfPresent(Int.self, forKey: .goalsConceded) ?? 0,
                  cleanSheets: try container.decodeIfPresent(Int.self, forKey: .cleanSheets) ?? 0)
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
