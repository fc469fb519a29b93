import Canvas
import Foundation

/// Draws a ``RouteDocument`` as a map: its tracks cased and optionally coloured by speed,
/// elevation or grade, start (green) and finish (red) markers, kilometre marks (purple),
/// planned routes as numbered stops joined by straight legs, waypoints, a scale bar, marks
/// (coloured points with circles on the ground), and optionally an elevation profile strip and
/// map tiles underneath.
///
/// ```swift
/// let document = RouteDocument(tracks: [Track(segments: [points])])
/// var options = RouteMapOptions(colourBy: .elevation, profile: true)
/// options.tiles = tiles            // any TileSource; missing tiles become notes
/// options.attribution = "© OpenStreetMap contributors"
/// let renderer = try RouteMapRenderer(document: document, options: options)
/// let result = try renderer.render(format: .png)
/// try result.data.write(to: URL(fileURLWithPath: "ride.png"))
/// result.notes.forEach { print("note:", $0) }
/// ```
///
/// **Projection and fit.** Web Mercator (latitudes clamped to ±85.05112878°), longitudes
/// unwrapped point by point so a track across the antimeridian is one line. The bounding
/// box of everything shown (widened to at least ``MapFit/defaultMinimumSpanMeters`` each way)
/// is scaled uniformly at a fractional zoom to fill the frame less the padding, centred; the
/// padding is kept clear of the route's line including its casing. ``fit`` says where any
/// position lands.
///
/// **Lines.** Simplified in output space to half a device pixel (Douglas-Peucker) before
/// drawing, with round caps and joins, over a casing. Coloured lines use the style's palette
/// in 32 steps (see ``RoutePalette``), with a legend of the range. Planned legs are straight
/// lines in the projection, labelled with their lengths.
///
/// **Distances** for kilometre marks, the scale bar, loop detection, leg labels and the simple
/// stats line are great-circle (haversine) distances, for placement only; pass the real
/// statistics through ``RouteMapOptions/statsLine``.
///
/// All layout (text measuring included) happens in `init`, and tiles are fetched there too,
/// so ``draw(on:)`` depends only on user space and every format and band shows the same map.
public struct RouteMapRenderer: Sendable {
    /// The most tiles one render fetches; the tile zoom is lowered to stay within it.
    public static let maximumTiles = 256
    /// The largest tile side, in pixels, that is drawn.
    public static let maximumTileSide = 1_024
    /// The fewest decoded tile pixels a render may use: 16 megapixels (64 MB), 256 tiles of 256 px.
    public static let minimumTilePixelBudget = 16 << 20

    /// How many decoded tile pixels one render may fetch for a map of `devicePixels`: six times
    /// its pixels, and at least ``minimumTilePixelBudget``. Tiles are drawn at half their size
    /// or more, so a map needs at most four tile pixels for each of its own, plus the tiles its
    /// edges cut. Tiles past the budget are left out with a note, never decoded: without it
    /// 256 tiles of 1024 px (a few kB each when plain) would decode to 1 GB for a small map.
    public static func tilePixelBudget(forDevicePixels devicePixels: Double) -> Int {
        guard devicePixels.isFinite, devicePixels > 0 else { return minimumTilePixelBudget }
        return max(minimumTilePixelBudget, Int(min(devicePixels * 6, Double(Canvas.maximumPixels) * 6)))
    }
    /// The most track points a map draws.
    public static let maximumTrackPoints = 2_000_000
    /// The most route stops and the most waypoints a map draws (each).
    public static let maximumPlaces = 10_000
    /// The longest attribution and stats line, in characters.
    public static let maximumTextLength = 300

    public let document: RouteDocument
    public let options: RouteMapOptions
    /// How positions map onto the output (user space).
    public let fit: MapFit
    /// The part of the output the map fills: all of it, or all above the profile strip.
    public let mapArea: Rect
    /// The zoom the tiles are drawn from (or would be, without a tile source).
    public let tileZoom: Int
    /// What did not go to plan without stopping the render (see ``RouteRenderResult/notes``).
    public let notes: [String]
    let scene: RouteMapScene

    /// Lays the map out and fetches its tiles.
    ///
    /// - Throws: ``RouteMapError`` for a document with nothing to draw, too many points,
    ///   bad padding or too long texts; ``CanvasError`` for a size or scale out of limits.
    public init(document: RouteDocument, options: RouteMapOptions = RouteMapOptions()) throws {
        let size = options.size
        _ = try Canvas.checkedPixelSize(width: size.width, height: size.height, scale: options.scale)
        let trackPoints = document.tracks.reduce(0) { $0 + $1.segments.reduce(0) { $0 + $1.count } }
        guard trackPoints <= Self.maximumTrackPoints else {
            throw RouteMapError.tooManyPoints(kind: "track points", count: trackPoints, limit: Self.maximumTrackPoints)
        }
        let stops = document.routes.reduce(0) { $0 + $1.stops.count }
        guard stops <= Self.maximumPlaces else {
            throw RouteMapError.tooManyPoints(kind: "route stops", count: stops, limit: Self.maximumPlaces)
        }
        guard document.waypoints.count <= Self.maximumPlaces else {
            throw RouteMapError.tooManyPoints(kind: "waypoints", count: document.waypoints.count, limit: Self.maximumPlaces)
        }
        for (field, text) in [("the attribution", options.attribution), ("the stats line", options.statsLine)] {
            if let text, text.count > Self.maximumTextLength {
                throw RouteMapError.textTooLong(field: field, length: text.count, limit: Self.maximumTextLength)
            }
        }

        let geometry = RouteGeometry(document: document)
        let marks = try WorldMarks(options.marks)
        let corners = [geometry.worldBox, marks.worldBox].compactMap { $0 }
            .flatMap { [Point(x: $0.minX, y: $0.minY), Point(x: $0.maxX, y: $0.maxY)] }
        guard let box = Rect(boundingBoxOf: corners) else { throw RouteMapError.nothingToDraw }
        let (mapArea, frame) = try Self.frame(for: options)
        let fit = MapFit(fitting: box, into: frame)

        let measuring = try Canvas(width: 1, height: 1)
        var layout = RouteMapLayout(options: options, geometry: geometry, fit: fit, mapArea: mapArea,
                                    measure: { measuring.measure($0, font: $1) })
        var scene = layout.scene()
        scene.marks = marks.placed(fit)
        var notes: [String] = []
        if geometry.skipped > 0 {
            notes.append("\(geometry.skipped) points with invalid coordinates left out")
        }
        notes += layout.notes
        var tileZoom = MapTiles.zoom(for: fit, scale: options.scale)
        if let source = options.tiles {
            let fetched = MapTiles.fetch(from: source, fit: fit, area: mapArea, scale: options.scale)
            scene.tiles = fetched.tiles
            tileZoom = fetched.zoom
            notes += fetched.notes
        }
        self.document = document
        self.options = options
        self.fit = fit
        self.mapArea = mapArea
        self.tileZoom = tileZoom
        self.notes = notes
        self.scene = scene
    }

