import Testing
@testable import League

@Suite struct SeasonCutTests {
    static let season = Season(name: "Cut", matches: [
        .played("A", Score(1, 0), "B", matchday: 1, date: "2024-09-01"),
        .played("B", Score(2, 2), "C", matchday: 2, date: "2024-09-08"),
        .played("C", Score(0, 3), "A", matchday: 3, date: "2024-09-15"),
        Match(home: "A", away: "C", matchday: 4, date: "2024-09-22"),
    ], deductions: [
        PointDeduction(team: "B", points: 3, reason: "early", date: "2024-09-05"),
        PointDeduction(team: "C", points: 1, reason: "late", date: "2024-09-20"),
        PointDeduction(team: "A", points: 2, reason: "undated"),
    ])

    @Test func aCutKeepsTheMatchesAndDeductionsTheTableCounts() throws {
        let byMatchday = Self.season.cut(matchday: 2)
        #expect(byMatchday.matches.count == 2)
        #expect(byMatchday.deductions.map(\.reason) == ["early", "undated"])
        #expect(byMatchday.teams == Self.season.teams)
        let byDate = Self.season.cut(asOf: "2024-09-20")
        #expect(byDate.matches.count == 3)
        #expect(byDate.deductions.map(\.reason) == ["early", "late", "undated"])
        #expect(Self.season.cut() == Self.season)
        // The engine agrees: the same points for every team, cut or not.
        let rules = try #require(RuleSet.preset(named: "premier-league"))
        for (matchday, date) in [(2, nil), (nil, "2024-09-20"), (1, nil)] as [(Int?, String?)] {
            let cut = Self.season.cut(matchday: matchday, asOf: date)
            #expect(StandingsEngine.table(for: Self.season, rules: rules, matchday: matchday, asOf: date)
                        == StandingsEngine.table(for: cut, rules: rules))
        }
    }

    @Test func progressSaysHowFarTheTableReaches() {
        #expect(Self.season.progressLabel() == "As of 2024-09-15")
        #expect(Self.season.progressLabel(matchday: 2) == "After matchday 2")
        #expect(Self.season.progressLabel(asOf: "2024-09-10") == "As of 2024-09-10")
        let undated = Season(name: "U", matches: [.played("A", Score(1, 0), "B", matchday: 7)])
        #expect(undated.progressLabel() == "After matchday 7")
        #expect(Season(name: "E", matches: [Match(home: "A", away: "B")]).progressLabel() == nil)
    }
}
