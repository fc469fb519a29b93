/// Player and team statistics derived from matches and their events, never kept as running
/// counters: pass one competition's matches for its numbers, or every match for a career's.
///
/// Minutes: a starter plays from 0 and a substitute from the minute they come on, until they
/// go off, are sent off or the match ends (90 minutes, 120 after extra time; stoppage time is
/// not counted). Own goals count for the team, not for the player who scored them.
public enum StatisticsEngine {
    /// Every player who appeared or has an event, by goals, then assists, then name.
    public static func players(in matches: [Match]) -> [PlayerStatistics] {
        var table: [String: PlayerStatistics] = [:]
        func touch(_ player: String, _ team: String) {
            if table[player] == nil { table[player] = PlayerStatistics(player: player, team: team) }
            table[player]?.team = team
        }
        for match in ordered(matches) where match.status.counts {
            let length = match.extraTime == nil ? 90 : 120
            var on: [String: Int] = [:]
            var teamOf: [String: String] = [:]
            for (team, starters) in match.lineups.sorted(by: { $0.key < $1.key }) {
                for player in starters {
                    touch(player, team)
                    table[player]?.starts += 1
                    on[player] = 0
                    teamOf[player] = team
                }
            }
            var off: [String: Int] = [:]
            for event in match.events.sorted(by: { ($0.minute, $0.stoppage) < ($1.minute, $1.stoppage) }) {
                switch event.kind {
                case .goal(let scorer, let assist, _, let ownGoal):
                    if !ownGoal {
                        touch(scorer, event.team)
                        table[scorer]?.goals += 1
                    }
                    if let assist {
                        touch(assist, event.team)
                        table[assist]?.assists += 1
                    }
                case .yellowCard(let player):
                    touch(player, event.team)
                    table[player]?.yellowCards += 1
                case .secondYellow(let player), .redCard(let player):
                    touch(player, event.team)
                    table[player]?.redCards += 1
                    off[player] = off[player] ?? event.minute
                case .substitution(let leaving, let coming):
                    off[leaving] = off[leaving] ?? event.minute
                    if on[coming] == nil {
                        touch(coming, event.team)
                        on[coming] = event.minute
                        teamOf[coming] = event.team
                    }
                }
            }
            for (player, start) in on {
                table[player]?.appearances += 1
                table[player]?.minutes += max(0, min(off[player] ?? length, length) - start)
            }
        }
        return table.values.sorted { ($1.goals, $1.assists, $0.player) < ($0.goals, $0.assists, $1.player) }
    }

    /// Every team's numbers, by name.
    public static func teams(in matches: [Match]) -> [TeamStatistics] {
        var table: [String: TeamStatistics] = [:]
        for match in ordered(matches) {
            for team in [match.home, match.away] where table[team] == nil { table[team] = TeamStatistics(team: team) }
            guard let score = match.result else { continue }
            for (team, scored, conceded) in [(match.home, score.home, score.away), (match.away, score.away, score.home)] {
                table[team]?.played += 1
                table[team]?.goalsFor += scored
                table[team]?.goalsAgainst += conceded
                if conceded == 0 { table[team]?.cleanSheets += 1 }
                let outcome: Outcome = scored > conceded ? .win : scored == conceded ? .draw : .loss
                switch outcome {
                case .win: table[team]?.won += 1
                case .draw: table[team]?.drawn += 1
                case .loss: table[team]?.lost += 1
                }
                let form = table[team]?.form ?? []
                table[team]?.form = Array((form + [outcome]).suffix(5))
            }
        }
        return table.values.sorted { $0.team < $1.team }
    }

    /// Matches in playing order: by date, then matchday, then as given.
    static func ordered(_ matches: [Match]) -> [Match] {
        matches.enumerated().sorted {
            ($0.element.date ?? "", $0.element.matchday ?? 0, $0.offset) < ($1.element.date ?? "", $1.element.matchday ?? 0, $1.offset)
        }.map(\.element)
    }
}
