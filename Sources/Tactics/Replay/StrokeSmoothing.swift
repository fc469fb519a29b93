import Canvas

/// Light smoothing of touch jitter on pen strokes.
///
/// Each pass replaces every interior point with the binomial average
/// `(previous + 2 · point + next) / 4`; the first and last points stay where they were
/// recorded. No point moves more than `maximumOffset` pen widths from its recorded place, and
/// since both ends of every segment stay that close, so does the whole line. The defaults,
/// two passes and 0.4 pen widths, stay inside the spec's half a pen width. The eraser is never
/// smoothed: it must rub out exactly where it passed.
public struct StrokeSmoothing: Sendable, Equatable {
    /// How many averaging passes to run (0 disables smoothing).
    public var passes: Int
    /// The furthest a point may move, as a fraction of the pen's width.
    public var maximumOffset: Double

    public init(passes: Int = 2, maximumOffset: Double = 0.4) {
        self.passes = max(0, passes)
        self.maximumOffset = min(max(maximumOffset, 0), 0.5)
    }

    /// Two passes, at most 0.4 pen widths.
    public static let standard = StrokeSmoothing()
    /// No smoothing.
    public static let none = StrokeSmoothing(passes: 0)

    /// The smoothed line through `points` for a pen `width` wide.
    public func smooth(_ points: [Point], width: Double) -> [Point] {
        guard passes > 0, points.count > 2 else { return points }
        let limit = maximumOffset * width
        var current = points
        var next = points
        for _ in 0..<passes {
            for index in 1..<(current.count - 1) {
                let averaged = Point(x: (current[index - 1].x + 2 * current[index].x + current[index + 1].x) / 4,
                                     y: (current[index - 1].y + 2 * current[index].y + current[index + 1].y) / 4)
                next[index] = clamp(averaged, around: points[index], limit: limit)
            }
            swap(&current, &next)
        }
        return current
    }

    private func clamp(_ point: Point, around origin: Point, limit: Double) -> Point {
        let distance = point.distance(to: origin)
        guard distance > limit, distance > 0 else { return point }
        let factor = limit / distance
        return Point(x: origin.x + (point.x - origin.x) * factor, y: origin.y + (point.y - origin.y) * factor)
    }
}
