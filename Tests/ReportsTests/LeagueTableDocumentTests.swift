import Canvas
import Foundation
import League
import TestSupport
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
        #expect(try PDFProbe.info(pdf).pages == 1)
    }

    @Test func fortyTeamsSpanSeveralPages() throws {
        let document = try Self.document(teams: 40, paper: .a4.landscape)
        #expect(document.pageCount >= 2)
        let pdf = try document.pdf()
        #expect(try PDFProbe.info(pdf).pages == document.pageCount)
        #expect(String(decoding: pdf, as: UTF8.self).contains("/Count \(document.pageCount)"))
        // Every row is placed exactly once, in order.
        let placed = document.layout.pages.flatMap { Array($0.rows) }
        #expect(placed == Array(0..<40))
        // Each page renders on its own as well.
        for page in 0..<document.pageCount {
            #expect(try document.svg(page: page).count > 0)
        }
        #expect(throws: PrintError.self) { try document.svg(page: document.pageCount) }
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
        let notes = LeagueTableDocument.footnotes(deductions: document.deductions, standings: document.standings).map(\.text)
        #expect(notes == ["Team 20: 9 points deducted (administration)",
                          "Team 2 above Team 3: head-to-head points 6 to 1"])
        #expect(document.markers == ["Team 20": [1], "Team 2": [2], "Team 3": [2]])
        #expect(TextFitting.signed(4) == "+4" && TextFitting.signed(-3) == "\u{2212}3")
    }

    @Test func tooSmallPaperThrows() throws {
        let standings = try Self.standings(teams: 20)
        #expect(throws: PrintError.self) {
            try LeagueTableDocument(standings: standings, title: "T", season: "S",
                                    paper: PaperSize(width: 200, height: 120))
        }
        do {
            _ = try LeagueTableDocument(standings: standings, title: "T", season: "S",
                                        paper: PaperSize(width: 595, height: 100))
            Issue.record("expected an error")
        } catch let error as PrintError {
            #expect(error.localizedDescription.contains("too small"))
        }
    }

    /// Every team in order across the pages, the header on every page, the footnotes at the end.
    @Test func pdfTextHasEveryTeamInOrderAndTheFootnotes() throws {
        let document = try Self.document(teams: 40, paper: .a4.landscape)
        let pdf = try document.pdf()
        let info = try PDFProbe.info(pdf)
        #expect(info.pages == document.pageCount)
        #expect(document.layout.pages.filter { !$0.rows.isEmpty }.count >= 2)
        #expect(abs(info.width - 841.89) < 0.1 && abs(info.height - 595.28) < 0.1)
        let text = try PDFProbe.text(pdf).replacingOccurrences(of: " +", with: " ", options: .regularExpression)
        // Every team in table order (a document without footnote markers, which pdftotext
        // would run into the names); "Team 1 " with its space so "Team 10" is not "Team 1".
        let special = [4: "Ελληνικός Όμιλος", 5: "Спартак Москва", 6: "Atlético Málaga"]
        let names = (0..<40).map { special[$0] ?? "Team \($0 + 1) " }
        let plain = try LeagueTableDocument(
            standings: Self.standings(teams: 40, names: [4: "Ελληνικός Όμιλος Ποδοσφαίρου", 5: "Спартак Москва",
                                                         6: "Atlético Málaga"]),
            title: "Premier League", season: "2023–24", paper: .a4.landscape)
        #expect(plain.pageCount >= 2)
        let lines = try PDFProbe.text(plain.pdf()).split(separator: "\n").map { $0 + " " }
        #expect(lines.compactMap { line in names.first { line.contains($0) } } == names)
        for page in 1...info.pages {
            let pageText = try PDFProbe.text(pdf, page: page)
            if !document.layout.pages[page - 1].rows.isEmpty {
                #expect(pageText.contains("Pos") && pageText.contains("Team") && pageText.contains("Pts"), "page \(page) header")
            }
            #expect(pageText.contains("Page \(page) of \(info.pages)"))
        }
        for expected in ["Premier League", "As of matchday 38", "1 Team 20: 9 points deducted (administration)",
                         "2 Team 2 above Team 3: head-to-head points 6 to 1", "Champions League", "Relegation", "=3"] {
            #expect(text.contains(expected), "missing \(expected)")
        }
    }

    @Test func longFootnotesWrapInsteadOfBeingCut() throws {
        let reason = Array(repeating: "failure to fulfil the fixture against a rival club", count: 4).joined(separator: " and ")
        let document = try LeagueTableDocument(standings: Self.standings(teams: 20), title: "T", season: "S",
                                               deductions: [PointDeduction(team: "Team 7", points: 3, reason: reason)])
        let lines = document.footerLines.filter { if case .note = $0 { return true } else { return false } }
        #expect(lines.count >= 2)
        let text = try PDFProbe.text(document.pdf())
        #expect(text.contains("rival club") && !text.contains("…"))
        #expect(text.filter { $0 == "\n" }.count > 20)
    }

    @Test func leagueZonesGiveMarksTintsAndTheNarrowestWins() throws {
        let zones = TableZone.zones([
            LeagueZone(kind: .europe, positions: 1...4, name: "Champions League", mark: "CL"),
            LeagueZone(kind: .champion, positions: 1...1),
            LeagueZone(kind: .europe, positions: 5...5, name: "Europa League", mark: "EL"),
            LeagueZone(kind: .relegation, positions: 18...20),
        ])
        #expect(zones[1].mark == "C" && zones[3].name == "Relegation")
        #expect(zones[0].tint != zones[2].tint)
        let document = try LeagueTableDocument(standings: Self.standings(teams: 20), title: "T", season: "S", zones: zones)
        #expect(document.zone(for: 1)?.mark == "C")
        #expect(document.zone(for: 3)?.mark == "CL")
        #expect(document.zone(for: 10) == nil)
        let text = try PDFProbe.text(document.pdf())
        for legend in ["CL   Champions League", "EL   Europa League", "R    Relegation"] {
            #expect(text.replacingOccurrences(of: "  +", with: "  ", options: .regularExpression)
                        .contains(legend.replacingOccurrences(of: "  +", with: "  ", options: .regularExpression)),
                    "legend \(legend)")
        }
    }
}
