import Foundation
import Testing
@testable import League

@Suite struct StandingsTests {
    /// A played match from a compact "Home 2-1 Away" line.
    static func m(_ line: String, matchday: Int? = nil, date: String? = nil) -> Match {
        let parts = line.components(separatedBy: " ")
        let scoreIndex = parts.firstIndex { $0.contains("-") && $0.first?.isNumber == true } ?? 1
        let goals = parts[scoreIndex].split(separator: "-").compactMap { Int($0) }
        return .played(parts[..<scoreIndex].joined(separator: " "), Score(goals[0], goals[1]),
                       parts[(scoreIndex + 1)...].joined(separator: " "), matchday: matchday, date: date)
    }

    static func season(_ lines: [String], deductions: [PointDeduction] = []) -> Season {
        Season(name: "Test", matches: lines.enumerated().map { m($1, matchday: $0 + 1, date: String(format: "2024-01-%02d", $0 + 1)) },
               deductions: deductions)
    }

    @Test func countsResultsWithThePointsSystem() {
        let season = Self.season(["A 2-0 B", "B 1-1 C", "C 0-3 A"])
        let table = StandingsEngine.table(for: season, rules: .premierLeague)
        #expect(table.rows.map(\.team) == ["A", "B", "C"])
        let a = table.rows[0]
        let figures: [Int] = [a.played, a.won, a.drawn, a.lost, a.goalsFor, a.goalsAgainst, a.goalDifference, a.points]
        #expect(figures == [2, 2, 0, 0, 5, 0, 5, 6])
        #expect(a.form == [.win, .win])
        var twoPoints = RuleSet.premierLeague
        twoPoints.points = .twoForAWin
        #expect(StandingsEngine.table(for: season, rules: twoPoints).rows[0].points == 4)
        #expect(table.notes.map(\.description) == ["B above C: goal difference -2 to -3"])
    }

    @Test func headToHeadMiniLeagueBeatsGoalDifferenceInLaLiga() {
        // A, B, C level on 6 points; C has the best goal difference but lost the mini-league.
        let season = Self.season([
            "A 1-0 B", "B 1-0 C", "A 1-0 C", // mini-league: A 6, B 3, C 0
            "D 1-0 A", "B 1-0 D", "C 9-0 D", "C 5-0 E",
        ])
        #expect(StandingsEngine.table(for: season, rules: .laLiga).rows.prefix(3).map(\.points) == [6, 6, 6])
        let laLiga = StandingsEngine.table(for: season, rules: .laLiga)
        #expect(laLiga.rows.prefix(3).map(\.team) == ["A", "B", "C"])
        #expect(laLiga.notes.map(\.description).contains("A above B: head-to-head points 6 to 3"))
        #expect(laLiga.notes.map(\.description).contains("B above C: head-to-head points 3 to 0"))
        // Goal difference first (Premier League) reverses it.
        #expect(StandingsEngine.table(for: season, rules: .premierLeague).rows.first?.team == "C")
    }

