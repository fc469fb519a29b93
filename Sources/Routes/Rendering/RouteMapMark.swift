import Canvas
import Foundation

/// A point drawn over a route map in a colour of its own, optionally inside a circle of a
/// radius on the ground: where someone stands, a place found, the reach of a claim. Marks are
/// part of what the map is fitted to, circles included, so a map of marks alone needs no track.
///
/// ```swift
/// var options = RouteMapOptions()
/// options.marks = [RouteMapMark(point: here, color: RoutePalette.hex(0x1E5BD6), circleRadiusMeters: 150)]
/// let map = try RouteMapRenderer(document: RouteDocument(), options: options)
/// ```
public struct RouteMapMark: Sendable, Hashable {
    /// The largest circle drawn, in metres.
    public static let maximumCircleRadiusMeters = 100_000.0
    /// The most marks a map draws.
    public static let maximumMarks = 1_000

    public var point: GeoPoint
    public var color: Color
    /// A circle of this geodesic radius around the point, outlined and lightly filled in the
    /// mark's colour; nil for none.
    public var circleRadiusMeters: Double?
    /// Whether the point itself is drawn as a dot (false: only the circle).
    public var showsDot: Bool

    public init(point: GeoPoint, color: Color, circleRadiusMeters: Double? = nil, showsDot: Bool = true) {
        self.point = point
        self.color = color
        self.circleRadiusMeters = circleRadiusMeters
        self.showsDot = showsDot
    }
}

/// Marks checked and projected to world units: each centre and its circle as a polygon of
/// points at the circle's radius (geodesic, from Vincenty's direct problem), every 2 degrees.
struct WorldMarks: Sendable {
    struct Mark: Sendable {
        var center: Point
        var circle: [Point]
        var color: Color
        var showsDot: Bool
    }

    let marks: [Mark]

    /// - Throws: ``RouteMapError/tooManyPoints(kind:count:limit:)`` for too many marks;
    ///   ``RouteMapError/invalidMark(index:problem:)`` for a position or radius out of range.
    init(_ marks: [RouteMapMark]) throws {
        guard marks.count <= RouteMapMark.maximumMarks else {
            throw RouteMapError.tooManyPoints(kind: "marks", count: marks.count, limit: RouteMapMark.maximumMarks)
        }
        self.marks = try marks.enumerated().map { index, mark in
            let point = mark.point
            guard point.latitude.isFinite, point.longitude.isFinite, (-90...90).contains(point.latitude),
                  (-180...180).contains(point.longitude) else {
                throw RouteMapError.invalidMark(index: index, problem: "a latitude in -90...90 and a longitude in -180...180")
            }
            let center = WebMercator.world(latitude: point.latitude, longitude: point.longitude)
            var circle: [Point] = []
            if let radius = mark.circleRadiusMeters {
                guard radius.isFinite, radius > 0, radius <= RouteMapMark.maximumCircleRadiusMeters else {
                    throw RouteMapError.invalidMark(index: index, problem: "a circle radius above 0 and at most "
                                                    + "\(Int(RouteMapMark.maximumCircleRadiusMeters)) m")
                }
                circle = stride(from: 0.0, to: 360.0, by: 2.0).compactMap { bearing in
                    Geodesic.destination(from: point, bearingDegrees: bearing, distanceMeters: radius).map {
                        WebMercator.world(latitude: $0.latitude, longitude: WebMercator.unwrap($0.longitude, near: point.longitude))
                    }
                }
            }
            return Mark(center: center, circle: circle, color: mark.color, showsDot: mark.showsDot)
        }
    }

    /// The world-unit box of every centre and circle; nil without marks.
    var worldBox: Rect? { Rect(boundingBoxOf: marks.flatMap { [$0.center] + $0.circle }) }

    /// The marks in user space.
    func placed(_ fit: MapFit) -> [RouteMapScene.Mark] {
        marks.map { mark in
            RouteMapScene.Mark(center: fit.point(world: mark.center), circle: mark.circle.map { fit.point(world: $0) },
                               color: mark.color, showsDot: mark.showsDot)
        }
    }
}
