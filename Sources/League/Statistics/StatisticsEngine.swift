/// Player and team statistics derived from matches and their events, never kept as running
/// counters: pass one competition's matches for its numbers, or every match for a career's.
///
/// Minutes: a starter plays from 0 and a substitute from the minute they come on, until they
/// go off, are sent off or the match ends (90 minutes, 120 after extra time; stoppage time is
/// not counted). Own goals count for the team, not for the player who scored them.
///
/// Goals conceded: each goal event counts against every player of the other team who is on
/// the pitch at that moment, events taken in order of minute, stoppage time, then as given
/// (so a goal listed after a substitution in the same minute counts against the substitute).
/// An own goal counts against the team that scored it, as it does on the scoreboard. When a
/// match's score (after extra time, if any) has more goals against a team than its events
/// place, those goals' minutes are unknown: they count against the team's players who were
/// on from the first minute to the last, and nobody in that team keeps a clean sheet in that
/// match. A clean sheet needs 60 minutes or more on the pitch with no goal conceded.
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
            var entered: [String: Int] = [:]
            var left: [String: Int] = [:]
            var teamOf: [String: String] = [:]
            var onPitch: Set<String> = []
            var conceded: [String: Int] = [:]
            var placedAgainst: [String: Int] = [:]
            for (team, starters) in match.lineups.sorted(by: { $0.key < $1.key }) {
                for player in starters {
                    touch(player, team)
                    table[player]?.starts += 1
                    entered[player] = 0
                    teamOf[player] = team
                    onPitch.insert(player)
                }
            }
            for event in chronological(match.events) {
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
                    if let against = opponent(of: event.team, in: match) {
                        placedAgainst[against, default: 0] += 1
                        for player in onPitch where teamOf[player] == against { conceded[player, default: 0] += 1 }
                    }
                case .yellowCard(let player):
                    touch(player, event.team)
                    table[player]?.yellowCards += 1
                case .secondYellow(let player), .redCard(let player):
                    touch(player, event.team)
                    table[player]?.redCards += 1
                    left[player] = left[player] ?? event.minute
                    onPitch.remove(player)
                case .substitution(let leaving, let coming):
                    left[leaving] = left[leaving] ?? event.minute
                    onPitch.remove(leaving)
                    if entered[coming] == nil {
                        touch(coming, event.team)
                        entered[coming] = event.minute
                        teamOf[coming] = event.team
                        onPitch.insert(coming)
                    }
                }
            }
            let unplaced = unplacedGoals(in: match, placed: placedAgainst)
            for (player, start) in entered {
                let minutes = max(0, min(left[player] ?? length, length) - start)
                let missing = teamOf[player].flatMap { unplaced[$0] } ?? 0
                let wholeMatch = start == 0 && left[player] == nil
                let against = (conceded[player] ?? 0) + (wholeMatch ? missing : 0)
                table[player]?.appearances += 1
                table[player]?.minutes += minutes
                table[player]?.goalsConceded += against
                if minutes >= 60, against == 0, missing == 0 { table[player]?.cleanSheets += 1 }
            }
        }
        return table.values.sorted { ($1.goals, $1.assists, $0.player) < ($0.goals, $0.assists, $1.player) }
    }

    /// `events` by minute, then stoppage time, then in the order given.
    static func chronological(_ events: [MatchEvent]) -> [MatchEvent] {
        events.enumerated().sorted {
            ($0.element.minute, $0.element.stoppage, $0.offset) < ($1.element.minute, $1.element.stoppage, $1.offset)
        }.map(\.element)
    }

    /// The other team of `match`, or nil when `team` is not playing it.
    static func opponent(of team: String, in match: Match) -> String? {
        team == match.home ? match.away : team == match.away ? match.home : nil
    }

    /// For each team, the goals against it that the score counts (after extra time, if
    /// played) beyond those its goal events place.
    static func unplacedGoals(in match: Match, placed: [String: Int]) -> [String: Int] {
        guard let score = match.extraTime ?? match.fullTime else { return [:] }
        return [match.home: max(0, score.away - (placed[match.home] ?? 0)),
                match.away: max(0, score.home - (placed[match.away] ?? 0))]
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
