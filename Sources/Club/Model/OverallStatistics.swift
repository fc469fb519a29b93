import Foundation
import League

/// Player and team statistics over every competition, as `touchline match stats --json`
/// prints them and `GET /api/v1/matches/statistics` answers.
public struct OverallStatistics: Sendable, Equatable, Encodable {
    public var players: [PlayerStatistics]
    public var teams: [TeamStatistics]

    public init(players: [PlayerStatistics], teams: [TeamStatistics]) {
        self.players = players
        self.teams = teams
    }
}
