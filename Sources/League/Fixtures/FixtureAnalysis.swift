/// Breaks and the longest home and away runs of a schedule, read from its matches' matchdays.
enum FixtureAnalysis {
    struct Report: Sendable, Hashable {
        var breaks: Int
        var breaksByTeam: [String: Int]
        var longestHomeRun: FixtureRun
        var longestAwayRun: FixtureRun
    }

    /// The report over `rounds` matchdays. `teams` gives the order that settles ties; matches
    /// of other teams, or without a matchday in `1...rounds`, are left out.
    static func report(teams: [String], matches: [Match], rounds: Int) -> Report {
        let none: UInt8 = 0, home: UInt8 = 1, away: UInt8 = 2
        var index: [String: Int] = [:]
        index.reserveCapacity(teams.count)
        for (position, team) in teams.enumerated() { index[team] = position }

        var grid = [UInt8](repeating: none, count: teams.count * rounds)
        for match in matches {
            guard let matchday = match.matchday, matchday >= 1, matchday <= rounds,
                  let h = index[match.home], let a = index[match.away], h != a else { continue }
            grid[h * rounds + matchday - 1] = home
            grid[a * rounds + matchday - 1] = away
        }

        let first = teams.first ?? ""
        var total = 0
        var byTeam: [String: Int] = [:]
        byTeam.reserveCapacity(teams.count)
        var longestHome = FixtureRun(team: first, length: 0, firstMatchday: 1)
        var longestAway = FixtureRun(team: first, length: 0, firstMatchday: 1)
        for (position, team) in teams.enumerated() {
            var breaks = 0
            var previous = none
            var length = 0
            var start = 0
            for round in 0..<rounds {
                let venue = grid[position * rounds + round]
                if venue != none && venue == previous {
                    breaks += 1
                    length += 1
                } else {
                    length = venue == none ? 0 : 1
                    start = round
                }
                if venue == home && length > longestHome.length {
                    longestHome = FixtureRun(team: team, length: length, firstMatchday: start + 1)
                } else if venue == away && length > longestAway.length {
                    longestAway = FixtureRun(team: team, length: length, firstMatchday: start + 1)
                }
                previous = venue
            }
            byTeam[team] = breaks
            total += breaks
        }
        return Report(breaks: total, breaksByTeam: byTeam, longestHomeRun: longestHome,
                      longestAwayRun: longestAway)
    }
}
