import Canvas
import Foundation
import TestSupport
import Testing

/// `touchline league table --format` and `touchline league zones`, end to end.
@Suite struct LeaguePrintCommandTests {
    static let laLiga = LeagueCommandTests.fixtures.appendingPathComponent("football.json/2022-23/es.1.json").path
    static let premier = LeagueCommandTests.fixtures.appendingPathComponent("football.txt/england/2009-10/1-premierleague.txt").path

    /// A database with La Liga 2022/23 as league "La Liga" and its zones.
    static func laLigaClub() throws -> ClubScratch {
        let club = try ClubScratch(users: ["alice"])
        let imported = try club.run(["league", "import", laLiga, "--name", "La Liga", "--rules", "la-liga"], as: "alice")
        #expect(imported.status == 0, "\(imported.stderr)")
        let zones = try club.run(["league", "zones", "La Liga", "--set", "champion:1", "--set", "europe:1-4:CL:Champions League",
                                  "--set", "europe:5-6:EL:Europa League", "--set", "relegation:18-20"], as: "alice")
        #expect(zones.status == 0, "\(zones.stderr)")
        return club
    }

    @Test func aTablePDFHasTheTeamsInOrderTheZonesAndTheTieBreaks() throws {
        let club = try Self.laLigaClub()
        let file = club.scratch.path("laliga.pdf")
        let printed = try club.run(["league", "table", "La Liga", "-o", file])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout == "wrote \(file)\n")
        let pdf = try Data(contentsOf: URL(fileURLWithPath: file))
        let info = try PDFProbe.info(pdf)
        #expect(info.pages == 1)
        #expect(abs(info.width - 595.28) < 0.1 && abs(info.height - 841.89) < 0.1)
        let text = try PDFProbe.text(pdf).replacingOccurrences(of: " +", with: " ", options: .regularExpression)
        let expectedOrder = ["FC Barcelona", "Real Madrid CF", "Club Atlético de Madrid", "Real Sociedad de Fútbol", "Villarreal CF",
                             "Real Betis Balompié", "CA Osasuna", "Athletic Club", "RCD Mallorca", "Girona FC",
                             "Rayo Vallecano de Madrid", "Sevilla FC", "RC Celta de Vigo", "Cádiz CF", "Getafe CF", "Valencia CF",
                             "UD Almería", "Real Valladolid CF", "RCD Espanyol de Barcelona", "Elche CF"]
        let rows = text.split(separator: "\n").filter { $0.contains(" 38 ") }
        #expect(rows.count == 20)
        for (row, team) in zip(rows, expectedOrder) { #expect(row.contains(team), "\(row) should be \(team)") }
        #expect(rows.first?.hasPrefix(" 1 C FC Barcelona") == true || rows.first?.hasPrefix("1 C FC Barcelona") == true)
        for line in ["2022/23", "As of 2023-06-04", "CL Champions League", "R Relegation",
                     "Girona FC above Rayo Vallecano de Madrid: head-to-head points 8 to 6",
                     "Rayo Vallecano de Madrid above Sevilla FC: head-to-head points 6 to 1"] {
            #expect(text.contains(line), "missing \(line)")
        }
        // The same command gives the same bytes.
        #expect(try club.run(["league", "table", "La Liga", "-o", file]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == pdf)
    }

    @Test func extraPagesAndSeveralLeaguesGoInOneBookmarkedPDF() throws {
        let club = try Self.laLigaClub()
        #expect(try club.run(["league", "import", Self.premier, "--name", "Premier League"], as: "alice").status == 0)
        let file = club.scratch.path("both.pdf")
        let printed = try club.run(["league", "table", "La Liga", "Premier League", "--format", "pdf", "-o", file,
                                    "--pages", "home,away,grid,scorers,discipline", "--paper", "letter", "--landscape"])
        #expect(printed.status == 0, "\(printed.stderr)")
        let pdf = try Data(contentsOf: URL(fileURLWithPath: file))
        let info = try PDFProbe.info(pdf)
        #expect(abs(info.width - 792) < 0.1 && abs(info.height - 612) < 0.1)
        #expect(info.pages >= 12) // per league: table, home, away, grid, scorers, discipline
        let raw = String(decoding: pdf, as: UTF8.self)
        for bookmark in ["Premier League 2009/10", "Home matches", "Away matches", "Results", "Top scorers", "Discipline"] {
            #expect(raw.contains("/Title (\(bookmark))"), "bookmark \(bookmark)")
        }
        let text = try PDFProbe.text(pdf)
        #expect(text.contains("2022/23 · Home matches") && text.contains("2009/10 · Results"))
        #expect(text.contains("Page \(info.pages) of \(info.pages)"))
    }

