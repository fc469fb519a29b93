import Canvas

/// The strokes begun but not finished at a frame's time, drawn as far as they had got, for
/// ``BoardAnimator``'s timed frames.
///
/// The picture is the one ``BoardRenderer`` would draw of each stroke cut at the frame's time,
/// but the work is not done again every frame. Each stroke is smoothed once; as frames
/// advance, only the points recorded since the last frame are simplified and added to its
/// line, and once that line holds ``bakingThreshold`` vertices they are drawn, once, onto a
/// layer of the stroke's own (at most ``maximumLayers`` at a time). A frame then costs one
/// composite per such layer and at most a few hundred vertices per stroke, instead of the whole
/// stroke so far: a 40,000-point stroke over 2,000 frames no longer draws 40 million vertices.
///
/// Smoothing moves a point by what its neighbours do, so the last points of a cut stroke
/// (as many as ``StrokeSmoothing/passes``) are smoothed as the end of the cut, from a few
/// recorded points, exactly as the renderer smooths the stroke cut there; the points before
/// them no longer change as the stroke goes on. Frames must be drawn in order of time.
struct StrokesInProgress {
    /// How many vertices of a stroke's line are drawn every frame before they are baked into
    /// its layer.
    static let bakingThreshold = 256
    /// The most layers held at once (strokes beyond are drawn from their lines every frame).
    static let maximumLayers = 8
    /// The most pixels all layers may hold together: 32 megapixels, 128 MB (at least one layer
    /// is allowed whatever the size).
    static let layerPixelBudget = 32 << 20

    let renderer: BoardRenderer
    /// Each stroke event's first time, worked out once.
    private let startTimes: [Double?]
    /// The strokes being drawn, by event index.
    private var strokes: [Int: Progress] = [:]
    private let layerLimit: Int
    private var layersInUse = 0
    private var lastTime = -Double.infinity

    /// Vertices handed to Cairo so far (two per pressure segment); the tests bound the work
    /// with it.
    private(set) var drawnVertices = 0
    /// Points smoothed or simplified so far.
    private(set) var processedPoints = 0
    /// Layers made so far.
    private(set) var layersMade = 0

    init(renderer: BoardRenderer) {
        self.renderer = renderer
        startTimes = renderer.log.events.map { event in
            if case .stroke(let stroke) = event { return stroke.startTime }
            return nil
        }
        let pixels = max(1, renderer.outputSize.width * renderer.outputSize.height * renderer.options.scale * renderer.options.scale)
        layerLimit = max(1, min(Self.maximumLayers, Int(min(Double(Self.layerPixelBudget) / pixels, 1e6))))
    }

    /// Draws the strokes after the first `completed` events that had begun by `time`
    /// (milliseconds), each as far as it had got, onto `canvas` above the finished ink, as
    /// the eraser removing ink. Events are visited in order up to the first stroke not begun;
    /// clears and untimed strokes among them wait until they are complete.
    mutating func draw(after completed: Int, at time: Double, on canvas: Canvas) {
        if time < lastTime { forgetAll() } // out of order: start again
        lastTime = time
        for (index, progress) in strokes where index < completed {
            if progress.layer != nil { layersInUse -= 1 }
            strokes[index] = nil
        }
        let events = renderer.log.events
        for index in events.indices.dropFirst(completed) {
            guard case .stroke(let stroke) = events[index], let start = startTimes[index] else { continue }
            if start > time { break }
            let progress: Progress
            if let known = strokes[index] {
                progress = known
            } else if let made = Progress(stroke: stroke, start: start, renderer: renderer) {
                processedPoints += stroke.points.count
                progress = made
                strokes[index] = made
            } else {
                continue // a pen the log does not define draws nothing
            }
            advance(progress, to: time)
            draw(progress, on: canvas)
        }
    }

    private mutating func forgetAll() {
        strokes = [:]
        layersInUse = 0
    }

    // MARK: Following a stroke

    /// Takes in the points recorded by `time` and settles what no later point can change.
    private mutating func advance(_ progress: Progress, to time: Double) {
        let points = progress.stroke.points
        var shown = progress.shown
        while shown < points.count {
            let pointTime = points[shown].time ?? progress.lastTime
            if pointTime > time { break }
            progress.lastTime = pointTime
            shown += 1
        }
        guard shown != progress.shown else { return }
        progress.shown = shown
        let pressure = progress.usesPressure(upTo: shown)
        if pressure != progress.pressure {
            // The first pressure reading turns the whole line into segments: start it again.
            progress.restart(pressure: pressure)
            releaseLayer(of: progress)
        }
        let settled = progress.settledIndex(shown: shown)
        if settled > progress.settled {
            if !progress.pressure {
                let piece = Polyline.simplified(Array(progress.line[progress.settled...settled]), tolerance: progress.tolerance)
                processedPoints += settled - progress.settled + 1
                progress.vertices += piece.dropFirst()
            }
            progress.settled = settled
        }
        bake(progress)
    }

