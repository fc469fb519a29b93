import Canvas
import Foundation
import League
import TestSupport
import Testing
@testable import Reports

@Suite struct CardSheetTests {
    typealias F = ReportsFixtures

    static func squad(_ count: Int) -> [PlayerCard] {
        (1...count).map { number in
            F.card(name: "Player \(number)", number: number, position: number == 1 ? .goalkeeper : .midfielder)
        }
    }

    @Test func twentyFivePlayersMakeThreeA4Pages() throws {
        let sheet = try CardSheet(cards: Self.squad(25), title: "Athletic Infantil A · 2024/25")
        #expect(sheet.cardsPerPage == 9)
        #expect(sheet.pageCount == 3)
        #expect(sheet.slots(page: 2) == 18..<25)
        let pdf = try sheet.pdf()
        #expect(try PDFProbe.info(pdf).pages == 3)
        let boxes = F.mediaBoxes(pdf)
        #expect(boxes.count == 3)
        #expect(boxes.allSatisfy { abs($0.width - 595.28) < 0.01 && abs($0.height - 841.89) < 0.01 })
        #expect(String(decoding: pdf, as: UTF8.self).contains("/Count 3"))
    }

    @Test func aSquadsSheetIsTitledWithTheTeamAndSeason() throws {
        let sheet = try CardSheet(squad: Self.squad(2), team: "Athletic Infantil A", season: "2024/25", language: .catalan)
        #expect(sheet.footer == "Athletic Infantil A · 2024/25" && sheet.title == sheet.footer)
        #expect(sheet.language == .catalan && sheet.cards.count == 2)
    }

    @Test func theGridIsCentredAndHoldsTradingCards() throws {
        let layout = try CardSheet.Layout(paper: .a4)
        #expect(layout.columns == 3 && layout.rows == 3)
        #expect(abs(layout.grid.width - (3 * 180 + 2 * 9)) < 1e-9 && abs(layout.grid.height - (3 * 252 + 2 * 9)) < 1e-9)
        #expect(abs(layout.grid.minX - (PaperSize.a4.width - layout.grid.maxX)) < 1e-9)
        #expect(abs(layout.grid.minY - (PaperSize.a4.height - layout.grid.maxY)) < 1e-9)
        #expect(layout.cardRect(slot: 4).size == Size(width: 180, height: 252))
        // US Letter is too short for three rows with margins.
        let letter = try CardSheet.Layout(paper: .letter)
        #expect(letter.columns == 3 && letter.rows == 2)
    }

