import Testing
@testable import League

@Suite struct StatisticsTests {
    static func match() -> Match {
        var match = Match.played("Athletic", Score(2, 1), "Real Sociedad", matchday: 1, date: "2024-01-10")
        match.lineups = ["Athletic": ["Simón", "Vivian", "Sancet", "Williams"], "Real Sociedad": ["Remiro", "Oyarzabal"]]
        match.events = [
            MatchEvent(team: "Athletic", kind: .goal(scorer: "Sancet", assist: "Williams", penalty: false, ownGoal: false), minute: 12),
            MatchEvent(team: "Real Sociedad", kind: .goal(scorer: "Oyarzabal", assist: nil, penalty: true, ownGoal: false), minute: 30),
            MatchEvent(team: "Athletic", kind: .yellowCard(player: "Vivian"), minute: 40),
            MatchEvent(team: "Athletic", kind: .substitution(off: "Williams", on: "Guruzeta"), minute: 70),
            MatchEvent(team: "Athletic", kind: .goal(scorer: "Remiro", assist: nil, penalty: false, ownGoal: true), minute: 80),
            MatchEvent(team: "Athletic", kind: .yellowCard(player: "Vivian"), minute: 85),
            MatchEvent(team: "Athletic", kind: .secondYellow(player: "Vivian"), minute: 85),
        ]
        return match
    }

    @Test func playersFromLineupsAndEvents() throws {
        let players = StatisticsEngine.players(in: [Self.match()])
        let byName = Dictionary(uniqueKeysWithValues: players.map { ($0.player, $0) })
        let sancet = try #require(byName["Sancet"])
        #expect(sancet.goals == 1 && sancet.minutes == 90 && sancet.starts == 1 && sancet.appearances == 1)
        #expect(byName["Williams"]?.assists == 1 && byName["Williams"]?.minutes == 70)
        #expect(byName["Guruzeta"]?.appearances == 1 && byName["Guruzeta"]?.starts == 0 && byName["Guruzeta"]?.minutes == 20)
        #expect(byName["Vivian"]?.yellowCards == 2 && byName["Vivian"]?.redCards == 1 && byName["Vivian"]?.minutes == 85)
        // An own goal counts for the team, not for the scorer.
        #expect(byName["Remiro"]?.goals == 0)
        #expect(players.first?.player == "Oyarzabal" || players.first?.player == "Sancet")
    }

    @Test func theSameMatchesAlwaysGiveTheSameNumbers() {
        // Nothing is a running counter: removing a match removes its numbers.
        let second = Match.played("Real Sociedad", Score(0, 0), "Athletic", matchday: 2, date: "2024-02-10")
        let both = StatisticsEngine.teams(in: [Self.match(), second])
        let athletic = both.first { $0.team == "Athletic" }
        #expect(athletic?.played == 2 && athletic?.cleanSheets == 1 && athletic?.form == [.win, .draw])
        let one = StatisticsEngine.teams(in: [Self.match()])
        #expect(one.first { $0.team == "Athletic" }?.played == 1)
    }

    @Test func extraTimeLastsOneHundredAndTwentyMinutes() {
        var match = Self.match()
        match.extraTime = Score(3, 1)
        let sancet = StatisticsEngine.players(in: [match]).first { $0.player == "Sancet" }
        #expect(sancet?.minutes == 120)
    }

    @Test func unplayedMatchesCountForNothing() {
        var match = Self.match()
        match.status = .postponed
        #expect(StatisticsEngine.players(in: [match]).isEmpty)
        #expect(StatisticsEngine.teams(in: [match]).allSatisfy { $0.played == 0 })
    }
}
