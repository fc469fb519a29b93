import Canvas
import Foundation
import League

/// A season's results as a cross table: home teams down the side, away teams across the top
/// (their names turned upright), each cell the score with the home team's goals first. Cells
/// are tinted by the home side's result, but the scores carry the meaning, so the grid reads
/// in black and white. Too many teams for the width split the columns over further pages.
public struct ResultsGridDocument: PrintSection {
    public let grid: ResultsGrid
    public let title: String
    public let season: String
    public let asOf: String?
    public let paper: PaperSize

    let layout: Layout

    /// - Throws: ``PrintError/paperTooSmall(width:height:what:)`` when a sheet cannot hold
    ///   the labels and one cell.
    public init(grid: ResultsGrid, title: String, season: String, asOf: String? = nil, paper: PaperSize = .a4,
                landscape: Bool = false) throws {
        self.grid = grid
        self.title = title
        self.season = season
        self.asOf = asOf
        self.paper = landscape ? paper.landscape : paper
        let canvas = try TextFitting.measuringCanvas()
        layout = try Layout(grid: grid, paper: self.paper,
                            heading: PageHeading(title: title, subtitle: "\(season) · Results", note: asOf)) {
            canvas.measure($0, font: Self.nameFont).advance
        }
    }

    public var bookmark: String { "Results" }
    public var pageCount: Int { layout.pages.count }

    static let nameFont = Font(size: 7.5)
    static let scoreFont = Font(size: 7.5)
    static let legend = "Home teams down the side, away teams across the top; each score gives the home team's goals first."

    // MARK: - Layout

    struct Layout: Sendable {
        static let minimumCell = 20.0
        static let maximumCell = 34.0
        static let lineHeight = 10.0
        static let maximumLabel = 150.0
        static let maximumHeader = 100.0

        struct Page: Sendable, Hashable {
            var rows: Range<Int>
            var columns: Range<Int>
            var showsLegend: Bool
        }

        var heading: PageHeading
        var labelWidth: Double
        var headerHeight: Double
        var cellWidth: Double
        var rowHeight: Double
        var pages: [Page]

        init(grid: ResultsGrid, paper: PaperSize, heading: PageHeading, measure: (String) -> Double) throws {
            self.heading = heading
            let longest = grid.teams.map(measure).max() ?? 0
            labelWidth = min(Self.maximumLabel, max(60, longest + 8))
            headerHeight = min(Self.maximumHeader, max(30, longest + 8))
            let legs = grid.cells.flatMap { $0.map(\.count) }.max() ?? 1
            rowHeight = Double(max(1, legs)) * Self.lineHeight + 4
            let width = paper.width - 2 * PageHeading.margin - labelWidth
            let count = max(1, grid.teams.count)
            cellWidth = min(Self.maximumCell, max(Self.minimumCell, width / Double(count)))
            let columnsPerPage = Int((width / cellWidth).rounded(.down))
            guard columnsPerPage >= 1 else {
                throw PrintError.paperTooSmall(width: paper.width, height: paper.height, what: "the results grid's labels and one column")
            }
            let pagination = RowPagination(
                firstTop: heading.contentTop(page: 0), nextTop: heading.contentTop(page: 1),
                bottom: PageHeading.contentBottom(paper), headerHeight: headerHeight, rowHeight: rowHeight,
                lineHeight: 12, footerGap: 8)
            var pages: [Page] = []
            var start = 0
            repeat {
                let columns = start..<min(grid.teams.count, start + columnsPerPage)
                let last = columns.upperBound == grid.teams.count
                // Every column chunk restarts the rows. A later chunk's first page is laid out
                // as if it had the title block, which only leaves it some spare room.
                let chunk = try pagination.pages(rows: grid.teams.count, footerLines: last ? 1 : 0, paper: paper)
                pages += chunk.map { Page(rows: $0.rows, columns: columns, showsLegend: !$0.footerLines.isEmpty) }
                start = columns.upperBound
            } while start < grid.teams.count
            self.pages = pages
        }
    }
}
