import Testing
@testable import League

@Suite struct ExportTests {
    let season = Season(name: "Test", matches: [
        .played("Brighton & Hove Albion", Score(2, 1), "Leeds, United", matchday: 1, date: "2024-01-01"),
        .played("Leeds, United", Score(0, 0), "Brighton & Hove Albion", matchday: 2, date: "2024-01-08"),
        Match(home: "Brighton & Hove Albion", away: "Say \"Hi\" FC", matchday: 3, date: "2024-01-15"),
    ])

    @Test func tablesAsCSV() {
        let csv = LeagueCSV.table(StandingsEngine.table(for: season, rules: .premierLeague))
        let lines = csv.components(separatedBy: "\r\n")
        #expect(lines[0] == "Position,Team,Played,Won,Drawn,Lost,GoalsFor,GoalsAgainst,GoalDifference,Points,Deducted,Form")
        #expect(lines[1] == "1,Brighton & Hove Albion,2,1,1,0,2,1,1,4,0,WD")
        #expect(lines[2] == "2,\"Leeds, United\",2,0,1,1,1,2,-1,1,0,LD")
        #expect(lines[3] == "3,\"Say \"\"Hi\"\" FC\",0,0,0,0,0,0,0,0,0,")
    }

    @Test func fixturesAsCSV() {
        let lines = LeagueCSV.matches(season.matches).components(separatedBy: "\r\n")
        #expect(lines[0] == "Round,Date,Team 1,FT,Team 2,HT,Status")
        #expect(lines[1] == "Matchday 1,2024-01-01,Brighton & Hove Albion,2-1,\"Leeds, United\",,played")
        #expect(lines[3] == "Matchday 3,2024-01-15,Brighton & Hove Albion,,\"Say \"\"Hi\"\" FC\",,scheduled")
    }

    @Test func resultsGrid() {
        let grid = ResultsGrid(season: season)
        #expect(grid.teams == ["Brighton & Hove Albion", "Leeds, United", "Say \"Hi\" FC"])
        #expect(grid.text(row: 0, column: 1) == "2-1")
        #expect(grid.text(row: 1, column: 0) == "0-0")
        #expect(grid.text(row: 0, column: 2) == "")
    }
}
