import Canvas
import Foundation
import League
import TestSupport
import Testing
@testable import Reports

/// The results grid, the player lists and several sections bound in one book.
@Suite struct LeagueSectionsTests {
    /// A double round robin of `count` teams with deterministic scores, goals and cards.
    static func season(teams count: Int) -> Season {
        let teams = (1...count).map { "Club \(String(UnicodeScalar(UInt8(64 + $0))))" } // Club A, Club B, ...
        var matches: [Match] = []
        for (home, homeTeam) in teams.enumerated() {
            for (away, awayTeam) in teams.enumerated() where home != away {
                let homeGoals = (home * 3 + away) % 4, awayGoals = (away * 5 + home) % 3
                let score = Score(homeGoals, awayGoals)
                var events: [MatchEvent] = []
                for goal in 0..<homeGoals {
                    let assist: String? = goal == 0 ? homeTeam + " winger" : nil
                    let kind = MatchEvent.Kind.goal(scorer: homeTeam + " striker", assist: assist, penalty: false, ownGoal: false)
                    events.append(MatchEvent(team: homeTeam, kind: kind, minute: 10 + goal))
                }
                if (home + away) % 5 == 0 {
                    events.append(MatchEvent(team: awayTeam, kind: .yellowCard(player: awayTeam + " back"), minute: 50))
                }
                if (home * away) % 7 == 3 {
                    events.append(MatchEvent(team: awayTeam, kind: .redCard(player: awayTeam + " keeper"), minute: 80))
                }
                matches.append(Match(home: homeTeam, away: awayTeam, status: .played, fullTime: score, events: events))
            }
        }
        return Season(name: "Test League", teams: teams, matches: matches)
    }

