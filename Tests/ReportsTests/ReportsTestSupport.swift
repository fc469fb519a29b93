import Canvas
import Foundation
import League
import Testing
@testable import Reports

/// Inputs and probes the Reports tests share.
enum ReportsFixtures {
    static let athleticRed = Color(red: 0xEE / 255, green: 0x25 / 255, blue: 0x23 / 255)
    static let photoGreen = Color(red: 0x10 / 255, green: 0xB0 / 255, blue: 0x60 / 255)

    /// A PNG of `width` x `height` pixels in one colour.
    static func solidPNG(width: Double, height: Double, color: Color) throws -> Data {
        let canvas = try Canvas(width: width, height: height)
        canvas.paint(color)
        return try canvas.encoded()
    }

    static func card(name: String = "Nico Williams", number: Int? = 10, position: PlayerPosition = .forward,
                     photo: Data? = nil, primary: Color = athleticRed, secondary: Color = .white) -> PlayerCard {
        PlayerCard(name: name, number: number, position: position, positionDetail: position == .forward ? "LW" : nil,
                   team: "Athletic Infantil A", season: "2024/25", primaryColor: primary, secondaryColor: secondary,
                   photo: photo,
                   statistics: PlayerStatistics(player: name, team: "Athletic Infantil A", appearances: 12, starts: 10,
                                                minutes: 934, goals: 7, assists: 4, yellowCards: 2, redCards: 1,
                                                goalsConceded: 9, cleanSheets: 5))
    }

    /// Every `/MediaBox [x y w h]` of a PDF, as its width and height.
    static func mediaBoxes(_ pdf: Data) -> [Size] {
        let text = String(decoding: pdf, as: UTF8.self)
        guard let regex = try? NSRegularExpression(pattern: #"/MediaBox \[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]"#)
        else { return [] }
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).compactMap { match in
            let values = (1...4).compactMap { Double(ns.substring(with: match.range(at: $0))) }
            return values.count == 4 ? Size(width: values[2] - values[0], height: values[3] - values[1]) : nil
        }
    }

    /// Pixels of `image` inside `rect` (points, at `scale` pixels per point) for which
    /// `predicate` holds.
    static func count(in image: RasterImage, _ rect: Rect, scale: Double, where predicate: (RGBA) -> Bool) -> Int {
        var total = 0
        for y in Int((rect.minY * scale).rounded(.up))..<Int((rect.maxY * scale).rounded(.down)) {
            for x in Int((rect.minX * scale).rounded(.up))..<Int((rect.maxX * scale).rounded(.down))
            where predicate(image.pixel(x: x, y: y)) {
                total += 1
            }
        }
        return total
    }

    /// The pixel at a point (in points) at `scale` pixels per point.
    static func pixel(_ image: RasterImage, _ point: Point, scale: Double) -> RGBA {
        image.pixel(x: Int(point.x * scale), y: Int(point.y * scale))
    }

    static func isDark(_ pixel: RGBA) -> Bool {
        pixel.alpha > 200 && Int(pixel.red) + Int(pixel.green) + Int(pixel.blue) < 300
    }
}
