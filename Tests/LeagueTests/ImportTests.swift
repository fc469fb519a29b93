import Foundation
import Testing
@testable import League

/// The importers against the openfootball files in `Fixtures/` and small inline samples.
@Suite struct ImportTests {
    // MARK: - Helpers

    static func fixtures() throws -> URL {
        try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    }

    static func fixture(_ path: String) throws -> URL {
        try fixtures().appendingPathComponent(path)
    }

    static func importFixture(_ path: String) throws -> ImportResult {
        try SeasonImporter.read(contentsOf: fixture(path))
    }

    static func read(_ text: String, _ source: String = "sample.txt", format: SeasonImporter.Format? = nil) throws(ImportError) -> ImportResult {
        try SeasonImporter.read(Data(text.utf8), source: source, format: format)
    }

    /// The error reading `text` throws, or nil.
    static func error(_ text: String, _ source: String = "sample.txt", format: SeasonImporter.Format? = nil) -> ImportError? {
        do {
            _ = try read(text, source, format: format)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Every fixture

    /// Matches and teams in each match file of the fixtures.
    static let expected: [String: (matches: Int, teams: Int, format: SeasonImporter.Format)] = [
        "football.json/2019-20/en.3.json": (506, 23, .footballJSON),
        "football.json/2019-20/fr.1.json": (380, 20, .footballJSON),
        "football.json/2022-23/de.1.json": (306, 18, .footballJSON),
        "football.json/2022-23/en.1.json": (380, 20, .footballJSON),
        "football.json/2022-23/es.1.json": (380, 20, .footballJSON),
        "football.json/2022-23/fr.1.json": (380, 20, .footballJSON),
        "football.json/2022-23/it.1.json": (380, 20, .footballJSON),
        "football.json/2023-24/de.1.json": (306, 18, .footballJSON),
        "football.json/2023-24/en.1.json": (380, 20, .footballJSON),
        "football.json/2023-24/es.1.json": (380, 20, .footballJSON),
        "football.json/2023-24/fr.1.json": (306, 18, .footballJSON),
        "football.json/2023-24/it.1.json": (380, 20, .footballJSON),
        "football.json/legacy-v1/2015-16/en.1.json": (380, 20, .footballJSONLegacy),
        "football.txt/england/2009-10/1-premierleague.txt": (380, 20, .footballTXT),
        "football.txt/england/2022-23/1-premierleague.txt": (380, 20, .footballTXT),
        "worldcup.json/2018/worldcup.json": (64, 32, .footballJSON),
    ]

    /// Files in the fixtures that hold no matches: a licence, a final table, group standings.
    static let notMatches: Set<String> = [
        "LICENSE-CC0.md", "football.txt/england/2009-10/final-table.conf.txt", "worldcup.json/2018/worldcup.standings.json",
    ]

    @Test func everyFixtureFileImportsOrIsRefusedClearly() throws {
        let root = try Self.fixtures().standardizedFileURL.resolvingSymlinksInPath()
        let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]))
        var seen: Set<String> = []
        for case let url as URL in enumerator {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            let path = String(url.standardizedFileURL.resolvingSymlinksInPath().path.dropFirst(root.path.count + 1))
            seen.insert(path)
            let data = try Data(contentsOf: url)
            if let expected = Self.expected[path] {
                #expect(SeasonImporter.detectFormat(data) == expected.format, "\(path)")
                let result = try SeasonImporter.read(contentsOf: url)
                #expect(result.season.matches.count == expected.matches, "\(path)")
                #expect(result.season.teams.count == expected.teams, "\(path)")
                #expect(result.issues.isEmpty, "\(path): \(result.issues)")
                for match in result.season.matches {
                    #expect(match.date.map { ImportText.parseISODate($0) == $0 } ?? true, "\(path): \(match)")
                    #expect(match.time.map { ImportText.parseTime($0) == $0 } ?? true, "\(path): \(match)")
                    #expect(match.status != .played || match.fullTime != nil, "\(path): \(match)")
                }
            } else {
                #expect(Self.notMatches.contains(path), "unexpected fixture \(path)")
                #expect(throws: ImportError.self, "\(path)") { try SeasonImporter.read(contentsOf: url) }
            }
        }
        #expect(seen == Set(Self.expected.keys).union(Self.notMatches))
    }

    @Test func tablesAndStandingsAreNotMistakenForMatches() throws {
        let table = try #require(throws: ImportError.self) {
            try Self.importFixture("football.txt/england/2009-10/final-table.conf.txt")
        }
        #expect(table.line == 3)
        #expect(table.source == "final-table.conf.txt")
        let standings = try #require(throws: ImportError.self) {
            try Self.importFixture("worldcup.json/2018/worldcup.standings.json")
        }
        #expect(standings.kind == .unknownFormat)
    }

    // MARK: - football.json

    @Test func premierLeague2023SpotChecks() throws {
        let season = try Self.importFixture("football.json/2023-24/en.1.json").season
        #expect(season.name == "English Premier League 2023/24")
        #expect(season.matches.first == Match(home: "Burnley FC", away: "Manchester City FC", matchday: 1, round: "Matchday 1",
                                              date: "2023-08-11", time: "20:00", status: .played,
                                              fullTime: Score(0, 3), halfTime: Score(0, 2)))
        #expect(season.matches.allSatisfy { $0.status == .played && $0.matchday != nil })
        #expect(season.matches.last?.matchday == 38)
        let brighton = try #require(season.matches.first { $0.home == "Brighton & Hove Albion FC" && $0.away == "Luton Town FC" })
        #expect(brighton.fullTime == Score(4, 1))
        #expect(brighton.halfTime == Score(1, 0))
    }

    @Test func curtailedSeasonsKeepTheirCancelledMatches() throws {
        let ligue1 = try Self.importFixture("football.json/2019-20/fr.1.json").season
        #expect(ligue1.matches.filter { $0.status == .played }.count == 279)
        #expect(ligue1.matches.filter { $0.status == .cancelled }.count == 101)
        #expect(ligue1.matches.filter { $0.status == .cancelled }.allSatisfy { $0.fullTime == nil && $0.result == nil })
        let cancelled = try #require(ligue1.matches.first { $0.status == .cancelled })
        #expect(cancelled.home == "RC Strasbourg" && cancelled.away == "Paris Saint-Germain")
        #expect(cancelled.date == "2020-03-07" && cancelled.time == nil && cancelled.matchday == 28)

        let leagueOne = try Self.importFixture("football.json/2019-20/en.3.json").season
        #expect(leagueOne.matches.filter { $0.status == .played }.count == 400)
        #expect(leagueOne.matches.filter { $0.status == .cancelled }.count == 106)
        // Some played matches have no half-time score in the data.
        #expect(leagueOne.matches.filter { $0.status == .played && $0.halfTime == nil }.count == 36)
    }

    @Test func legacyFormat() throws {
        let result = try Self.importFixture("football.json/legacy-v1/2015-16/en.1.json")
        let season = result.season
        #expect(season.name == "English Premier League 2015/16")
        #expect(season.matches.first == Match(home: "Manchester United", away: "Tottenham Hotspur", matchday: 1,
                                              round: "Matchday 1", date: "2015-08-08", status: .played, fullTime: Score(1, 0)))
        #expect(season.matches.filter { $0.matchday == 38 }.count == 10)
        #expect(season.teams.contains("Leicester City"))

        let legacy = #"{"name": "L", "rounds": [{"name": "Round 3", "matches": [{"team1": "A", "team2": {"key": "b", "code": "B"}, "score1": null, "score2": null}]}]}"#
        let match = try #require(try Self.read(legacy, "l.json").season.matches.first)
        #expect(match == Match(home: "A", away: "b", matchday: 3, round: "Round 3", status: .scheduled))
    }

    @Test func worldCupGoalsBecomeEvents() throws {
        let result = try Self.importFixture("worldcup.json/2018/worldcup.json")
        let matches = result.season.matches
        #expect(result.issues.isEmpty)
        // Every goal in the score is an event (extra time included, shoot-outs not): 169.
        #expect(matches.reduce(0) { $0 + $1.events.count } == 169)

        let opener = matches[0]
        #expect(opener.home == "Russia" && opener.away == "Saudi Arabia" && opener.fullTime == Score(5, 0))
        #expect(opener.time == "18:00") // "18:00 UTC+3"
        #expect(opener.round == "Group A" && opener.matchday == 1)
        #expect(opener.events.map(\.minute) == [12, 43, 71, 90, 90]) // sorted, not in listing order
        #expect(opener.events.map(\.stoppage) == [0, 0, 0, 1, 4])
        #expect(opener.events.allSatisfy { $0.team == "Russia" })
        #expect(opener.events[3].kind == .goal(scorer: "Cheryshev", assist: nil, penalty: false, ownGoal: false))

        // Egypt's Fathi put one into his own net: listed in goals1, credited to Russia.
        let russiaEgypt = try #require(matches.first { $0.home == "Russia" && $0.away == "Egypt" })
        #expect(russiaEgypt.events.first == MatchEvent(team: "Russia", kind: .goal(scorer: "A. Fathi", assist: nil, penalty: false, ownGoal: true), minute: 47))
        #expect(russiaEgypt.events.last == MatchEvent(team: "Egypt", kind: .goal(scorer: "M. Salah", assist: nil, penalty: true, ownGoal: false), minute: 73))
        let goalsByTeam = Dictionary(grouping: russiaEgypt.events, by: \.team).mapValues(\.count)
        #expect(goalsByTeam == ["Russia": 3, "Egypt": 1])

        let spainRussia = try #require(matches.first { $0.home == "Spain" && $0.away == "Russia" })
        #expect(spainRussia.round == "Round of 16" && spainRussia.matchday == nil)
        #expect(spainRussia.fullTime == Score(1, 1) && spainRussia.extraTime == Score(1, 1) && spainRussia.penalties == Score(3, 4))

        let denmarkFrance = try #require(matches.first { $0.home == "Denmark" && $0.away == "France" })
        #expect(denmarkFrance.events.isEmpty && denmarkFrance.fullTime == Score(0, 0))
        #expect(Set(matches.compactMap(\.round).filter { $0.hasPrefix("Group") }).count == 8)
    }

    @Test func jsonStatusesAndDerivedStatus() throws {
        let json = #"""
        {"name": "Statuses", "matches": [
          {"round": "Round 1", "team1": "A", "team2": "B", "score": {"ft": [3, 0]}, "status": "awarded"},
          {"round": "Round 1", "team1": "C", "team2": "D", "score": {}, "status": "postponed"},
          {"round": "Round 1", "team1": "E", "team2": "F", "score": {"ft": [1, 0]}, "status": "abandoned"},
          {"round": "Round 1", "team1": "G", "team2": "H"},
          {"round": "Round 1", "team1": "I", "team2": "J", "status": "canceled"}
        ]}
        """#
        let matches = try Self.read(json, "s.json").season.matches
        #expect(matches.map(\.status) == [.awarded, .postponed, .abandoned, .scheduled, .cancelled])
        #expect(matches[0].result == Score(3, 0))
        #expect(matches[2].fullTime == Score(1, 0) && matches[2].result == nil)
    }

    // MARK: - Football.TXT

    @Test func premierLeague2009TXT() throws {
        let result = try Self.importFixture("football.txt/england/2009-10/1-premierleague.txt")
        let season = result.season
        #expect(season.name == "English Premier League 2009/10")
        #expect(season.matches.count == 380 && season.teams.count == 20)
        #expect(season.matches[0] == Match(home: "Aston Villa", away: "Wigan Athletic", matchday: 1, round: "Matchday 1",
                                           date: "2009-08-15", time: "15:00", status: .played,
                                           fullTime: Score(0, 2), halfTime: Score(0, 1)))
        // A line without a time keeps the previous one.
        #expect(season.matches[1].home == "Blackburn Rovers" && season.matches[1].time == "15:00")
        #expect(season.matches[6].home == "Everton FC" && season.matches[6].fullTime == Score(1, 6) && season.matches[6].time == "17:30")
        // No half-time score given.
        let birmingham = try #require(season.matches.first { $0.home == "Birmingham City" && $0.away == "Stoke City" })
        #expect(birmingham.fullTime == Score(0, 0) && birmingham.halfTime == nil && birmingham.date == "2009-08-22")
        // A postponed Matchday 2 match played in November; January is in 2010.
        let westHam = try #require(season.matches.first { $0.home == "West Ham United" && $0.away == "Aston Villa" })
        #expect(westHam.matchday == 2 && westHam.date == "2009-11-04" && westHam.time == "19:45")
        let birminghamUnited = try #require(season.matches.first { $0.home == "Birmingham City" && $0.away == "Manchester United" })
        #expect(birminghamUnited.date == "2010-01-09" && birminghamUnited.matchday == 21)
        #expect(season.matches.last?.date == "2010-05-09")
        // Every team plays 38 matches.
        let played = Dictionary(grouping: season.matches.flatMap { [$0.home, $0.away] }, by: { $0 }).mapValues(\.count)
        #expect(Set(played.values) == [38])
    }

    @Test func premierLeague2022TXTNamesWithAmpersands() throws {
        let season = try Self.importFixture("football.txt/england/2022-23/1-premierleague.txt").season
        #expect(season.matches.count == 380)
        #expect(season.teams.contains("Brighton & Hove Albion FC") && season.teams.contains("Wolverhampton Wanderers FC"))
        let wolves = try #require(season.matches.first { $0.home == "Wolverhampton Wanderers FC" && $0.away == "Fulham FC" })
        #expect(wolves.fullTime == Score(0, 0) && wolves.halfTime == nil && wolves.date == "2022-08-13")
        #expect(season.matches.contains { $0.date == "2023-01-01" })
    }

    @Test func txtWithDatesOnEachMatchLine() throws {
        let text = """
        = Sample League 2009/10
        Matchday 1
        Sat Aug/15 2009  Aston Villa  0-2  Wigan Athletic
        Aug/15  Blackburn Rovers 0-2 Manchester City
        Sun Aug/16 15:30  Tottenham Hotspur  2-1 (1-0)  Liverpool FC
        Sun Aug/16  Bolton Wanderers  0-1  Sunderland AFC
        Matchday 20
        Jan/2  Brighton & Hove Albion  1-1  AFC Bournemouth   # a comment
        2010-01-03 12.30  St. Mirren  3-0  Queen's Park
        Sun Jan 3  Atlético Madrid  1-1  Borussia Mönchengladbach
        """
        let matches = try Self.read(text).season.matches
        #expect(matches.map(\.home) == ["Aston Villa", "Blackburn Rovers", "Tottenham Hotspur", "Bolton Wanderers",
                                        "Brighton & Hove Albion", "St. Mirren", "Atlético Madrid"])
        #expect(matches.map(\.away) == ["Wigan Athletic", "Manchester City", "Liverpool FC", "Sunderland AFC",
                                        "AFC Bournemouth", "Queen's Park", "Borussia Mönchengladbach"])
        #expect(matches.map(\.date) == ["2009-08-15", "2009-08-15", "2009-08-16", "2009-08-16", "2010-01-02", "2010-01-03", "2010-01-03"])
        #expect(matches.map(\.time) == [nil, nil, "15:30", "15:30", nil, "12:30", "12:30"])
        #expect(matches.map(\.matchday) == [1, 1, 1, 1, 20, 20, 20])
        #expect(matches[2].halfTime == Score(1, 0))
    }

    @Test func txtCupScoresVersusAndStatuses() throws {
        let text = """
        = World Cup 2014
        Group A  |  Brazil  Croatia  Mexico  Cameroon
        ▪ Round of 16
        (49) Sat Jun 28 13:00 UTC-3  Brazil  1-1 a.e.t. (1-1, 0-0), 3-2 pen.  Chile  @ Estádio Mineirão, Belo Horizonte
        Sat Jun 28 17:00  Colombia  2-0 (1-0)  Uruguay
          (Rodríguez 28', 50')
        Sun Jun 29  Netherlands  v  Mexico  2-1 (0-0)
          Costa Rica  5-3 pen. 1-1 a.e.t. (1-1, 0-1)  Greece
          France  2-0  Nigeria  [awarded]
          Germany  -  Algeria   [postponed]
          Argentina 3-4p (1-1) Switzerland
        Referee: Sandro Ricci (Brazil)
        Final
        Sun Jul 13  Germany  1-0 a.e.t.  Argentina
        """
        let result = try Self.read(text)
        let matches = result.season.matches
        #expect(matches.count == 8)
        #expect(matches[0] == Match(home: "Brazil", away: "Chile", round: "Round of 16", date: "2014-06-28", time: "13:00",
                                    status: .played, fullTime: Score(1, 1), halfTime: Score(0, 0), extraTime: Score(1, 1),
                                    penalties: Score(3, 2)))
        #expect(matches[1].fullTime == Score(2, 0) && matches[1].halfTime == Score(1, 0) && matches[1].time == "17:00")
        #expect(matches[2].home == "Netherlands" && matches[2].away == "Mexico" && matches[2].fullTime == Score(2, 1)
                && matches[2].date == "2014-06-29" && matches[2].time == nil)
        #expect(matches[3].penalties == Score(5, 3) && matches[3].extraTime == Score(1, 1)
                && matches[3].fullTime == Score(1, 1) && matches[3].halfTime == Score(0, 1))
        #expect(matches[4].status == .awarded && matches[4].result == Score(2, 0))
        #expect(matches[5].status == .postponed && matches[5].fullTime == nil && matches[5].away == "Algeria")
        #expect(matches[6].penalties == Score(3, 4) && matches[6].fullTime == Score(1, 1) && matches[6].halfTime == nil)
        #expect(matches[7].round == "Final" && matches[7].extraTime == Score(1, 0) && matches[7].fullTime == nil)
        // Only the score after extra time: kept, but flagged.
        #expect(result.issues == [ImportIssue(.suspicious, line: 14, field: "score",
                                              "no full-time score, only 1-0 after extra time (Germany v Argentina)")])
    }

    @Test func txtCurrentOpenfootballLayout() throws {
        // The layout openfootball uses since 2025: `▪` rounds, plain dates, `v` between teams, the score last.
        let text = """
        = English Premier League 2025/26
        ▪ Matchday 1
          Fri Aug 15
            20:00  Liverpool FC            v AFC Bournemouth          4-2 (1-0)
          Sat Aug 16
            12:30  Aston Villa FC          v Newcastle United FC      0-0
            15:00  Brighton & Hove Albion FC v Fulham FC              1-1 (0-1)
        ▪ Matchday 25
          Sun Feb 1
            14:00  Nottingham Forest FC    v Crystal Palace FC
        Referee: Anthony Taylor
        """
        let matches = try Self.read(text, "1-premierleague.txt").season.matches
        #expect(matches.map(\.home) == ["Liverpool FC", "Aston Villa FC", "Brighton & Hove Albion FC", "Nottingham Forest FC"])
        #expect(matches.map(\.away) == ["AFC Bournemouth", "Newcastle United FC", "Fulham FC", "Crystal Palace FC"])
        #expect(matches.map(\.date) == ["2025-08-15", "2025-08-16", "2025-08-16", "2026-02-01"])
        #expect(matches.map(\.time) == ["20:00", "12:30", "15:00", "14:00"])
        #expect(matches.map(\.fullTime) == [Score(4, 2), Score(0, 0), Score(1, 1), nil])
        #expect(matches.map(\.status) == [.played, .played, .played, .scheduled])
        #expect(matches.map(\.matchday) == [1, 1, 1, 25])
    }

    @Test func txtRoundLabelsGiveMatchdays() {
        #expect(ImportText.matchday(fromRound: "Matchday 12") == 12)
        #expect(ImportText.matchday(fromRound: "Round 3") == 3)
        #expect(ImportText.matchday(fromRound: "12. Round") == 12)
        #expect(ImportText.matchday(fromRound: "3rd Round") == 3)
        #expect(ImportText.matchday(fromRound: "Matchday 1 of 8") == 1)
        #expect(ImportText.matchday(fromRound: "Championship, Round 23") == 23)
        #expect(ImportText.matchday(fromRound: "Round of 16") == nil)
        #expect(ImportText.matchday(fromRound: "Group A") == nil)
        #expect(ImportText.matchday(fromRound: "Final") == nil)
    }

    @Test func txtYearNeedsASeason() {
        let error = Self.error("Matchday 1\n[Sat Aug/15]\n  Leeds  1-0  Hull\n")
        #expect(error?.line == 2 && error?.field == "date" && error?.kind == .invalidValue)
        // With a '# Date' line instead of a season in the title.
        let text = "= Cup\n# Date  Fri Jul/31 2020 - Sun Jun/6 2021\n[Fri Jul/31]\n  Leeds  1-0  Hull\n[Jun/6]\n  Hull  0-0  Leeds\n"
        #expect((try? Self.read(text).season.matches.map(\.date)) == ["2020-07-31", "2021-06-06"])
    }

    /// The title's season dates days without a year by ``CivilSeason``: a split season runs
    /// from 1 July to 30 June (it once began in August here, so a July match went to the next
    /// year, while club cards counted July in the first).
    @Test func txtTitleSeasonRunsFromJulyToJune() throws {
        let split = "= Bundesliga 2019-20\n[Jul/26]\n  Rapid  1-0  Sturm\n[Dec/31]\n  LASK  0-0  Austria\n"
            + "[Jan/1]\n  Admira  2-2  Altach\n[Jun/30]\n  Salzburg  3-1  Hartberg\n"
        #expect(try Self.read(split).season.matches.map(\.date) == ["2019-07-26", "2019-12-31", "2020-01-01", "2020-06-30"])
        let year = "= Veikkausliiga 2014\n[Jul/5]\n  HJK  1-0  KuPS\n[Jan/2]\n  KuPS  0-0  HJK\n"
        #expect(try Self.read(year).season.matches.map(\.date) == ["2014-07-05", "2014-01-02"])
        // 2009/2010 and 1999/00 are read as 2009/10 and 1999/2000; a year the rule refuses gives none.
        #expect(try Self.read("= Liga 2009/2010\n[Jun/1]\n  A  1-0  B\n").season.matches.first?.date == "2010-06-01")
        #expect(try Self.read("= Liga 1999/00\n[Feb/29]\n  A  1-0  B\n").season.matches.first?.date == "2000-02-29")
        #expect(Self.error("= Liga 1800/01\n[Aug/15]\n  A  1-0  B\n")?.field == "date")
    }

    // MARK: - CSV

    @Test func csvWithQuotingMissingScoresAndExtraColumns() throws {
        let csv = [
            "Round,Date,Team 1,FT,Team 2,HT,ET,P,Status,Venue",
            #"Matchday 1,2024-08-16,"Brighton & Hove Albion, FC",2-1,Everton,1-1,,,,"Amex, Falmer""#,
            #"Matchday 1,16/08/2024,"The ""Hatters""",,Luton Town,,,,,"#,
            "Matchday 2,Aug 24 2024,Leeds United,1-1,Hull City,0-0,2-1,,,\"Elland Road\r\nLeeds\"",
            "Final,2024-08-31,Arsenal,1-1,Chelsea,1-0,1-1,4-3,,",
            "12,2024-09-01,Fulham,,Wolves,,,,Cancelled,",
            "",
        ].joined(separator: "\r\n")
        let result = try Self.read(csv, "cup-2024.csv")
        let matches = result.season.matches
        #expect(result.season.name == "cup-2024")
        #expect(matches.count == 5)
        #expect(matches[0] == Match(home: "Brighton & Hove Albion, FC", away: "Everton", matchday: 1, round: "Matchday 1",
                                    date: "2024-08-16", status: .played, fullTime: Score(2, 1), halfTime: Score(1, 1)))
        #expect(matches[1].home == "The \"Hatters\"" && matches[1].status == .scheduled && matches[1].fullTime == nil)
        #expect(matches[1].date == "2024-08-16")
        #expect(matches[2].extraTime == Score(2, 1) && matches[2].date == "2024-08-24")
        #expect(matches[3].penalties == Score(4, 3) && matches[3].matchday == nil)
        #expect(matches[4].status == .cancelled && matches[4].matchday == 12)
        #expect(result.issues.isEmpty)
    }

    @Test func csvNeedsItsHeader() {
        let error = Self.error("Round,Date,Home side,FT,Team 2\n1,2024-08-16,A,1-0,B\n", "x.csv", format: .csv)
        #expect(error == ImportError(.missingField, source: "x.csv", line: 1, field: "Team 1",
                                     "missing column 'Team 1' in the header (expected 'Round,Date,Team 1,FT,Team 2')"))
        let fields = Self.error("Round,Date,Team 1,FT,Team 2\n1,2024-08-16,A,1-0\n", "x.csv")
        #expect(fields?.line == 2 && fields?.kind == .syntax)
        let quote = Self.error("Round,Date,Team 1,FT,Team 2\n1,2024-08-16,\"A,1-0,B\n", "x.csv")
        #expect(quote?.line == 2 && quote?.message == "a quoted field is never closed")
    }

    /// Error lines count the lines of a team name quoted over two lines.
    @Test func csvLinesCountQuotedLineBreaks() throws {
        let header = "Round,Date,Team 1,FT,Team 2\r\n", brighton = "1,2024-08-16,\"Brighton\r\nand Hove\",1-0,Everton\r\n"
        #expect(try Self.read(header + brighton, "x.csv").season.matches.first?.home == "Brighton and Hove")
        let error = Self.error(header + brighton + "1,2024-08-17,A,x-1,B\r\n", "x.csv")
        #expect(error?.errorDescription == "x.csv:4: FT: malformed score 'x-1': expected home and away goals as whole numbers like 2-1")
        let fields = Self.error(header + brighton + "\r\n1,2024-08-17,A,1-0\r\n", "x.csv")
        #expect(fields?.line == 5 && fields?.message == "4 fields where the header has 5 (quote fields that hold commas)")
    }

    // MARK: - Errors

    @Test func malformedJSONNamesItsLine() {
        let error = Self.error("{\"name\": \"x\",\n \"matches\": [\n  {\"team1\": \"A\" \"team2\": \"B\"}]}", "bad.json")
        #expect(error?.kind == .syntax && error?.line == 3)
        // Foundation words the problem; the place (line 3, column 17, the quote that opens "team2") is ours.
        #expect(error?.errorDescription == "bad.json:3: malformed JSON at column 17: invalid value (found '\"')")
        // Strings are read lazily; one that cannot be read is still placed.
        let control = Self.error("{\"matches\": [\n{\"team1\": \"A\u{01}\", \"team2\": \"B\"}]}", "c.json")
        #expect(control?.kind == .syntax && control?.line == 2)
        #expect(control?.message.hasPrefix("malformed JSON at column 13:") == true)
    }

    @Test func wrongJSONValuesNameTheirPath() {
        let matches = (0..<12).map { #"{"team1": "T\#($0)", "team2": "U\#($0)", "score": {"ft": [1, 0]}}"# }
        let bad = #"{"team1": "A", "team2": "B", "score": {"ft": "2-1"}}"#
        let json = #"{"name": "x", "matches": ["# + (matches + [bad]).joined(separator: ",") + "]}"
        let error = Self.error(json, "en.1.json")
        #expect(error == ImportError(.invalidValue, source: "en.1.json", field: "matches[12].score.ft", "expected an array, found a string"))
        #expect(error?.errorDescription == "en.1.json: matches[12].score.ft: expected an array, found a string")

        let missing = Self.error(#"{"matches": [{"team1": "A"}]}"#, "m.json")
        #expect(missing?.field == "matches[0].team2" && missing?.kind == .missingField)
        let date = Self.error(#"{"matches": [{"team1": "A", "team2": "B", "date": "2023-02-30"}]}"#, "m.json")
        #expect(date?.field == "matches[0].date")
        let legacyAsCurrent = Self.error(#"{"name": "x", "rounds": []}"#, "m.json", format: .footballJSON)
        #expect(legacyAsCurrent?.field == "matches" && legacyAsCurrent?.message.contains("footballJSONLegacy") == true)
    }

    @Test func negativeAndFractionalGoalsAreErrors() {
        let negative = Self.error(#"{"matches": [{"team1": "A", "team2": "B", "score": {"ft": [-1, 0]}}]}"#, "n.json")
        #expect(negative?.field == "matches[0].score.ft[0]" && negative?.kind == .invalidValue)
        #expect(negative?.errorDescription == "n.json: matches[0].score.ft[0]: goals cannot be negative, found -1")
        let fraction = Self.error(#"{"matches": [{"team1": "A", "team2": "B", "score": {"ht": [0, 0], "ft": [1.5, 0]}}]}"#, "n.json")
        #expect(fraction?.field == "matches[0].score.ft[0]")
        #expect(fraction?.message == "expected a number of goals as a whole number, found 1.5")
        let whole = try? Self.read(#"{"matches": [{"team1": "A", "team2": "B", "score": {"ft": [2.0, 0]}}]}"#, "n.json")
        #expect(whole?.season.matches.first?.fullTime == Score(2, 0))
        let minute = Self.error(#"{"matches": [{"team1": "A", "team2": "B", "score": {"ft": [1, 0]}, "goals1": [{"name": "X", "minute": 12.5}]}]}"#, "n.json")
        #expect(minute?.field == "matches[0].goals1[0].minute" && minute?.message == "expected a minute as a whole number, found 12.5")
        let legacy = Self.error(#"{"rounds": [{"name": "R", "matches": [{"team1": "A", "team2": "B", "score1": 1, "score2": -2}]}]}"#, "l.json")
        #expect(legacy?.field == "rounds[0].matches[0].score2")
        let csv = Self.error("Round,Date,Team 1,FT,Team 2\n1,,A,1--2,B\n2,,C,-1-2,D\n", "n.csv")
        #expect(csv?.line == 2 && csv?.field == "FT")
        let csvNegative = Self.error("Round,Date,Team 1,FT,Team 2\n2,,C,-1-2,D\n", "n.csv")
        #expect(csvNegative?.message == "malformed score '-1-2': goals cannot be negative")
        let txt = Self.error("= L 2020\n[Aug/1]\n  Leeds  -1-2  Hull\n")
        #expect(txt?.line == 3 && txt?.field == "score")
    }

    @Test func aTeamPlayingItselfIsAnErrorInEveryFormat() {
        let csv = Self.error("Round,Date,Team 1,FT,Team 2\n1,2024-08-01,A,1-0,B\n2,2024-08-08,A,1-0,A\n", "same.csv")
        #expect(csv == ImportError(.invalidValue, source: "same.csv", line: 3,
                                   "'A' cannot play itself: a match needs two different teams"))
        let json = Self.error(#"{"name": "L 2024/25", "matches": [{"round": "1", "team1": "A", "team2": "A", "score": {"ft": [1, 0]}}]}"#,
                              "same.json")
        #expect(json?.kind == .invalidValue && json?.field == "matches[0]")
        let txt = Self.error("= L 2020\n[Aug/1]\n  Leeds  2-1  Leeds\n")
        #expect(txt?.line == 3 && txt?.message == "'Leeds' cannot play itself: a match needs two different teams")
    }

    @Test func badScoreTokenNamesItsLine() {
        let error = Self.error("= League 2009/10\nMatchday 1\n[Sat Aug/15]\n  15.00  Aston Villa  0-2  Wigan\n         Stoke City  2-x  Burnley FC\n",
                               "pl.txt")
        #expect(error == ImportError(.invalidValue, source: "pl.txt", line: 5, field: "score",
                                     "malformed score '2-x' (expected home and away goals like 2-1, whole numbers of 0 or more)"))
        #expect(error?.errorDescription?.hasPrefix("pl.txt:5: score: malformed score '2-x'") == true)
        let parenthesis = Self.error("= L 2020\n[Aug/1]\n  Leeds  2-1 (1-x)  Hull\n")
        #expect(parenthesis?.line == 3 && parenthesis?.field == "score")
        let nonsense = Self.error("= L 2020\n[Aug/1]\nthis is not a match\n")
        #expect(nonsense?.line == 3 && nonsense?.kind == .syntax)
    }

    @Test func unknownStatusIsSkipped() throws {
        let json = #"{"name": "x", "matches": [{"team1": "A", "team2": "B", "status": "suspended"}, {"team1": "C", "team2": "D"}]}"#
        let result = try Self.read(json, "s.json")
        #expect(result.season.matches.map(\.home) == ["C"])
        #expect(result.issues == [ImportIssue(.skipped, field: "matches[0].status",
                                              "unknown status 'suspended' (expected played, scheduled, postponed, cancelled, abandoned or awarded); A v B skipped")])
        let txt = try Self.read("= L 2020\n[Aug/1]\n  Leeds  1-0  Hull  [voided]\n  Hull  0-0  Leeds\n")
        #expect(txt.season.matches.count == 1 && txt.issues.map(\.kind) == [.skipped] && txt.issues.first?.line == 3)
        let csv = try Self.read("Round,Date,Team 1,FT,Team 2,Status\n1,,A,1-0,B,walkover\n", "s.csv")
        #expect(csv.season.matches.isEmpty && csv.issues.first?.line == 2 && csv.issues.first?.field == "Status")
    }

    @Test func duplicatesAreSkipped() throws {
        let json = #"""
        {"name": "x", "matches": [
          {"round": "Matchday 1", "date": "2024-08-10", "team1": "A", "team2": "B", "score": {"ft": [1, 0]}},
          {"round": "Matchday 1", "date": "2024-08-10", "team1": "C", "team2": "D"},
          {"round": "Matchday 1", "date": "2024-08-11", "team1": "A", "team2": "B", "score": {"ft": [1, 0]}},
          {"round": "Matchday 20", "date": "2025-01-10", "team1": "A", "team2": "B", "score": {"ft": [2, 2]}}
        ]}
        """#
        let result = try Self.read(json, "d.json")
        #expect(result.season.matches.count == 3)
        #expect(result.issues == [ImportIssue(.skipped, field: "matches[2]",
                                              "duplicate of the match at matches[0] (A v B, Matchday 1)")])
        let txt = try Self.read("= L 2020\nMatchday 1\n[Aug/1]\n  Leeds  1-0  Hull\n[Aug/2]\n  Leeds  1-0  Hull\n")
        #expect(txt.season.matches.count == 1)
        #expect(txt.issues == [ImportIssue(.skipped, line: 6, "duplicate of the match at line 4 (Leeds v Hull, Matchday 1)")])
    }

    @Test func inconsistentScoresAreSuspiciousButKept() throws {
        let json = #"{"matches": [{"team1": "A", "team2": "B", "score": {"ht": [2, 0], "ft": [1, 0]}}, {"team1": "C", "team2": "D", "score": {"ft": [2, 2], "et": [2, 1]}}]}"#
        let result = try Self.read(json, "h.json")
        #expect(result.season.matches.count == 2)
        #expect(result.issues == [
            ImportIssue(.suspicious, field: "matches[0].score.ht", "half-time score 2-0 is above the full-time score 1-0 (A v B)"),
            ImportIssue(.suspicious, field: "matches[1].score.et", "score after extra time 2-1 is below the full-time score 2-2 (C v D)"),
        ])
        let txt = try Self.read("= L 2020\n[Aug/1]\n  Leeds  1-0 (1-1)  Hull\n")
        #expect(txt.issues.map(\.kind) == [.suspicious] && txt.issues.first?.line == 3)
        let csv = try Self.read("Round,Date,Team 1,FT,Team 2,HT\n1,,A,0-0,B,0-1\n", "h.csv")
        #expect(csv.issues == [ImportIssue(.suspicious, line: 2, field: "HT", "half-time score 0-1 is above the full-time score 0-0 (A v B)")])
        let goals = try Self.read(#"{"matches": [{"team1": "A", "team2": "B", "score": {"ft": [2, 0]}, "goals1": [{"name": "X", "minute": 3}], "goals2": []}]}"#, "g.json")
        #expect(goals.issues.map(\.kind) == [.suspicious])
    }

    @Test func limits() {
        let long = String(repeating: "x", count: 101)
        let name = Self.error(#"{"matches": [{"team1": "\#(long)", "team2": "B"}]}"#, "l.json")
        #expect(name?.field == "matches[0].team1" && name?.kind == .invalidValue)
        #expect((try? Self.read(#"{"matches": [{"team1": "\#(long.dropLast())", "team2": "B"}]}"#, "l.json")) != nil)
        let txtName = Self.error("= L 2020\n[Aug/1]\n  \(long)  1-0  Hull\n")
        #expect(txtName?.line == 3 && txtName?.field == "home")

        let big = Data(count: SeasonImporter.maximumInputBytes + 1)
        #expect(throws: ImportError(.tooLarge, source: "big.json", "33554433 bytes; inputs of at most 33554432 bytes (32 MiB) are accepted")) {
            try SeasonImporter.read(big, source: "big.json")
        }
        let many = #"{"matches": ["# + Array(repeating: "{}", count: SeasonImporter.maximumMatches + 1).joined(separator: ",") + "]}"
        let tooMany = Self.error(many, "many.json")
        #expect(tooMany?.kind == .tooLarge && tooMany?.field == "matches")
        // Foundation's parser refuses nesting deeper than 512 levels, naming where it gives up.
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let tooDeep = Self.error(deep, "deep.json")
        #expect(tooDeep?.kind == .syntax && tooDeep?.line == 1)
        #expect(tooDeep?.message.hasPrefix("malformed JSON at column 514:") == true)
        // Shallower nesting parses, but is no season.
        let nested = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(Self.error(nested, "deep.json")?.kind == .unknownFormat)
    }

    @Test func formatDetectionAndEncoding() throws {
        #expect(SeasonImporter.detectFormat(Data("Round,Date,Team 1,FT,Team 2\n".utf8)) == .csv)
        #expect(SeasonImporter.detectFormat(Data("\u{FEFF}= Liga 2024/25\n".utf8)) == .footballTXT)
        #expect(SeasonImporter.detectFormat(Data("Matchday 1\n  Leeds  1-0  Hull\n".utf8)) == .footballTXT)
        #expect(SeasonImporter.detectFormat(Data(#"{"rounds": []}"#.utf8)) == .footballJSONLegacy)
        #expect(SeasonImporter.detectFormat(Data(#"{"groups": []}"#.utf8)) == nil)
        #expect(SeasonImporter.detectFormat(Data("Hello, world\n".utf8)) == nil)
        #expect(Self.error("just some words\n", "notes")?.kind == .unknownFormat)

        var bytes = Array("= L 2020\n[Aug/1]\n  Le".utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array("eds  1-0  Hull\n".utf8)
        let error = #expect(throws: ImportError.self) { try SeasonImporter.read(Data(bytes), source: "latin1.txt") }
        #expect(error?.kind == .encoding && error?.line == 3)

        // A file that is not there is the file system's error, not an ImportError.
        let missing = try Self.fixture("no-such-file.json")
        do {
            _ = try SeasonImporter.read(contentsOf: missing)
            Issue.record("a missing file was read")
        } catch {
            #expect(!(error is ImportError))
        }
    }

    @Test func issuesDescribeThemselves() {
        #expect(ImportIssue(.skipped, line: 12, field: "status", "unknown status").description == "line 12: status: skipped: unknown status")
        #expect(ImportIssue(.suspicious, field: "matches[3].score.ht", "x").description == "matches[3].score.ht: suspicious: x")
        #expect(ImportError(.syntax, source: "a.txt", line: 4, "y").errorDescription == "a.txt:4: y")
        #expect(ImportError(.unknownFormat, source: "a", "z").errorDescription == "a: z")
    }
}