    /// Draws a long enough unbaked line onto the stroke's layer, when a layer can be had.
    private mutating func bake(_ progress: Progress) {
        let unbaked = progress.pressure ? progress.settled - progress.bakedTo : progress.vertices.count - 1
        guard unbaked >= Self.bakingThreshold else { return }
        if progress.layer == nil {
            guard layersInUse < layerLimit, let layer = try? renderer.makeCanvas() else { return }
            progress.layer = layer
            layersInUse += 1
            layersMade += 1
        }
        guard let layer = progress.layer else { return }
        if progress.pressure {
            layer.withSavedState {
                layer.concatenate(renderer.inkTransform)
                strokeSegments(of: progress, through: progress.settled, color: progress.opaqueColor, on: layer)
            }
        } else {
            strokeLine(progress.vertices, of: progress, color: progress.opaqueColor, operator: .over, on: layer)
        }
        if progress.pressure {
            progress.bakedTo = progress.settled
        } else if let joint = progress.vertices.last {
            progress.vertices = [joint]
        }
    }

    private mutating func releaseLayer(of progress: Progress) {
        if progress.layer != nil { layersInUse -= 1 }
        progress.layer = nil
    }

    // MARK: Drawing a frame

    /// The stroke as far as it has got: its layer, its unbaked line, and its unsettled end.
    private mutating func draw(_ progress: Progress, on canvas: Canvas) {
        guard progress.shown > 0 else { return }
        let tail = progress.tail(renderer.options.smoothing)
        processedPoints += tail.count
        guard let pen = progress.pen else {
            // The eraser cuts the ink (and the strokes drawn before it) away.
            if let layer = progress.layer { canvas.draw(layer, operator: .destinationOut) }
            strokeLine(progress.vertices + tail.dropFirst(), of: progress, color: .black, operator: .destinationOut, on: canvas)
            return
        }
        // Opaque, then made translucent as a whole, when drawn in parts, as the renderer does
        // with pressure; a line drawn whole is drawn in the pen's colour, as the renderer does.
        let inParts = progress.layer != nil || progress.pressure
        if inParts && pen.color.alpha < 1 {
            canvas.layer(opacity: pen.color.alpha) {
                drawPen(progress, pen: pen, tail: tail, color: progress.opaqueColor, on: canvas)
            }
        } else {
            drawPen(progress, pen: pen, tail: tail, color: inParts ? progress.opaqueColor : pen.color, on: canvas)
        }
    }

    /// A pen's stroke so far in `color`: its layer, then its unbaked line and end.
    private mutating func drawPen(_ progress: Progress, pen: Pen, tail: [Point], color: Color, on canvas: Canvas) {
        if let layer = progress.layer { canvas.draw(layer) }
        if progress.pressure {
            canvas.withSavedState {
                canvas.concatenate(renderer.inkTransform)
                strokeSegments(of: progress, through: progress.settled, color: color, on: canvas)
                strokeTail(tail, of: progress, pen: pen, color: color, on: canvas)
            }
        } else {
            let end = tail.count > 2 ? Polyline.simplified(tail, tolerance: progress.tolerance) : tail
            strokeLine(progress.vertices + end.dropFirst(), of: progress, color: color, operator: .over, on: canvas)
        }
    }

    /// Strokes a line of vertices in surface units; a single vertex is a dot, unless it is
    /// only the joint with what the layer holds.
    private mutating func strokeLine(_ line: [Point], of progress: Progress, color: Color, operator op: CompositeOperator,
                                     on canvas: Canvas) {
        if line.count == 1 && progress.layer != nil { return }
        drawnVertices += line.count
        let style: StrokeStyle
        if let pen = progress.pen {
            style = renderer.lineStyle(of: pen, pressure: progress.stroke.points.first?.pressure, color: color)
        } else {
            style = renderer.eraserStyle
        }
        canvas.withSavedState {
            canvas.concatenate(renderer.inkTransform)
            canvas.stroke(Path(polyline: line), style: style, operator: op)
        }
    }

