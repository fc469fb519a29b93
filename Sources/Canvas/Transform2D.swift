import Foundation

/// A 2-D affine transform, in Cairo's convention:
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
public struct Transform2D: Sendable, Hashable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public init(translationX x: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public init(scaleX x: Double, y: Double) {
        self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation by `radians`; positive turns +x towards +y (clockwise on a y-down screen).
    public init(rotation radians: Double) {
        let cosine = cos(radians), sine = sin(radians)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// The transform that maps `source` onto `destination` (scaling each axis independently).
    public init(mapping source: Rect, onto destination: Rect) {
        let sx = source.width == 0 ? 1 : destination.width / source.width
        let sy = source.height == 0 ? 1 : destination.height / source.height
        self.init(a: sx, b: 0, c: 0, d: sy,
                  tx: destination.x - source.x * sx, ty: destination.y - source.y * sy)
    }

    /// First this transform, then `other`.
    public func concatenating(_ other: Transform2D) -> Transform2D {
        Transform2D(a: a * other.a + b * other.c,
                        b: a * other.b + b * other.d,
                        c: c * other.a + d * other.c,
                        d: c * other.b + d * other.d,
                        tx: tx * other.a + ty * other.c + other.tx,
                        ty: tx * other.b + ty * other.d + other.ty)
    }

    /// The inverse, or nil when the transform is singular.
    public var inverted: Transform2D? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        return Transform2D(a: d / determinant, b: -b / determinant,
                               c: -c / determinant, d: a / determinant,
                               tx: (c * ty - d * tx) / determinant,
                               ty: (b * tx - a * ty) / determinant)
    }

    /// Where `point` lands.
    public func apply(_ point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// How much lengths grow on average (the square root of the area scale).
    public var lengthScale: Double { abs(a * d - b * c).squareRoot() }
}
