import Canvas
import Foundation
import Hummingbird
import Tactics

/// `touchline board render -o drill.gif|drill.webp` over HTTP: a board being drawn as an
/// animated GIF or WebP (``BoardAnimation``), for a stored board (`GET
/// /api/v1/boards/{id}.gif|.webp`) or a posted log (`POST /api/v1/render/board.gif|.webp`).
///
/// `?fps=` (1 to 50, default 15) and `?speed=` (0.1 to 100, default 1) pace it as `--fps` and
/// `--speed` do, and the board render options (`size`, `scale`, `background`, `vertical`,
/// `stripes`) give its look. Every frame is drawn in one render slot, so a request is bounded
/// by ``ServerOptions/maxFrames`` frames and ``ServerOptions/maxAnimationPixels`` pixels over
/// all of them (422 before any is drawn); the file is made in memory, frame by frame.
struct BoardAnimationImage {
    var format: AnimatedImageFormat
    var fps: Double
    var speed: Double
    var look: BoardRenderOptions

    /// The request's query, checked before the log is read: a bad `fps` or `speed`, or a GIF
    /// asked of the transparent background, is 400 naming the parameter.
    init(_ query: Query, format: AnimatedImageFormat) throws {
        self.format = format
        fps = try Self.number(query, .fps) ?? BoardAnimation.defaultFramesPerSecond
        speed = try Self.number(query, .speed) ?? 1
        look = try BoardImage.look(query)
        if format == .gif, look.background == BoardBackground.none {
            throw Problem.malformed("query parameter 'background': a GIF cannot show background=none (transparent); "
                                    + "choose another background, or ask for the .webp")
        }
    }

    /// A setting's value, within ``BoardAnimation/Setting``'s own rule.
    private static func number(_ query: Query, _ setting: BoardAnimation.Setting) throws -> Double? {
        guard let text = try query.string(setting.rawValue, maximumLength: 40) else { return nil }
        guard let value = Double(text), setting.accepts(value) else {
            throw Problem.malformed("query parameter '\(setting.rawValue)': expected a number \(setting.rule)")
        }
        return value
    }

    /// `log`'s animation, as `image/gif` or `image/webp` with a strong ETag.
    func response(_ log: StrokeLog, request: Request, api: APIServices) async throws -> Response {
        let (format, fps, speed, look) = (format, fps, speed, look)
        let limits = BoardAnimation.Limits(frames: api.options.maxFrames, pixels: api.options.maxAnimationPixels)
        let encoded = try await api.rendering {
            try BoardAnimation(renderer: try BoardRenderer(log: log, options: look), format: format, framesPerSecond: fps,
                               speed: speed, limits: limits).encode()
        }
        api.metrics.render("board-animation", format: format.rawValue)
        return Rendered.response(encoded.data, contentType: format.mediaType, request: request)
    }
}
