import Canvas
import Foundation
import League
import Testing
@testable import Reports

/// A printed league book assembled from one league's plain values.
@Suite struct LeagueBookTests {
    /// Four teams, a double round robin over six matchdays a week apart, with goals, cards, a
    /// deduction before matchday 2 and one after it, and two zones.
    static func dossier(name: String = "Liga") throws -> LeagueDossier {
        let teams = ["Reds", "Blues", "Greens", "Whites"]
        let rounds = [[(0, 1), (2, 3)], [(1, 2), (3, 0)], [(0, 2), (1, 3)]]
        let dates = ["2024-09-17", "2024-09-24", "2024-10-01", "2024-10-08", "2024-10-15", "2024-10-22"]
        var matches: [Match] = []
        for leg in 0..<2 {
            for (index, round) in rounds.enumerated() {
                let matchday = leg * 3 + index + 1
                for (first, second) in round {
                    let (home, away) = leg == 0 ? (teams[first], teams[second]) : (teams[second], teams[first])
                    let homeGoals = (matchday + first) % 3, awayGoals = (matchday * second) % 2
                    var match = Match(home: home, away: away, matchday: matchday, date: dates[matchday - 1], status: .played,
                                      fullTime: Score(homeGoals, awayGoals))
                    for goal in 0..<homeGoals {
                        match.events.append(MatchEvent(team: home, kind: .goal(scorer: "\(home) nine", assist: nil, penalty: false,
                                                                               ownGoal: false), minute: 10 + goal))
                    }
                    for goal in 0..<awayGoals {
                        match.events.append(MatchEvent(team: away, kind: .goal(scorer: "\(away) nine", assist: "\(away) ten",
                                                                               penalty: false, ownGoal: false), minute: 50 + goal))
                    }
                    match.events.append(MatchEvent(team: away, kind: .yellowCard(player: "\(away) back \(matchday)"), minute: 30))
                    matches.append(match)
                }
            }
        }
        let season = Season(name: "\(name) 2024/25", teams: teams, matches: matches, deductions: [
            PointDeduction(team: "Blues", points: 1, reason: "early", date: "2024-09-20"),
            PointDeduction(team: "Greens", points: 2, reason: "late", date: "2024-10-30"),
        ])
        return LeagueDossier(name: name, seasonLabel: "2024/25", season: season,
                             rules: try #require(RuleSet.preset(named: "premier-league")),
                             zones: [LeagueZone(kind: .champion, positions: 1...1), LeagueZone(kind: .relegation, positions: 4...4)])
    }

    static let everyPage = LeagueBook.Page.allCases

    @Test func aMatchdayCutAppliesToEveryPage() throws {
        let dossier = try Self.dossier()
        let chapter = try LeagueBook(matchday: 2, pages: Self.everyPage, top: 100).chapter(dossier)
        let tables = chapter.sections.compactMap { $0 as? LeagueTableDocument }
        let grid = try #require(chapter.sections.compactMap { $0 as? ResultsGridDocument }.first)
        let lists = chapter.sections.compactMap { $0 as? PlayerListDocument }
        #expect(tables.count == 3 && lists.count == 2)
        // Every page says where it stops.
        #expect(tables.allSatisfy { $0.asOf == "After matchday 2" })
        #expect(grid.asOf == "After matchday 2" && lists.allSatisfy { $0.asOf == "After matchday 2" })
        // The tables count two matchdays: the main one is the engine's table after matchday 2,
        // with the deduction decided by then and not the later one.
        #expect(tables[0].standings == StandingsEngine.table(for: dossier.season, rules: dossier.rules, matchday: 2))
        #expect(tables.allSatisfy { $0.standings.rows.allSatisfy { $0.played <= 2 } })
        #expect(tables[0].deductions.map(\.reason) == ["early"])
        // The grid holds the four matches of the first two matchdays.
        #expect(grid.grid.cells.flatMap { $0 }.map(\.count).reduce(0, +) == 4)
        // The lists count the goals and cards of those four matches only.
        let cut = dossier.season.matches.filter { ($0.matchday ?? 0) <= 2 }
        let goals = cut.flatMap(\.events).filter { if case .goal = $0.kind { true } else { false } }.count
        #expect(lists[0].heading == "Top scorers" && lists[0].entries.map(\.player.goals).reduce(0, +) == goals)
        #expect(lists[1].heading == "Discipline" && lists[1].entries.count == 4)
        // Without a cut, everything counts.
        let whole = try LeagueBook(pages: [.grid, .discipline], top: 100).chapter(dossier)
        let table = try #require(whole.sections.first as? LeagueTableDocument)
        #expect(table.deductions.map(\.reason) == ["early", "late"] && table.asOf == "As of 2024-10-22")
        #expect((whole.sections[1] as? ResultsGridDocument)?.grid.cells.flatMap { $0 }.map(\.count).reduce(0, +) == 12)
        #expect((whole.sections[2] as? PlayerListDocument)?.entries.count == 12)
    }

