import Foundation
import Testing
@testable import League

/// Official final tables reproduced from the openfootball match data (CC0).
@Suite struct RealSeasonTests {
    static func fixture(_ path: String) throws -> URL {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return folder.appendingPathComponent(path)
    }

    static func season(_ path: String) throws -> Season {
        try SeasonImporter.read(contentsOf: try fixture(path)).season
    }

    /// Names without the club-type words the data and the published tables disagree on.
    static func plain(_ name: String) -> String {
        var words = name.split(separator: " ").map(String.init)
        words.removeAll { ["FC", "AFC", "CF", "SC"].contains($0) }
        return words.joined(separator: " ")
    }

    @Test func premierLeague2022InFull() throws {
        let table = StandingsEngine.table(for: try Self.season("football.json/2022-23/en.1.json"), rules: .premierLeague)
        let expected: [(String, Int, Int)] = [
            ("Manchester City", 89, 61), ("Arsenal", 84, 45), ("Manchester United", 75, 15), ("Newcastle United", 71, 35),
            ("Liverpool", 67, 28), ("Brighton & Hove Albion", 62, 19), ("Aston Villa", 61, 5), ("Tottenham Hotspur", 60, 7),
            ("Brentford", 59, 12), ("Fulham", 52, 2), ("Crystal Palace", 45, -9), ("Chelsea", 44, -9),
            ("Wolverhampton Wanderers", 41, -27), ("West Ham United", 40, -13), ("Bournemouth", 39, -34),
            ("Nottingham Forest", 38, -30), ("Everton", 36, -23), ("Leicester City", 34, -17), ("Leeds United", 31, -30),
            ("Southampton", 25, -37),
        ]
        #expect(table.rows.count == 20)
        for (row, (team, points, difference)) in zip(table.rows, expected) {
            #expect(Self.plain(row.team) == team)
            #expect(row.points == points, "\(team)")
            #expect(row.goalDifference == difference, "\(team)")
            #expect(row.played == 38)
        }
        #expect(table.playOffs.isEmpty)
    }

    @Test func laLiga2022HeadToHeadMiniLeagues() throws {
        let season = try Self.season("football.json/2022-23/es.1.json")
        let table = StandingsEngine.table(for: season, rules: .laLiga)
        let names = table.rows.map { Self.plain($0.team) }
        func position(_ team: String) -> Int? { names.firstIndex { $0.contains(team) }.map { $0 + 1 } }
        #expect([position("Girona"), position("Rayo"), position("Sevilla")] == [10, 11, 12])
        #expect([position("Cádiz"), position("Getafe"), position("Valencia")] == [14, 15, 16])
        #expect(table.rows[9...11].allSatisfy { $0.points == 49 })
        #expect(table.rows[13...15].allSatisfy { $0.points == 42 })
        // Goal difference alone would order both groups differently.
        let byDifference = table.rows[9...11].sorted { $0.goalDifference > $1.goalDifference }.map(\.team)
        #expect(byDifference != table.rows[9...11].map(\.team))
        let byDifferenceBottom = table.rows[13...15].sorted { $0.goalDifference > $1.goalDifference }.map(\.team)
        #expect(byDifferenceBottom != table.rows[13...15].map(\.team))
        // Each of those places carries its explanation.
        let notes = table.notes.map(\.description)
        #expect(notes.contains { $0.contains("Rayo") && $0.contains("Sevilla") && $0.contains("head-to-head") })
        #expect(table.rows.first.map { Self.plain($0.team) } == "Barcelona")
        #expect(table.rows.first?.points == 88)
    }

    @Test func bundesliga2022() throws {
        let table = StandingsEngine.table(for: try Self.season("football.json/2022-23/de.1.json"), rules: .bundesliga)
        #expect(table.rows.map(\.points) == [71, 71, 66, 62, 59, 50, 50, 49, 46, 43, 42, 36, 36, 35, 34, 33, 31, 29])
        #expect(table.rows.first.map { $0.team.contains("Bayern") } == true)
        #expect(table.rows[1].team.contains("Dortmund"))
        #expect(table.notes.first?.description.contains("goal difference") == true)
    }

    @Test func ligue1OfTheCurtailed2019SeasonByPointsPerGame() throws {
        let season = try Self.season("football.json/2019-20/fr.1.json")
        let table = StandingsEngine.table(for: season, rules: .pointsPerGame)
        let expected = ["Paris", "Marseille", "Rennais", "Lille", "Nice", "Reims", "Lyon", "Montpellier", "Monaco", "Strasbourg",
                        "Angers", "Bordeaux", "Nantes", "Brest", "Metz", "Dijon", "Étienne", "Nîmes", "Amiens", "Toulouse"]
        for (row, team) in zip(table.rows, expected) {
            #expect(row.team.contains(team), "\(row.team) where \(team) was expected")
        }
        #expect(table.row(of: table.rows[9].team)?.played == 27) // Strasbourg, above Angers on 39 from 28
        #expect(table.rows[0].points == 68 && table.rows[0].played == 27)
    }

    @Test func premierLeague2009FromFootballTXTWithPortsmouthsDeduction() throws {
        var season = try Self.season("football.txt/england/2009-10/1-premierleague.txt")
        let portsmouth = try #require(season.teams.first { $0.hasPrefix("Portsmouth") })
        season.deductions = [PointDeduction(team: portsmouth, points: 9, reason: "administration", date: "2010-03-17")]
        let table = StandingsEngine.table(for: season, rules: .premierLeague)
        // The published table, line by line: position, team, played, won, drawn, lost, goals, points.
        let published = try String(contentsOf: try Self.fixture("football.txt/england/2009-10/final-table.conf.txt"), encoding: .utf8)
        let lines = published.split(whereSeparator: \.isNewline).filter { $0.first == " " || $0.first?.isNumber == true }
        #expect(lines.count == 20)
        for (row, line) in zip(table.rows, lines) {
            let fields = line.split(separator: " ").map(String.init)
            let numbers = fields.filter { $0.allSatisfy(\.isNumber) }
            let goals = fields.first { $0.contains("-") && $0.first?.isNumber == true }?.split(separator: "-").compactMap { Int($0) } ?? []
            #expect(Int(numbers[0]) == row.position)
            #expect(Self.plain(row.team).hasPrefix(fields[1]), "\(row.team) vs \(line)")
            #expect([row.played, row.won, row.drawn, row.lost] == numbers[1...4].compactMap { Int($0) }, "\(line)")
            #expect(goals == [row.goalsFor, row.goalsAgainst], "\(line)")
            #expect(Int(numbers[5]) == row.points, "\(line)")
        }
        #expect(table.rows.last?.points == 19 && table.rows.last?.deducted == 9)
    }
}
