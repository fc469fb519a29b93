import Canvas
import Foundation
import League
import Reports

/// The "print" scenes of cards: a 25-player squad sheet as a PDF (three A4 pages), every player with
/// a 480 x 640 px photo in one of a few colours, numbers from a fixed pattern; and one card
/// as a 300 dpi PNG. The target for the sheet is 300 ms.
enum CardScene {
    static func squad() throws -> [PlayerCard] {
        let colours = [Color(red: 0.2, green: 0.5, blue: 0.8), Color(red: 0.8, green: 0.6, blue: 0.3),
                       Color(red: 0.3, green: 0.7, blue: 0.4)]
        let photos = try colours.map { colour -> Data in
            let canvas = try Canvas(width: 480, height: 640)
            canvas.paint(colour)
            var head = Path()
            head.addCircle(center: Point(x: 240, y: 250), radius: 110)
            canvas.fill(head, color: colour.mixed(with: .white, fraction: 0.5))
            return try canvas.encoded()
        }
        let red = Color(red: 0xEE / 255, green: 0x25 / 255, blue: 0x23 / 255)
        let positions: [PlayerPosition] = [.goalkeeper, .defender, .midfielder, .forward]
        return (1...25).map { number in
            let name = "Player \(number) Etxeberria"
            return PlayerCard(name: name, number: number, position: positions[number % 4], team: "Athletic Infantil A",
                              season: "2024/25", primaryColor: red, secondaryColor: .white, photo: photos[number % 3],
                              statistics: PlayerStatistics(player: name, team: "Athletic Infantil A", appearances: number,
                                                           minutes: 90 * number, goals: number % 7, assists: number % 5,
                                                           yellowCards: number % 3, goalsConceded: number % 4,
                                                           cleanSheets: number % 6))
        }
    }

    static func run(bench: Bench) throws -> [SceneResult] {
        if let only = bench.only, !(only.hasPrefix("print") || "print".hasPrefix(only)) { return [] }
        let cards = try squad()
        return [
            try bench.inProcess("print: squad sheet, 25 cards, PDF", note: "target 300 ms") {
                try timed { try CardSheet(cards: cards, title: "Athletic Infantil A · 2024/25").pdf().count }
            },
            try bench.inProcess("print: one card, PNG 300 dpi") {
                try timed { try cards[9].png().count }
            },
        ]
    }
}
