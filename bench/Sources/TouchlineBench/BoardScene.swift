import Canvas
import Foundation
import League
import Support
import Tactics

/// The "board" scene: 20 pen strokes of 200 timed points, alternately red and blue, wandering
/// smoothly over the pitch, with an eraser swipe across earlier ink after every fourth stroke.
enum BoardScene {
    static let surface = Size(width: 1600, height: 1040)
    static let seed: UInt64 = 0x7A_C71C_5B0A_2D00
    static let penStrokes = 20
    static let pointsPerStroke = 200
    static let eraserPoints = 40

    /// The scene as a stroke log with the spec's default pens and eraser.
    static func makeLog() -> StrokeLog {
        var random = SeededRandom(seed: seed)
        let area = drawingArea(on: surface)
        var time = 0.0
        var events: [BoardEvent] = []
        var inked: [[StrokePoint]] = []
        for index in 0..<penStrokes {
            let points = wander(in: area, count: pointsPerStroke, time: &time, random: &random)
            inked.append(points)
            events.append(.stroke(Stroke(tool: .pen(index.isMultiple(of: 2) ? "red" : "blue"), points: points)))
            time += random.uniform(300...900).rounded()
            if (index + 1).isMultiple(of: 4) {
                let target = inked[random.index(below: inked.count)]
                let centre = target[random.index(below: target.count)]
                events.append(.stroke(Stroke(tool: .eraser,
                                             points: swipe(through: Point(x: centre.x, y: centre.y), in: area,
                                                           time: &time, random: &random))))
                time += random.uniform(300...900).rounded()
            }
        }
        return StrokeLog(form: .strokeDocument, surface: surface, events: events)
    }

    /// Where the scenes draw on `surface`: the pitch as Touchline lays it out there, less a
    /// small margin.
    static func drawingArea(on surface: Size) -> Rect {
        let bounds = Rect(x: 0, y: 0, width: surface.width, height: surface.height)
        return PitchLayout(fitting: bounds, dimensions: .standard, orientation: .horizontal, isHalf: false).area.insetBy(16)
    }

    /// A smooth random walk: the heading turns by a slowly varying amount and swings back
    /// towards the centre at the edge of `area`. Points every 8 to 16 ms.
    static func wander(in area: Rect, count: Int, time: inout Double,
                               random: inout SeededRandom) -> [StrokePoint] {
        var point = Point(x: random.uniform(area.minX...area.maxX), y: random.uniform(area.minY...area.maxY))
        var heading = random.uniform(0...(2 * Double.pi))
        var turn = 0.0
        var points: [StrokePoint] = []
        points.reserveCapacity(count)
        for _ in 0..<count {
            points.append(StrokePoint(x: rounded(point.x), y: rounded(point.y), time: time))
            time += random.uniform(8...16).rounded()
            turn = turn * 0.9 + random.uniform(-0.05...0.05)
            heading += turn
            let step = random.uniform(5...9)
            var next = Point(x: point.x + step * cos(heading), y: point.y + step * sin(heading))
            if !area.contains(next) {
                heading = atan2(area.center.y - point.y, area.center.x - point.x) + random.uniform(-0.5...0.5)
                turn = 0
                next = Point(x: point.x + step * cos(heading), y: point.y + step * sin(heading))
            }
            point = clamped(next, to: area)
        }
        return points
    }

    /// A slightly bowed eraser swipe about 260 units long, centred on `centre`.
    static func swipe(through centre: Point, in area: Rect, time: inout Double,
                              random: inout SeededRandom) -> [StrokePoint] {
        let angle = random.uniform(0...Double.pi)
        let bow = random.uniform(-30...30)
        let (dx, dy) = (cos(angle), sin(angle))
        return (0..<eraserPoints).map { index in
            let s = Double(index) / Double(eraserPoints - 1) * 2 - 1 // -1 ... 1 along the swipe
            let along = s * 130, across = bow * (1 - s * s)
            let point = clamped(Point(x: centre.x + along * dx - across * dy, y: centre.y + along * dy + across * dx),
                                to: area)
            defer { time += 10 }
            return StrokePoint(x: rounded(point.x), y: rounded(point.y), time: time)
        }
    }

    private static func clamped(_ point: Point, to area: Rect) -> Point {
        Point(x: min(max(point.x, area.minX), area.maxX), y: min(max(point.y, area.minY), area.maxY))
    }

    /// Two decimals, so the JSON text reads back as exactly the same numbers.
    private static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    /// Whether `scene` is one of the board's breakdown rows (a PNG level or one step of a
    /// render), which the comparison with peers leaves out.
    static func isBreakdown(_ scene: String) -> Bool {
        scene.hasPrefix("board: ") || scene.hasPrefix("board png=")
    }

    /// `log` as a stroke document (`touchline.strokes`, version 1; see shared/spec/strokes.md).
    /// Pens and eraser are left to the spec's defaults, which ``makeLog()`` uses too.
    static func document(for log: StrokeLog) -> Data {
        var json = """
            {"format": "touchline.strokes", "version": 2, \
            "surface": {"width": \(log.surface.width), "height": \(log.surface.height)}, \
            "background": "\(log.background.rawValue)", "events": [
            """
        for (index, event) in log.events.enumerated() {
            json += index == 0 ? "\n" : ",\n"
            switch event {
            case .stroke(let stroke):
                let points = stroke.points.map { point in
                    // [x, y], [x, y, t] or [x, y, t, pressure]: pressure only comes after a time.
                    var numbers = [point.x, point.y]
                    if let time = point.time {
                        numbers.append(time)
                        if let pressure = point.pressure { numbers.append(pressure) }
                    }
                    return "[" + numbers.map { "\($0)" }.joined(separator: ", ") + "]"
                }
                json += #"  {"type": "stroke", "tool": "\#(stroke.tool)", "points": [\#(points.joined(separator: ", "))]}"#
            case .clear(let time): json += Self.step("clear", at: time)
            case .undo(let time): json += Self.step("undo", at: time)
            case .redo(let time): json += Self.step("redo", at: time)
            }
        }
        json += "\n]}\n"
        return Data(json.utf8)
    }

    /// A clear, undo or redo event of a stroke document, with its time when recorded.
    static func step(_ type: String, at time: Double?) -> String {
        time.map { #"  {"type": "\#(type)", "t": \#($0)}"# } ?? #"  {"type": "\#(type)"}"#
    }
}
