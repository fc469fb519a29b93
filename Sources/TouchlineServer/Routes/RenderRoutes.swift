import Canvas
import Foundation
import Hummingbird
import Tactics

/// Renders from posted input, nothing stored and no account needed: `POST /api/v1/render/board`
/// (and under it the log's summary and its frames, and beside it its animation as `board.gif`
/// and `board.webp`), a posted route file's map, thumbnail and
/// statistics under `/api/v1/render/route`, and `POST /api/v1/render/album`.
struct RenderRoutes {
    let api: APIServices

    func register(on router: Router<APIContext>) {
        let v1 = router.group("api/v1")
        v1.post("render/board") { request, _ in
            let log = try await BoardUpload.read(request, api: api)
            return try await BoardImage.response(log, request: request, api: api)
        }
        for format in AnimatedImageFormat.allCases {
            v1.post("render/board.\(format.rawValue)") { request, _ in
                let animation = try BoardAnimationImage(Query(request), format: format)
                let log = try await BoardUpload.read(request, api: api)
                return try await animation.response(log, request: request, api: api)
            }
        }
        v1.post("render/board/summary") { request, _ in
            let log = try await BoardUpload.read(request, api: api)
            return try APIJSON.response(log.summary)
        }
        v1.post("render/board/frames") { request, _ in
            let frames = try BoardFramesArchive(Query(request))
            let log = try await BoardUpload.read(request, api: api)
            return try await frames.response(log, name: nil, fallback: "board-frames", request: request, api: api)
        }
        v1.post("render/album") { request, _ in
            try await AlbumUpload.response(request, api: api)
        }
        v1.post("render/route") { request, _ in
            let format = try Negotiation.format(request.headers[.accept], offering: [.png, .svg, .pdf])
            let options = try RouteOutput.mapOptions(Query(request), tiles: api.options.tiles)
            let data = try await RouteUpload.data(request, api: api)
            return try await RouteOutput.image(options, format: format, kind: "route", request: request, api: api) {
                try RouteUpload.document(data)
            }
        }
        v1.post("render/route/thumbnail") { request, _ in
            let options = try RouteOutput.thumbnailOptions(Query(request), tiles: api.options.tiles)
            let data = try await RouteUpload.data(request, api: api)
            return try await RouteOutput.image(options, format: .png, kind: "route-thumbnail", request: request, api: api) {
                try RouteUpload.document(data)
            }
        }
        v1.post("render/route/statistics") { request, _ in
            let split = try RouteOutput.split(Query(request))
            let data = try await RouteUpload.data(request, api: api)
            return try await RouteOutput.statistics(split: split, source: "body", api: api) { try RouteUpload.document(data) }
        }
    }
}

/// A stroke log in a request body: a stroke document (JSON) or a pointer log (JSON lines).
enum BoardUpload {
    /// Media types a stroke log may be sent as.
    static let mediaTypes: Set<String> = ["application/json", "application/x-ndjson", "application/jsonl",
                                          "application/jsonlines", "application/octet-stream", "text/plain"]

    /// The body's bytes, checked for type and size (the stroke log reader checks the rest, and
    /// tells the two forms apart by their content, so a body without a `Content-Type` is read too).
    static func data(_ request: Request, limit: Int) async throws -> Data {
        if let type = MediaTypes.essence(request.headers[.contentType]), !mediaTypes.contains(type) {
            throw Problem(.unsupportedMediaType,
                          "send the stroke log as application/json (a stroke document) or application/x-ndjson (a pointer log)")
        }
        return try await Body.read(request, limit: limit)
    }

    /// The body read as a stroke log; `?surface=WxH` gives a pointer log's surface when it has
    /// no header line. Parsed inside the render gate, off the event loops: a log of 20 MiB
    /// takes a while and several times its size in memory.
    static func read(_ request: Request, api: APIServices) async throws -> StrokeLog {
        let data = try await data(request, limit: api.options.maxUploadBytes)
        let surface = try BoardImage.size(Query(request), "surface")
        return try await api.rendering { try parse(data, surface: surface) }
    }

    /// `data` as a stroke log, the reader's advice worded for the API.
    static func parse(_ data: Data, surface: Size?) throws -> StrokeLog {
        do {
            return try StrokeLog(data: data, source: "body", surface: surface)
        } catch where error.kind == .missingHeader {
            // The reader's advice names the command line's --surface; here it is ?surface=.
            throw StrokeLogError(.missingHeader, source: error.source, at: error.location,
                                 "the pointer log has no header line; give the surface as ?surface=WxH (for example ?surface=1024x768)")
        }
    }
}

/// A board drawn as `Accept` asks (PNG unless told), with the render options of
/// `touchline board render` as query parameters.
enum BoardImage {
    static func response(_ log: StrokeLog, request: Request, api: APIServices,
                         format: ResponseFormat? = nil) async throws -> Response {
        let query = Query(request)
        let options = try look(query, until: true)
        let format = try format ?? Negotiation.format(request.headers[.accept], offering: [.png, .svg, .pdf])
        let data = try await api.rendering {
            let renderer = try BoardRenderer(log: log, options: options)
            switch format {
            case .svg: return try renderer.render(format: .svg)
            case .pdf: return try renderer.render(format: .pdf)
            default: return try renderer.render(format: .png)
            }
        }
        api.metrics.render("board", format: format.rawValue)
        return Rendered.response(data, contentType: format.contentType, request: request)
    }

    /// The options `touchline board render` and `board frames` share (the command line's look
    /// flags) from the query: `size`, `scale`, `background`, `vertical`, `stripes`, and `until`
    /// when `until` is true (`board frames` draws every event).
    static func look(_ query: Query, until takesUntil: Bool = false) throws -> BoardRenderOptions {
        let size = try size(query, "size")
        let scale = try scale(query)
        let until = takesUntil ? try query.int("until", in: 0...Int(Int32.max)) : nil
        let background = try query.choice("background", BoardBackground.self)
        let vertical = try query.bool("vertical") ?? false
        let stripes = try query.bool("stripes") ?? false
        return BoardRenderOptions(size: size, scale: scale, until: until, background: background,
                                  orientation: vertical ? .vertical : nil, stripes: stripes)
    }

    /// A `WxH` query parameter.
    static func size(_ query: Query, _ name: String) throws -> Size? {
        guard let text = try query.string(name, maximumLength: 40) else { return nil }
        guard let size = Size(dimensions: text) else {
            throw Problem.malformed("query parameter '\(name)': expected WxH, each side at least 1, for example 1600x1040")
        }
        return size
    }

    /// `scale`: 1 unless given, from 0.01 to `maximum` (``RenderScale``'s rule, as `--scale`).
    static func scale(_ query: Query, maximum: Double = RenderScale.maximum) throws -> Double {
        guard let text = try query.string("scale", maximumLength: 20) else { return 1 }
        guard let scale = Double(text), RenderScale.isValid(scale, maximum: maximum) else {
            throw Problem.malformed("query parameter 'scale': expected a number \(RenderScale.rule(maximum: maximum))")
        }
        return scale
    }
}
