/// A point in a canvas's user space (or any 2-D space the caller chooses).
public struct Point: Sendable, Hashable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// Straight-line distance to `other`.
    public func distance(to other: Point) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }

    /// Distance from this point to the segment from `a` to `b`.
    public func distance(toSegmentFrom a: Point, to b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return distance(to: a) }
        let t = min(max(((x - a.x) * dx + (y - a.y) * dy) / lengthSquared, 0), 1)
        return distance(to: Point(x: a.x + t * dx, y: a.y + t * dy))
    }

    public var description: String { "(\(x), \(y))" }
}

/// A width and a height.
public struct Size: Sendable, Hashable, Codable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }
}

/// An axis-aligned rectangle: origin at its top-left corner in a y-down space.
public struct Rect: Sendable, Hashable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }
    public var size: Size { Size(width: width, height: height) }

    /// The largest rectangle of `aspect` (width / height) that fits inside this one, centred.
    public func fitting(aspect: Double) -> Rect {
        guard aspect > 0, width > 0, height > 0 else { return self }
        if width / height > aspect {
            let fitted = height * aspect
            return Rect(x: x + (width - fitted) / 2, y: y, width: fitted, height: height)
        }
        let fitted = width / aspect
        return Rect(x: x, y: y + (height - fitted) / 2, width: width, height: fitted)
    }

    /// This rectangle grown by `amount` on every side (shrunk when negative).
    public func insetBy(_ amount: Double) -> Rect {
        Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    /// The smallest rectangle holding every point; nil for no points.
    public init?(boundingBoxOf points: some Sequence<Point>) {
        var iterator = points.makeIterator()
        guard let first = iterator.next() else { return nil }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        while let point = iterator.next() {
            minX = min(minX, point.x)
            maxX = max(maxX, point.x)
            minY = min(minY, point.y)
            maxY = max(maxY, point.y)
        }
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// True when the two rectangles overlap or touch.
    public func intersects(_ other: Rect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    public var description: String { "[\(x), \(y), \(width), \(height)]" }
}
