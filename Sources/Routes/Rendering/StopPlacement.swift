import Canvas
import Foundation

/// Where the numbered markers of planned routes' stops go: each on its stop when nothing is
/// in the way, else at the nearest free place around it (tied back to the stop by a leader
/// line), so that no marker covers another, another stop, or the line's start and finish.
///
/// Stops are placed in order, each trying its own point first, then rings of candidates
/// further out (the first clear of the stop's own dot), a marker's radius apart; on each ring, the directions across the route at that
/// stop come first (a marker pushed along the route would sit on the next stop). A stop that
/// finds no free place within ``maximumRings`` stays on its point, as it would have before.
struct StopPlacement {
    /// Space kept between two markers, in output units.
    static let gap = 2.0
    /// Directions tried on each ring.
    static let directions = 16
    /// Rings tried around a stop before it gives up.
    static let maximumRings = 12
    /// The radius of the dot left on a stop whose marker moved.
    static let anchorRadius = 3.0

    /// A disc that markers keep clear of (the start and finish markers).
    struct Disc {
        var center: Point
        var radius: Double
    }

    /// The centres of the markers of `routes`' stops (in order, route after route), each of
    /// `radius`, clear of `fixed`, and when they move, of `boxes` (the map's overlays) and
    /// inside `area`.
    static func centers(for routes: [[Point]], radius: Double, avoiding fixed: [Disc], boxes: [Rect] = [],
                        within area: Rect) -> [Point] {
        let anchors = routes.flatMap { $0 }
        let across = routes.flatMap { route in route.indices.map { acrossDirection(at: $0, of: route) } }
        // Markers and stops by grid cell, so that each candidate checks its neighbours only.
        let reach = radius + max(radius, fixed.map(\.radius).max() ?? 0) + gap
        var grid = Grid(cell: reach)
        for (index, anchor) in anchors.enumerated() { grid.insert(.anchor(index), at: anchor) }
        var discs = fixed
        for (index, disc) in fixed.enumerated() { grid.insert(.disc(index), at: disc.center) }
        var centers: [Point] = []
        centers.reserveCapacity(anchors.count)
        for (index, anchor) in anchors.enumerated() {
            let free = { (candidate: Point) -> Bool in
                grid.neighbours(of: candidate).allSatisfy { item in
                    switch item {
                    case .disc(let other):
                        return candidate.distance(to: discs[other].center) >= discs[other].radius + radius + gap
                    case .anchor(let other):
                        return other == index || candidate.distance(to: anchors[other]) >= radius + anchorRadius + gap
                    }
                }
            }
            var center = anchor
            // A marker stays on its stop over an overlay (it is drawn above them), but one that
            // must move does not move onto one.
            if !free(anchor) {
                center = candidates(around: anchor, radius: radius, across: across[index], within: area).first { candidate in
                    free(candidate) && boxes.allSatisfy { !$0.insetBy(-(radius + gap)).contains(candidate) }
                } ?? anchor
            }
            grid.insert(.disc(discs.count), at: center)
            discs.append(Disc(center: center, radius: radius))
            centers.append(center)
        }
        return centers
    }

    /// What a grid cell holds: a marker placed (or fixed), or a stop.
    private enum Item {
        case disc(Int)
        case anchor(Int)
    }

    /// Items by square cell of a side no shorter than any distance that matters, so that all
    /// an item can conflict with is in its own cell and the eight around it.
    private struct Grid {
        let cell: Double
        private var items: [Cell: [Item]] = [:]

        struct Cell: Hashable {
            var x: Int
            var y: Int
        }

        init(cell: Double) { self.cell = max(cell, 1) }

        private func cell(of point: Point) -> Cell {
            Cell(x: Int((point.x / cell).rounded(.down)), y: Int((point.y / cell).rounded(.down)))
        }

        mutating func insert(_ item: Item, at point: Point) { items[cell(of: point), default: []].append(item) }

        func neighbours(of point: Point) -> [Item] {
            let center = cell(of: point)
            var result: [Item] = []
            for dy in -1...1 {
                for dx in -1...1 { result += items[Cell(x: center.x + dx, y: center.y + dy)] ?? [] }
            }
            return result
        }
    }

    /// Candidate centres around `anchor`, nearest rings first, on each the directions nearest
    /// to `across` (either way) first; only those whose whole marker lies inside `area`.
    private static func candidates(around anchor: Point, radius: Double, across: Double, within area: Rect) -> [Point] {
        let step = 2 * Double.pi / Double(directions)
        let angles = (0..<directions).map { Double($0) * step }.sorted { lhs, rhs in
            let left = min(angularDistance(lhs, across), angularDistance(lhs, across + .pi))
            let right = min(angularDistance(rhs, across), angularDistance(rhs, across + .pi))
            return left == right ? lhs < rhs : left < right
        }
        let inside = area.insetBy(radius)
        var result: [Point] = []
        // The first ring leaves the stop's dot and a stub of leader line showing.
        for ring in 0..<maximumRings {
            let distance = radius + anchorRadius + gap + Double(ring) * radius
            for angle in angles {
                let candidate = Point(x: anchor.x + distance * cos(angle), y: anchor.y + distance * sin(angle))
                if inside.contains(candidate) { result.append(candidate) }
            }
        }
        return result
    }

    /// The angle across the route at stop `index`: square to the line from the stop before to
    /// the stop after (or to its one neighbour); straight up for a lone stop.
    private static func acrossDirection(at index: Int, of anchors: [Point]) -> Double {
        let before = anchors[max(index - 1, 0)], after = anchors[min(index + 1, anchors.count - 1)]
        let dx = after.x - before.x, dy = after.y - before.y
        guard dx * dx + dy * dy > 1e-9 else { return -Double.pi / 2 }
        return atan2(dy, dx) + Double.pi / 2
    }

    /// The smallest angle between two directions, in 0...π.
    private static func angularDistance(_ a: Double, _ b: Double) -> Double {
        let difference = abs((a - b).truncatingRemainder(dividingBy: 2 * .pi))
        return min(difference, 2 * .pi - difference)
    }
}
