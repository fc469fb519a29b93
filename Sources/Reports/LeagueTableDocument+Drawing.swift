import Canvas
import League

extension LeagueTableDocument {
    static let ink = Color.black
    static let grey = Color(red: 0.45, green: 0.45, blue: 0.45)
    static let rule = Color(red: 0.75, green: 0.75, blue: 0.75)
    static let bodyFont = Font(size: 9)
    static let boldFont = Font(size: 9, weight: .bold)
    static let headerFont = Font(size: 8.5, weight: .bold)
    static let markerFont = Font(size: 6)
    static let formFont = Font(size: 6.5, weight: .bold)
    static let noteFont = Font(size: 8)

    func draw(page: Int, on canvas: Canvas) {
        typealias L = Layout
        canvas.paint(.white)
        let left = L.margin, right = paper.width - L.margin
        let inner = right - left

        // Title block, or a short reminder on later pages.
        if page == 0 {
            let titleFont = Font(size: 18, weight: .bold)
            canvas.draw(text: fit(title, inner, titleFont, canvas), at: Point(x: left, y: L.margin + 16),
                        font: titleFont, color: Self.ink)
            let seasonFont = Font(size: 12)
            canvas.draw(text: fit(season, inner, seasonFont, canvas), at: Point(x: left, y: L.margin + 34),
                        font: seasonFont, color: Self.ink)
            if let asOf {
                let font = Font(size: 10, slant: .italic)
                canvas.draw(text: fit(asOf, inner, font, canvas), at: Point(x: left, y: L.margin + 48),
                            font: font, color: Self.grey)
            }
        } else {
            let font = Font(size: 11, weight: .bold)
            canvas.draw(text: fit("\(title) · \(season) (continued)", inner, font, canvas),
                        at: Point(x: left, y: L.margin + 12), font: font, color: Self.ink)
        }

        let current = layout.pages[page]
        if !current.rows.isEmpty {
            drawHeader(top: layout.headerTop(page: page), on: canvas)
            let markers = self.markers
            for (index, rowIndex) in current.rows.enumerated() {
                drawRow(standings.rows[rowIndex], in: layout.rowRect(page: page, index: index),
                        markers: markers[standings.rows[rowIndex].team] ?? [], on: canvas)
            }
        }

        if !current.footerLines.isEmpty {
            var y = current.rows.isEmpty
                ? layout.headerTop(page: page)
                : layout.rowRect(page: page, index: current.rows.count - 1).maxY
            y += L.footerGap
            let notes = footnotes
            for line in current.footerLines {
                y += L.lineHeight
                if line < zones.count {
                    let zone = zones[line]
                    let box = Rect(x: left, y: y - 9, width: L.markWidth, height: 11)
                    var path = Path()
                    path.addRect(box)
                    canvas.fill(path, color: zone.tint)
                    canvas.draw(text: zone.mark, at: Point(x: box.center.x, y: y), font: Self.boldFont,
                                color: Self.ink, alignment: .center)
                    canvas.draw(text: fit(zone.name, inner - L.markWidth - 6, Self.noteFont, canvas),
                                at: Point(x: left + L.markWidth + 6, y: y), font: Self.noteFont, color: Self.ink)
                } else {
                    let number = line - zones.count + 1
                    canvas.draw(text: "\(number)", at: Point(x: left + L.markWidth, y: y - 2), font: Self.markerFont,
                                color: Self.ink, alignment: .right)
                    canvas.draw(text: fit(notes[number - 1].text, inner - L.markWidth - 6, Self.noteFont, canvas),
                                at: Point(x: left + L.markWidth + 6, y: y), font: Self.noteFont, color: Self.ink)
                }
            }
        }

        if pageCount > 1 {
            canvas.draw(text: "Page \(page + 1) of \(pageCount)", at: Point(x: right, y: paper.height - L.margin),
                        font: Self.noteFont, color: Self.grey, alignment: .right)
        }
    }

