import Canvas
import Foundation

extension Album {
    static let ink = Color.nearBlack
    static let grey = Color(red: 0.45, green: 0.45, blue: 0.45)
    static let missingGrey = Color(red: 0.6, green: 0.6, blue: 0.6)
    static let ownedFill = Color(red: 0.86, green: 0.91, blue: 0.95)
    static let ownedInk = Color(red: 0.14, green: 0.26, blue: 0.43)
    static let ownedBorder = Color(red: 0.29, green: 0.44, blue: 0.65)
    static let badgeColor = Color(red: 0.83, green: 0.18, blue: 0.18)
    static let promisedColor = Color(red: 0.27, green: 0.35, blue: 0.39)
    static let slotRadius = 4.0
    static let badgeRadius = 9.5

    /// Draws page `page` (from 0), decoding the images of the owned cards on it.
    ///
    /// - Throws: ``AlbumError/unreadableImage(source:card:path:reason:)`` for an owned card's
    ///   image that is not a readable PNG or JPEG within ``imageLimits``.
    public func draw(page: Int, on canvas: Canvas) throws {
        canvas.paint(.white)
        let left = AlbumLayout.margin, right = paper.width - AlbumLayout.margin
        let inner = right - left
        if page == 0 {
            let font = Font(size: 16, weight: .bold)
            canvas.draw(text: fit(title, inner, font, canvas), at: Point(x: left, y: left + 16), font: font, color: Self.ink)
            let spares = spareCount == 1 ? "1 spare copy" : "\(spareCount) spare copies"
            canvas.draw(text: "\(ownedCount) of \(cardCount) cards · \(spares)", at: Point(x: left, y: left + 32),
                        font: Font(size: 9), color: Self.grey)
        } else {
            let font = Font(size: 11, weight: .bold)
            canvas.draw(text: fit("\(title) (continued)", inner, font, canvas), at: Point(x: left, y: left + 12),
                        font: font, color: Self.ink)
        }
        for item in layout.pages[page] {
            switch item {
            case .heading(let section, let continued, let top):
                drawHeading(sections[section], continued: continued, top: top, on: canvas)
            case .row(let section, let row, let top):
                let slots = sections[section].slots
                let range = row * AlbumLayout.columns..<min(slots.count, (row + 1) * AlbumLayout.columns)
                for (column, index) in range.enumerated() {
                    try drawSlot(slots[index], in: layout.slotRect(column: column, top: top), on: canvas)
                }
            }
        }
        if pageCount > 1 {
            canvas.draw(text: "page \(page + 1) of \(pageCount)", at: Point(x: right, y: paper.height - 22),
                        font: Font(size: 8), color: Self.grey, alignment: .right)
        }
    }

    private func fit(_ text: String, _ width: Double, _ font: Font, _ canvas: Canvas) -> String {
        TextFitting.shortened(text, toFit: width) { canvas.measure($0, font: font).advance }
    }

    private func drawHeading(_ section: Section, continued: Bool, top: Double, on canvas: Canvas) {
        let left = AlbumLayout.margin, right = paper.width - AlbumLayout.margin
        let owned = section.slots.filter { $0.copies > 0 }.count
        let countText = "\(owned)/\(section.slots.count)"
        let countFont = Font(size: 9)
        canvas.draw(text: countText, at: Point(x: right, y: top + 15), font: countFont, color: Self.grey, alignment: .right)
        let font = Font(size: 12, weight: .bold)
        let width = right - left - canvas.measure(countText, font: countFont).advance - 10
        canvas.draw(text: fit(section.name + (continued ? " (continued)" : ""), width, font, canvas),
                    at: Point(x: left, y: top + 15), font: font, color: Self.ink)
        canvas.stroke(Path(polyline: [Point(x: left, y: top + 20), Point(x: right, y: top + 20)]),
                      style: StrokeStyle(color: Self.grey, width: 0.6))
    }

    private func drawSlot(_ slot: Slot, in rect: Rect, on canvas: Canvas) throws {
        var outline = Path()
        outline.addRoundedRect(rect, radius: Self.slotRadius)
        if slot.copies == 0 {
            canvas.stroke(outline, style: StrokeStyle(color: Self.missingGrey, width: 0.8, dash: [3, 2]))
            drawNumberAndTitle(slot, in: rect, color: Self.missingGrey, on: canvas)
            return
        }
        if let data = slot.image {
            canvas.fill(outline, color: .white)
            let frame = rect.insetBy(3)
            let image = try decoded(data, of: slot, fittingIn: Size(width: frame.width * PlayerCard.pngScale,
                                                                   height: frame.height * PlayerCard.pngScale))
                .reduced(toFit: frame, scale: PlayerCard.pngScale)
            try canvas.withSavedState {
                canvas.clip(to: outline)
                try canvas.draw(image, in: rect.insetBy(3).fitting(aspect: image.aspectRatio))
            }
            drawNumberTag(slot.number, in: rect, on: canvas)
        } else {
            canvas.fill(outline, color: Self.ownedFill)
            drawNumberAndTitle(slot, in: rect, color: Self.ownedInk, on: canvas)
        }
        canvas.stroke(outline, style: StrokeStyle(color: Self.ownedBorder, width: 0.8))
        if slot.copies >= 2 { drawBadge(copies: slot.copies, in: rect, on: canvas) }
        if slot.blocked > 0 { drawPromised(slot.blocked, in: rect, on: canvas) }
    }

