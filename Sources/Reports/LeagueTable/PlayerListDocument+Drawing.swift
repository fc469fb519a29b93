import Canvas
import League

extension PlayerListDocument {
    static let bodyFont = Font(size: 9)
    static let boldFont = Font(size: 9, weight: .bold)
    static let headerFont = Font(size: 8.5, weight: .bold)

    public func draw(page: Int, on canvas: Canvas) {
        layout.heading.draw(page: page, paper: paper, on: canvas)
        let top = layout.heading.contentTop(page: page)
        let left = PageHeading.margin, right = paper.width - PageHeading.margin
        let ink = PageHeading.ink
        let current = layout.pages[page]
        guard !entries.isEmpty else {
            canvas.draw(text: emptyText, at: Point(x: left, y: top + 22), font: PageHeading.noteFont, color: ink)
            return
        }
        guard !current.rows.isEmpty else { return }

        let playerX = left + Layout.positionWidth + 4
        let teamX = playerX + layout.playerWidth
        let rights = columns.indices.map { teamX + layout.teamWidth + Double($0 + 1) * Layout.numericWidth }
        let header = top + 12.5
        canvas.draw(text: "Pos", at: Point(x: left + Layout.positionWidth - 4, y: header), font: Self.headerFont, color: ink,
                    alignment: .right)
        canvas.draw(text: "Player", at: Point(x: playerX, y: header), font: Self.headerFont, color: ink)
        canvas.draw(text: "Team", at: Point(x: teamX, y: header), font: Self.headerFont, color: ink)
        for (column, x) in zip(columns, rights) {
            canvas.draw(text: column.title, at: Point(x: x, y: header), font: Self.headerFont, color: ink, alignment: .right)
        }
        canvas.stroke(Path(polyline: [Point(x: left, y: top + Layout.headerHeight - 0.5),
                                      Point(x: right, y: top + Layout.headerHeight - 0.5)]),
                      style: StrokeStyle(color: ink, width: 1))

        for (index, entryIndex) in current.rows.enumerated() {
            let entry = entries[entryIndex]
            let y = top + Layout.headerHeight + Double(index) * Layout.rowHeight
            let baseline = y + 11
            canvas.draw(text: entry.position, at: Point(x: left + Layout.positionWidth - 4, y: baseline), font: Self.bodyFont,
                        color: ink, alignment: .right)
            canvas.draw(text: TextFitting.shortened(entry.player.player, toFit: layout.playerWidth - 8, font: Self.bodyFont, on: canvas),
                        at: Point(x: playerX, y: baseline), font: Self.bodyFont, color: ink)
            canvas.draw(text: TextFitting.shortened(entry.player.team, toFit: layout.teamWidth - 8, font: Self.bodyFont, on: canvas),
                        at: Point(x: teamX, y: baseline), font: Self.bodyFont, color: ink)
            for (number, (column, x)) in zip(columns, rights).enumerated() {
                canvas.draw(text: "\(column.value(entry.player))", at: Point(x: x, y: baseline),
                            font: number == 0 ? Self.boldFont : Self.bodyFont, color: ink, alignment: .right)
            }
            canvas.stroke(Path(polyline: [Point(x: left, y: y + Layout.rowHeight - 0.25),
                                          Point(x: right, y: y + Layout.rowHeight - 0.25)]),
                          style: StrokeStyle(color: PageHeading.rule, width: 0.5))
        }
    }
}
