import Canvas
import Foundation

extension PlayerCard {
    static let panelColor = Color.white
    static let silhouetteColor = Color(red: 0.24, green: 0.27, blue: 0.31)
    static let labelInk = Color(red: 0.33, green: 0.33, blue: 0.36)
    static let yellowCardColor = Color(red: 1, green: 0.77, blue: 0)
    static let redCardColor = Color(red: 0.84, green: 0.13, blue: 0.13)
    static let valueFont = Font(size: 10.5, weight: .bold)

    /// Draws the card with its top-left corner at `origin` (user space), `photo` being
    /// ``preparedPhoto()``'s result. The canvas's drawing state is left as it was.
    func draw(on canvas: Canvas, at origin: Point, language: CardLanguage, photo: RasterImage?) throws {
        try canvas.withSavedState {
            canvas.translate(x: origin.x, y: origin.y)
            drawFrame(on: canvas)
            try drawPhoto(photo, on: canvas)
            drawBadge(on: canvas)
            drawName(on: canvas)
            drawPosition(language: language, on: canvas)
            drawStatistics(language: language, on: canvas)
        }
    }

    /// The rounded card in the primary colour, the team and season on it, the light panel.
    private func drawFrame(on canvas: Canvas) {
        var card = Path()
        card.addRoundedRect(Layout.bounds, radius: Layout.cornerRadius)
        canvas.fill(card, color: primaryColor)

        let ink = primaryColor.readableInk
        let left = Layout.headerInset, right = Layout.bounds.maxX - Layout.headerInset
        let seasonFont = Font(size: 7.5)
        let seasonText = TextFitting.shortened(season, toFit: 60) { canvas.measure($0, font: seasonFont).advance }
        canvas.draw(text: seasonText, at: Point(x: right, y: Layout.headerBaseline), font: seasonFont, color: ink,
                    alignment: .right)
        let teamWidth = right - left - canvas.measure(seasonText, font: seasonFont).advance - 6
        let teamBlock = TextFitting.singleLine(team, width: teamWidth, sizes: 6.5...8.5) {
            canvas.measure($0, font: Font(size: $1, weight: .bold)).advance
        }
        canvas.draw(text: teamBlock.lines[0], at: Point(x: left, y: Layout.headerBaseline),
                    font: Font(size: teamBlock.size, weight: .bold), color: ink)

        var panel = Path()
        panel.addRoundedRect(Layout.panel, radius: Layout.panelRadius)
        canvas.fill(panel, color: Self.panelColor)
        if secondaryColor.contrastRatio(with: primaryColor) >= 1.3 {
            canvas.stroke(panel, style: StrokeStyle(color: secondaryColor, width: 1.2))
        }
    }

    /// The photo fitted without distortion and centred on a tint of the team's colour, or a
    /// silhouette; then the stripe under it.
    private func drawPhoto(_ photo: RasterImage?, on canvas: Canvas) throws {
        var frame = Path()
        frame.addRoundedRect(Layout.photo, radius: Layout.photoRadius)
        try canvas.withSavedState {
            canvas.clip(to: frame)
            canvas.fill(frame, color: primaryColor.mixed(with: .white, fraction: 0.82))
            if let photo {
                try canvas.draw(photo, in: Layout.photo.fitting(aspect: photo.aspectRatio))
            } else {
                canvas.fill(Self.silhouette(in: Layout.photo), color: Self.silhouetteColor)
            }
        }
        var stripe = Path()
        stripe.addRect(Layout.stripe)
        let accent = secondaryColor.contrastRatio(with: Self.panelColor) >= 1.5 ? secondaryColor : primaryColor
        canvas.fill(stripe, color: accent)
    }

    /// A head and shoulders, standing on the bottom of `rect`.
    static func silhouette(in rect: Rect) -> Path {
        let x = rect.center.x
        let head = Point(x: x, y: rect.minY + rect.height * 0.38), radius = rect.height * 0.17
        let width = rect.height * 0.78, top = head.y + radius + 4
        var path = Path()
        path.addCircle(center: head, radius: radius)
        path.move(to: Point(x: x - width / 2, y: rect.maxY))
        path.curve(to: Point(x: x, y: top), control1: Point(x: x - width / 2, y: top + 8),
                   control2: Point(x: x - width * 0.3, y: top))
        path.curve(to: Point(x: x + width / 2, y: rect.maxY), control1: Point(x: x + width * 0.3, y: top),
                   control2: Point(x: x + width / 2, y: top + 8))
        path.close()
        return path
    }