    private func decoded(_ data: Data, of slot: Slot, fittingIn frame: Size) throws -> RasterImage {
        do {
            return try RasterImage(imageData: data, limits: Self.imageLimits, fittingIn: frame)
        } catch {
            throw AlbumError.unreadableImage(source: source, card: slot.number, path: slot.imagePath ?? "",
                                             reason: (error as? LocalizedError)?.errorDescription ?? "\(error)")
        }
    }

    /// The number large in the middle, the title small under it on up to two lines.
    private func drawNumberAndTitle(_ slot: Slot, in rect: Rect, color: Color, on canvas: Canvas) {
        let numberFont = Font(size: 20, weight: .bold)
        canvas.draw(text: fit(String(slot.number), rect.width - 6, numberFont, canvas),
                    at: Point(x: rect.center.x, y: rect.center.y + 2), font: numberFont, color: color, alignment: .center)
        guard !slot.title.isEmpty else { return }
        let block = TextFitting.block(slot.title, width: rect.width - 8, oneLine: 5.5...7, twoLines: 5...6.5) {
            canvas.measure($0, font: Font(size: $1)).advance
        }
        for (index, line) in block.lines.enumerated() {
            canvas.draw(text: line, at: Point(x: rect.center.x, y: rect.center.y + 16 + Double(index) * block.size * 1.2),
                        font: Font(size: block.size), color: color, alignment: .center)
        }
    }

    /// The number on a small white tag in the bottom-left corner of an image.
    private func drawNumberTag(_ number: Int, in rect: Rect, on canvas: Canvas) {
        let font = Font(size: 7, weight: .bold)
        let text = String(number)
        let width = canvas.measure(text, font: font).advance + 6
        var tag = Path()
        tag.addRoundedRect(Rect(x: rect.minX + 4, y: rect.maxY - 14, width: width, height: 10), radius: 2)
        canvas.fill(tag, color: Color.white.withAlpha(0.9))
        canvas.draw(text: text, at: Point(x: rect.minX + 4 + width / 2, y: rect.maxY - 6.5), font: font,
                    color: Self.ownedInk, alignment: .center)
    }

    /// "N in swaps" in white on a slate band along the slot's top edge, clear of the ×N badge
    /// in the top-right corner and the number tag in the bottom-left.
    private func drawPromised(_ blocked: Int, in rect: Rect, on canvas: Canvas) {
        let band = Rect(x: rect.minX + 3, y: rect.minY + 3, width: rect.width - 3 - 15, height: 10)
        var path = Path()
        path.addRoundedRect(band, radius: 2)
        canvas.fill(path, color: Self.promisedColor)
        let text = "\(blocked) in swap\(blocked == 1 ? "" : "s")"
        let fitted = TextFitting.singleLine(text, width: band.width - 4, sizes: 5...7) {
            canvas.measure($0, font: Font(size: $1, weight: .bold)).advance
        }
        canvas.draw(text: fitted.lines[0], at: Point(x: band.center.x, y: band.maxY - 2.5), font: Font(size: fitted.size, weight: .bold),
                    color: .white, alignment: .center)
    }

    /// "×N" on a red disc over the slot's top-right corner.
    private func drawBadge(copies: Int, in rect: Rect, on canvas: Canvas) {
        let center = Point(x: rect.maxX - 4, y: rect.minY + 4)
        var disc = Path()
        disc.addCircle(center: center, radius: Self.badgeRadius)
        canvas.fill(disc, color: Self.badgeColor)
        canvas.stroke(disc, style: StrokeStyle(color: .white, width: 1.2))
        let text = "×\(copies)"
        let fitted = TextFitting.singleLine(text, width: 2 * Self.badgeRadius - 4, sizes: 5...8) {
            canvas.measure($0, font: Font(size: $1, weight: .bold)).advance
        }
        canvas.draw(text: fitted.lines[0], at: Point(x: center.x, y: center.y + fitted.size * 0.36),
                    font: Font(size: fitted.size, weight: .bold), color: .white, alignment: .center)
    }
}
