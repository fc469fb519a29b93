import Foundation
import League

/// What a player card shows: the player, their photo, their current team and their numbers
/// in that team's season (see ``Cards``).
public struct PlayerSeason: Sendable, Equatable {
    /// The player, with their current number.
    public var player: Player
    /// The player's PNG photo, if any.
    public var photo: Data?
    /// The player's current team: its name, season and colours.
    public var team: Team
    /// The player's numbers over the team's matches; `player` is ``Player/fullName`` and
    /// `team` the team's name. All zero when the player has not played.
    public var statistics: PlayerStatistics

    /// A player's season as a value.
    public init(player: Player, photo: Data?, team: Team, statistics: PlayerStatistics) {
        self.player = player
        self.photo = photo
        self.team = team
        self.statistics = statistics
    }

    /// The season as a card prints it: the player's full name and number, the team's name,
    /// season and colours, the photo and the statistics.
    public var cardDetails: PlayerCardDetails {
        PlayerCardDetails(name: player.fullName, number: player.number, position: player.position,
                          positionDetail: player.positionDetail, team: team.name, season: team.season,
                          primaryColor: team.primaryColor, secondaryColor: team.secondaryColor, photo: photo,
                          statistics: statistics)
    }
}
