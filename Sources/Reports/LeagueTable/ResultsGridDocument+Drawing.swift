import Canvas
import Foundation
import League

extension ResultsGridDocument {
    public func draw(page: Int, on canvas: Canvas) {
        layout.heading.draw(page: page, paper: paper, on: canvas)
        let current = layout.pages[page]
        let top = layout.heading.contentTop(page: page)
        let left = PageHeading.margin
        let gridLeft = left + layout.labelWidth
        let rowsTop = top + layout.headerHeight
        let ink = PageHeading.ink

        // Away teams across the top, turned to read upwards.
        for (index, column) in current.columns.enumerated() {
            let x = gridLeft + Double(index) * layout.cellWidth + layout.cellWidth / 2 + 2.5
            let name = TextFitting.shortened(grid.teams[column], toFit: layout.headerHeight - 6, font: Self.nameFont, on: canvas)
            canvas.withSavedState {
                canvas.translate(x: x, y: rowsTop - 4)
                canvas.rotate(by: -Double.pi / 2)
                canvas.draw(text: name, at: .zero, font: Self.nameFont, color: ink)
            }
        }

        for (index, row) in current.rows.enumerated() {
            let y = rowsTop + Double(index) * layout.rowHeight
            let name = TextFitting.shortened(grid.teams[row], toFit: layout.labelWidth - 6, font: Self.nameFont, on: canvas)
            canvas.draw(text: name, at: Point(x: left, y: y + layout.rowHeight / 2 + 2.5), font: Self.nameFont, color: ink)
            for (offset, column) in current.columns.enumerated() {
                let cell = Rect(x: gridLeft + Double(offset) * layout.cellWidth, y: y, width: layout.cellWidth,
                                height: layout.rowHeight)
                drawCell(row: row, column: column, in: cell, on: canvas)
            }
        }

        // The grid's lines over the tints.
        let rowsBottom = rowsTop + Double(current.rows.count) * layout.rowHeight
        let gridRight = gridLeft + Double(current.columns.count) * layout.cellWidth
        let thin = StrokeStyle(color: PageHeading.rule, width: 0.5)
        for index in 0...current.rows.count {
            let y = rowsTop + Double(index) * layout.rowHeight
            canvas.stroke(Path(polyline: [Point(x: left, y: y), Point(x: gridRight, y: y)]), style: thin)
        }
        for index in 0...current.columns.count {
            let x = gridLeft + Double(index) * layout.cellWidth
            canvas.stroke(Path(polyline: [Point(x: x, y: rowsTop), Point(x: x, y: rowsBottom)]), style: thin)
        }

        if current.showsLegend {
            canvas.draw(text: TextFitting.shortened(Self.legend, toFit: paper.width - 2 * left, font: PageHeading.noteFont, on: canvas),
                        at: Point(x: left, y: rowsBottom + 8 + 12), font: PageHeading.noteFont, color: ink)
        }
    }

    private func drawCell(row: Int, column: Int, in cell: Rect, on canvas: Canvas) {
        var box = Path()
        box.addRect(cell)
        guard row != column else {
            canvas.fill(box, color: Color(red: 0.55, green: 0.55, blue: 0.55))
            return
        }
        let scores = grid.cells[row][column]
        guard !scores.isEmpty else { return }
        if scores.count == 1, let score = scores.first {
            canvas.fill(box, color: Self.tint(score))
        }
        let top = cell.y + (cell.height - Double(scores.count) * Layout.lineHeight) / 2
        for (index, score) in scores.enumerated() {
            canvas.draw(text: "\(score.home)\u{2013}\(score.away)",
                        at: Point(x: cell.center.x, y: top + Double(index + 1) * Layout.lineHeight - 2.5),
                        font: Self.scoreFont, color: PageHeading.ink, alignment: .center)
        }
    }

    /// The home side's result as a light tint (the same as the table's form boxes).
    static func tint(_ score: Score) -> Color {
        LeagueTableDocument.formTint(score.home > score.away ? .win : score.home == score.away ? .draw : .loss)
    }
}
