import Canvas

/// Everything a route map draws, laid out in user space: built once per renderer, then
/// painted onto any canvas (or band of one) by ``RouteMapPainter``.
struct RouteMapScene: Sendable {
    /// A run of text with its box (the box is painted behind it when `background` is set,
    /// and is what label placement checks for overlaps).
    struct Label: Sendable {
        var text: String
        /// The left end of the baseline.
        var origin: Point
        var box: Rect
        var font: Font
        var color: Color
        var background: Color?
    }

    /// A stretch of line in one colour.
    struct Run: Sendable {
        var points: [Point]
        var color: Color
    }

    /// A numbered stop of a planned route: its marker at `center`, which is the stop itself
    /// (`anchor`) unless another marker was in the way (``StopPlacement``).
    struct Stop: Sendable {
        var anchor: Point
        var center: Point
        var number: Label

        /// Whether the marker moved off its stop, and so is tied back to it by a leader line.
        var moved: Bool { anchor != center }
    }

    /// A mark of ``RouteMapOptions/marks``: a dot and the circle around it.
    struct Mark: Sendable {
        var center: Point
        /// The circle's outline (empty for none).
        var circle: [Point]
        var color: Color
        var showsDot: Bool
    }

    /// The start and finish markers.
    enum Ends: Sendable {
        case separate(start: Point, finish: Point)
        /// A loop (or a single point): one marker, half start colour, half finish colour.
        case merged(Point)
    }

    struct Legend: Sendable {
        var box: Rect
        var title: Label
        var bar: Rect
        var colors: [Color]
        var low: Label
        var high: Label
    }

    struct ScaleBar: Sendable {
        var box: Rect
        /// Tick, bar, tick.
        var path: [Point]
        var label: Label
    }

    struct Profile: Sendable {
        /// The whole strip.
        var strip: Rect
        /// The chart inside it.
        var chart: Rect
        /// The elevation line (empty without elevations).
        var line: [Point]
        var stats: Label
        /// Highest and lowest elevation, or "no elevation data".
        var labels: [Label]
    }

    var size: Size
    /// The part of the output above the profile strip.
    var mapArea: Rect
    var tiles: [PlacedTile]
    /// Every line (track segments and planned legs), simplified, drawn first in the casing.
    var casings: [[Point]]
    var runs: [Run]
    var waypoints: [Point]
    var kilometreMarks: [Point]
    var stops: [Stop]
    var ends: Ends?
    var labels: [Label]
    var legend: Legend?
    var scaleBar: ScaleBar?
    var attribution: Label?
    var profile: Profile?
    var marks: [Mark] = []
}
