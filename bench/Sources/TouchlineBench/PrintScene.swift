import Foundation
import League
import Reports

/// The "print" scenes: La Liga 2022/23's table (20 teams, its European and relegation zones,
/// its head-to-head footnotes) laid out and written as an A4 PDF.
enum PrintScene {
    static let zones = TableZone.zones([
        LeagueZone(kind: .champion, positions: 1...1),
        LeagueZone(kind: .europe, positions: 1...4, name: "Champions League", mark: "CL"),
        LeagueZone(kind: .europe, positions: 5...6, name: "Europa League", mark: "EL"),
        LeagueZone(kind: .europe, positions: 7...7, name: "Conference League", mark: "ECL"),
        LeagueZone(kind: .relegation, positions: 18...20),
    ])

    static func run(bench: Bench) throws -> [SceneResult] {
        if let only = bench.only, !(only.hasPrefix("print") || "print".hasPrefix(only)) { return [] }
        let file = LeagueScene.fixtures.appendingPathComponent("football.json/2022-23/es.1.json")
        let season = try SeasonImporter.read(contentsOf: file).season
        let standings = StandingsEngine.table(for: season, rules: .laLiga)
        let progress = season.progressLabel()
        return [
            try bench.inProcess("print: 20-team table PDF", note: "La Liga 2022/23, zones and tie-break notes, A4") {
                try timed {
                    try LeagueTableDocument(standings: standings, title: "La Liga", season: "2022/23", asOf: progress,
                                            zones: zones).pdf().count
                }
            },
        ]
    }
}
