/// The player lists of a competition and the one rule each ranks by: the top scorers and the
/// discipline table. Both the listings and the printed pages rank through here.
///
/// A list holds only the players it is about (a goal or an assist; a card), ordered by its
/// ranking numbers, highest first, then by name. Players level on every ranking number share
/// a position ("=4", and the next player is 6th after two at =4); a list cut at a limit keeps
/// everyone level with the last place it reaches.
///
/// ```swift
/// let players = StatisticsEngine.players(in: season.matches)
/// for entry in PlayerRanking.scorers.entries(players, limit: 10) {
///     print(entry.position, entry.player.player, entry.player.goals) // "=4 Ana 7"
/// }
/// ```
public enum PlayerRanking: String, Sendable, Hashable, CaseIterable {
    /// Players with a goal or an assist: by goals, then assists.
    case scorers
    /// Players with a card: by red cards (second yellows included), then yellow cards.
    case discipline

    /// True when `player` belongs in the list.
    public func includes(_ player: PlayerStatistics) -> Bool {
        rankingNumbers(player).contains { $0 > 0 }
    }

    /// The numbers the list ranks by, most significant first; higher ranks higher.
    public func rankingNumbers(_ player: PlayerStatistics) -> [Int] {
        switch self {
        case .scorers: [player.goals, player.assists]
        case .discipline: [player.redCards, player.yellowCards]
        }
    }

    /// The players the list is about, in order: by the ranking numbers, highest first, then
    /// by name (then team).
    public func ranked(_ players: [PlayerStatistics]) -> [PlayerStatistics] {
        players.filter(includes)
            .map { (numbers: rankingNumbers($0), player: $0) }
            .sorted { first, second in
                guard first.numbers == second.numbers else {
                    return first.numbers.lexicographicallyPrecedes(second.numbers, by: >)
                }
                return (first.player.player, first.player.team) < (second.player.player, second.player.team)
            }
            .map(\.player)
    }

    /// The list with positions: ``ranked(_:)``, cut after position `limit` (below 1 counts as
    /// 1; nil: no cut) but keeping every player level with the last place it reaches.
    public func entries(_ players: [PlayerStatistics], limit: Int? = nil) -> [RankedPlayer] {
        let ordered = ranked(players)
        let numbers = ordered.map(rankingNumbers)
        let last = limit.map { max(1, $0) } ?? Int.max
        var entries: [RankedPlayer] = []
        var position = 0
        for (index, player) in ordered.enumerated() {
            if index == 0 || numbers[index - 1] != numbers[index] { position = index + 1 }
            guard position <= last else { break }
            let shared = (index > 0 && numbers[index - 1] == numbers[index])
                || (index + 1 < numbers.count && numbers[index + 1] == numbers[index])
            entries.append(RankedPlayer(place: position, isShared: shared, player: player))
        }
        return entries
    }
}
