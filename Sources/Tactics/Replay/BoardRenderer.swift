import Canvas
import Foundation

/// Replays a ``StrokeLog`` onto a pitch and encodes the board as PNG, SVG or PDF.
///
/// ```swift
/// let log = try StrokeLog(contentsOf: URL(fileURLWithPath: "board.json"))
/// let renderer = try BoardRenderer(log: log, options: BoardRenderOptions(size: Size(width: 1600, height: 1040)))
/// let png = try renderer.render(format: .png)
/// ```
///
/// The background is drawn first and the ink above it, as if on a transparent layer of its own:
/// the eraser removes ink (never the pitch), `clear` wipes all ink before it, and what `undo`
/// took back (and `redo` did not put back) is not drawn (``BoardHistory``). Pens draw opaque round
/// lines of their width; a one-point stroke is a dot; pressure, when recorded, scales a
/// segment's width by `0.5 + pressure` (so 0.5 is the pen's own width).
public struct BoardRenderer: Sendable {
    public let log: StrokeLog
    public let options: BoardRenderOptions
    /// The output size in output units.
    public let outputSize: Size
    /// Where the pitch is drawn on the output.
    public let outputLayout: PitchLayout
    /// Maps the recording surface onto the output.
    public let inkTransform: Transform2D
    /// The background actually drawn.
    public let background: BoardBackground

    /// Prepares a render, checking the output size against ``Canvas`` limits.
    public init(log: StrokeLog, options: BoardRenderOptions = BoardRenderOptions()) throws {
        self.log = log
        self.options = options
        let size = options.size ?? log.surface
        _ = try Canvas.checkedPixelSize(width: size.width, height: size.height, scale: options.scale)
        outputSize = size
        background = options.background ?? log.background

        let surface = Rect(x: 0, y: 0, width: log.surface.width, height: log.surface.height)
        let recordedHalf = log.background == .halfPitch
        let recorded = log.pitchRect.map {
            PitchLayout(dimensions: log.dimensions, orientation: log.orientation, isHalf: recordedHalf, area: $0)
        } ?? PitchLayout(fitting: surface, dimensions: log.dimensions, orientation: log.orientation, isHalf: recordedHalf)

        let output = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let fitted = output.fitting(aspect: surface.width / surface.height)
        let surfaceFit = Transform2D(mapping: surface, onto: fitted)
        let orientation = options.orientation ?? log.orientation
        let half = background.showsPitch ? background == .halfPitch : recordedHalf
        if orientation == log.orientation, half == recordedHalf {
            outputLayout = recorded.applying(surfaceFit)
            inkTransform = surfaceFit
        } else {
            // Another pitch than the one drawn on: carry the ink through pitch metres.
            let layout = PitchLayout(fitting: output, dimensions: log.dimensions, orientation: orientation, isHalf: half)
            outputLayout = layout
            inkTransform = recorded.metresToSpace.inverted.map { $0.concatenating(layout.metresToSpace) } ?? surfaceFit
        }
    }

    /// The number of events shown: `until`, clamped to the log.
    public var shownEvents: Int { min(max(options.until ?? log.events.count, 0), log.events.count) }

    /// Renders the board after ``shownEvents`` events and encodes it.
    ///
    /// PNGs are drawn in bands while earlier bands are encoded (see
    /// ``Canvas/bandedPNG(width:height:scale:opaque:options:draw:)``); the picture is the same
    /// as drawing on one canvas.
    public func render(format: OutputFormat, png: PNGOptions = .default) throws -> Data {
        if format == .png {
            let events = shownEvents
            return try Canvas.bandedPNG(width: outputSize.width, height: outputSize.height, scale: options.scale,
                                        opaque: isOpaque, options: png) { band in
                drawBackground(on: band)
                drawInk(on: band, events: events)
            }
        }
        let canvas = try makeCanvas(format: format)
        drawBackground(on: canvas)
        drawInk(on: canvas, events: shownEvents)
        return try canvas.encoded(png: png)
    }

