import Canvas
import Foundation
import League

/// A league table laid out on paper: a ``PrintSection`` to print alone (`pdf()`, `png(page:)`,
/// `svg(page:)`) or bound with others in a ``PrintBook``.
///
/// The first page carries the title, the season and the "as of" line; every page repeats the
/// column header; the last page ends with the zones' legend and the numbered footnotes (point
/// deductions, tie-break notes, play-offs), whose numbers also stand next to the teams they
/// concern. Long notes wrap. The same input always gives the same bytes.
public struct LeagueTableDocument: PrintSection {
    public let standings: Standings
    public let title: String
    public let season: String
    /// What the table counts when not every match ("Home matches"), added to the season line.
    public let heading: String?
    public let asOf: String?
    public let deductions: [PointDeduction]
    public let zones: [TableZone]
    /// The sheet as drawn (already turned when `landscape`).
    public let paper: PaperSize

    let layout: Layout
    /// The legend's and the footnotes' lines, in order.
    let footerLines: [FooterLine]

    /// - Throws: ``PrintError/paperTooSmall(width:height:what:)`` when the sheet cannot hold
    ///   the header and a single row.
    public init(standings: Standings, title: String, season: String, heading: String? = nil, asOf: String? = nil,
                deductions: [PointDeduction] = [], zones: [TableZone] = [], paper: PaperSize = .a4,
                landscape: Bool = false) throws {
        self.standings = standings
        self.title = title
        self.season = season
        self.heading = heading
        self.asOf = asOf
        self.deductions = deductions
        self.zones = zones
        self.paper = landscape ? paper.landscape : paper
        let page = PageHeading(title: title, subtitle: Self.subtitle(season: season, heading: heading), note: asOf)
        let layout = try Layout(paper: self.paper, heading: page)
        let canvas = try TextFitting.measuringCanvas()
        let width = layout.noteWidth
        let notes = Self.footnotes(deductions: deductions, standings: standings).enumerated().flatMap { index, note in
            TextFitting.wrapped(note.text, toFit: width) { canvas.measure($0, font: PageHeading.noteFont).advance }
                .enumerated().map { FooterLine.note(number: $0.offset == 0 ? index + 1 : nil, text: $0.element) }
        }
        footerLines = zones.indices.map(FooterLine.zone) + notes
        self.layout = try layout.paginated(rows: standings.rows.count, footerLines: footerLines.count)
    }

    public var bookmark: String { heading ?? "Table" }

    /// The number of pages.
    public var pageCount: Int { layout.pages.count }

    static func subtitle(season: String, heading: String?) -> String {
        heading.map { "\(season) · \($0)" } ?? season
    }

    // MARK: - Footnotes

    /// A line under the table: a zone of the legend, or a line of a footnote (its first line
    /// carries the note's number).
    enum FooterLine: Sendable, Hashable {
        case zone(Int)
        case note(number: Int?, text: String)
    }

    /// Footnote texts in order: deductions, tie-break notes, then play-offs.
    static func footnotes(deductions: [PointDeduction], standings: Standings) -> [(text: String, teams: [String])] {
        let cuts = deductions.map { deduction -> (String, [String]) in
            let amount = abs(deduction.points)
            let unit = amount == 1 ? "point" : "points"
            let verb = deduction.points >= 0 ? "deducted" : "added"
            let reason = deduction.reason.isEmpty ? "" : " (\(deduction.reason))"
            return ("\(deduction.team): \(amount) \(unit) \(verb)\(reason)", [deduction.team])
        }
        let playOffs = standings.playOffs.map { teams -> (String, [String]) in
            ("A play-off decides the order of \(TextFitting.joined(teams)), still level after every criterion",
             teams)
        }
        return cuts + standings.notes.map { ($0.description, [$0.higher, $0.lower]) } + playOffs
    }

    /// The footnote numbers (from 1) next to each team.
    var markers: [String: [Int]] {
        var markers: [String: [Int]] = [:]
        for (index, note) in Self.footnotes(deductions: deductions, standings: standings).enumerated() {
            for team in note.teams where !(markers[team]?.contains(index + 1) ?? false) {
                markers[team, default: []].append(index + 1)
            }
        }
        return markers
    }

    /// The zone a position is marked with: the narrowest holding it, then the first.
    func zone(for position: Int) -> TableZone? {
        zones.enumerated()
            .filter { $0.element.positions.contains(position) }
            .min { ($0.element.positions.count, $0.offset) < ($1.element.positions.count, $1.offset) }?
            .element
    }
}

// MARK: - Layout

extension LeagueTableDocument {
    struct Column {
        var title: String
        var width: Double
    }

    /// Where everything goes, worked out from sizes alone, so the page count is known before
    /// drawing.
    struct Layout: Sendable {
        static let headerHeight = 18.0
        static let rowHeight = 16.0
        static let lineHeight = 12.0
        static let footerGap = 10.0
        static let minimumTeamWidth = 60.0
        static let fixedColumns: [Column] = [
            Column(title: "P", width: 22), Column(title: "W", width: 22), Column(title: "D", width: 22),
            Column(title: "L", width: 22), Column(title: "GF", width: 26), Column(title: "GA", width: 26),
            Column(title: "GD", width: 30), Column(title: "Pts", width: 30),
        ]
        static let positionWidth = 26.0
        static let markWidth = 16.0
        static let formGap = 10.0
        static let formBox = 10.0
        static let formStep = 11.5
        static var formWidth: Double { formGap + 5 * formStep }

        var paper: PaperSize
        var heading: PageHeading
        var teamWidth: Double
        var pages: [RowPagination.Page] = []

        init(paper: PaperSize, heading: PageHeading) throws {
            self.paper = paper
            self.heading = heading
            let fixed = Self.positionWidth + Self.markWidth + Self.fixedColumns.reduce(0) { $0 + $1.width } + Self.formWidth
            teamWidth = paper.width - 2 * PageHeading.margin - fixed
            guard teamWidth >= Self.minimumTeamWidth else {
                throw PrintError.paperTooSmall(width: paper.width, height: paper.height, what: "the table's columns")
            }
        }

        func paginated(rows: Int, footerLines: Int) throws -> Layout {
            var layout = self
            layout.pages = try RowPagination(
                firstTop: heading.contentTop(page: 0), nextTop: heading.contentTop(page: 1),
                bottom: PageHeading.contentBottom(paper), headerHeight: Self.headerHeight, rowHeight: Self.rowHeight,
                lineHeight: Self.lineHeight, footerGap: Self.footerGap
            ).pages(rows: rows, footerLines: footerLines, paper: paper)
            return layout
        }

        /// The width footnotes wrap at.
        var noteWidth: Double { paper.width - 2 * PageHeading.margin - Self.markWidth - 6 }

        /// The rectangle of the `index`-th row drawn on `page`.
        func rowRect(page: Int, index: Int) -> Rect {
            Rect(x: PageHeading.margin, y: heading.contentTop(page: page) + Self.headerHeight + Double(index) * Self.rowHeight,
                 width: paper.width - 2 * PageHeading.margin, height: Self.rowHeight)
        }

        /// The x of the mark column's left edge.
        var markX: Double { PageHeading.margin + Self.positionWidth }
        /// The x of the team column's left edge.
        var teamX: Double { markX + Self.markWidth }
    }
}
