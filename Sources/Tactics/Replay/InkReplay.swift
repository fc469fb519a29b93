import Canvas

/// The ink of a replay as its events come in, in order, for ``BoardAnimator``'s frames.
///
/// Strokes and clears are drawn onto the ink as they come. An undo must take ink back, which
/// only drawing again can do: the ink is then drawn again from a base layer that holds all but
/// the last ``undoDepth`` events in effect, so a run of undos (or an undo and redo back and
/// forth) costs at most that many strokes a frame, and the base itself is drawn again only
/// when undos reach below it (once every ``undoDepth`` undos at most).
struct InkReplay {
    /// How many of the latest events in effect the base layer leaves out.
    static let undoDepth = 32

    let renderer: BoardRenderer
    /// The ink after the events applied so far.
    private(set) var ink: Canvas
    private var history = BoardHistory()
    /// Events of the log applied so far.
    private var applied = 0
    /// The ink holds `history.inEffect[..<drawn]`.
    private var drawn = 0
    /// The ink of `history.inEffect[..<baseCount]`, once an undo needed it.
    private var base: Canvas?
    private var baseCount = 0
    /// Strokes drawn so far (the tests bound the work of undos with it).
    private(set) var strokesDrawn = 0

    init(renderer: BoardRenderer) throws {
        self.renderer = renderer
        ink = try renderer.makeCanvas()
    }

    /// Applies the log's events up to `completed` (exclusive).
    mutating func advance(to completed: Int) throws {
        let events = renderer.log.events
        guard completed > applied else { return }
        history.markSettled()
        for index in applied..<min(completed, events.count) { history.record(index, of: events[index]) }
        applied = completed
        let inEffect = history.inEffect
        if history.settledCount < drawn {
            // Ink drawn has been undone: draw again from the base, made anew when undos
            // reached into it.
            if base == nil || history.settledCount < baseCount {
                baseCount = max(0, history.settledCount - Self.undoDepth)
                let fresh = try renderer.makeCanvas()
                let shown = inEffect[..<baseCount]
                let start = shown.lastIndex { events[$0].isClear }.map { $0 + 1 } ?? 0
                draw(shown[start...], on: fresh)
                base = fresh
            }
            guard let base else { return }
            ink = try base.copy()
            drawn = baseCount
        }
        draw(inEffect[drawn...], on: ink)
        drawn = inEffect.count
    }

    /// Draws events of the log (by index) onto an ink-only canvas: strokes, the eraser cutting
    /// ink away, clears.
    private mutating func draw(_ indices: ArraySlice<Int>, on canvas: Canvas) {
        for index in indices {
            switch renderer.log.events[index] {
            case .stroke(let stroke):
                renderer.draw(stroke, on: canvas, erasing: .removeInk)
                strokesDrawn += 1
            case .clear: canvas.clear()
            case .undo, .redo: break // never in effect
            }
        }
    }
}