    /// Renders and writes `url` atomically; the format comes from the extension unless given.
    public func write(to url: URL, format: OutputFormat? = nil, png: PNGOptions = .default) throws {
        guard let format = format ?? OutputFormat(fileExtensionOf: url) else {
            throw CanvasError.unsupportedFormat(url.lastPathComponent)
        }
        try render(format: format, png: png).write(to: url, options: .atomic)
    }

    /// True when the background covers every pixel with an opaque colour.
    var isOpaque: Bool {
        switch background {
        case .pitch, .halfPitch: return options.style.grass.alpha == 1
        case .blank: return options.style.blank.alpha == 1
        case .none: return false
        }
    }

    /// A blank canvas of the output's size.
    public func makeCanvas(format: OutputFormat = .png) throws -> Canvas {
        try Canvas(width: outputSize.width, height: outputSize.height, scale: options.scale, format: format,
                   title: "Touchline board")
    }

    /// Draws the background: the pitch, a plain colour, or nothing.
    public func drawBackground(on canvas: Canvas) {
        switch background {
        case .pitch, .halfPitch:
            PitchPainter(layout: outputLayout, style: options.style, stripes: options.stripes).paint(on: canvas)
        case .blank:
            canvas.paint(options.style.blank)
        case .none:
            break
        }
    }

    /// Draws the ink of the first `count` events over the background already on `canvas`.
    ///
    /// Over an opaque background, ink is drawn straight onto it and the eraser paints the
    /// background back along its path (drawn again only within the eraser's bounds): the same
    /// picture as ink on a layer of its own with the eraser cutting that layer, without a
    /// second full-size layer. Over no background the eraser cuts back to transparency; over a
    /// translucent one (a style's choice) the ink gets a layer of its own.
    public func drawInk(on canvas: Canvas, events count: Int) {
        // What undo took back never shows, nor anything before the last clear in effect.
        let shown = BoardHistory(log.events.prefix(count)).visible(in: log.events)
        let visible = inkTransform.inverted.flatMap { toSurface in
            let clip = canvas.clipBounds
            return Rect(boundingBoxOf: [Point(x: clip.minX, y: clip.minY), Point(x: clip.maxX, y: clip.minY),
                                        Point(x: clip.minX, y: clip.maxY), Point(x: clip.maxX, y: clip.maxY)]
                .map(toSurface.apply))
        }
        let mode: EraserMode = isOpaque ? .revealBackground : .removeInk
        let strokes = {
            for index in shown {
                guard case .stroke(let stroke) = log.events[index] else { continue }
                // A band of a banded render skips what cannot reach it.
                if let visible, let bounds = reach(of: stroke), !bounds.intersects(visible) { continue }
                draw(stroke, on: canvas, erasing: mode)
            }
        }
        if isOpaque || background == .none {
            strokes()
        } else {
            canvas.layer(strokes)
        }
    }

    /// Everything a stroke can ink, in surface units: its points' box grown by half its
    /// widest line (pressure can widen a pen to 1.5 times its width).
    func reach(of stroke: Stroke) -> Rect? {
        guard let box = Rect(boundingBoxOf: stroke.points.lazy.map { Point(x: $0.x, y: $0.y) }),
              let width = log.width(of: stroke.tool) else { return nil }
        return box.insetBy(-(width * 0.75 + 1))
    }

    /// How the eraser acts on the canvas it draws on.
    enum EraserMode {
        /// The canvas holds ink only: cut it away.
        case removeInk
        /// The canvas holds an opaque background under the ink: paint the background back.
        case revealBackground
    }

    /// How far, in surface units, a line may be simplified before drawing: a quarter of an
    /// output pixel, and never more than a tenth of the line's width (so smoothing and
    /// simplification together stay within half a pen width).
    func simplificationTolerance(width: Double) -> Double {
        let pixelsPerUnit = inkTransform.lengthScale * options.scale
        guard pixelsPerUnit > 0 else { return 0 }
        return min(0.25 / pixelsPerUnit, 0.1 * width)
    }

