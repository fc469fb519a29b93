import Canvas
import Foundation

/// The values a track's line is coloured by, one per edge (the stretch between two fixes),
/// and the range the palette spans.
///
/// - Speed: distance over time across up to five edges around each one, in m/s; the range
///   is the 2nd to 98th percentile, so a GPS jump does not wash out the rest.
/// - Elevation: the mean of an edge's ends, in metres; the range is the full one.
/// - Grade: rise over run across at least 50 m centred on the edge, in per cent; the
///   range is symmetric about flat (the larger of the 2nd and 98th percentiles' sizes, at
///   least 1 %).
struct RouteValues: Sendable {
    /// Per segment, one value per edge (nil where the data cannot say).
    let edges: [[Double?]]
    let low: Double
    let high: Double
    let colouring: RouteColouring

    /// The palette is split into this many steps; consecutive edges of the same step are drawn
    /// as one line.
    static let steps = 32

    /// nil when the data cannot support `colouring` (no times for speed, no elevations for
    /// elevation and grade).
    init?(_ colouring: RouteColouring, segments: [[GeoPoint]], distances: [[Double]]) {
        var edges: [[Double?]] = []
        switch colouring {
        case .none: return nil
        case .speed:
            edges = zip(segments, distances).map { Self.speeds($0, distances: $1) }
        case .elevation:
            edges = segments.map { segment in
                (1..<max(segment.count, 1)).map { i in
                    switch (segment[i - 1].elevation, segment[i].elevation) {
                    case let (a?, b?): return (a + b) / 2
                    case let (a?, nil): return a
                    case let (nil, b?): return b
                    case (nil, nil): return nil
                    }
                }
            }
        case .grade:
            edges = zip(segments, distances).map { Self.grades($0, distances: $1) }
        }
        let known = edges.flatMap { $0.compactMap { $0 } }.filter(\.isFinite).sorted()
        guard let first = known.first, let last = known.last else { return nil }
        func percentile(_ p: Double) -> Double { known[min(Int(Double(known.count - 1) * p), known.count - 1)] }
        var low: Double, high: Double
        switch colouring {
        case .none: return nil
        case .speed:
            low = percentile(0.02)
            high = percentile(0.98)
            if high - low < 0.5 { (low, high) = (max(0, (low + high) / 2 - 0.25), (low + high) / 2 + 0.25) }
        case .elevation:
            // The points' own range (edge values are means, a little inside it).
            let elevations = segments.flatMap { $0.compactMap(\.elevation) }.filter(\.isFinite)
            (low, high) = (elevations.min() ?? first, elevations.max() ?? last)
            if high - low < 10 { (low, high) = ((low + high) / 2 - 5, (low + high) / 2 + 5) }
        case .grade:
            let size = max(abs(percentile(0.02)), abs(percentile(0.98)), 1)
            (low, high) = (-size, size)
        }
        self.edges = edges
        self.low = low
        self.high = high
        self.colouring = colouring
    }

    /// The palette step of `value`.
    func step(of value: Double) -> Int {
        let fraction = (value - low) / (high - low)
        guard fraction.isFinite else { return 0 }
        // Clamped before the conversion: any finite Double fits once it lies within 0...steps.
        let position = min(max(fraction, 0), 1) * Double(Self.steps)
        return min(Int(position), Self.steps - 1)
    }

    /// The colour drawn for palette step `step`.
    static func color(ofStep step: Int, in palette: RoutePalette) -> Color {
        palette.color(at: (Double(step) + 0.5) / Double(steps))
    }

    /// The legend's title and its low and high labels.
    var legendTexts: (title: String, low: String, high: String) {
        switch colouring {
        case .none, .speed:
            let (a, b) = (low * 3.6, high * 3.6)
            return ("Speed (km/h)", RouteText.number(a, range: b - a), RouteText.number(b, range: b - a))
        case .elevation:
            return ("Elevation (m)", String(format: "%.0f", low), String(format: "%.0f", high))
        case .grade:
            return ("Grade (%)", RouteText.number(low, range: high - low), "+" + RouteText.number(high, range: high - low))
        }
    }

    private static func speeds(_ segment: [GeoPoint], distances: [Double]) -> [Double?] {
        guard segment.count > 1 else { return [] }
        let times = segment.map { $0.time?.timeIntervalSinceReferenceDate }
        // Per edge: length and duration when both ends are timed and time moves forward.
        var lengths = [Double](repeating: 0, count: segment.count - 1)
        var durations = [Double?](repeating: nil, count: segment.count - 1)
        for i in 1..<segment.count {
            lengths[i - 1] = distances[i] - distances[i - 1]
            if let a = times[i - 1], let b = times[i], b > a { durations[i - 1] = b - a }
        }
        return (0..<lengths.count).map { edge in
            var metres = 0.0, seconds = 0.0
            for k in max(0, edge - 2)...min(lengths.count - 1, edge + 2) {
                guard let duration = durations[k] else { continue }
                metres += lengths[k]
                seconds += duration
            }
            return seconds > 0 ? metres / seconds : nil
        }
    }

    private static func grades(_ segment: [GeoPoint], distances: [Double]) -> [Double?] {
        guard segment.count > 1 else { return [] }
        let halfWindow = 25.0
        let n = segment.count
        var back = 0, ahead = 0
        return (1..<n).map { i in
            let middle = (distances[i - 1] + distances[i]) / 2
            // back: the last point at least halfWindow before the middle (or the first point).
            while back + 1 <= i - 1, distances[back + 1] <= middle - halfWindow { back += 1 }
            // ahead: the first point at least halfWindow after the middle (or the last point).
            ahead = max(ahead, i)
            while ahead < n - 1, distances[ahead] < middle + halfWindow { ahead += 1 }
            var a = back, b = ahead
            while a < i - 1, segment[a].elevation == nil { a += 1 }
            while b > i, segment[b].elevation == nil { b -= 1 }
            guard let ea = segment[a].elevation, let eb = segment[b].elevation else { return nil }
            let run = distances[b] - distances[a]
            return run >= 5 ? 100 * (eb - ea) / run : nil
        }
    }
}