    static func grid(teams: Int) throws -> ResultsGridDocument {
        let season = season(teams: teams)
        let table = StandingsEngine.table(for: season, rules: try #require(RuleSet.preset(named: "premier-league")))
        return try ResultsGridDocument(grid: ResultsGrid(season: season, order: table.rows.map(\.team)),
                                       title: "Test League", season: "2024/25")
    }

    @Test func resultsGridShowsEveryScoreHomeFirst() throws {
        let document = try Self.grid(teams: 8)
        #expect(document.pageCount == 1)
        let text = try PDFProbe.text(document.pdf())
        // Club A (row) at home to Club B (column): (0*3+1)%4 = 1, (1*5+0)%3 = 2 → 1–2.
        let row = document.grid.teams.firstIndex(of: "Club A") ?? -1
        let column = document.grid.teams.firstIndex(of: "Club B") ?? -1
        #expect(document.grid.cells[row][column] == [Score(1, 2)])
        let lineOfA = try #require(text.split(separator: "\n").first { $0.hasPrefix("Club A") })
        let scores = lineOfA.split(separator: " ").filter { $0.contains("\u{2013}") }
        #expect(scores.count == 7) // every opponent, none against itself
        #expect(scores[column > row ? column - 1 : column] == "1\u{2013}2")
        #expect(text.contains("each score gives the home team's goals first"))
    }

    @Test func resultsGridReadsInBlackAndWhiteAndShadesTheDiagonal() throws {
        let document = try Self.grid(teams: 8)
        let image = try RasterImage(pngData: document.png(page: 0, scale: 2))
        let layout = document.layout
        func pixel(_ x: Double, _ y: Double) -> RGBA { image.pixel(x: Int(2 * x), y: Int(2 * y)) }
        let top = layout.heading.contentTop(page: 0) + layout.headerHeight
        let left = PageHeading.margin + layout.labelWidth
        // Diagonal cell (2, 2): solid grey.
        let diagonal = pixel(left + 2.5 * layout.cellWidth, top + 2.5 * layout.rowHeight - 3)
        #expect(abs(Int(diagonal.red) - 140) < 8 && diagonal.red == diagonal.green)
        // Every played cell has dark score ink in it.
        for column in [0, 1, 3, 7] {
            var dark = 0
            let x0 = left + Double(column) * layout.cellWidth + 1, y0 = top + 2 * layout.rowHeight + 1
            for y in stride(from: y0, to: y0 + layout.rowHeight - 2, by: 0.5) {
                for x in stride(from: x0, to: x0 + layout.cellWidth - 2, by: 0.5) where Int(pixel(x, y).red) < 100 { dark += 1 }
            }
            #expect(dark > 5, "cell (2, \(column)) has no score")
        }
    }

    @Test func wideGridsSplitTheirColumnsOverPages() throws {
        let document = try Self.grid(teams: 26)
        #expect(document.pageCount >= 2)
        let columns = Set(document.layout.pages.flatMap { Array($0.columns) })
        #expect(columns == Set(0..<26))
        #expect(document.layout.pages.allSatisfy { $0.rows == 0..<26 || $0.rows.count < 26 })
        #expect(document.layout.pages.filter(\.showsLegend).count == 1)
        #expect(try PDFProbe.info(document.pdf()).pages == document.pageCount)
    }

    @Test func scorersRankByGoalsThenAssistsAndShareTies() throws {
        let players = StatisticsEngine.players(in: Self.season(teams: 6).matches)
        let document = try PlayerListDocument.scorers(players, title: "Test League", season: "2024/25", limit: 3)
        let goals = document.entries.map(\.player.goals)
        #expect(goals == goals.sorted(by: >))
        #expect(document.entries.first?.position == "1")
        #expect(document.entries.allSatisfy { $0.player.goals > 0 || $0.player.assists > 0 })
        let text = try PDFProbe.text(document.pdf())
        let top = try #require(document.entries.first)
        #expect(text.contains("Top scorers") && text.contains(top.player.player) && text.contains("Goals"))
        // Ties: two players level on goals and assists share their position, and the cut keeps both.
        let level = [PlayerStatistics.sample("A", goals: 5), .sample("B", goals: 4, assists: 1), .sample("C", goals: 4, assists: 1),
                     .sample("D", goals: 1)]
        let tied = try PlayerListDocument.scorers(level, title: "T", season: "S", limit: 2)
        #expect(tied.entries.map(\.position) == ["1", "=2", "=2"])
    }

    @Test func disciplineRanksRedsFirst() throws {
        let players = [PlayerStatistics.sample("Y", yellow: 6), .sample("R", yellow: 1, red: 1), .sample("Clean", goals: 2)]
        let document = try PlayerListDocument.discipline(players, title: "T", season: "S")
        #expect(document.entries.map(\.player.player) == ["R", "Y"])
        let empty = try PlayerListDocument.discipline([], title: "T", season: "S")
        #expect(empty.pageCount == 1)
        #expect(try PDFProbe.text(empty.pdf()).contains("No cards recorded yet."))
    }

    @Test func aBookHasABookmarkPerLeagueAndSectionAndNumbersItsPages() throws {
        let season = Self.season(teams: 20)
        let rules = try #require(RuleSet.preset(named: "premier-league"))
        let table = StandingsEngine.table(for: season, rules: rules)
        let sections: [any PrintSection] = [
            try LeagueTableDocument(standings: table, title: "First League", season: "2024/25"),
            try LeagueTableDocument(standings: StandingsEngine.table(for: season, rules: rules, venue: .home),
                                    title: "First League", season: "2024/25", heading: "Home matches"),
            try ResultsGridDocument(grid: ResultsGrid(season: season, order: table.rows.map(\.team)), title: "First League",
                                    season: "2024/25"),
        ]
        let other = try LeagueTableDocument(standings: StandingsEngine.table(for: Self.season(teams: 4), rules: rules),
                                            title: "Second League", season: "2024/25")
        let book = try PrintBook(title: "Tables", chapters: [.init(title: "First League", sections: sections),
                                                              .init(title: "Second League", sections: [other])])
        let pdf = try book.pdf()
        let info = try PDFProbe.info(pdf)
        #expect(info.pages == book.pageCount && book.pageCount == 4)
        let raw = String(decoding: pdf, as: UTF8.self)
        for title in ["First League", "Home matches", "Results", "Second League"] {
            #expect(raw.contains("/Title (\(title))"), "bookmark \(title)")
        }
        #expect(try PDFProbe.text(pdf, page: 4).contains("Page 4 of 4"))
        #expect(try PDFProbe.text(pdf, page: 2).contains("2024/25 · Home matches"))
        #expect(try book.pdf() == pdf)
        #expect(try book.svg(page: 2) == book.svg(page: 2))
        #expect(throws: PrintError.noSuchPage(4, pageCount: 4)) { try book.png(page: 4) }
        #expect(throws: PrintError.mixedPaper) {
            try PrintBook(title: "T", chapters: [.init(title: "x", sections: [other, try LeagueTableDocument(
                standings: table, title: "T", season: "S", paper: .letter)])])
        }
    }
}

extension PlayerStatistics {
    /// A player of "Club" with the given numbers.
    static func sample(_ name: String, goals: Int = 0, assists: Int = 0, yellow: Int = 0, red: Int = 0) -> PlayerStatistics {
        PlayerStatistics(player: name, team: "Club", appearances: 10, starts: 10, minutes: 900, goals: goals, assists: assists,
                         yellowCards: yellow, redCards: red)
    }
}
