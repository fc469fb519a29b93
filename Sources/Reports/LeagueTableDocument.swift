import Canvas
import Foundation
import League

/// A league table laid out on paper: PDF (vector, every page in one document), or one page
/// at a time as PNG or SVG.
///
/// The first page carries the title, the season and the "as of" line; every page repeats the
/// column header; the last page ends with the zones' legend and the numbered footnotes (point
/// deductions, then tie-break notes), whose numbers also stand next to the teams they concern.
/// The same input always gives the same bytes.
public struct LeagueTableDocument {
    public let standings: Standings
    public let title: String
    public let season: String
    public let asOf: String?
    public let deductions: [PointDeduction]
    public let zones: [TableZone]
    /// The sheet as drawn (already turned when `landscape`).
    public let paper: PaperSize

    let layout: Layout

    /// - Throws: ``LeagueTableError/paperTooSmall(width:height:)`` when the sheet cannot hold
    ///   the header and a single row.
    public init(standings: Standings, title: String, season: String, asOf: String? = nil,
                deductions: [PointDeduction] = [], zones: [TableZone] = [], paper: PaperSize = .a4,
                landscape: Bool = false) throws {
        self.standings = standings
        self.title = title
        self.season = season
        self.asOf = asOf
        self.deductions = deductions
        self.zones = zones
        self.paper = landscape ? paper.landscape : paper
        let notes = Self.footnotes(deductions: deductions, notes: standings.notes)
        self.layout = try Layout(paper: self.paper, hasAsOf: asOf != nil, rowCount: standings.rows.count,
                                 footerLines: zones.count + notes.count)
    }

    /// The number of pages.
    public var pageCount: Int { layout.pages.count }

    /// Every page in one PDF document.
    public func pdf() throws -> Data {
        let canvas = try Canvas(width: paper.width, height: paper.height, format: .pdf, title: title)
        for page in 0..<pageCount {
            if page > 0 { try canvas.newPage() }
            canvas.withSavedState { draw(page: page, on: canvas) }
        }
        return try canvas.encoded()
    }

    /// Page `page` (from 0) as a PNG at `scale` pixels per point.
    public func png(page: Int, scale: Double = 2) throws -> Data {
        try canvas(page: page, format: .png, scale: scale).encoded()
    }

    /// Page `page` (from 0) as an SVG document.
    public func svg(page: Int) throws -> Data {
        Self.renumberingSurfaces(try canvas(page: page, format: .svg, scale: 1).encoded())
    }

    /// Cairo names an SVG's groups `surfaceN` from a process-wide counter; renumbering them in
    /// order of appearance keeps the same drawing byte-identical from run to run.
    static func renumberingSurfaces(_ svg: Data) -> Data {
        let text = String(decoding: svg, as: UTF8.self)
        guard let regex = try? NSRegularExpression(pattern: #"\bsurface(\d+)\b"#) else { return svg }
        let ns = text as NSString
        var numbers: [String: Int] = [:]
        var result = ""
        var last = 0
        for match in regex.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            result += ns.substring(with: NSRange(location: last, length: match.range.location - last))
            let old = ns.substring(with: match.range(at: 1))
            let new = numbers[old] ?? (numbers.count + 1)
            numbers[old] = new
            result += "surface\(new)"
            last = match.range.location + match.range.length
        }
        result += ns.substring(from: last)
        return Data(result.utf8)
    }

    /// Page `page` drawn on a new canvas of `format`.
    func canvas(page: Int, format: OutputFormat, scale: Double) throws -> Canvas {
        guard (0..<pageCount).contains(page) else { throw LeagueTableError.noSuchPage(page, pageCount: pageCount) }
        let canvas = try Canvas(width: paper.width, height: paper.height, scale: scale, format: format, title: title)
        draw(page: page, on: canvas)
        return canvas
    }

    // MARK: - Footnotes

    /// Footnote texts in order: deductions, then tie-break notes.
    static func footnotes(deductions: [PointDeduction], notes: [TieBreakNote]) -> [(text: String, teams: [String])] {
        let cuts = deductions.map { deduction -> (String, [String]) in
            let amount = abs(deduction.points)
            let unit = amount == 1 ? "point" : "points"
            let verb = deduction.points >= 0 ? "deducted" : "added"
            let reason = deduction.reason.isEmpty ? "" : " (\(deduction.reason))"
            return ("\(deduction.team): \(amount) \(unit) \(verb)\(reason)", [deduction.team])
        }
        return cuts + notes.map { ($0.description, [$0.higher, $0.lower]) }
    }

    var footnotes: [(text: String, teams: [String])] {
        Self.footnotes(deductions: deductions, notes: standings.notes)
    }

