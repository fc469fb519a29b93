import Foundation
import Support

/// Computes league tables from matches: derived every time from the results, never kept as
/// running totals a correction could leave stale.
///
/// ```swift
/// let table = StandingsEngine.table(for: season, rules: .laLiga)
/// for row in table.rows { print(row.positionLabel, row.team, row.points) }
/// table.notes.forEach { print($0) } // "Rayo Vallecano above Sevilla: head-to-head points 6 to 1"
/// ```
public enum StandingsEngine {
    /// The table of `season` under `rules`.
    ///
    /// - Parameters:
    ///   - venue: all matches, or each team's home or away matches only.
    ///   - matchday: only matches of this matchday or earlier.
    ///   - date: only matches on this date (`YYYY-MM-DD`) or earlier; deductions dated later
    ///     do not apply yet.
    public static func table(for season: Season, rules: RuleSet, venue: Venue = .all, matchday: Int? = nil,
                             asOf date: String? = nil) -> Standings {
        var engine = Engine(season: season, rules: rules, venue: venue, matchday: matchday, date: date)
        return engine.run()
    }
}

/// Per-team totals over a set of matches.
struct Tally {
    var played = 0, won = 0, drawn = 0, lost = 0
    var goalsFor = 0, goalsAgainst = 0, awayGoalsFor = 0, awayWins = 0
    var points = 0
    var cardPoints = 0

    mutating func add(scored: Int, conceded: Int, away: Bool, system: PointsSystem) {
        played += 1
        goalsFor += scored
        goalsAgainst += conceded
        if away { awayGoalsFor += scored }
        if scored > conceded {
            won += 1
            points += system.win
            if away { awayWins += 1 }
        } else if scored == conceded {
            drawn += 1
            points += system.draw
        } else {
            lost += 1
            points += system.loss
        }
    }
}

private struct Engine {
    let rules: RuleSet
    let venue: Venue
    let teams: [String]
    /// Counted matches as (home index, away index, score).
    var matches: [(home: Int, away: Int, score: Score)] = []
    var matchesByTeam: [[Int]]
    var tallies: [Tally]
    var deducted: [Int]
    var forms: [[Outcome]]
    var notes: [TieBreakNote] = []
    var playOffs: [[Int]] = []
    /// The index of the first head-to-head criterion of each run of them.
    let headToHeadStart: [Int]

