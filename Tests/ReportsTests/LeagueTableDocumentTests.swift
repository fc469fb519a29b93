import Canvas
import Foundation
import League
import Testing
@testable import Reports

@Suite struct LeagueTableDocumentTests {
    /// A table of `count` teams, built through `Standings`' public Codable form.
    static func standings(teams count: Int, names: [Int: String] = [:],
                          notes: [[String: String]] = []) throws -> Standings {
        let rows: [[String: Any]] = (0..<count).map { index in
            let won = max(0, 30 - index), drawn = index % 5, lost = index
            return [
                "position": index == 3 ? 3 : index + 1, "shared": index == 2 || index == 3,
                "team": names[index] ?? "Team \(index + 1)", "played": won + drawn + lost, "won": won,
                "drawn": drawn, "lost": lost, "goalsFor": 60 - index, "goalsAgainst": 20 + index,
                "goalDifference": 40 - 2 * index, "points": 3 * won + drawn, "deducted": 0,
                "form": ["WWDLW", "LDWWL", "DDLWW"][index % 3],
            ]
        }
        let object: [String: Any] = ["rules": "premier-league", "rows": rows, "notes": notes, "playOffs": [[String]]()]
        let data = try JSONSerialization.data(withJSONObject: object)
        return try JSONDecoder().decode(Standings.self, from: data)
    }

    static let zones = [
        TableZone(name: "Champions League", positions: 1...4, mark: "C", tint: Color(red: 0.80, green: 0.88, blue: 1)),
        TableZone(name: "Relegation", positions: 18...20, mark: "R", tint: Color(red: 1, green: 0.85, blue: 0.85)),
    ]

    static func pageObjects(in pdf: Data) -> Int {
        let text = String(decoding: pdf, as: UTF8.self)
        return text.components(separatedBy: "/Type /Page").count - 1 - (text.components(separatedBy: "/Type /Pages").count - 1)
    }

    static func document(teams: Int, paper: PaperSize = .a4) throws -> LeagueTableDocument {
        let standings = try standings(teams: teams, names: [4: "Ελληνικός Όμιλος Ποδοσφαίρου", 5: "Спартак Москва", 6: "Atlético Málaga"],
                                      notes: [["higher": "Team 2", "lower": "Team 3", "criterion": "head-to-head points",
                                               "higherValue": "6", "lowerValue": "1"]])
        return try LeagueTableDocument(standings: standings, title: "Premier League", season: "2023–24",
                                       asOf: "As of matchday 38",
                                       deductions: [PointDeduction(team: "Team 20", points: 9, reason: "administration")],
                                       zones: zones, paper: paper)
    }

    @Test func twentyTeamsFitOneA4Page() throws {
        let document = try Self.document(teams: 20)
        #expect(document.pageCount == 1)
        let pdf = try document.pdf()
        #expect(pdf.starts(with: Data("%PDF-".utf8)))
        #expect(Self.pageObjects(in: pdf) == 1)
    }

    @Test func fortyTeamsSpanSeveralPages() throws {
        let document = try Self.document(teams: 40, paper: .a4.landscape)
        #expect(document.pageCount >= 2)
        let pdf = try document.pdf()
        #expect(Self.pageObjects(in: pdf) == document.pageCount)
        #expect(String(decoding: pdf, as: UTF8.self).contains("/Count \(document.pageCount)"))
        // Every row is placed exactly once, in order.
        let placed = document.layout.pages.flatMap { Array($0.rows) }
        #expect(placed == Array(0..<40))
        // Each page renders on its own as well.
        for page in 0..<document.pageCount {
            #expect(try document.svg(page: page).count > 0)
        }
        #expect(throws: LeagueTableError.self) { try document.svg(page: document.pageCount) }
    }

    @Test func rendersAreDeterministic() throws {
        let first = try Self.document(teams: 40).pdf()
        let second = try Self.document(teams: 40).pdf()
        #expect(first == second)
        #expect(try Self.document(teams: 20).png(page: 0, scale: 1) == Self.document(teams: 20).png(page: 0, scale: 1))
        #expect(try Self.document(teams: 20).svg(page: 0) == Self.document(teams: 20).svg(page: 0))
    }

