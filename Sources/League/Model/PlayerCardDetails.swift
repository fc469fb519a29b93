import Foundation

/// A player's season as plain values: who they are, the team and season they play for, its
/// colours, their photo and their numbers. What a player card prints (Reports' `PlayerCard`),
/// as the club services give it (Club's `PlayerSeason`), so that every front end draws the
/// same card from the same data.
///
/// ```swift
/// let nico = PlayerCardDetails(name: "Nico Williams", number: 10, position: .forward, positionDetail: "LW",
///                              team: "Athletic Infantil A", season: "2024/25", primaryColor: "#EE2523",
///                              statistics: PlayerStatistics(player: "Nico Williams", team: "Athletic Infantil A", goals: 7))
/// ```
public struct PlayerCardDetails: Sendable, Equatable {
    /// The name as printed: "first name surnames".
    public var name: String
    /// The squad number; nil draws no badge.
    public var number: Int?
    public var position: PlayerPosition
    /// A finer role, for example `RB`.
    public var positionDetail: String?
    /// The team's name.
    public var team: String
    /// The team's season, for example `2024/25`.
    public var season: String
    /// The team's primary colour, `#RRGGBB`; nil for the card's default.
    public var primaryColor: String?
    /// The team's secondary colour, `#RRGGBB`; nil for the card's default.
    public var secondaryColor: String?
    /// PNG or JPEG bytes; nil draws a silhouette.
    public var photo: Data?
    /// The player's numbers in the team's season.
    public var statistics: PlayerStatistics

    /// A player's season; colours and photo default to none.
    public init(name: String, number: Int?, position: PlayerPosition, positionDetail: String? = nil, team: String,
                season: String, primaryColor: String? = nil, secondaryColor: String? = nil, photo: Data? = nil,
                statistics: PlayerStatistics) {
        self.name = name
        self.number = number
        self.position = position
        self.positionDetail = positionDetail
        self.team = team
        self.season = season
        self.primaryColor = primaryColor
        self.secondaryColor = secondaryColor
        self.photo = photo
        self.statistics = statistics
    }
}
