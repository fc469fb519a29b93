import Canvas

/// Where an album's headings and rows of slots go on its pages, worked out from sizes alone
/// so that the page count is known before drawing. A section's heading always has at least
/// one row under it; a section that goes on over a page break repeats its heading there.
struct AlbumLayout: Sendable, Hashable {
    static let margin = 36.0
    static let columns = 6
    static let gutter = 8.0
    /// The collection's title and the summary line on the first page.
    static let titleBlock = 44.0
    /// The "continued" line on later pages.
    static let continuedBlock = 24.0
    static let headingHeight = 26.0
    static let sectionGap = 10.0
    static let footer = 16.0

    enum Item: Sendable, Hashable {
        /// A section's heading with its top; `continued` on pages after the section's first.
        case heading(section: Int, continued: Bool, top: Double)
        /// The `row`-th row of a section's slots with its top.
        case row(section: Int, row: Int, top: Double)
    }

    var paper: PaperSize
    var slotSize: Size
    var pages: [[Item]]

    /// - Throws: ``PrintError/paperTooSmall(width:height:what:)`` when a page cannot hold a
    ///   heading and one row.
    init(paper: PaperSize, sectionSizes: [Int]) throws {
        self.paper = paper
        let inner = paper.width - 2 * Self.margin
        let width = (inner - Double(Self.columns - 1) * Self.gutter) / Double(Self.columns)
        slotSize = Size(width: width, height: width * PlayerCard.height / PlayerCard.width)
        let bottom = paper.height - Self.margin - Self.footer
        let needed = Self.headingHeight + slotSize.height
        guard width.isFinite, width >= 20, Self.margin + Self.titleBlock + needed <= bottom else {
            throw PrintError.paperTooSmall(width: paper.width, height: paper.height, what: "a section heading and a row of album cards")
        }
        let rowHeight = slotSize.height + Self.gutter
        var pages: [[Item]] = []
        var page: [Item] = []
        var y = Self.margin + Self.titleBlock
        func turn() {
            pages.append(page)
            page = []
            y = Self.margin + Self.continuedBlock
        }
        for (section, count) in sectionSizes.enumerated() {
            let rows = (count + Self.columns - 1) / Self.columns
            var row = 0
            while row < rows {
                if y + needed > bottom { turn() }
                page.append(.heading(section: section, continued: row > 0, top: y))
                y += Self.headingHeight
                while row < rows, y + slotSize.height <= bottom {
                    page.append(.row(section: section, row: row, top: y))
                    y += rowHeight
                    row += 1
                }
                if row < rows { turn() }
            }
            y += Self.sectionGap - Self.gutter
        }
        pages.append(page)
        self.pages = pages
    }

    /// The slot in `column` of a row whose top is `top`.
    func slotRect(column: Int, top: Double) -> Rect {
        Rect(x: Self.margin + Double(column) * (slotSize.width + Self.gutter), y: top,
             width: slotSize.width, height: slotSize.height)
    }
}
