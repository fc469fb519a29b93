import Canvas

/// A touch board's recording, in either of the spec's forms, ready to replay.
///
/// Read one with ``StrokeLog/init(data:source:surface:)``; the form is detected from content.
public struct StrokeLog: Sendable, Equatable {
    /// The two recording forms of `shared/spec/strokes.md`.
    public enum Form: String, Sendable, Codable {
        /// A JSON stroke document (`touchline.strokes`).
        case strokeDocument = "touchline.strokes"
        /// A JSON Lines pointer-event log (`touchline.pointer`).
        case pointerLog = "touchline.pointer"
    }

    public var form: Form
    /// The recording surface, in device units, origin top-left, y down.
    public var surface: Size
    /// Where the playing area (lines included) was on the surface, when the log says so.
    public var pitchRect: Rect?
    /// The pitch's size in metres.
    public var dimensions: PitchDimensions
    public var orientation: PitchOrientation
    public var background: BoardBackground
    /// Pens by name.
    public var pens: [String: Pen]
    /// Eraser width in surface units.
    public var eraserWidth: Double
    /// Finished strokes and clears in replay order.
    public var events: [BoardEvent]
    /// Pointer logs only: touches the system cancelled (discarded).
    public var cancelledStrokes: Int
    /// Pointer logs only: pointers still down at the end of the log (discarded).
    public var unfinishedStrokes: Int

    public init(form: Form, surface: Size, pitchRect: Rect? = nil, dimensions: PitchDimensions = .standard,
                orientation: PitchOrientation = .horizontal, background: BoardBackground = .pitch,
                pens: [String: Pen] = Pen.defaults, eraserWidth: Double = Pen.defaultEraserWidth,
                events: [BoardEvent], cancelledStrokes: Int = 0, unfinishedStrokes: Int = 0) {
        self.form = form
        self.surface = surface
        self.pitchRect = pitchRect
        self.dimensions = dimensions
        self.orientation = orientation
        self.background = background
        self.pens = pens
        self.eraserWidth = eraserWidth
        self.events = events
        self.cancelledStrokes = cancelledStrokes
        self.unfinishedStrokes = unfinishedStrokes
    }

    /// The line width of `tool`; nil for a pen the log does not define.
    public func width(of tool: Tool) -> Double? {
        switch tool {
        case .eraser: return eraserWidth
        case .pen(let name): return pens[name]?.width
        }
    }

    /// True when at least one event carries a time.
    public var isTimed: Bool { events.contains { $0.endTime != nil } }
}
