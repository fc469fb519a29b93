import Canvas
import Foundation
import Hummingbird
import MapTiles
import Routes

/// What the API makes of a route, stored or posted: maps and thumbnails with the options of
/// `touchline route render` and `route thumbs` as query parameters, statistics as
/// `route stats --json` prints them, and files as `route export` writes them. The document
/// is loaded (decoded or read from the body) inside the rendering gate, since its memory
/// grows with the route.
enum RouteOutput {
    /// The options of a map, as `route render` takes them: `size` (WxH, 600x400 unless given),
    /// `scale` (from 0.01 to 16), `colourBy` (none, speed, elevation or grade), `kmLabels`
    /// and `profile`, over the server's map tiles unless `tiles=false`. Checked before any
    /// route is read.
    static func mapOptions(_ query: Query, tiles: MBTilesSource?) throws -> RouteMapOptions {
        var options = RouteMapOptions(
            size: try BoardImage.size(query, "size") ?? Size(width: 600, height: 400),
            scale: try BoardImage.scale(query),
            colourBy: try query.choice("colourBy", RouteColouring.self) ?? .none,
            kilometreLabels: try query.bool("kmLabels") ?? false,
            profile: try query.bool("profile") ?? false)
        try useTiles(query, tiles, in: &options)
        try validate(options)
        return options
    }

    /// `tiles`: true (the default) draws the server's map tiles under the route when it has
    /// some; asking for them from a server without any is a 422.
    static func useTiles(_ query: Query, _ tiles: MBTilesSource?, in options: inout RouteMapOptions) throws {
        let wanted = try query.bool("tiles")
        guard wanted != false else { return }
        guard let tiles else {
            if wanted == true { throw Problem(.invalid, "query parameter 'tiles': this server has no map tiles") }
            return
        }
        options.tiles = tiles
        options.attribution = tiles.attribution
    }

    /// The options of a thumbnail, as `route thumbs` takes them: `size` (WxH, 320x200 unless
    /// given) and `scale` (from 0.01 to 4), over the server's map tiles unless
    /// `tiles=false`. Checked before any route is read.
    static func thumbnailOptions(_ query: Query, tiles: MBTilesSource?) throws -> RouteMapOptions {
        let size = try BoardImage.size(query, "size") ?? RouteMapOptions.thumbnailSize
        let scale = try BoardImage.scale(query, maximum: RenderScale.maximumThumbnail)
        var options = RouteMapOptions(size: size, scale: scale)
        try useTiles(query, tiles, in: &options)
        try validate(options)
        return options
    }

    /// The document drawn with `options` in `format`, with the stats line `route render`
    /// writes under the profile; `kind` names the render in the metrics (`route`, `route-thumbnail`).
    static func image(_ options: RouteMapOptions, format: ResponseFormat, kind: String, request: Request, api: APIServices,
                      document: @escaping @Sendable () throws -> RouteDocument) async throws -> Response {
        let data = try await api.rendering {
            let document = try document()
            var options = options
            if options.profile { options.statsLine = RouteStatisticsText.statsLine(of: document) }
            return try RouteMapRenderer(document: document, options: options).render(format: outputFormat(format)).data
        }
        api.metrics.render(kind, format: format.rawValue)
        return Rendered.response(data, contentType: format.contentType, request: request)
    }

    /// `split`: metres, 1000 unless given, at least ``RouteStatisticsCalculator/minimumSplitMeters``
    /// (`route stats --split`'s rule).
    static func split(_ query: Query) throws -> Double {
        guard let text = try query.string("split", maximumLength: 30) else { return 1000 }
        guard let value = Double(text), value.isFinite, value >= RouteStatisticsCalculator.minimumSplitMeters else {
            throw Problem.malformed("query parameter 'split': expected a number of metres, "
                + "\(Int(RouteStatisticsCalculator.minimumSplitMeters)) or more")
        }
        return value
    }

    /// The route's figures as `route stats --json` prints them.
    ///
    /// - Throws: ``Problem`` 422 naming `source` when the document has no track or route to measure.
    static func statistics(split: Double, source: String, api: APIServices,
                           document: @escaping @Sendable () throws -> RouteDocument) async throws -> Response {
        let statistics = try await api.rendering {
            RouteStatisticsCalculator.statistics(of: try document(), splitMeters: split)
        }
        guard let statistics else { throw Problem(.invalid, "\(source): no track or route to measure") }
        return try APIJSON.response(statistics)
    }

    /// A file as `route export` writes it, with its media type and a `Content-Disposition`
    /// naming it after the route.
    static func export(_ request: Request, api: APIServices, format: RouteExportFormat, id: Int64,
                       route: @escaping @Sendable () throws -> (RouteDocument, RouteMetadata)) async throws -> Response {
        let (data, name) = try await api.rendering {
            let (document, metadata) = try route()
            return (format.data(document, metadata: metadata), metadata.name)
        }
        var response = Rendered.response(data, contentType: format.mediaType, request: request)
        response.headers[.contentDisposition] = contentDisposition(name, fallback: "route-\(id)", extension: format.fileExtension)
        return response
    }

    /// `attachment` with the route's name as the file name: in ASCII (other characters as
    /// `-`), and as UTF-8 (RFC 8187's `filename*`) when that lost anything.
    static func contentDisposition(_ name: String?, fallback: String, extension fileExtension: String) -> String {
        let name = name ?? fallback
        var ascii = ""
        for character in name {
            let keep = character.isASCII && (character.isLetter || character.isNumber || "-_.".contains(character))
            if keep {
                ascii.append(character)
            } else if !ascii.hasSuffix("-") {
                ascii.append("-")
            }
        }
        ascii = ascii.trimmingCharacters(in: CharacterSet(charactersIn: "-."))
        if ascii.isEmpty { ascii = fallback }
        var header = "attachment; filename=\"\(ascii).\(fileExtension)\""
        if ascii != name {
            let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$&+-.^_`|~")
            let encoded = "\(name).\(fileExtension)".addingPercentEncoding(withAllowedCharacters: allowed) ?? ascii
            header += "; filename*=UTF-8''\(encoded)"
        }
        return header
    }

    /// Refuses options that no route could be drawn with, before any file is read or decoded,
    /// naming the `size` parameter as `route thumbs` names `--size`.
    static func validate(_ options: RouteMapOptions) throws {
        do {
            try RouteMapRenderer.validate(options)
        } catch {
            throw Problem(.invalid, "query parameter 'size': " + ((error as? LocalizedError)?.errorDescription ?? "\(error)"))
        }
    }

    static func outputFormat(_ format: ResponseFormat) -> OutputFormat {
        switch format {
        case .svg: return .svg
        case .pdf: return .pdf
        default: return .png
        }
    }
}
