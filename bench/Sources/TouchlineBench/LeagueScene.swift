import Foundation
import League
import Support

/// The "league" scenes: importing the openfootball seasons in the test fixtures (as they are,
/// and as CSV), a real 380-match table under head-to-head rules, a synthetic league of 100,000 matches, and a
/// 20-team double round robin.
enum LeagueScene {
    static let fixtures = URL(fileURLWithPath: "Tests/LeagueTests/Fixtures")
    static let seed: UInt64 = 0x1EA6_0E5C_0000_0001

    /// Every season file among the fixtures (published tables and licences left out).
    static func seasonFiles() throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw BenchError("cannot read \(fixtures.path); run from the repository's root")
        }
        return walker.compactMap { $0 as? URL }.filter { url in
            (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
                && ["json", "txt"].contains(url.pathExtension) && !url.lastPathComponent.contains("standings")
                && !url.lastPathComponent.contains("final-table")
        }.sorted { $0.path < $1.path }
    }

    /// A deterministic league of `count` matches among `teams` teams, results drawn from a
    /// seeded generator.
    static func synthetic(matches count: Int, teams: Int) -> Season {
        var random = SeededRandom(seed: seed)
        let names = (1...teams).map { String(format: "Team %03d", $0) }
        var matches: [Match] = []
        matches.reserveCapacity(count)
        for index in 0..<count {
            let home = random.index(below: teams)
            var away = random.index(below: teams - 1)
            if away >= home { away += 1 }
            matches.append(.played(names[home], Score(random.index(below: 5), random.index(below: 4)), names[away],
                                   matchday: index / (teams / 2) + 1))
        }
        return Season(name: "Synthetic", teams: names, matches: matches)
    }

    static func run(bench: Bench, smoke: Bool) throws -> [SceneResult] {
        if let only = bench.only, !(only.hasPrefix("league") || "league".hasPrefix(only)) { return [] }
        let files = try seasonFiles()
        var results: [SceneResult] = []
        results.append(try bench.inProcess("league: import every season", note: "\(files.count) files") {
            try timed {
                try files.reduce(0) { total, file in total + (try SeasonImporter.read(contentsOf: file).season.matches.count) }
            }
        })
        // The same seasons as CSV (what `league fixtures --csv` writes), read from memory.
        let csvFiles = try files.map { file in
            Data(LeagueCSV.matches(try SeasonImporter.read(contentsOf: file).season.matches).utf8)
        }
        let csvMatches = csvFiles.reduce(0) { $0 + $1.split(separator: UInt8(ascii: "\n")).count - 1 }
        let csvKB = csvFiles.reduce(0) { $0 + $1.count } / 1024
        results.append(try bench.inProcess("league: import every season as CSV",
                                           note: "\(files.count) files, \(csvMatches.formatted()) matches, \(csvKB) kB") {
            try timed {
                try csvFiles.reduce(0) { total, data in
                    total + (try SeasonImporter.read(data, source: "season.csv", format: .csv).season.matches.count)
                }
            }
        })
        let laLiga = try SeasonImporter.read(contentsOf: fixtures.appendingPathComponent("football.json/2022-23/es.1.json")).season
        results.append(try bench.inProcess("league: table 380 matches, la-liga rules") {
            timed { StandingsEngine.table(for: laLiga, rules: .laLiga).rows.count }
        })
        let size = smoke ? 10_000 : 100_000
        let big = synthetic(matches: size, teams: 40)
        results.append(try bench.inProcess("league: table \(size.formatted()) matches, uefa rules") {
            timed { StandingsEngine.table(for: big, rules: .uefaGroups).rows.count }
        })
        let teams = (1...20).map { "Club \($0)" }
        results.append(try bench.inProcess("league: double round robin, 20 teams") {
            try timed { try FixtureGenerator.generate(teams: teams, options: FixtureOptions(rounds: .double, seed: 7)).matches.count }
        })
        return results
    }
}