    @Test func uefaReappliesHeadToHeadToTheTeamsStillLevel() {
        // A, B, C level on 6 points, 3 each in their mini-league. Its goal difference puts A
        // first (+2) and leaves B and C on -1; UEFA then compares B and C by their own match.
        let season = Self.season(["A 3-0 B", "B 2-0 C", "C 1-0 A", "A 1-0 D", "B 1-0 D", "C 1-0 D"])
        var rules = RuleSet.uefaGroups
        let table = StandingsEngine.table(for: season, rules: rules)
        #expect(table.rows.map(\.team).prefix(3) == ["A", "B", "C"])
        #expect(table.notes.map(\.description) == ["A above B: head-to-head goal difference 2 to -1",
                                                   "B above C: head-to-head points 3 to 0"])
        // Without re-application the three-team mini-league's goals decide instead.
        rules.reapplyHeadToHead = false
        let plain = StandingsEngine.table(for: season, rules: rules)
        #expect(plain.notes.map(\.description) == ["A above B: head-to-head goal difference 2 to -1",
                                                   "B above C: head-to-head goals 2 to 1"])
    }

    @Test func teamsStillLevelShareThePositionAndAPlayOffIsNamed() {
        let season = Self.season(["A 0-0 B", "C 0-2 A", "C 0-2 B", "A 0-0 D", "B 0-0 D", "C 1-0 D"])
        let table = StandingsEngine.table(for: season, rules: .premierLeague)
        #expect(table.rows.prefix(2).map(\.positionLabel) == ["=1", "=1"])
        #expect(table.playOffs == [["A", "B"]])
        #expect(table.rows[2].positionLabel == "3")
    }

    @Test func drawingOfLotsIsRepeatableFromTheSeed() {
        let season = Self.season(["A 1-1 B", "B 1-1 A"])
        var rules = RuleSet.fifa2022
        rules.seed = 7
        let first = StandingsEngine.table(for: season, rules: rules)
        #expect(first == StandingsEngine.table(for: season, rules: rules))
        #expect(first.rows.map(\.shared) == [false, false])
        #expect(first.notes.first?.description.contains("drawing of lots (seed 7)") == true)
        let orders = Set((0..<16).map { seed -> [String] in
            var seeded = RuleSet.fifa2022
            seeded.seed = UInt64(seed)
            return StandingsEngine.table(for: season, rules: seeded).rows.map(\.team)
        })
        #expect(orders.count == 2)
    }

    @Test func serieAPlayOffOnlyForTwoTeamsLevelAtTheTop() {
        let topTwo = Self.season(["A 2-0 B", "B 2-0 A", "A 1-0 C", "B 1-0 C"])
        #expect(StandingsEngine.table(for: topTwo, rules: .serieA2022).playOffs == [["A", "B"]])
        // Three level at the top go to head-to-head instead.
        let topThree = Self.season(["A 2-0 B", "B 2-0 C", "C 2-0 A"])
        #expect(StandingsEngine.table(for: topThree, rules: .serieA2022).playOffs.isEmpty)
    }

    @Test func deductionsAsOfDatesAndMatchdays() {
        let season = Self.season(["A 1-0 B", "B 1-0 A", "A 2-0 B"],
                                 deductions: [PointDeduction(team: "A", points: 9, reason: "administration", date: "2024-01-02")])
        let final = StandingsEngine.table(for: season, rules: .premierLeague)
        #expect(final.row(of: "A")?.points == -3 && final.row(of: "A")?.deducted == 9)
        #expect(final.rows.first?.team == "B")
        let early = StandingsEngine.table(for: season, rules: .premierLeague, asOf: "2024-01-01")
        #expect(early.row(of: "A")?.points == 3 && early.row(of: "A")?.played == 1)
        let byMatchday = StandingsEngine.table(for: season, rules: .premierLeague, matchday: 2)
        #expect(byMatchday.row(of: "A")?.played == 2 && byMatchday.row(of: "A")?.points == -6)
    }

    @Test func homeAndAwayTables() {
        let season = Self.season(["A 3-0 B", "B 2-1 A"])
        let home = StandingsEngine.table(for: season, rules: .premierLeague, venue: .home)
        #expect(home.row(of: "A")?.played == 1 && home.row(of: "A")?.goalsFor == 3)
        #expect(home.row(of: "B")?.points == 3)
        let away = StandingsEngine.table(for: season, rules: .premierLeague, venue: .away)
        #expect(away.row(of: "A")?.goalsFor == 1 && away.row(of: "B")?.goalsAgainst == 3)
    }

    @Test func pointsPerGameRanksCurtailedSeasons() {
        // B has more points from more games; A has the better average.
        let season = Self.season(["A 1-0 C", "B 1-0 C", "B 0-0 D", "D 0-0 B", "C 1-1 B"])
        let table = StandingsEngine.table(for: season, rules: .pointsPerGame)
        #expect(table.rows.first?.team == "A")
        #expect(table.row(of: "B")?.points == 6)
    }

    @Test func fairPlayCountsCardsWithFIFAsWeights() {
        var first = Match.played("A", Score(1, 1), "B")
        first.events = [MatchEvent(team: "A", kind: .yellowCard(player: "a1"), minute: 10),
                        MatchEvent(team: "A", kind: .yellowCard(player: "a1"), minute: 50),
                        MatchEvent(team: "A", kind: .secondYellow(player: "a1"), minute: 50),
                        MatchEvent(team: "B", kind: .yellowCard(player: "b1"), minute: 20),
                        MatchEvent(team: "B", kind: .yellowCard(player: "b2"), minute: 30)]
        let season = Season(name: "Group", matches: [first])
        let table = StandingsEngine.table(for: season, rules: .fifa2022)
        // A: a second yellow, 3 points; B: two yellows, 2 points: B ranks higher.
        #expect(table.rows.map(\.team) == ["B", "A"])
        #expect(table.notes.map(\.description) == ["B above A: fair-play points 2 to 3"])
    }

    @Test func pointsSystemsParseFromText() {
        #expect(PointsSystem("2-1-0") == .twoForAWin)
        #expect(PointsSystem("3-1-0") == .threeForAWin)
        #expect(PointsSystem("4-2-1") == PointsSystem(win: 4, draw: 2, loss: 1))
        for bad in ["3-1", "1-3-0", "3-1-0-0", "a-1-0", "11-1-0", "-3-1-0", ""] { #expect(PointsSystem(bad) == nil, "\(bad)") }
    }

    @Test func everyPresetIsNamed() {
        #expect(Set(RuleSet.presets.keys) == ["premier-league", "la-liga", "serie-a-2022", "bundesliga", "ligue1-2023",
                                              "ligue1-2025", "uefa-groups", "fifa-2022", "ppg"])
        for rules in RuleSet.presets.values { #expect(!rules.source.isEmpty) }
        #expect(RuleSet.preset(named: "LA-LIGA") == .laLiga)
    }
}
