import Foundation

/// A vector path: sub-paths of lines, cubic curves and circular arcs, as plain values.
///
/// ```swift
/// var path = Path()
/// path.move(to: Point(x: 10, y: 10))
/// path.line(to: Point(x: 90, y: 10))
/// path.addCircle(center: Point(x: 50, y: 50), radius: 20)
/// ```
public struct Path: Sendable, Equatable {
    /// One drawing instruction.
    public enum Element: Sendable, Equatable {
        case move(Point)
        case line(Point)
        case curve(control1: Point, control2: Point, end: Point)
        /// A circular arc; angles in radians from +x towards +y. `clockwise` follows
        /// Cairo's `cairo_arc` (increasing angle, clockwise on a y-down screen) when true and
        /// `cairo_arc_negative` when false.
        case arc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool)
        case close
    }

    /// The instructions, in order.
    public private(set) var elements: [Element] = []

    public init() {}

    /// A path through `points` in order (a single point gives a zero-length line, which a
    /// round-capped stroke draws as a dot).
    public init(polyline points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        if points.count == 1 {
            line(to: first)
        } else {
            for point in points.dropFirst() { line(to: point) }
        }
    }

    public var isEmpty: Bool { elements.isEmpty }

    public mutating func move(to point: Point) { elements.append(.move(point)) }
    public mutating func line(to point: Point) { elements.append(.line(point)) }
    public mutating func curve(to end: Point, control1: Point, control2: Point) {
        elements.append(.curve(control1: control1, control2: control2, end: end))
    }
    public mutating func close() { elements.append(.close) }

    /// Adds an arc; it is joined to the current point by a line, as in Cairo.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                                clockwise: Bool = true) {
        elements.append(.arc(center: center, radius: radius, startAngle: startAngle,
                             endAngle: endAngle, clockwise: clockwise))
    }

    /// Adds a closed rectangle as its own sub-path.
    public mutating func addRect(_ rect: Rect) {
        move(to: Point(x: rect.minX, y: rect.minY))
        line(to: Point(x: rect.maxX, y: rect.minY))
        line(to: Point(x: rect.maxX, y: rect.maxY))
        line(to: Point(x: rect.minX, y: rect.maxY))
        close()
    }

    /// Adds a closed rectangle with quarter-circle corners of `radius` (at most half the
    /// shorter side) as its own sub-path.
    public mutating func addRoundedRect(_ rect: Rect, radius: Double) {
        let r = min(max(radius, 0), rect.width / 2, rect.height / 2)
        guard r > 0 else { return addRect(rect) }
        move(to: Point(x: rect.minX + r, y: rect.minY))
        addArc(center: Point(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: -.pi / 2, endAngle: 0)
        addArc(center: Point(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2)
        addArc(center: Point(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi)
        addArc(center: Point(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: .pi, endAngle: 1.5 * .pi)
        close()
    }

    /// Adds a closed circle as its own sub-path.
    public mutating func addCircle(center: Point, radius: Double) {
        move(to: Point(x: center.x + radius, y: center.y))
        addArc(center: center, radius: radius, startAngle: 0, endAngle: 2 * .pi)
        close()
    }

    /// Appends all of `other`'s elements.
    public mutating func append(_ other: Path) { elements += other.elements }

    /// The same path with every coordinate mapped through `transform`.
    ///
    /// Arcs stay arcs only under transforms that scale both axes equally; other transforms
    /// are applied by the canvas instead (see ``Canvas/concatenate(_:)``).
    public func applying(_ transform: Transform2D) -> Path {
        var result = Path()
        let scale = transform.lengthScale
        let rotation = atan2(transform.b, transform.a)
        let mirrored = transform.a * transform.d - transform.b * transform.c < 0
        result.elements = elements.map { element in
            switch element {
            case .move(let p): return .move(transform.apply(p))
            case .line(let p): return .line(transform.apply(p))
            case .curve(let c1, let c2, let end):
                return .curve(control1: transform.apply(c1), control2: transform.apply(c2), end: transform.apply(end))
            case .arc(let center, let radius, let start, let end, let clockwise):
                if mirrored {
                    return .arc(center: transform.apply(center), radius: radius * scale,
                                startAngle: rotation - start, endAngle: rotation - end, clockwise: !clockwise)
                }
                return .arc(center: transform.apply(center), radius: radius * scale,
                            startAngle: start + rotation, endAngle: end + rotation, clockwise: clockwise)
            case .close: return .close
            }
        }
        return result
    }
}
