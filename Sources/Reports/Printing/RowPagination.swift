/// Splits rows under a repeated column header, then lines of notes, into pages: every page
/// but the first starts higher (no title block); notes follow the last row.
struct RowPagination: Sendable, Hashable {
    /// What one page holds: rows, then footer lines (legend and notes), by index.
    struct Page: Sendable, Hashable {
        var rows: Range<Int>
        var footerLines: Range<Int>
    }

    var firstTop: Double
    var nextTop: Double
    var bottom: Double
    var headerHeight: Double
    var rowHeight: Double
    var lineHeight: Double
    var footerGap: Double

    /// - Throws: ``PrintError/paperTooSmall(width:height:what:)`` when a page cannot hold the
    ///   header and one row, or a line of notes.
    func pages(rows rowCount: Int, footerLines lineCount: Int, paper: PaperSize) throws -> [Page] {
        let smallest = min(bottom - firstTop, bottom - nextTop)
        guard paper.width.isFinite, paper.height.isFinite, smallest >= headerHeight + rowHeight,
              smallest >= footerGap + lineHeight else {
            throw PrintError.paperTooSmall(width: paper.width, height: paper.height,
                                           what: "the title, the column header and even one row")
        }
        var pages: [Page] = []
        var row = 0, line = 0
        repeat {
            var y = pages.isEmpty ? firstTop : nextTop
            var rows = row..<row
            if row < rowCount {
                let fit = Int(((bottom - y - headerHeight) / rowHeight).rounded(.down))
                rows = row..<min(rowCount, row + fit)
                row = rows.upperBound
                y += headerHeight + Double(rows.count) * rowHeight
            }
            var lines = line..<line
            if row == rowCount, line < lineCount {
                let fit = max(0, Int(((bottom - y - footerGap) / lineHeight).rounded(.down)))
                lines = line..<min(lineCount, line + fit)
                line = lines.upperBound
            }
            pages.append(Page(rows: rows, footerLines: lines))
        } while row < rowCount || line < lineCount
        return pages
    }
}
