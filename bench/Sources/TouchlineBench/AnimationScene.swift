import Canvas
import Foundation
import League
import Support
import Tactics

/// The "animation" scenes: a 10-second drill drawn on a 1024 x 768 surface (seven pen strokes
/// of 90 points, alternately red and blue, wandering as the board scene's do, with 300-500 ms
/// between them and an eraser swipe over the fourth; times scaled to end at exactly 10 s),
/// animated at 15 frames a second as GIF and as WebP, in-process, frames drawn and encoded.
/// The targets for the GIF: 2 s at most and a file under 8 MiB.
enum AnimationScene {
    static let surface = Size(width: 1024, height: 768)
    static let seed: UInt64 = 0x0D_1E_11A0_2026
    static let penStrokes = 7
    static let pointsPerStroke = 90
    static let milliseconds = 10_000.0

    /// The drill as a stroke log with the spec's default pens and eraser.
    static func makeLog() -> StrokeLog {
        var random = SeededRandom(seed: seed)
        let area = BoardScene.drawingArea(on: surface)
        var time = 0.0
        var strokes: [Stroke] = []
        for index in 0..<penStrokes {
            let points = BoardScene.wander(in: area, count: pointsPerStroke, time: &time, random: &random)
            strokes.append(Stroke(tool: .pen(index.isMultiple(of: 2) ? "red" : "blue"), points: points))
            time += random.uniform(300...500).rounded()
            if index == 3 {
                let centre = points[points.count / 2]
                strokes.append(Stroke(tool: .eraser, points: BoardScene.swipe(through: Point(x: centre.x, y: centre.y), in: area,
                                                                              time: &time, random: &random)))
                time += random.uniform(300...500).rounded()
            }
        }
        // Scaled so the last point is at exactly 10 s.
        let end = strokes.last?.endTime ?? 1
        let events = strokes.map { stroke in
            BoardEvent.stroke(Stroke(tool: stroke.tool, points: stroke.points.map { point in
                StrokePoint(x: point.x, y: point.y, time: ((point.time ?? 0) * milliseconds / end).rounded())
            }))
        }
        return StrokeLog(form: .strokeDocument, surface: surface, events: events)
    }

    static func run(bench: Bench) throws -> [SceneResult] {
        let renderer = try BoardRenderer(log: makeLog(), options: BoardRenderOptions(size: surface))
        return try AnimatedImageFormat.allCases.map { format in
            let animation = try BoardAnimation(renderer: renderer, format: format)
            var written = 0
            let result = try bench.inProcess("animation: 10 s drill, 1024x768, 15 fps, \(format.rawValue.uppercased())") {
                try timed {
                    let encoded = try animation.encode()
                    written = encoded.frames
                    return encoded.data.count
                }
            }
            var noted = result
            if result.runs > 0 {
                noted.note = "\(animation.animator.frames.count) frames drawn, \(written) written"
                    + (format == .gif ? "; targets 2 s and 8 MiB" : "")
            }
            return noted
        }
    }
}
