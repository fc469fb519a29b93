/// A player's place in a ``PlayerRanking`` list.
public struct RankedPlayer: Sendable, Hashable {
    /// The position, from 1; players level on the ranking numbers have the same one.
    public var place: Int
    /// True when another player in the list has the same place.
    public var isShared: Bool
    public var player: PlayerStatistics

    public init(place: Int, isShared: Bool, player: PlayerStatistics) {
        self.place = place
        self.isShared = isShared
        self.player = player
    }

    /// The position as printed: "4", or "=4" when shared.
    public var position: String { isShared ? "=\(place)" : "\(place)" }
}