    /// Strokes the settled pressure segments not yet baked, into points `bakedTo + 1 ... end`.
    private mutating func strokeSegments(of progress: Progress, through end: Int, color: Color, on canvas: Canvas) {
        guard let pen = progress.pen, end > progress.bakedTo else { return }
        for index in (progress.bakedTo + 1)...end {
            renderer.strokeSegment(into: index, of: progress.stroke, from: progress.line[index - 1],
                                   to: progress.line[index], pen: pen, color: color, on: canvas)
        }
        drawnVertices += 2 * (end - progress.bakedTo)
    }

    /// Strokes the pressure segments of the unsettled end, which starts at the settled point.
    private mutating func strokeTail(_ tail: [Point], of progress: Progress, pen: Pen, color: Color, on canvas: Canvas) {
        guard tail.count > 1 else { return }
        for offset in 1..<tail.count {
            renderer.strokeSegment(into: progress.settled + offset, of: progress.stroke, from: tail[offset - 1],
                                   to: tail[offset], pen: pen, color: color, on: canvas)
        }
        drawnVertices += 2 * (tail.count - 1)
    }
}

/// How far one stroke has been drawn, and what of it is settled and baked.
private final class Progress {
    let stroke: Stroke
    /// The pen, or nil for the eraser.
    let pen: Pen?
    /// The recorded points in surface units.
    let recorded: [Point]
    /// The whole stroke smoothed (the recorded points for the eraser, which is never smoothed).
    let line: [Point]
    /// The smoothing passes applied, 0 for the eraser.
    let passes: Int
    let tolerance: Double
    let opaqueColor: Color
    /// The index of the first point with a pressure, if any.
    let firstPressure: Int?

    /// How many points are shown, and the time of the last one.
    var shown = 0
    var lastTime: Double
    /// Whether the shown part is drawn segment by segment, as wide as the pressure.
    var pressure = false
    /// `line[0...settled]` is final whatever comes after.
    var settled = 0
    /// Without pressure: the simplified settled line not yet baked, from the joint with the
    /// layer (or the first point) to `line[settled]`.
    var vertices: [Point]
    /// With pressure: the segments into points `1...bakedTo` are on the layer.
    var bakedTo = 0
    var layer: Canvas?

    init?(stroke: Stroke, start: Double, renderer: BoardRenderer) {
        self.stroke = stroke
        lastTime = start
        recorded = stroke.points.map { Point(x: $0.x, y: $0.y) }
        switch stroke.tool {
        case .eraser:
            pen = nil
            line = recorded
            passes = 0
            tolerance = renderer.simplificationTolerance(width: renderer.log.eraserWidth)
            opaqueColor = .black
        case .pen(let name):
            guard let pen = renderer.log.pens[name] else { return nil }
            self.pen = pen
            line = renderer.options.smoothing.smooth(recorded, width: pen.width)
            passes = renderer.options.smoothing.passes
            tolerance = renderer.simplificationTolerance(width: pen.width)
            opaqueColor = pen.color.withAlpha(1)
        }
        firstPressure = pen == nil ? nil : stroke.points.firstIndex { $0.pressure != nil }
        vertices = line.first.map { [$0] } ?? []
    }

    /// Whether the first `shown` points are drawn with pressure (as ``BoardRenderer`` decides
    /// for a stroke of those points).
    func usesPressure(upTo shown: Int) -> Bool {
        guard let firstPressure else { return false }
        return firstPressure < shown && shown > 1
    }

    /// Forgets the settled line, to draw it again in the other way.
    func restart(pressure: Bool) {
        self.pressure = pressure
        settled = 0
        bakedTo = 0
        vertices = line.first.map { [$0] } ?? []
    }

    /// The last point whose smoothed place no later point changes: smoothing reaches `passes`
    /// points back from the end of a cut, which stays where it was recorded.
    func settledIndex(shown: Int) -> Int {
        shown == line.count ? line.count - 1 : max(0, shown - 1 - passes)
    }

    /// The shown line from `line[settled]` to its end, smoothed as the end of a stroke cut
    /// there: the smoothing of a few recorded points before it, which is exact from `passes`
    /// points past their start on.
    func tail(_ smoothing: StrokeSmoothing) -> [Point] {
        guard shown - 1 > settled, let pen else { return [line[settled]] + recorded[(settled + 1)..<shown] }
        let from = max(0, settled - passes - 1)
        let smoothed = smoothing.smooth(Array(recorded[from..<shown]), width: pen.width)
        return Array(smoothed[(settled - from)...])
    }
}
