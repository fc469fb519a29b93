import Foundation
@testable import Canvas
@testable import Tactics

/// Builders for test inputs.
enum Boards {
    /// A stroke document on a 1024 x 768 surface with `events`, plus any top-level `extra` fields.
    static func document(_ events: [[String: Any]], extra: [String: Any] = [:]) -> Data {
        var object: [String: Any] = ["format": "touchline.strokes", "version": 1,
                                     "surface": ["width": 1024, "height": 768], "events": events]
        for (key, value) in extra { object[key] = value }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    static func stroke(_ tool: String, _ points: [[Double]]) -> [String: Any] {
        ["type": "stroke", "tool": tool, "points": points]
    }

    static func log(_ events: [[String: Any]], extra: [String: Any] = [:]) throws -> StrokeLog {
        try StrokeLog(data: document(events, extra: extra), source: "test.json")
    }

    static func read(_ text: String, surface: Size? = nil) throws(StrokeLogError) -> StrokeLog {
        try StrokeLog(data: Data(text.utf8), source: "test.json", surface: surface)
    }

    /// The default layout of the 1024 x 768 test surface.
    static let layout = PitchLayout(fitting: Rect(x: 0, y: 0, width: 1024, height: 768), dimensions: .standard,
                                    orientation: .horizontal, isHalf: false)

    /// Surface coordinates of a spot given in pitch metres.
    static func surface(_ x: Double, _ y: Double) -> [Double] {
        let point = layout.metresToSpace.apply(Point(x: x, y: y))
        return [point.x, point.y]
    }

    static let red = RGBA(red: 0xD3, green: 0x2F, blue: 0x2F)
    static let blue = RGBA(red: 0x19, green: 0x76, blue: 0xD2)
    static let grass = RGBA(BoardStyle.standard.grass)
    static let white = RGBA(red: 255, green: 255, blue: 255)

    /// Renders `log` and decodes the PNG.
    static func render(_ log: StrokeLog, _ options: BoardRenderOptions = BoardRenderOptions()) throws -> (RasterImage, BoardRenderer) {
        let renderer = try BoardRenderer(log: log, options: options)
        return (try RasterImage(pngData: try renderer.render(format: .png)), renderer)
    }
}

extension RasterImage {
    /// The pixel under a point in output units (scale 1).
    func pixel(at point: Point) -> RGBA { pixel(x: Int(point.x), y: Int(point.y)) }

    /// True when the pixel is within `tolerance` of `expected` on every channel.
    func pixel(at point: Point, is expected: RGBA, tolerance: Int = 8) -> Bool {
        pixel(at: point).distance(to: expected) <= tolerance
    }
}
