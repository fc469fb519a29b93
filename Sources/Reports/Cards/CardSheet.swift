import Canvas
import Foundation
import Support

/// Player cards laid out for printing and cutting: as many to a page as fit (3 x 3 on A4
/// portrait), in a grid centred on the page with 9 pt (about 3 mm) gutters, and crop marks at
/// every card corner. The marks are hairlines on the lines of the cards' edges, drawn only
/// in the gutters and margins, never over a card. Cards follow in the order given, row by
/// row; a title, when given, and the page number go in the bottom margin.
///
/// ```swift
/// let sheet = try CardSheet(cards: squad, language: .catalan, title: "Athletic Infantil A · 2024/25")
/// try sheet.pdf().write(to: URL(fileURLWithPath: "squad.pdf"))
/// ```
public struct CardSheet: PrintSection {
    /// The most cards one document takes.
    public static let maximumCards = 1_000

    /// The cards, in the order they are laid out.
    public let cards: [PlayerCard]
    /// The language of the cards' labels.
    public let language: CardLanguage
    /// The sheet of paper, portrait.
    public let paper: PaperSize
    /// Printed with the page number in the bottom margin, for example "Athletic Infantil A · 2024/25".
    public let footer: String?
    let layout: Layout

    /// A sheet of `cards` on `paper`.
    ///
    /// - Throws: ``PlayerCardError/noCards``, ``PlayerCardError/tooManyCards(_:maximum:)``, or
    ///   ``PrintError/paperTooSmall(width:height:what:)`` when not even one card fits.
    public init(cards: [PlayerCard], language: CardLanguage = .english, paper: PaperSize = .a4,
                title: String? = nil) throws {
        guard !cards.isEmpty else { throw PlayerCardError.noCards }
        guard cards.count <= Self.maximumCards else {
            throw PlayerCardError.tooManyCards(cards.count, maximum: Self.maximumCards)
        }
        self.cards = cards
        self.language = language
        self.paper = paper
        self.footer = title
        layout = try Layout(paper: paper)
    }

    /// The sheet of a team's squad, `cards` as ``PlayerCard/squad(_:team:)`` gives them, with
    /// the team and its season in the bottom margin: "Athletic Infantil A · 2024/25".
    ///
    /// - Throws: What ``init(cards:language:paper:title:)`` throws.
    public init(squad cards: [PlayerCard], team: String, season: String, language: CardLanguage = .english) throws {
        try self.init(cards: cards, language: language, title: "\(team) · \(season)")
    }

    /// Cards on each full page.
    public var cardsPerPage: Int { layout.columns * layout.rows }

    /// The number of pages.
    public var pageCount: Int { (cards.count + cardsPerPage - 1) / cardsPerPage }

    /// The PDF's title: the footer, or "Player cards".
    public var title: String { footer ?? "Player cards" }
    public var bookmark: String { "Player cards" }
    /// The sheet numbers its pages itself, in the narrow bottom margin.
    public var wantsPageNumbers: Bool { false }

    /// The indices of the cards on `page`.
    func slots(page: Int) -> Range<Int> {
        page * cardsPerPage..<min(cards.count, (page + 1) * cardsPerPage)
    }

    /// Draws page `page`; its cards' photos are decoded and reduced first, on every core (so
    /// no more than a page's photos are held at a time).
    ///
    /// - Throws: ``PlayerCardError`` for a card's unreadable photo, naming the player.
    public func draw(page: Int, on canvas: Canvas) throws {
        let range = slots(page: page)
        let cards = self.cards
        let photos = try concurrentMap(range.count) { try cards[range.lowerBound + $0].preparedPhoto() }
        try canvas.withSavedState {
            canvas.paint(.white)
            let marks = StrokeStyle(color: .black, width: Layout.markWidth)
            for index in range {
                let slot = index - page * cardsPerPage
                let rect = layout.cardRect(slot: slot)
                try cards[index].draw(on: canvas, at: Point(x: rect.minX, y: rect.minY), language: language,
                                      photo: photos[index - range.lowerBound])
                for (start, end) in layout.cropMarks(slot: slot) {
                    canvas.stroke(Path(polyline: [start, end]), style: marks)
                }
            }
            let footer = [self.footer, pageCount > 1 ? "page \(page + 1) of \(pageCount)" : nil].compactMap { $0 }
            if !footer.isEmpty {
                let font = Font(size: 7)
                let text = TextFitting.shortened(footer.joined(separator: " · "), toFit: layout.grid.width) {
                    canvas.measure($0, font: font).advance
                }
                canvas.draw(text: text, at: Point(x: paper.width / 2, y: paper.height - layout.grid.minY / 2 + 2.5),
                            font: font, color: Color(red: 0.45, green: 0.45, blue: 0.45), alignment: .center)
            }
        }
    }
}