    /// Draws one stroke given in surface units, mapping it through ``inkTransform``.
    func draw(_ stroke: Stroke, on canvas: Canvas, erasing mode: EraserMode) {
        let recorded = stroke.points.map { Point(x: $0.x, y: $0.y) }
        switch stroke.tool {
        case .eraser:
            let raw = Polyline.simplified(recorded, tolerance: simplificationTolerance(width: log.eraserWidth))
            switch mode {
            case .removeInk:
                canvas.withSavedState {
                    canvas.concatenate(inkTransform)
                    canvas.stroke(Path(polyline: raw), style: eraserStyle, operator: .destinationOut)
                }
            case .revealBackground:
                canvas.stroke(Path(polyline: raw), style: eraserStyle, transform: inkTransform) { drawBackground(on: canvas) }
            }
        case .pen(let name):
            guard let pen = log.pens[name] else { return }
            let smoothed = options.smoothing.smooth(recorded, width: pen.width)
            canvas.withSavedState {
                canvas.concatenate(inkTransform)
                if stroke.points.contains(where: { $0.pressure != nil }), smoothed.count > 1 {
                    drawWithPressure(stroke, through: smoothed, pen: pen, on: canvas)
                } else {
                    let points = Polyline.simplified(smoothed, tolerance: simplificationTolerance(width: pen.width))
                    canvas.stroke(Path(polyline: points), style: lineStyle(of: pen, pressure: stroke.points.first?.pressure))
                }
            }
        }
    }

    /// The eraser's line: black (only its coverage counts), round, ``StrokeLog/eraserWidth`` wide.
    var eraserStyle: StrokeStyle { StrokeStyle(color: .black, width: log.eraserWidth, cap: .round, join: .round) }

    /// A pen's round line, as wide as the pen scaled by `pressure` (see ``pressureFactor(_:)``),
    /// in the pen's colour unless another is given.
    func lineStyle(of pen: Pen, pressure: Double?, color: Color? = nil) -> StrokeStyle {
        StrokeStyle(color: color ?? pen.color, width: pen.width * Self.pressureFactor(pressure), cap: .round, join: .round)
    }

    /// Strokes the segment into point `index` of a stroke drawn with pressure, from `start` to
    /// `end` (its smoothed ends), as wide as the mean pressure of its recorded ends.
    func strokeSegment(into index: Int, of stroke: Stroke, from start: Point, to end: Point, pen: Pen, color: Color,
                       on canvas: Canvas) {
        let pressure = ((stroke.points[index - 1].pressure ?? 0.5) + (stroke.points[index].pressure ?? 0.5)) / 2
        canvas.stroke(Path(polyline: [start, end]), style: lineStyle(of: pen, pressure: pressure, color: color))
    }

    /// Segment by segment, each as wide as the mean pressure of its ends; translucent pens
    /// are drawn opaque in a layer of their own so overlaps do not darken.
    private func drawWithPressure(_ stroke: Stroke, through points: [Point], pen: Pen, on canvas: Canvas) {
        let opaque = pen.color.withAlpha(1)
        let segments = {
            for index in 1..<points.count {
                strokeSegment(into: index, of: stroke, from: points[index - 1], to: points[index], pen: pen, color: opaque,
                              on: canvas)
            }
        }
        if pen.color.alpha < 1 {
            canvas.layer(opacity: pen.color.alpha, segments)
        } else {
            segments()
        }
    }

    /// Width multiplier for a pressure: `0.5 + pressure`, 1 when none was recorded.
    static func pressureFactor(_ pressure: Double?) -> Double {
        guard let pressure else { return 1 }
        return 0.5 + min(max(pressure, 0), 1)
    }
}
