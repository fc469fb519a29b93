import Testing
@testable import League

/// The one rule for the top scorers and the discipline table.
@Suite struct PlayerRankingTests {
    static func player(_ name: String, team: String = "Club", goals: Int = 0, assists: Int = 0, yellow: Int = 0,
                       red: Int = 0) -> PlayerStatistics {
        PlayerStatistics(player: name, team: team, appearances: 1, goals: goals, assists: assists, yellowCards: yellow,
                         redCards: red)
    }

    @Test func scorersGoByGoalsThenAssistsThenNameAndLeaveOutTheRest() {
        let players = [Self.player("Zoe", goals: 2), Self.player("Ana", goals: 2), Self.player("Bea", goals: 2, assists: 1),
                       Self.player("Cris", assists: 3), Self.player("Dani", yellow: 4), Self.player("Eva", goals: 5)]
        #expect(PlayerRanking.scorers.ranked(players).map(\.player) == ["Eva", "Bea", "Ana", "Zoe", "Cris"])
        // The same players in any order give the same list.
        #expect(PlayerRanking.scorers.ranked(players.reversed()) == PlayerRanking.scorers.ranked(players))
        #expect(!PlayerRanking.scorers.includes(Self.player("Dani", yellow: 4)))
    }

    @Test func disciplineGoesByRedsThenYellowsAndLeavesOutTheClean() {
        let players = [Self.player("Yellows", yellow: 6), Self.player("Red", yellow: 1, red: 1), Self.player("Clean", goals: 9),
                       Self.player("Two reds", red: 2), Self.player("Also yellows", yellow: 6)]
        #expect(PlayerRanking.discipline.ranked(players).map(\.player) == ["Two reds", "Red", "Also yellows", "Yellows"])
        #expect(PlayerRanking.discipline.rankingNumbers(Self.player("X", yellow: 3, red: 1)) == [1, 3])
    }

    @Test func levelPlayersShareAPositionAndTheNextSkipsIt() {
        let players = [Self.player("A", goals: 9), Self.player("B", goals: 7), Self.player("C", goals: 6),
                       Self.player("D", goals: 5, assists: 1), Self.player("E", goals: 5, assists: 1),
                       Self.player("F", goals: 5), Self.player("G", goals: 4)]
        let entries = PlayerRanking.scorers.entries(players)
        #expect(entries.map(\.position) == ["1", "2", "3", "=4", "=4", "6", "7"])
        #expect(entries.map(\.place) == [1, 2, 3, 4, 4, 6, 7])
        #expect(entries[3] == RankedPlayer(place: 4, isShared: true, player: players[3]))
        // Level on goals but not on assists is no tie.
        #expect(entries[5].player.player == "F" && !entries[5].isShared)
    }

    @Test func aCutKeepsEveryoneLevelWithTheLastPlace() {
        let players = [Self.player("A", goals: 5), Self.player("B", goals: 4, assists: 1), Self.player("C", goals: 4, assists: 1),
                       Self.player("D", goals: 1)]
        #expect(PlayerRanking.scorers.entries(players, limit: 2).map(\.position) == ["1", "=2", "=2"])
        #expect(PlayerRanking.scorers.entries(players, limit: 3).map(\.player.player) == ["A", "B", "C"])
        #expect(PlayerRanking.scorers.entries(players, limit: 4).count == 4)
        #expect(PlayerRanking.scorers.entries(players, limit: 1).map(\.player.player) == ["A"])
        // A limit below 1 still shows the first place; no limit shows everyone.
        #expect(PlayerRanking.scorers.entries(players, limit: 0).map(\.player.player) == ["A"])
        #expect(PlayerRanking.scorers.entries(players).count == 4)
        // Level at the top: a cut at 1 keeps both.
        let level = [Self.player("Red one", red: 1), Self.player("Red two", red: 1), Self.player("Yellow", yellow: 1)]
        #expect(PlayerRanking.discipline.entries(level, limit: 1).map(\.position) == ["=1", "=1"])
        #expect(PlayerRanking.discipline.entries([], limit: 5).isEmpty)
    }

    @Test func theListsFollowTheStatisticsOfTheMatches() {
        // Vivian: two yellows and a second yellow in StatisticsTests' match; Sancet and
        // Oyarzabal a goal each, Williams an assist; the own goal credits nobody.
        let players = StatisticsEngine.players(in: [StatisticsTests.match()])
        #expect(PlayerRanking.scorers.entries(players).map { "\($0.position) \($0.player.player)" }
                    == ["=1 Oyarzabal", "=1 Sancet", "3 Williams"])
        #expect(PlayerRanking.discipline.ranked(players).map(\.player) == ["Vivian"])
    }
}