    /// The squad number on a round badge in the secondary colour, ringed in the primary.
    private func drawBadge(on canvas: Canvas) {
        guard let number else { return }
        var badge = Path()
        badge.addCircle(center: Layout.badgeCenter, radius: Layout.badgeRadius)
        canvas.fill(badge, color: secondaryColor)
        canvas.stroke(badge, style: StrokeStyle(color: primaryColor, width: 1.5))
        let text = String(number)
        let font = Font(size: text.count >= 3 ? 12.5 : 17, weight: .bold)
        canvas.draw(text: text, at: Point(x: Layout.badgeCenter.x, y: Layout.badgeCenter.y + font.size * 0.36), font: font,
                    color: primaryColor.readable(on: secondaryColor), alignment: .center)
    }

    /// The name, centred in its box on one or two lines.
    private func drawName(on canvas: Canvas) {
        let block = nameBlock { canvas.measure($0, font: Font(size: $1, weight: .bold)).advance }
        let font = Font(size: block.size, weight: .bold)
        let lineHeight = block.size * 1.15
        let first = Layout.name.center.y - Double(block.lines.count - 1) * lineHeight / 2 + block.size * 0.36
        for (index, line) in block.lines.enumerated() {
            canvas.draw(text: line, at: Point(x: Layout.name.center.x, y: first + Double(index) * lineHeight), font: font,
                        color: .nearBlack, alignment: .center)
        }
    }

    private func drawPosition(language: CardLanguage, on canvas: Canvas) {
        let font = Font(size: 7, weight: .bold)
        let text = TextFitting.shortened(positionLine(language: language), toFit: Layout.name.width) {
            canvas.measure($0, font: font).advance
        }
        canvas.draw(text: text, at: Point(x: Layout.name.center.x, y: Layout.positionBaseline), font: font,
                    color: primaryColor.readable(on: Self.panelColor), alignment: .center)
    }

    /// The statistics grid: each cell a tinted box with the value above its label.
    private func drawStatistics(language: CardLanguage, on canvas: Canvas) {
        let tint = primaryColor.mixed(with: .white, fraction: 0.86)
        for ((label, value), cell) in zip(statisticCells(language: language), Layout.cells) {
            var box = Path()
            box.addRoundedRect(cell, radius: 2)
            canvas.fill(box, color: tint)
            let baseline = cell.minY + 11
            switch value {
            case .count(let count):
                let text = TextFitting.shortened(String(count), toFit: cell.width - 4) {
                    canvas.measure($0, font: Self.valueFont).advance
                }
                canvas.draw(text: text, at: Point(x: cell.center.x, y: baseline), font: Self.valueFont, color: .nearBlack,
                            alignment: .center)
            case .cards(let yellow, let red):
                drawCardCounts(yellow: yellow, red: red, centeredAt: cell.center.x, baseline: baseline, on: canvas)
            }
            let fitted = TextFitting.singleLine(label, width: cell.width - 4, sizes: 4.5...5.5, step: 0.25) {
                canvas.measure($0, font: Font(size: $1)).advance
            }
            canvas.draw(text: fitted.lines[0], at: Point(x: cell.center.x, y: cell.maxY - 2.5), font: Font(size: fitted.size),
                        color: Self.labelInk, alignment: .center)
        }
    }

    /// A small yellow card and its count, then a small red card and its count.
    private func drawCardCounts(yellow: Int, red: Int, centeredAt x: Double, baseline: Double, on canvas: Canvas) {
        let icon = Size(width: 4.4, height: 6.2), gap = 2.0, between = 8.0
        let counts = [(Self.yellowCardColor, String(yellow)), (Self.redCardColor, String(red))]
        let widths = counts.map { canvas.measure($0.1, font: Self.valueFont).advance }
        var left = x - (2 * (icon.width + gap) + widths.reduce(0, +) + between) / 2
        for ((color, text), width) in zip(counts, widths) {
            var card = Path()
            card.addRoundedRect(Rect(x: left, y: baseline - 7.2, width: icon.width, height: icon.height), radius: 0.7)
            canvas.fill(card, color: color)
            canvas.draw(text: text, at: Point(x: left + icon.width + gap, y: baseline), font: Self.valueFont,
                        color: .nearBlack)
            left += icon.width + gap + width + between
        }
    }
}