    @Test func aDateCutAppliesToEveryPageToo() throws {
        let dossier = try Self.dossier()
        let chapter = try LeagueBook(asOf: "2024-10-01", pages: [.grid, .scorers]).chapter(dossier)
        let table = try #require(chapter.sections.first as? LeagueTableDocument)
        #expect(table.standings == dossier.table(asOf: "2024-10-01"))
        #expect(table.asOf == "As of 2024-10-01" && table.deductions.map(\.reason) == ["early"])
        // Matchdays 1-2 fall on 17 and 24 September; matchday 3 on 1 October.
        #expect((chapter.sections[1] as? ResultsGridDocument)?.grid.cells.flatMap { $0 }.map(\.count).reduce(0, +) == 6)
        #expect((chapter.sections[2] as? PlayerListDocument)?.asOf == "As of 2024-10-01")
    }

    @Test func theSectionsAreThePagesAskedForInOrder() throws {
        let dossier = try Self.dossier()
        func bookmarks(_ pages: [LeagueBook.Page]) throws -> [String] {
            try LeagueBook(pages: pages).chapter(dossier).sections.map(\.bookmark)
        }
        #expect(try bookmarks([]) == ["Table"])
        #expect(try bookmarks([.grid, .scorers, .home]) == ["Table", "Results", "Top scorers", "Home matches"])
        #expect(try bookmarks(Self.everyPage) == ["Table", "Home matches", "Away matches", "Results", "Top scorers", "Discipline"])
        #expect(try bookmarks([.discipline, .away, .discipline]) == ["Table", "Discipline", "Away matches", "Discipline"])
        // The grid lists the teams in the first table's order.
        let chapter = try LeagueBook(pages: [.grid]).chapter(dossier)
        let table = try #require(chapter.sections.first as? LeagueTableDocument)
        #expect((chapter.sections[1] as? ResultsGridDocument)?.grid.teams == table.standings.rows.map(\.team))
    }

    @Test func zonesAndDeductionsGoOnTheTableOfEveryMatchOnly() throws {
        let dossier = try Self.dossier()
        let sections = try LeagueBook(pages: [.home, .away]).chapter(dossier).sections.compactMap { $0 as? LeagueTableDocument }
        #expect(sections.map(\.zones.count) == [2, 0, 0])
        #expect(sections.map(\.deductions.count) == [2, 0, 0])
        #expect(sections.map(\.heading) == [nil, "Home matches", "Away matches"])
        #expect(sections[1].standings == dossier.table(venue: .home))
        // A home table first: headed so, without zones or deductions.
        let home = try #require(try LeagueBook(venue: .home).chapter(dossier).sections.first as? LeagueTableDocument)
        #expect(home.heading == "Home matches" && home.zones.isEmpty && home.deductions.isEmpty)
        #expect(home.standings == dossier.table(venue: .home))
    }

    @Test func topCutsThePlayerListsKeepingTies() throws {
        let dossier = try Self.dossier()
        let lists = try LeagueBook(pages: [.scorers, .discipline], top: 1).chapter(dossier).sections
            .compactMap { $0 as? PlayerListDocument }
        let players = StatisticsEngine.players(in: dossier.season.matches)
        #expect(lists[0].entries == PlayerRanking.scorers.entries(players, limit: 1))
        #expect(lists[1].entries == PlayerRanking.discipline.entries(players, limit: 1))
        // Twelve players with one yellow each: all level at the top.
        #expect(lists[1].entries.count == 12 && lists[1].entries.allSatisfy { $0.position == "=1" })
    }

    @Test func oneLeagueTitlesTheBookSeveralMakeLeagueTables() throws {
        let layout = LeagueBook(pages: [.grid], paper: .letter, landscape: true)
        let one = try layout.book([try Self.dossier()])
        #expect(one.title == "Liga 2024/25" && one.chapters.map(\.title) == ["Liga 2024/25"])
        #expect(one.paper == PaperSize.letter.landscape)
        let two = try layout.book([try Self.dossier(), try Self.dossier(name: "Copa")])
        #expect(two.title == "League tables" && two.chapters.map(\.title) == ["Liga 2024/25", "Copa 2024/25"])
        #expect(two.pageCount == 2 * one.pageCount)
        #expect(throws: PrintError.empty) { try layout.book([]) }
        // The same leagues give the same bytes.
        #expect(try one.pdf() == layout.book([try Self.dossier()]).pdf())
    }
}