    @Test func everyPageStopsWhereTheTableDoes() throws {
        let club = try Self.laLigaClub()
        let file = club.scratch.path("md10.pdf")
        let printed = try club.run(["league", "table", "La Liga", "--matchday", "10", "-o", file, "--pages", "grid"])
        #expect(printed.status == 0, "\(printed.stderr)")
        let pdf = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(try PDFProbe.text(pdf, page: 1).contains("After matchday 10"))
        let grid = try PDFProbe.text(pdf, page: 2)
        #expect(grid.contains("2022/23 · Results") && grid.contains("After matchday 10"))
        // Ten matchdays of ten matches: a hundred scores in the grid.
        #expect(grid.filter { $0 == "\u{2013}" }.count == 100)
    }

    @Test func pngAndSVGWriteAFilePerPage() throws {
        let club = try Self.laLigaClub()
        let png = club.scratch.path("table.png")
        let printed = try club.run(["league", "table", "La Liga", "-o", png, "--pages", "grid"])
        #expect(printed.status == 0, "\(printed.stderr)")
        let second = club.scratch.path("table-2.png")
        #expect(printed.stdout == "wrote \(png)\nwrote \(second)\n")
        let image = try RasterImage(pngData: Data(contentsOf: URL(fileURLWithPath: png)))
        #expect(image.width == 1191 && image.height == 1684) // A4 at 2 px per point
        // The champion's row is tinted gold behind the team's name.
        let tinted = image.pixel(x: 600, y: 240) // row 1: 112-128 pt below the top
        #expect(tinted.red > 240 && tinted.green > 215 && tinted.blue < 190, "\(tinted)")
        let svg = club.scratch.path("table.svg")
        #expect(try club.run(["league", "table", "La Liga", "--format", "svg", "-o", svg]).status == 0)
        #expect(try String(contentsOfFile: svg, encoding: .utf8).hasPrefix("<?xml"))
    }

    @Test func badInputIsOneLineNonZeroAndNoFile() throws {
        let club = try Self.laLigaClub()
        let file = club.scratch.path("out.pdf")
        let cases: [([String], Int32, String)] = [
            (["league", "table", "No Such League", "-o", file], 65, "no league 'No Such League'"),
            (["league", "table", "La Liga", "-o", file, "--paper", "60x60mm"], 64, "too small"),
            (["league", "table", "La Liga", "-o", file, "--paper", "b7"], 64, "--paper"),
            (["league", "table", "La Liga", "-o", file, "--pages", "home,cup"], 64, "unknown page 'cup'"),
            (["league", "table", "La Liga", "--format", "pdf"], 64, "-o FILE"),
            (["league", "table", "La Liga", "Other"], 64, "several leagues"),
            (["league", "table", "La Liga", "-o", club.scratch.path("no/such/dir/out.pdf")], 73, "no directory"),
            (["league", "table", "La Liga", "No Such League", "-o", file], 65, "no league 'No Such League'"),
        ]
        for (arguments, status, message) in cases {
            let result = try club.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1 || status == 64, "\(arguments): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: file), "\(arguments) left a file")
        }
    }

    @Test func zonesAreSetByEditorsAndListedByAnyone() throws {
        let club = try Self.laLigaClub()
        let listed = try club.run(["league", "zones", "La Liga", "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let zones = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
        #expect(zones?.count == 4)
        #expect(zones?[1]["mark"] as? String == "CL" && zones?[1]["first"] as? Int == 1 && zones?[1]["last"] as? Int == 4)
        #expect(zones?[0]["name"] as? String == "Champion")
        // Changing them needs a login; a bad spec is a usage error naming it.
        let anonymous = try club.run(["league", "zones", "La Liga", "--clear"])
        #expect(anonymous.status == 77)
        let bad = try club.run(["league", "zones", "La Liga", "--set", "europe:4-1"], as: "alice")
        #expect(bad.status == 64 && bad.stderr.contains("europe:4-1"))
        let unknown = try club.run(["league", "zones", "La Liga", "--set", "cup:1"], as: "alice")
        #expect(unknown.status == 64 && unknown.stderr.contains("unknown kind 'cup'"))
        let long = try club.run(["league", "zones", "La Liga", "--set", "europe:1:ABCD"], as: "alice")
        #expect(long.status == 65 && long.stderr.contains("zone 1 mark"))
        #expect(try club.run(["league", "zones", "La Liga", "--json"]).stdout == listed.stdout)
        let cleared = try club.run(["league", "zones", "La Liga", "--clear"], as: "alice")
        #expect(cleared.status == 0 && cleared.stdout == "no zones\n")
    }
}