    /// Checks what `options` alone decide, before any file is read or folder made: the size
    /// and scale within the canvas limits, valid padding, and room inside the padding for the
    /// route's line. `init` applies the same rule.
    ///
    /// ```swift
    /// try RouteMapRenderer.validate(RouteMapOptions(size: Size(width: 1, height: 1)))
    /// // throws RouteMapError.sizeTooSmall(size: "1.0x1.0", minimum: "57x57")
    /// ```
    ///
    /// - Throws: ``CanvasError`` for a size or scale out of limits; ``RouteMapError`` for bad
    ///   padding or a size too small to draw a route in.
    public static func validate(_ options: RouteMapOptions) throws {
        _ = try frame(for: options)
    }

    /// The part of the output the map fills, and the frame inside its padding (and the line's
    /// casing) that the route is fitted into.
    static func frame(for options: RouteMapOptions) throws -> (mapArea: Rect, frame: Rect) {
        let size = options.size
        _ = try Canvas.checkedPixelSize(width: size.width, height: size.height, scale: options.scale)
        let profileHeight = options.profile ? RouteMapLayout.profileHeight(forHeight: size.height) : 0
        let mapArea = Rect(x: 0, y: 0, width: size.width, height: size.height - profileHeight)
        let padding = options.padding
        // The line's casing stays inside the padding too.
        let halfLine = options.style.casedWidth / 2
        let frame = Rect(x: padding.left + halfLine, y: padding.top + halfLine,
                         width: mapArea.width - padding.left - padding.right - 2 * halfLine,
                         height: mapArea.height - padding.top - padding.bottom - 2 * halfLine)
        guard padding.isValid else {
            throw RouteMapError.invalidPadding(padding, size: "\(size.width)x\(size.height)")
        }
        guard frame.width > 0, frame.height > 0 else {
            // The profile takes a share of the height, so the map's own minimum is scaled up by it.
            let share = size.height > 0 && profileHeight.isFinite ? max(0, 1 - profileHeight / size.height) : 1
            let width = (padding.left + padding.right + 2 * halfLine + 1).rounded(.up)
            let height = ((padding.top + padding.bottom + 2 * halfLine + 1) / max(share, 0.1)).rounded(.up)
            throw RouteMapError.sizeTooSmall(size: "\(size.width)x\(size.height)",
                                             minimum: "\(Int(max(width, 1)))x\(Int(max(height, 1)))")
        }
        return (mapArea, frame)
    }

    /// True when every pixel of the map is opaque (the PNG is then RGB).
    var isOpaque: Bool { options.style.background.alpha == 1 }

    /// Renders the map and encodes it, with the ``notes``.
    ///
    /// PNGs are drawn in bands while earlier bands are encoded (see
    /// ``Canvas/bandedPNG(width:height:scale:opaque:options:draw:)``).
    public func render(format: OutputFormat, png: PNGOptions = .default) throws -> RouteRenderResult {
        let painter = RouteMapPainter(scene: scene, style: options.style)
        if format == .png {
            let data = try Canvas.bandedPNG(width: options.size.width, height: options.size.height, scale: options.scale,
                                            opaque: isOpaque, options: png) { band in painter.paint(on: band) }
            return RouteRenderResult(data: data, notes: notes)
        }
        let canvas = try makeCanvas(format: format)
        painter.paint(on: canvas)
        return RouteRenderResult(data: try canvas.encoded(png: png), notes: notes)
    }

    /// Renders and writes `url` atomically; the format comes from the extension unless given.
    /// Returns the ``notes``.
    @discardableResult
    public func write(to url: URL, format: OutputFormat? = nil, png: PNGOptions = .default) throws -> [String] {
        guard let format = format ?? OutputFormat(fileExtensionOf: url) else {
            throw CanvasError.unsupportedFormat(url.lastPathComponent)
        }
        let result = try render(format: format, png: png)
        try result.data.write(to: url, options: .atomic)
        return result.notes
    }

    /// A blank canvas of the output's size.
    public func makeCanvas(format: OutputFormat = .png) throws -> Canvas {
        try Canvas(width: options.size.width, height: options.size.height, scale: options.scale, format: format,
                   title: document.name ?? "Touchline route")
    }

    /// Draws the whole map onto `canvas`, whose user space should be ``RouteMapOptions/size``.
    public func draw(on canvas: Canvas) {
        RouteMapPainter(scene: scene, style: options.style).paint(on: canvas)
    }
}
