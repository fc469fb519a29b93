import Canvas

/// How to render a board; everything left nil follows the log.
public struct BoardRenderOptions: Sendable, Equatable {
    /// The output size in output units (pixels at scale 1, points for PDF and SVG); nil for
    /// the recording surface's size.
    public var size: Size?
    /// Device pixels per output unit for PNG (`2` gives the same picture at twice the resolution).
    public var scale: Double
    /// Show the board after the first `until` events only (strokes and clears); nil for all.
    /// Values beyond the log's events show the whole board.
    public var until: Int?
    /// Another background than the log's.
    public var background: BoardBackground?
    /// Another orientation than the log's; the ink turns with the pitch.
    public var orientation: PitchOrientation?
    /// Mowing stripes on the grass.
    public var stripes: Bool
    public var style: BoardStyle
    public var smoothing: StrokeSmoothing

    public init(size: Size? = nil, scale: Double = 1, until: Int? = nil, background: BoardBackground? = nil,
                orientation: PitchOrientation? = nil, stripes: Bool = false, style: BoardStyle = .standard,
                smoothing: StrokeSmoothing = .standard) {
        self.size = size
        self.scale = scale
        self.until = until
        self.background = background
        self.orientation = orientation
        self.stripes = stripes
        self.style = style
        self.smoothing = smoothing
    }
}
