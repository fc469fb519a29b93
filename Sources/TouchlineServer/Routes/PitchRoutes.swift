import Canvas
import Foundation
import HTTPTypes
import Hummingbird
import Tactics

/// What the web board draws on, from the renderer itself so the page and the replay agree:
/// `GET /api/v1/pitch.svg` (the pitch as SVG, with where its playing area lies) and
/// `GET /api/v1/board-style` (the pens and eraser a new log gets). No login needed.
struct PitchRoutes {
    let api: APIServices

    func register(on router: Router<APIContext>) {
        let v1 = router.group("api/v1")
        v1.get("pitch.svg") { request, _ in
            let query = Query(request)
            let orientation = try query.choice("orientation", PitchOrientation.self) ?? .horizontal
            let background = try query.choice("background", BoardBackground.self) ?? .pitch
            let size = try BoardImage.size(query, "size") ?? PitchPicture.defaultSize
            let picture = try await api.rendering {
                try PitchPicture(size: size, orientation: orientation, background: background)
            }
            api.metrics.render("pitch", format: "svg")
            var response = Rendered.response(picture.svg, contentType: ResponseFormat.svg.contentType, request: request)
            response.headers[.pitchRect] = picture.rectHeader
            return response
        }
        v1.get("board-style") { _, _ in
            try APIJSON.response(BoardStyleBody.defaults)
        }
    }
}

/// A pitch drawn as the replay draws a log's background, as SVG, with the playing area's
/// rectangle in the SVG's units.
///
/// It is the background of an empty pointer log whose surface is the picture's size, drawn by
/// ``BoardRenderer``: so the rectangle is the layout the replay fits on a surface when a log
/// gives no pitch rectangle, and a log recorded over this picture, with that rectangle in its
/// header, replays onto the same pitch.
struct PitchPicture {
    /// The size the web board asks for unless told: about the pitch's proportions with its margin.
    static let defaultSize = Size(width: 1130, height: 760)

    /// The SVG document.
    let svg: Data
    /// The playing area (lines included) in the SVG's units.
    let rect: Rect

    init(size: Size, orientation: PitchOrientation, background: BoardBackground) throws {
        let log = StrokeLog(form: .pointerLog, surface: size, orientation: orientation, background: background, events: [])
        let renderer = try BoardRenderer(log: log, options: BoardRenderOptions(size: size))
        rect = renderer.outputLayout.area
        svg = try renderer.render(format: .svg)
    }

    /// `x,y,w,h` with at most three decimals: the `Touchline-Pitch-Rect` header.
    var rectHeader: String {
        [rect.x, rect.y, rect.width, rect.height].map(Self.decimal).joined(separator: ",")
    }

    /// `value` with at most three decimals, without trailing zeros (`21.26`, `1130`).
    static func decimal(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}

/// The pens and eraser of a new log (the spec's defaults), as the web board draws with them:
/// `{"eraser": {"width": 32}, "pens": {"blue": {"color": "#1976D2", "width": 6}, "red": {...}}}`.
struct BoardStyleBody: Encodable {
    struct PenStyle: Encodable {
        var color: String
        var width: Double
    }

    struct EraserStyle: Encodable {
        var width: Double
    }

    var pens: [String: PenStyle]
    var eraser: EraserStyle

    static let defaults = BoardStyleBody(
        pens: Pen.defaults.mapValues { PenStyle(color: $0.color.hexString, width: $0.width) },
        eraser: EraserStyle(width: Pen.defaultEraserWidth))
}

extension HTTPField.Name {
    /// `Touchline-Pitch-Rect: x,y,w,h`: where a pitch picture's playing area lies, in its units.
    static let pitchRect = HTTPField.Name("Touchline-Pitch-Rect")!
}
