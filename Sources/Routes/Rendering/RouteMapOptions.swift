import Canvas

/// What a route map's line is coloured by.
public enum RouteColouring: String, Sendable, Hashable, CaseIterable {
    /// One colour, ``RouteMapStyle/route``.
    case none
    /// Speed between fixes (needs times), on ``RouteMapStyle/speedPalette``.
    case speed
    /// Elevation (needs elevations), on ``RouteMapStyle/elevationPalette``.
    case elevation
    /// Grade, rise over run in per cent (needs elevations), on ``RouteMapStyle/gradePalette``,
    /// symmetric about flat.
    case grade
}

/// Space kept clear around the fitted route, per side, in output units. The route's line
/// (with its casing) stays inside; markers and labels may reach into it.
///
/// ```swift
/// let even: RouteMapPadding = 24
/// let roomAbove = RouteMapPadding(top: 60, left: 24, bottom: 24, right: 24)
/// ```
public struct RouteMapPadding: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same padding on every side.
    public init(_ all: Double) {
        self.init(top: all, left: all, bottom: all, right: all)
    }

    public init(floatLiteral value: Double) { self.init(value) }
    public init(integerLiteral value: Int) { self.init(Double(value)) }

    /// True when every side is finite and not negative.
    var isValid: Bool { [top, left, bottom, right].allSatisfy { $0.isFinite && $0 >= 0 } }
}

/// How to render a route map.
///
/// ```swift
/// var options = RouteMapOptions(size: Size(width: 800, height: 500))
/// options.colourBy = .elevation
/// options.profile = true
/// ```
public struct RouteMapOptions: Sendable {
    /// A thumbnail's size unless another is asked for (`route thumbs`, the API's thumbnails, a
    /// route post's picture).
    public static let thumbnailSize = Size(width: 320, height: 200)

    /// The output size in output units (pixels at scale 1, points for PDF and SVG).
    public var size: Size
    /// Device pixels per output unit for PNG (`2` gives the same picture at twice the resolution).
    public var scale: Double
    /// Space kept clear around the route's line, per side.
    public var padding: RouteMapPadding
    /// What the track's line is coloured by; a legend shows the range.
    public var colourBy: RouteColouring
    /// Label the kilometre marks (labels that would overlap an earlier one are left out).
    public var kilometreLabels: Bool
    /// An elevation profile strip along the bottom, with a stats line.
    public var profile: Bool
    public var style: RouteMapStyle
    /// Map tiles drawn under the route instead of the plain background; missing tiles leave
    /// the background and are reported in ``RouteRenderResult/notes``.
    public var tiles: (any TileSource)?
    /// Credit for the tiles (or anything), drawn small in the bottom-right corner.
    public var attribution: String?
    /// The profile strip's stats line; nil for a simple one computed here (distance, time, climb).
    public var statsLine: String?
    /// Points (and circles around them) drawn over the map in colours of their own, and
    /// fitted into it with the route.
    public var marks: [RouteMapMark] = []
    /// Draw the waypoints as numbered markers (1, 2, ... in the document's order, placed clear
    /// of each other as a planned route's stops are) instead of dots: a map of places whose
    /// list the numbers refer to.
    public var numberedWaypoints = false

    public init(size: Size = Size(width: 600, height: 400), scale: Double = 1, padding: RouteMapPadding = 24,
                colourBy: RouteColouring = .none, kilometreLabels: Bool = false, profile: Bool = false,
                style: RouteMapStyle = .standard, tiles: (any TileSource)? = nil, attribution: String? = nil,
                statsLine: String? = nil) {
        self.size = size
        self.scale = scale
        self.padding = padding
        self.colourBy = colourBy
        self.kilometreLabels = kilometreLabels
        self.profile = profile
        self.style = style
        self.tiles = tiles
        self.attribution = attribution
        self.statsLine = statsLine
    }
}
