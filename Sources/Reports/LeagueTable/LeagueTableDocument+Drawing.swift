import Canvas
import League

extension LeagueTableDocument {
    static let bodyFont = Font(size: 9)
    static let boldFont = Font(size: 9, weight: .bold)
    static let headerFont = Font(size: 8.5, weight: .bold)
    static let markerFont = Font(size: 6)
    static let formFont = Font(size: 6.5, weight: .bold)

    public func draw(page: Int, on canvas: Canvas) {
        typealias L = Layout
        let ink = PageHeading.ink
        layout.heading.draw(page: page, paper: paper, on: canvas)

        let current = layout.pages[page]
        if !current.rows.isEmpty {
            drawHeader(top: layout.heading.contentTop(page: page), on: canvas)
            let markers = self.markers
            for (index, rowIndex) in current.rows.enumerated() {
                let row = standings.rows[rowIndex]
                drawRow(row, in: layout.rowRect(page: page, index: index), markers: markers[row.team] ?? [], on: canvas)
            }
        }

        guard !current.footerLines.isEmpty else { return }
        let left = PageHeading.margin
        var y = current.rows.isEmpty
            ? layout.heading.contentTop(page: page)
            : layout.rowRect(page: page, index: current.rows.count - 1).maxY
        y += L.footerGap
        for line in footerLines[current.footerLines] {
            y += L.lineHeight
            switch line {
            case .zone(let index):
                let zone = zones[index]
                let box = Rect(x: left, y: y - 9, width: L.markWidth, height: 11)
                var path = Path()
                path.addRect(box)
                canvas.fill(path, color: zone.tint)
                canvas.draw(text: zone.mark, at: Point(x: box.center.x, y: y), font: Self.markFont(zone.mark),
                            color: ink, alignment: .center)
                canvas.draw(text: TextFitting.shortened(zone.name, toFit: layout.noteWidth, font: PageHeading.noteFont, on: canvas),
                            at: Point(x: left + L.markWidth + 6, y: y), font: PageHeading.noteFont, color: ink)
            case .note(let number, let text):
                if let number {
                    canvas.draw(text: "\(number)", at: Point(x: left + L.markWidth, y: y - 2), font: Self.markerFont,
                                color: ink, alignment: .right)
                }
                canvas.draw(text: text, at: Point(x: left + L.markWidth + 6, y: y), font: PageHeading.noteFont, color: ink)
            }
        }
    }

    /// Bold, smaller for two- and three-letter marks so they fit the mark column.
    static func markFont(_ mark: String) -> Font {
        Font(size: mark.count <= 1 ? 9 : mark.count == 2 ? 7 : 5.5, weight: .bold)
    }

    /// The right edges of the numeric columns, then the form column's left edge.
    private var numericEdges: (rights: [Double], formX: Double) {
        var x = layout.teamX + layout.teamWidth
        var rights: [Double] = []
        for column in Layout.fixedColumns {
            x += column.width
            rights.append(x)
        }
        return (rights, x + Layout.formGap)
    }

    private func drawHeader(top: Double, on canvas: Canvas) {
        let baseline = top + 12.5
        let left = PageHeading.margin, right = paper.width - PageHeading.margin
        let ink = PageHeading.ink
        canvas.draw(text: "Pos", at: Point(x: left + Layout.positionWidth - 4, y: baseline), font: Self.headerFont,
                    color: ink, alignment: .right)
        canvas.draw(text: "Team", at: Point(x: layout.teamX + 2, y: baseline), font: Self.headerFont, color: ink)
        let (rights, formX) = numericEdges
        for (column, x) in zip(Layout.fixedColumns, rights) {
            canvas.draw(text: column.title, at: Point(x: x, y: baseline), font: Self.headerFont, color: ink,
                        alignment: .right)
        }
        canvas.draw(text: "Form", at: Point(x: formX, y: baseline), font: Self.headerFont, color: ink)
        canvas.stroke(Path(polyline: [Point(x: left, y: top + Layout.headerHeight - 0.5),
                                      Point(x: right, y: top + Layout.headerHeight - 0.5)]),
                      style: StrokeStyle(color: ink, width: 1))
    }

    private func drawRow(_ row: StandingsRow, in rect: Rect, markers: [Int], on canvas: Canvas) {
        let baseline = rect.y + 11.5
        let ink = PageHeading.ink
        if let zone = zone(for: row.position) {
            var path = Path()
            path.addRect(rect)
            canvas.fill(path, color: zone.tint)
            canvas.draw(text: zone.mark, at: Point(x: layout.markX + Layout.markWidth / 2, y: baseline),
                        font: Self.markFont(zone.mark), color: ink, alignment: .center)
        }
        canvas.stroke(Path(polyline: [Point(x: rect.minX, y: rect.maxY - 0.25), Point(x: rect.maxX, y: rect.maxY - 0.25)]),
                      style: StrokeStyle(color: PageHeading.rule, width: 0.5))
        canvas.draw(text: row.positionLabel, at: Point(x: rect.minX + Layout.positionWidth - 4, y: baseline),
                    font: Self.bodyFont, color: ink, alignment: .right)

        // Team name, shortened to leave room for the footnote markers.
        let marker = markers.map(String.init).joined(separator: ",")
        let markerWidth = marker.isEmpty ? 0 : canvas.measure(marker, font: Self.markerFont).advance + 2
        let nameX = layout.teamX + 2
        let name = TextFitting.shortened(row.team, toFit: layout.teamWidth - 8 - markerWidth, font: Self.bodyFont, on: canvas)
        canvas.draw(text: name, at: Point(x: nameX, y: baseline), font: Self.bodyFont, color: ink)
        if !marker.isEmpty {
            let x = nameX + canvas.measure(name, font: Self.bodyFont).advance + 1.5
            canvas.draw(text: marker, at: Point(x: x, y: baseline - 3.5), font: Self.markerFont, color: ink)
        }

        let values = [row.played, row.won, row.drawn, row.lost, row.goalsFor, row.goalsAgainst].map(String.init)
            + [TextFitting.signed(row.goalDifference), "\(row.points)"]
        let (rights, formX) = numericEdges
        for (index, (value, x)) in zip(values, rights).enumerated() {
            canvas.draw(text: value, at: Point(x: x, y: baseline), font: index == 7 ? Self.boldFont : Self.bodyFont,
                        color: ink, alignment: .right)
        }

        for (index, outcome) in row.form.suffix(5).enumerated() {
            let box = Rect(x: formX + Double(index) * Layout.formStep, y: rect.y + (rect.height - Layout.formBox) / 2,
                           width: Layout.formBox, height: Layout.formBox)
            var path = Path()
            path.addRect(box)
            canvas.fill(path, color: Self.formTint(outcome))
            canvas.stroke(path, style: StrokeStyle(color: PageHeading.grey, width: 0.5))
            canvas.draw(text: outcome.rawValue, at: Point(x: box.center.x, y: box.maxY - 2.5), font: Self.formFont,
                        color: ink, alignment: .center)
        }
    }

    /// Light tints for W, D and L; the letter in the box carries the meaning in black and white.
    static func formTint(_ outcome: Outcome) -> Color {
        switch outcome {
        case .win: return Color(red: 0.82, green: 0.93, blue: 0.82)
        case .draw: return Color(red: 0.92, green: 0.92, blue: 0.92)
        case .loss: return Color(red: 0.97, green: 0.84, blue: 0.84)
        }
    }
}