    init(season: Season, rules: RuleSet, venue: Venue, matchday: Int?, date: String?) {
        self.rules = rules
        self.venue = venue
        teams = season.teams
        let index = Dictionary(season.teams.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        matchesByTeam = Array(repeating: [], count: teams.count)
        tallies = Array(repeating: Tally(), count: teams.count)
        deducted = Array(repeating: 0, count: teams.count)
        forms = Array(repeating: [], count: teams.count)
        var start = 0
        headToHeadStart = rules.criteria.enumerated().map { offset, criterion in
            if criterion.isHeadToHead {
                if offset == 0 || !rules.criteria[offset - 1].isHeadToHead { start = offset }
                return start
            }
            return offset
        }

        // Counted matches in playing order (date, then matchday, then as given); most data
        // is in that order already, so sorting is skipped when it is.
        var counted = season.matches.indices.filter { position in
            let match = season.matches[position]
            return match.result != nil && Season.isWithinCut(match, matchday: matchday, date: date)
        }
        func key(_ position: Int) -> (String, Int, Int) {
            (season.matches[position].date ?? "", season.matches[position].matchday ?? 0, position)
        }
        if zip(counted, counted.dropFirst()).contains(where: { key($0) > key($1) }) {
            counted.sort { key($0) < key($1) }
        }
        let weights = rules.criteria.lazy.compactMap { criterion -> CardWeights? in
            if case .fairPlay(let weights) = criterion { return weights }
            return nil
        }.first
        var latestDate = ""
        for position in counted {
            let match = season.matches[position]
            guard let home = index[match.home], let away = index[match.away], let score = match.result else { continue }
            latestDate = max(latestDate, match.date ?? "")
            let stored = matches.count
            matches.append((home, away, score))
            matchesByTeam[home].append(stored)
            matchesByTeam[away].append(stored)
            if venue != .away {
                tallies[home].add(scored: score.home, conceded: score.away, away: false, system: rules.points)
                forms[home].append(Self.outcome(score.home, score.away))
            }
            if venue != .home {
                tallies[away].add(scored: score.away, conceded: score.home, away: true, system: rules.points)
                forms[away].append(Self.outcome(score.away, score.home))
            }
            guard let weights, !match.events.isEmpty else { continue }
            for (team, points) in Self.cardPoints(match, weights: weights) {
                guard let side = index[team], side == home ? venue != .away : venue != .home else { continue }
                tallies[side].cardPoints += points
            }
        }
        // Deductions apply to the whole table (not to home or away tables), once dated on or before the cut-off.
        if venue == .all {
            let cutOff = date ?? (matchday != nil ? latestDate : nil)
            for deduction in season.deductions {
                guard let team = index[deduction.team], Season.applies(deduction, cutOff: cutOff) else { continue }
                deducted[team] += deduction.points
                tallies[team].points -= deduction.points
            }
        }
    }

    static func outcome(_ scored: Int, _ conceded: Int) -> Outcome {
        scored > conceded ? .win : scored == conceded ? .draw : .loss
    }

    /// Card points per team for one match under fair-play `weights`.
    static func cardPoints(_ match: Match, weights: CardWeights) -> [String: Int] {
        var cards: [String: [String: (yellow: Int, second: Bool, red: Bool)]] = [:]
        for event in match.events {
            switch event.kind {
            case .yellowCard(let player): cards[event.team, default: [:]][player, default: (0, false, false)].yellow += 1
            case .secondYellow(let player): cards[event.team, default: [:]][player, default: (0, false, false)].second = true
            case .redCard(let player): cards[event.team, default: [:]][player, default: (0, false, false)].red = true
            default: break
            }
        }
        return cards.mapValues { players in
            players.values.reduce(0) { total, card in
                if card.second { return total + weights.secondYellow }
                if card.red { return total + (card.yellow > 0 ? weights.yellowThenRed : weights.red) }
                return total + weights.yellow * min(card.yellow, 1)
            }
        }
    }

    mutating func run() -> Standings {
        let groups = resolve(Array(teams.indices).sorted { teams[$0] < teams[$1] }, from: 0, scope: [], position: 1)
        var rows: [StandingsRow] = []
        var position = 1
        for group in groups {
            for team in group {
                let tally = tallies[team]
                rows.append(StandingsRow(position: position, shared: group.count > 1, team: teams[team], played: tally.played,
                                         won: tally.won, drawn: tally.drawn, lost: tally.lost, goalsFor: tally.goalsFor,
                                         goalsAgainst: tally.goalsAgainst, points: tally.points, deducted: deducted[team],
                                         form: Array(forms[team].suffix(5))))
            }
            position += group.count
        }
        return Standings(rules: rules.name, rows: rows, notes: notes, playOffs: playOffs.map { $0.map { teams[$0] } })
    }

    /// Orders `group` (teams level on every criterion before `index`) into groups still
    /// level, best first. `scope` is the set head-to-head criteria count matches among.
    mutating func resolve(_ group: [Int], from index: Int, scope: [Int], position: Int) -> [[Int]] {
        guard group.count > 1, index < rules.criteria.count else { return [group] }
        let criterion = rules.criteria[index]
        var scope = scope
        if criterion.isHeadToHead, headToHeadStart[index] == index { scope = group }

        switch criterion {
        case .playOff:
            playOffs.append(group)
            return [group]
        case .playOffForTitleOrLastSafePlace:
            let lastSafe = teams.count - rules.relegationPlaces
            if group.count == 2, position == 1 || position == lastSafe {
                playOffs.append(group)
                return [group]
            }
            return resolve(group, from: index + 1, scope: scope, position: position)
        case .drawingOfLots:
            let drawn = lots(group)
            for (higher, lower) in zip(drawn, drawn.dropFirst()) {
                notes.append(TieBreakNote(higher: teams[higher], lower: teams[lower], criterion: criterion.label,
                                          higherValue: "seed \(rules.seed)", lowerValue: ""))
            }
            return drawn.map { [$0] }
        default:
            break
        }

        if criterion.isHeadToHead, rules.headToHeadNeedsEveryMeeting, !haveAllMet(scope) {
            return resolve(group, from: index + 1, scope: scope, position: position)
        }
        let values = value(of: criterion, for: group, scope: scope)
        var buckets: [(value: Double, teams: [Int])] = []
        for team in group {
            let v = values[team] ?? 0
            if let at = buckets.firstIndex(where: { $0.value == v }) {
                buckets[at].teams.append(team)
            } else {
                buckets.append((v, [team]))
            }
        }
        buckets.sort { $0.value > $1.value }
        guard buckets.count > 1 else { return resolve(group, from: index + 1, scope: scope, position: position) }

        if index > 0 {
            for (upper, lower) in zip(buckets, buckets.dropFirst()) {
                guard let higher = upper.teams.last, let below = lower.teams.first else { continue }
                notes.append(TieBreakNote(higher: teams[higher], lower: teams[below], criterion: criterion.label,
                                          higherValue: format(upper.value, criterion), lowerValue: format(lower.value, criterion)))
            }
        }
        var ordered: [[Int]] = []
        var next = position
        for bucket in buckets {
            if bucket.teams.count == 1 {
                ordered.append(bucket.teams)
            } else if criterion.isHeadToHead, rules.reapplyHeadToHead {
                ordered += resolve(bucket.teams, from: headToHeadStart[index], scope: bucket.teams, position: next)
            } else {
                ordered += resolve(bucket.teams, from: index + 1, scope: scope, position: next)
            }
            next += bucket.teams.count
        }
        return ordered
    }

    /// Each team's value for `criterion` (higher is better).
    func value(of criterion: TieBreaker, for group: [Int], scope: [Int]) -> [Int: Double] {
        var result: [Int: Double] = [:]
        if criterion.isHeadToHead {
            let miniLeague = headToHead(scope)
            for team in group {
                let tally = miniLeague[team] ?? Tally()
                switch criterion {
                case .headToHeadPoints: result[team] = Double(tally.points)
                case .headToHeadGoalDifference: result[team] = Double(tally.goalsFor - tally.goalsAgainst)
                case .headToHeadGoalsFor: result[team] = Double(tally.goalsFor)
                default: result[team] = Double(tally.awayGoalsFor)
                }
            }
            return result
        }
        for team in group {
            let tally = tallies[team]
            switch criterion {
            case .points: result[team] = Double(tally.points)
            case .goalDifference: result[team] = Double(tally.goalsFor - tally.goalsAgainst)
            case .goalsFor: result[team] = Double(tally.goalsFor)
            case .awayGoalsFor: result[team] = Double(tally.awayGoalsFor)
            case .wins: result[team] = Double(tally.won)
            case .awayWins: result[team] = Double(tally.awayWins)
            case .pointsPerGame: result[team] = tally.played == 0 ? 0 : Double(tally.points) / Double(tally.played)
            case .fairPlay: result[team] = -Double(tally.cardPoints)
            default: result[team] = 0
            }
        }
        return result
    }

    /// True when every team of `scope` has played every other both at home and away.
    func haveAllMet(_ scope: [Int]) -> Bool {
        let members = Set(scope)
        var meetings = Set<[Int]>()
        for team in scope {
            for position in matchesByTeam[team] {
                let match = matches[position]
                if members.contains(match.home), members.contains(match.away) { meetings.insert([match.home, match.away]) }
            }
        }
        return meetings.count == scope.count * (scope.count - 1)
    }

    /// Totals over the counted matches among `scope` only (respecting the venue).
    func headToHead(_ scope: [Int]) -> [Int: Tally] {
        let members = Set(scope)
        var result: [Int: Tally] = [:]
        var seen = Set<Int>()
        for team in scope {
            for position in matchesByTeam[team] where seen.insert(position).inserted {
                let match = matches[position]
                guard members.contains(match.home), members.contains(match.away) else { continue }
                if venue != .away {
                    result[match.home, default: Tally()].add(scored: match.score.home, conceded: match.score.away,
                                                             away: false, system: rules.points)
                }
                if venue != .home {
                    result[match.away, default: Tally()].add(scored: match.score.away, conceded: match.score.home,
                                                             away: true, system: rules.points)
                }
            }
        }
        return result
    }

    /// A repeatable shuffle of `group` from the rules' seed, over the teams in name order.
    func lots(_ group: [Int]) -> [Int] {
        var drawn = group.sorted { teams[$0] < teams[$1] }
        var random = SeededRandom(seed: rules.seed)
        random.shuffle(&drawn)
        return drawn
    }

    func format(_ value: Double, _ criterion: TieBreaker) -> String {
        switch criterion {
        case .pointsPerGame: return String(format: "%.2f", value)
        case .fairPlay: return String(Int(-value))
        default: return String(Int(value))
        }
    }
}