// MARK: - Layout

extension CardSheet {
    /// The grid of cards on a page and the crop marks around them.
    struct Layout: Sendable, Hashable {
        static let gutter = 9.0
        static let minimumMargin = 14.0
        /// The gap between a card's corner and the start of its marks.
        static let markOffset = 1.5
        static let markLength = 9.0
        static let markWidth = 0.35

        var columns: Int
        var rows: Int
        /// The rectangle the cards and gutters fill, centred on the page.
        var grid: Rect

        init(paper: PaperSize) throws {
            func count(_ length: Double, _ card: Double) -> Int {
                let free = length - 2 * Self.minimumMargin + Self.gutter
                return free.isFinite && free > 0 ? Int((free / (card + Self.gutter)).rounded(.down)) : 0
            }
            columns = min(count(paper.width, PlayerCard.width), 1000)
            rows = min(count(paper.height, PlayerCard.height), 1000)
            guard columns >= 1, rows >= 1 else {
                throw PrintError.paperTooSmall(width: paper.width, height: paper.height, what: "a card of 63.5 x 88.9 mm")
            }
            let width = Double(columns) * PlayerCard.width + Double(columns - 1) * Self.gutter
            let height = Double(rows) * PlayerCard.height + Double(rows - 1) * Self.gutter
            grid = Rect(x: (paper.width - width) / 2, y: (paper.height - height) / 2, width: width, height: height)
        }

        /// The rectangle of the card in `slot` (from 0, row by row).
        func cardRect(slot: Int) -> Rect {
            let column = slot % columns, row = slot / columns
            return Rect(x: grid.minX + Double(column) * (PlayerCard.width + Self.gutter),
                        y: grid.minY + Double(row) * (PlayerCard.height + Self.gutter),
                        width: PlayerCard.width, height: PlayerCard.height)
        }

        /// The marks of the card in `slot`: at each corner, one on the line of the horizontal
        /// edge and one on the line of the vertical edge, pointing away from the card. Into a
        /// gutter a mark reaches its middle (so the marks of neighbours meet into one line);
        /// into a margin it is ``markLength`` long.
        func cropMarks(slot: Int) -> [(Point, Point)] {
            let column = slot % columns, row = slot / columns
            let rect = cardRect(slot: slot)
            let side = grid.minX, end = grid.minY
            func length(towardsNeighbour: Bool, margin: Double) -> Double {
                towardsNeighbour ? Self.gutter / 2 - Self.markOffset
                    : max(0, min(Self.markLength, margin - Self.markOffset - 2))
            }
            let left = length(towardsNeighbour: column > 0, margin: side)
            let right = length(towardsNeighbour: column < columns - 1, margin: side)
            let up = length(towardsNeighbour: row > 0, margin: end)
            let down = length(towardsNeighbour: row < rows - 1, margin: end)
            var marks: [(Point, Point)] = []
            for y in [rect.minY, rect.maxY] {
                marks.append((Point(x: rect.minX - Self.markOffset, y: y), Point(x: rect.minX - Self.markOffset - left, y: y)))
                marks.append((Point(x: rect.maxX + Self.markOffset, y: y), Point(x: rect.maxX + Self.markOffset + right, y: y)))
            }
            for x in [rect.minX, rect.maxX] {
                marks.append((Point(x: x, y: rect.minY - Self.markOffset), Point(x: x, y: rect.minY - Self.markOffset - up)))
                marks.append((Point(x: x, y: rect.maxY + Self.markOffset), Point(x: x, y: rect.maxY + Self.markOffset + down)))
            }
            return marks.filter { $0.0 != $0.1 }
        }
    }
}