    private func fit(_ text: String, _ width: Double, _ font: Font, _ canvas: Canvas) -> String {
        TextFitting.shortened(text, toFit: width) { canvas.measure($0, font: font).advance }
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
        let left = Layout.margin, right = paper.width - Layout.margin
        canvas.draw(text: "Pos", at: Point(x: left + Layout.positionWidth - 4, y: baseline), font: Self.headerFont,
                    color: Self.ink, alignment: .right)
        canvas.draw(text: "Team", at: Point(x: layout.teamX + 2, y: baseline), font: Self.headerFont, color: Self.ink)
        let (rights, formX) = numericEdges
        for (column, x) in zip(Layout.fixedColumns, rights) {
            canvas.draw(text: column.title, at: Point(x: x, y: baseline), font: Self.headerFont, color: Self.ink,
                        alignment: .right)
        }
        canvas.draw(text: "Form", at: Point(x: formX, y: baseline), font: Self.headerFont, color: Self.ink)
        canvas.stroke(Path(polyline: [Point(x: left, y: top + Layout.headerHeight - 0.5),
                                      Point(x: right, y: top + Layout.headerHeight - 0.5)]),
                      style: StrokeStyle(color: Self.ink, width: 1))
    }

    private func drawRow(_ row: StandingsRow, in rect: Rect, markers: [Int], on canvas: Canvas) {
        let baseline = rect.y + 11.5
        let zone = zone(for: row.position)
        if let zone {
            var path = Path()
            path.addRect(rect)
            canvas.fill(path, color: zone.tint)
            canvas.draw(text: zone.mark, at: Point(x: layout.markX + Layout.markWidth / 2, y: baseline),
                        font: Self.boldFont, color: Self.ink, alignment: .center)
        }
        canvas.stroke(Path(polyline: [Point(x: rect.minX, y: rect.maxY - 0.25), Point(x: rect.maxX, y: rect.maxY - 0.25)]),
                      style: StrokeStyle(color: Self.rule, width: 0.5))
        canvas.draw(text: row.positionLabel, at: Point(x: rect.minX + Layout.positionWidth - 4, y: baseline),
                    font: Self.bodyFont, color: Self.ink, alignment: .right)

        // Team name, shortened to leave room for the footnote markers.
        let marker = markers.map(String.init).joined(separator: ",")
        let markerWidth = marker.isEmpty ? 0 : canvas.measure(marker, font: Self.markerFont).advance + 2
        let nameX = layout.teamX + 2
        let name = TextFitting.shortened(row.team, toFit: layout.teamWidth - 8 - markerWidth) {
            canvas.measure($0, font: Self.bodyFont).advance
        }
        canvas.draw(text: name, at: Point(x: nameX, y: baseline), font: Self.bodyFont, color: Self.ink)
        if !marker.isEmpty {
            let x = nameX + canvas.measure(name, font: Self.bodyFont).advance + 1.5
            canvas.draw(text: marker, at: Point(x: x, y: baseline - 3.5), font: Self.markerFont, color: Self.ink)
        }

        let values = [row.played, row.won, row.drawn, row.lost, row.goalsFor, row.goalsAgainst].map(String.init)
            + [Self.signed(row.goalDifference), "\(row.points)"]
        let (rights, formX) = numericEdges
        for (index, (value, x)) in zip(values, rights).enumerated() {
            canvas.draw(text: value, at: Point(x: x, y: baseline), font: index == 7 ? Self.boldFont : Self.bodyFont,
                        color: Self.ink, alignment: .right)
        }

        for (index, outcome) in row.form.suffix(5).enumerated() {
            let box = Rect(x: formX + Double(index) * Layout.formStep, y: rect.y + (rect.height - Layout.formBox) / 2,
                           width: Layout.formBox, height: Layout.formBox)
            var path = Path()
            path.addRect(box)
            canvas.fill(path, color: Self.formTint(outcome))
            canvas.stroke(path, style: StrokeStyle(color: Self.grey, width: 0.5))
            canvas.draw(text: outcome.rawValue, at: Point(x: box.center.x, y: box.maxY - 2.5), font: Self.formFont,
                        color: Self.ink, alignment: .center)
        }
    }

    static func formTint(_ outcome: Outcome) -> Color {
        switch outcome {
        case .win: return Color(red: 0.82, green: 0.93, blue: 0.82)
        case .draw: return Color(red: 0.92, green: 0.92, blue: 0.92)
        case .loss: return Color(red: 0.97, green: 0.84, blue: 0.84)
        }
    }
}
