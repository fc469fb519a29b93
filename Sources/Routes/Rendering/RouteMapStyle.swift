import Canvas

/// Colours between stops, evenly spaced from the low end (fraction 0) to the high end (1).
///
/// ```swift
/// let palette = RoutePalette(stops: [.white, .black])
/// palette.color(at: 0.5) // mid grey
/// ```
public struct RoutePalette: Sendable, Hashable {
    /// At least one colour.
    public let stops: [Color]

    /// A palette through `stops`; an empty list gives black.
    public init(stops: [Color]) {
        self.stops = stops.isEmpty ? [.black] : stops
    }

    /// The colour at `fraction` (clamped to 0...1), interpolated linearly between stops.
    public func color(at fraction: Double) -> Color {
        let f = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        guard stops.count > 1 else { return stops[0] }
        let position = f * Double(stops.count - 1)
        let index = min(Int(position), stops.count - 2)
        return stops[index].mixed(with: stops[index + 1], fraction: position - Double(index))
    }

    /// Speed: slow blue through cyan, green and yellow to fast red (a "turbo"-like ramp).
    public static let speed = RoutePalette(stops: [hex(0x3B4CC0), hex(0x1FA0D8), hex(0x2DB36B), hex(0xF2C12E), hex(0xD7301F)])
    /// Elevation: low green through yellow and brown to high purple-grey.
    public static let elevation = RoutePalette(stops: [hex(0x1A9850), hex(0x91CF60), hex(0xFEE08B), hex(0xB8733E), hex(0x6E4C7E)])
    /// Grade: steep descent blue, flat light grey, steep climb red (diverging, flat in the middle).
    public static let grade = RoutePalette(stops: [hex(0x2166AC), hex(0x92C5DE), hex(0xD9D9D9), hex(0xF4A582), hex(0xB2182B)])

    static func hex(_ value: Int) -> Color {
        Color(red: Double((value >> 16) & 0xFF) / 255, green: Double((value >> 8) & 0xFF) / 255,
              blue: Double(value & 0xFF) / 255)
    }
}

/// The colours and weights of a route map.
public struct RouteMapStyle: Sendable, Hashable {
    /// The plain background (under tiles, and where a tile is missing).
    public var background: Color
    /// The track's line when not coloured by a value, and planned legs.
    public var route: Color
    /// The wider line drawn under the route so it reads on any background.
    public var casing: Color
    /// The route's line width, in output units.
    public var routeWidth: Double
    /// How much wider than the route the casing is, on each side.
    public var casingWidth: Double
    /// The start marker.
    public var start: Color
    /// The finish marker.
    public var finish: Color
    /// Kilometre marks and their labels.
    public var kilometre: Color
    /// Numbered stops of planned routes.
    public var stop: Color
    /// Loose waypoints.
    public var waypoint: Color
    /// Text: scale bar, legend, labels, stats.
    public var text: Color
    /// The boxes behind labels, the legend and the scale bar.
    public var labelBackground: Color
    /// The profile strip's background.
    public var profileBackground: Color
    /// The profile's filled area.
    public var profileFill: Color
    public var speedPalette: RoutePalette
    public var elevationPalette: RoutePalette
    public var gradePalette: RoutePalette

    public init(background: Color, route: Color, casing: Color, routeWidth: Double = 4, casingWidth: Double = 1.75,
                start: Color, finish: Color, kilometre: Color, stop: Color, waypoint: Color, text: Color,
                labelBackground: Color, profileBackground: Color, profileFill: Color,
                speedPalette: RoutePalette = .speed, elevationPalette: RoutePalette = .elevation,
                gradePalette: RoutePalette = .grade) {
        self.background = background
        self.route = route
        self.casing = casing
        self.routeWidth = routeWidth
        self.casingWidth = casingWidth
        self.start = start
        self.finish = finish
        self.kilometre = kilometre
        self.stop = stop
        self.waypoint = waypoint
        self.text = text
        self.labelBackground = labelBackground
        self.profileBackground = profileBackground
        self.profileFill = profileFill
        self.speedPalette = speedPalette
        self.elevationPalette = elevationPalette
        self.gradePalette = gradePalette
    }

    /// Touchline's default: a pale map background, a blue route cased in white, a green
    /// start, a red finish and purple kilometre marks.
    public static let standard = RouteMapStyle(
        background: RoutePalette.hex(0xF2EFE9), route: RoutePalette.hex(0x1E5BD6), casing: .white,
        start: RoutePalette.hex(0x2E9D3A), finish: RoutePalette.hex(0xD32F2F), kilometre: RoutePalette.hex(0x7B1FA2),
        stop: RoutePalette.hex(0x283593), waypoint: RoutePalette.hex(0x455A64), text: RoutePalette.hex(0x263238),
        labelBackground: Color(red: 1, green: 1, blue: 1, alpha: 0.8), profileBackground: .white,
        profileFill: RoutePalette.hex(0xC5D5F5))

    /// The palette for `colouring` (nil for ``RouteColouring/none``).
    public func palette(for colouring: RouteColouring) -> RoutePalette? {
        switch colouring {
        case .none: return nil
        case .speed: return speedPalette
        case .elevation: return elevationPalette
        case .grade: return gradePalette
        }
    }

    /// The full width of the cased line.
    var casedWidth: Double { routeWidth + 2 * casingWidth }
}