    @Test func cropMarksSitOutsideEveryCard() throws {
        let layout = try CardSheet.Layout(paper: .a4)
        let cards = (0..<9).map { layout.cardRect(slot: $0) }
        for slot in 0..<9 {
            let marks = layout.cropMarks(slot: slot)
            #expect(marks.count == 8)
            for (start, end) in marks {
                // Every mark lies on the line of an edge of its card, and crosses no card.
                let rect = cards[slot]
                let onEdgeLine = [rect.minX, rect.maxX].contains(start.x) && start.x == end.x
                    || [rect.minY, rect.maxY].contains(start.y) && start.y == end.y
                #expect(onEdgeLine)
                for card in cards {
                    let middle = Point(x: (start.x + end.x) / 2, y: (start.y + end.y) / 2)
                    #expect(!card.insetBy(-0.1).contains(start) && !card.insetBy(-0.1).contains(end)
                            && !card.contains(middle))
                }
                // And inside the paper.
                #expect(min(start.x, end.x) > 0 && max(start.x, end.x) < PaperSize.a4.width)
                #expect(min(start.y, end.y) > 0 && max(start.y, end.y) < PaperSize.a4.height)
            }
        }
    }

    @Test func cropMarksShowInTheGuttersAndMargins() throws {
        let scale = 4.0
        let sheet = try CardSheet(cards: Self.squad(25))
        let layout = sheet.layout
        let first = try RasterImage(pngData: sheet.png(page: 0, scale: scale))
        #expect(first.width == Int((PaperSize.a4.width * scale).rounded(.up)))
        /// The darkest pixel within 1 pt of `point`.
        func darkest(_ image: RasterImage, _ point: Point) -> Int {
            var least = 765
            for dy in -4...4 {
                for dx in -4...4 {
                    let p = image.pixel(x: Int(point.x * scale) + dx, y: Int(point.y * scale) + dy)
                    least = min(least, Int(p.red) + Int(p.green) + Int(p.blue))
                }
            }
            return least
        }
        let a = layout.cardRect(slot: 0), b = layout.cardRect(slot: 1), d = layout.cardRect(slot: 3)
        let gutter = CardSheet.Layout.gutter
        // In the gutter between two cards, on the line of their top edges: a mark.
        #expect(darkest(first, Point(x: a.maxX + gutter / 2, y: a.minY)) < 200)
        // In the gutter below a card, on the line of its left edge: a mark.
        #expect(darkest(first, Point(x: a.minX, y: a.maxY + gutter / 2)) < 200)
        // In the margins, on the edge lines: marks.
        #expect(darkest(first, Point(x: a.minX, y: a.minY - 6)) < 200)
        #expect(darkest(first, Point(x: a.minX - 6, y: a.minY)) < 200)
        // Off the edge lines, the gutters and margins are blank paper.
        #expect(darkest(first, Point(x: a.maxX + gutter / 2, y: a.center.y)) == 765)
        #expect(darkest(first, Point(x: a.center.x, y: a.maxY + gutter / 2)) == 765)
        #expect(darkest(first, Point(x: b.center.x, y: b.minY - 6)) == 765)
        #expect(darkest(first, Point(x: d.minX - 6, y: d.center.y)) == 765)
        // No mark is drawn over a card: its rounded corner stays paper-white.
        for slot in 0..<9 {
            let card = layout.cardRect(slot: slot)
            #expect(first.pixel(x: Int(card.minX * scale) + 2, y: Int(card.minY * scale) + 2) == RGBA(.white))
        }
        // The last page has 7 cards: none in the last slot, and no marks around it.
        let last = try RasterImage(pngData: sheet.png(page: 2, scale: scale))
        let empty = layout.cardRect(slot: 8)
        #expect(darkest(last, empty.center) == 765)
        #expect(darkest(last, Point(x: empty.maxX + 6, y: empty.minY)) == 765)
        #expect(darkest(last, Point(x: layout.cardRect(slot: 6).maxX + 6, y: layout.cardRect(slot: 6).minY)) == 765)
    }

    @Test func cardsSitInTheirSlots() throws {
        let scale = 1.0
        let sheet = try CardSheet(cards: Self.squad(10))
        let image = try RasterImage(pngData: sheet.png(page: 0, scale: scale))
        let red = RGBA(F.athleticRed)
        for slot in 0..<9 {
            let card = sheet.layout.cardRect(slot: slot)
            // The frame's top band, in the team's colour.
            #expect(F.pixel(image, Point(x: card.center.x, y: card.minY + 3), scale: scale).distance(to: red) <= 3)
        }
        #expect(try sheet.pageCount == 2 && RasterImage(pngData: sheet.png(page: 1, scale: 1)).width == 596)
        #expect(throws: PrintError.noSuchPage(2, pageCount: 2)) { try sheet.png(page: 2) }
    }

    @Test func sheetsAreByteIdentical() throws {
        let photo = try F.solidPNG(width: 90, height: 120, color: F.photoGreen)
        var cards = Self.squad(11)
        cards[3].photo = photo
        #expect(try CardSheet(cards: cards, language: .spanish).pdf() == CardSheet(cards: cards, language: .spanish).pdf())
    }

    @Test func badInputIsRefused() throws {
        #expect(throws: PlayerCardError.noCards) { try CardSheet(cards: []) }
        #expect(throws: PrintError.paperTooSmall(width: 150, height: 400, what: "a card of 63.5 x 88.9 mm")) {
            try CardSheet(cards: Self.squad(1), paper: PaperSize(width: 150, height: 400))
        }
        #expect(throws: PlayerCardError.tooManyCards(1001, maximum: 1000)) {
            try CardSheet(cards: Array(repeating: F.card(), count: 1001))
        }
        // One unreadable photo: the whole sheet fails, naming the player.
        var cards = Self.squad(3)
        cards[2].photo = Data("not a png".utf8)
        #expect { try CardSheet(cards: cards).pdf() } throws: { error in
            (error as? PlayerCardError)?.errorDescription?.hasPrefix("the photo of Player 3 cannot be read") == true
        }
    }

    @Test
    func everyPlayerIsOnTheSheet() throws {
        let text = try PDFProbe.text(layout: false, CardSheet(cards: Self.squad(12), title: "Athletic Infantil A · 2024/25").pdf())
        for number in 1...12 { #expect(text.contains("Player \(number)")) }
        #expect(text.contains("Athletic Infantil A · 2024/25 · page 2 of 2"))
    }
}
