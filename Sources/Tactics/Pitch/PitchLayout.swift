import Canvas

/// Where a pitch lies in some 2-D space (a recording surface or an output image).
///
/// The layout knows the visible playing area's rectangle (the whole field, or one half, lines
/// included) and maps pitch metres (see ``PitchGeometry``) into that space. Vertical pitches
/// have the x = 0 goal at the bottom; half pitches show the half from the halfway line to the
/// goal at x = length (right, or top when vertical).
public struct PitchLayout: Sendable, Equatable {
    /// The space left around the playing area when a layout is fitted: 4 m on every side.
    public static let margin = 4.0

    public var dimensions: PitchDimensions
    public var orientation: PitchOrientation
    public var isHalf: Bool
    /// The visible playing area in the space.
    public var area: Rect

    public init(dimensions: PitchDimensions, orientation: PitchOrientation, isHalf: Bool, area: Rect) {
        self.dimensions = dimensions
        self.orientation = orientation
        self.isHalf = isHalf
        self.area = area
    }

    /// The layout Touchline uses by default: the visible area plus ``margin`` on every side,
    /// fitted inside `bounds` keeping its aspect ratio, centred.
    public init(fitting bounds: Rect, dimensions: PitchDimensions, orientation: PitchOrientation, isHalf: Bool) {
        let along = (isHalf ? dimensions.length / 2 : dimensions.length) + 2 * Self.margin
        let across = dimensions.width + 2 * Self.margin
        let (boxWidth, boxHeight) = orientation == .horizontal ? (along, across) : (across, along)
        let box = bounds.fitting(aspect: boxWidth / boxHeight)
        let metre = box.width / boxWidth
        let area = box.insetBy(Self.margin * metre)
        self.init(dimensions: dimensions, orientation: orientation, isHalf: isHalf, area: area)
    }

    /// The first visible metre along the length.
    private var startAlong: Double { isHalf ? dimensions.length / 2 : 0 }
    private var spanAlong: Double { dimensions.length - startAlong }

    /// Maps pitch metres into this layout's space.
    public var metresToSpace: Transform2D {
        switch orientation {
        case .horizontal:
            let sx = area.width / spanAlong, sy = area.height / dimensions.width
            return Transform2D(a: sx, b: 0, c: 0, d: sy, tx: area.x - startAlong * sx, ty: area.y)
        case .vertical:
            let sAlong = area.height / spanAlong, sAcross = area.width / dimensions.width
            return Transform2D(a: 0, b: -sAlong, c: sAcross, d: 0,
                                   tx: area.x, ty: area.maxY + startAlong * sAlong)
        }
    }

    /// Space units per metre (the mean of both axes when they differ).
    public var unitsPerMetre: Double { metresToSpace.lengthScale }

    /// The same layout seen through `transform` (a uniform scale and translation).
    public func applying(_ transform: Transform2D) -> PitchLayout {
        let a = transform.apply(Point(x: area.minX, y: area.minY))
        let b = transform.apply(Point(x: area.maxX, y: area.maxY))
        let rect = Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
        return PitchLayout(dimensions: dimensions, orientation: orientation, isHalf: isHalf, area: rect)
    }
}