    @Test func firstRowShowsTintAndMark() throws {
        let document = try Self.document(teams: 20)
        let image = try RasterImage(pngData: document.png(page: 0, scale: 1))
        let row = document.layout.rowRect(page: 0, index: 0)
        let tint = RGBA(Self.zones[0].tint)
        var tinted = 0, markInk = 0
        for y in Int(row.minY.rounded(.up))..<Int(row.maxY.rounded(.down)) {
            for x in Int(row.minX.rounded(.up))..<Int(row.maxX.rounded(.down)) {
                let pixel = image.pixel(x: x, y: y)
                if pixel.distance(to: tint) <= 3 { tinted += 1 }
                let inMark = Double(x) >= document.layout.markX && Double(x) < document.layout.teamX
                if inMark, Int(pixel.red) + Int(pixel.green) + Int(pixel.blue) < 200 { markInk += 1 }
            }
        }
        #expect(tinted > 1000)
        #expect(markInk > 3)
        // A row outside every zone has no tint.
        let plain = document.layout.rowRect(page: 0, index: 9)
        #expect(image.pixel(x: Int(plain.center.x), y: Int(plain.center.y)).distance(to: tint) > 10)
    }

    @Test func longNamesAreShortenedWithAnEllipsis() throws {
        let canvas = try Canvas(width: 10, height: 10)
        let font = Font(size: 9)
        let measure = { (text: String) in canvas.measure(text, font: font).advance }
        let long = "Borussia Mönchengladbach Fußball-Club von 1900 eingetragener Verein"
        let short = TextFitting.shortened(long, toFit: 120, measure: measure)
        #expect(short.hasSuffix("…"))
        #expect(short.hasPrefix("Borussia M"))
        #expect(measure(short) <= 120)
        #expect(TextFitting.shortened("Everton", toFit: 120, measure: measure) == "Everton")
        #expect(TextFitting.shortened(long, toFit: 1, measure: measure) == "…")
    }

    @Test func footnotesAndMarkers() throws {
        let document = try Self.document(teams: 20)
        let notes = document.footnotes.map(\.text)
        #expect(notes == ["Team 20: 9 points deducted (administration)",
                          "Team 2 above Team 3: head-to-head points 6 to 1"])
        #expect(document.markers == ["Team 20": [1], "Team 2": [2], "Team 3": [2]])
        #expect(LeagueTableDocument.signed(4) == "+4" && LeagueTableDocument.signed(-3) == "\u{2212}3")
    }

    @Test func tooSmallPaperThrows() throws {
        let standings = try Self.standings(teams: 20)
        #expect(throws: LeagueTableError.self) {
            try LeagueTableDocument(standings: standings, title: "T", season: "S",
                                    paper: PaperSize(width: 200, height: 120))
        }
        do {
            _ = try LeagueTableDocument(standings: standings, title: "T", season: "S",
                                        paper: PaperSize(width: 595, height: 100))
            Issue.record("expected an error")
        } catch let error as LeagueTableError {
            #expect(error.localizedDescription.contains("too small"))
        }
    }

    /// Text check through poppler's `pdftotext`, skipped when the tool is not installed.
    @Test func pdfTextIncludesNamesAndFootnotes() throws {
        let tool = URL(fileURLWithPath: "/usr/bin/pdftotext")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else { return } // poppler-utils absent: skip
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("t.pdf"), output = directory.appendingPathComponent("t.txt")
        try Self.document(teams: 40).pdf().write(to: input)
        let process = Process()
        process.executableURL = tool
        process.arguments = [input.path, output.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let text = try String(contentsOf: output, encoding: .utf8)
        for expected in ["Premier League", "As of matchday 38", "Спартак Москва", "Atlético Málaga", "Team 40",
                         "9 points deducted (administration)", "head-to-head points 6 to 1", "Relegation", "=3"] {
            #expect(text.contains(expected), "missing \(expected)")
        }
    }
}
