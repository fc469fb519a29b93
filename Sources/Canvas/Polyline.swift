/// Operations on polylines (ordered points joined by straight segments).
public enum Polyline {
    /// Points are simplified in runs of this many, which bounds the work on hostile input:
    /// Douglas-Peucker is quadratic at worst (a zigzag peels one point per pass), so the work
    /// is at most `chunkSize` distance checks per point. With runs of 4,096 a pen stroke of
    /// 160,000 zigzag points took over 8 s to simplify; with 256 it takes a few milliseconds,
    /// and a real line only keeps one extra point per run.
    static let chunkSize = 256

    /// The Douglas-Peucker simplification of `points`: the fewest of them such that every
    /// dropped point lies within `tolerance` of the simplified line. The first and last
    /// points are always kept.
    ///
    /// ```swift
    /// // Drawing at about half a device pixel of accuracy:
    /// let drawn = Polyline.simplified(track, tolerance: 0.5)
    /// ```
    public static func simplified(_ points: [Point], tolerance: Double) -> [Point] {
        guard points.count > 2, tolerance > 0 else { return points }
        var result: [Point] = []
        result.reserveCapacity(points.count / 2)
        var start = 0
        while start < points.count - 1 {
            let end = min(start + chunkSize, points.count - 1)
            let kept = simplifiedRun(points, from: start, to: end, tolerance: tolerance)
            result += result.isEmpty ? kept : Array(kept.dropFirst())
            start = end
        }
        return result
    }

    /// Douglas-Peucker over `points[first...last]`, without recursion.
    private static func simplifiedRun(_ points: [Point], from first: Int, to last: Int, tolerance: Double) -> [Point] {
        var keep = [Bool](repeating: false, count: last - first + 1)
        keep[0] = true
        keep[keep.count - 1] = true
        var pending = [(first, last)]
        while let (a, b) = pending.popLast() {
            guard b - a > 1 else { continue }
            var farthest = -1, distance = tolerance
            for index in (a + 1)..<b {
                let d = points[index].distance(toSegmentFrom: points[a], to: points[b])
                if d > distance {
                    distance = d
                    farthest = index
                }
            }
            if farthest >= 0 {
                keep[farthest - first] = true
                pending.append((a, farthest))
                pending.append((farthest, b))
            }
        }
        return (first...last).filter { keep[$0 - first] }.map { points[$0] }
    }
}