    /// The footnote numbers (from 1) next to each team.
    var markers: [String: [Int]] {
        var markers: [String: [Int]] = [:]
        for (index, note) in footnotes.enumerated() {
            for team in note.teams where !(markers[team]?.contains(index + 1) ?? false) {
                markers[team, default: []].append(index + 1)
            }
        }
        return markers
    }

    // MARK: - Text helpers

    /// `+5`, `0` or `−3` (with a true minus sign).
    static func signed(_ value: Int) -> String {
        value > 0 ? "+\(value)" : value < 0 ? "\u{2212}\(-value)" : "0"
    }

    func zone(for position: Int) -> TableZone? { zones.first { $0.positions.contains(position) } }
}

// MARK: - Layout

extension LeagueTableDocument {
    struct Page: Hashable {
        var rows: Range<Int>
        var footerLines: Range<Int>
    }

    struct Column {
        var title: String
        var width: Double
        var alignment: TextAlignment
    }

    /// Where everything goes, worked out from sizes alone (no text measuring), so the page
    /// count is known before drawing.
    struct Layout {
        static let margin = 36.0
        static let titleBlock = 18.0 + 18 + 8
        static let asOfLine = 14.0
        static let continuedBlock = 24.0
        static let headerHeight = 18.0
        static let rowHeight = 16.0
        static let lineHeight = 12.0
        static let footerGap = 10.0
        static let bottomReserve = 18.0
        static let minimumTeamWidth = 60.0
        static let fixedColumns: [Column] = [
            Column(title: "P", width: 22, alignment: .right), Column(title: "W", width: 22, alignment: .right),
            Column(title: "D", width: 22, alignment: .right), Column(title: "L", width: 22, alignment: .right),
            Column(title: "GF", width: 26, alignment: .right), Column(title: "GA", width: 26, alignment: .right),
            Column(title: "GD", width: 30, alignment: .right), Column(title: "Pts", width: 30, alignment: .right),
        ]
        static let positionWidth = 26.0
        static let markWidth = 14.0
        static let formGap = 10.0
        static let formBox = 10.0
        static let formStep = 11.5
        static var formWidth: Double { formGap + 5 * formStep }

        var paper: PaperSize
        var hasAsOf: Bool
        var pages: [Page]
        var teamWidth: Double

        init(paper: PaperSize, hasAsOf: Bool, rowCount: Int, footerLines: Int) throws {
            self.paper = paper
            self.hasAsOf = hasAsOf
            let inner = paper.width - 2 * Self.margin
            let fixed = Self.positionWidth + Self.markWidth + Self.fixedColumns.reduce(0) { $0 + $1.width }
                + Self.formWidth
            teamWidth = inner - fixed
            let firstTop = Self.margin + Self.titleBlock + (hasAsOf ? Self.asOfLine : 0)
            let bottom = paper.height - Self.margin - Self.bottomReserve
            guard paper.width.isFinite, paper.height.isFinite, teamWidth >= Self.minimumTeamWidth,
                  bottom - firstTop >= Self.headerHeight + Self.rowHeight,
                  bottom - (Self.margin + Self.continuedBlock) >= Self.headerHeight + Self.rowHeight else {
                throw LeagueTableError.paperTooSmall(width: paper.width, height: paper.height)
            }
            var pages: [Page] = []
            var row = 0, line = 0
            repeat {
                var y = pages.isEmpty ? firstTop : Self.margin + Self.continuedBlock
                var rows = row..<row
                if row < rowCount {
                    let fit = Int(((bottom - y - Self.headerHeight) / Self.rowHeight).rounded(.down))
                    rows = row..<min(rowCount, row + fit)
                    row = rows.upperBound
                    y += Self.headerHeight + Double(rows.count) * Self.rowHeight
                }
                var lines = line..<line
                if row == rowCount, line < footerLines {
                    let fit = max(0, Int(((bottom - y - Self.footerGap) / Self.lineHeight).rounded(.down)))
                    lines = line..<min(footerLines, line + fit)
                    line = lines.upperBound
                }
                pages.append(Page(rows: rows, footerLines: lines))
            } while row < rowCount || line < footerLines
            self.pages = pages
        }

        /// The top of the column header on `page`.
        func headerTop(page: Int) -> Double {
            page == 0 ? Self.margin + Self.titleBlock + (hasAsOf ? Self.asOfLine : 0) : Self.margin + Self.continuedBlock
        }

        /// The rectangle of the `index`-th row drawn on `page`.
        func rowRect(page: Int, index: Int) -> Rect {
            Rect(x: Self.margin, y: headerTop(page: page) + Self.headerHeight + Double(index) * Self.rowHeight,
                 width: paper.width - 2 * Self.margin, height: Self.rowHeight)
        }

        /// The x of the mark column's left edge.
        var markX: Double { Self.margin + Self.positionWidth }
        /// The x of the team column's left edge.
        var teamX: Double { markX + Self.markWidth }
    }
}
