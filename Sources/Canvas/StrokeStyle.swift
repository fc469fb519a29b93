/// How the ends of open lines are drawn.
public enum LineCap: Sendable, Hashable {
    case butt, round, square
}

/// How corners between segments are drawn.
public enum LineJoin: Sendable, Hashable {
    case miter, round, bevel
}

/// Which regions of a self-overlapping path a fill covers.
public enum FillRule: Sendable, Hashable {
    case winding, evenOdd
}

/// How drawing combines with what is already on the canvas (Porter-Duff and blend operators).
public enum CompositeOperator: Sendable, Hashable {
    /// Paint over (the default).
    case over
    /// Remove what is under the drawn shape, leaving transparency. To rub out antialiased
    /// shapes inside a layer prefer ``destinationOut`` with an opaque colour: Cairo 1.16 turns
    /// `clear` strokes black on a layer that was painted over entirely.
    case clear
    /// Replace what is under the drawn shape.
    case source
    /// Keep what is under the drawn shape only where it is not drawn (an eraser).
    case destinationOut
    /// Darken by multiplying colours.
    case multiply
    /// Lighten by screening colours.
    case screen
}

/// Everything about a stroke but its path.
///
/// ```swift
/// let pen = StrokeStyle(color: try Color(hex: "#1976D2"), width: 6, cap: .round, join: .round)
/// let dashed = StrokeStyle(color: .white, width: 1, dash: [4, 2])
/// ```
public struct StrokeStyle: Sendable, Hashable {
    public var color: Color
    /// Line width in user-space units.
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    /// Alternating on and off lengths in user-space units; empty for a solid line.
    public var dash: [Double]
    /// Where in the dash pattern the line starts.
    public var dashOffset: Double

    public init(color: Color, width: Double, cap: LineCap = .butt, join: LineJoin = .miter,
                dash: [Double] = [], dashOffset: Double = 0) {
        self.color = color
        self.width = width
        self.cap = cap
        self.join = join
        self.dash = dash
        self.dashOffset = dashOffset
    }
}
