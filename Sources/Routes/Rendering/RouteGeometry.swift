import Canvas
import Foundation

/// A document's drawable points, cleaned and unwrapped, in drawing order: track segments,
/// then planned routes' stops, then waypoints.
///
/// Longitudes are unwrapped point by point, each moved by whole turns to within 180° of the
/// point before (across tracks, routes and waypoints alike), so a track crossing the
/// antimeridian is one continuous line. Points with non-finite or impossible coordinates
/// are left out and counted.
struct RouteGeometry: Sendable {
    /// Track segments with at least one point (all tracks, in order).
    private(set) var segments: [[GeoPoint]] = []
    /// Planned routes with at least one stop.
    private(set) var routes: [[GeoPoint]] = []
    private(set) var waypoints: [GeoPoint] = []
    /// How many points were left out.
    private(set) var skipped = 0
    private var reference: Double?

    init(document: RouteDocument) {
        for track in document.tracks {
            for segment in track.segments {
                let kept = segment.compactMap { accept($0) }
                if !kept.isEmpty { segments.append(kept) }
            }
        }
        for route in document.routes {
            let kept = route.stops.compactMap { accept($0.point) }
            if !kept.isEmpty { routes.append(kept) }
        }
        waypoints = document.waypoints.compactMap { accept($0.point) }
        project()
    }

    private mutating func accept(_ point: GeoPoint) -> GeoPoint? {
        guard point.latitude.isFinite, point.longitude.isFinite, abs(point.latitude) <= 90,
              abs(point.longitude) <= 360 else {
            skipped += 1
            return nil
        }
        var unwrapped = point
        if let reference { unwrapped.longitude = WebMercator.unwrap(point.longitude, near: reference) }
        reference = unwrapped.longitude
        return unwrapped
    }

    /// The world-unit points of ``segments``, ``routes`` and ``waypoints`` (projected once).
    private(set) var worldSegments: [[Point]] = []
    private(set) var worldRoutes: [[Point]] = []
    private(set) var worldWaypoints: [Point] = []

    /// The world-unit box of every kept point; nil when there is none.
    private(set) var worldBox: Rect?

    private mutating func project() {
        func world(_ points: [GeoPoint]) -> [Point] {
            points.map { WebMercator.world(latitude: $0.latitude, longitude: $0.longitude) }
        }
        worldSegments = segments.map(world)
        worldRoutes = routes.map(world)
        worldWaypoints = world(waypoints)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for line in worldSegments + worldRoutes + [worldWaypoints] {
            for point in line {
                minX = min(minX, point.x)
                maxX = max(maxX, point.x)
                minY = min(minY, point.y)
                maxY = max(maxY, point.y)
            }
        }
        worldBox = minX <= maxX ? Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : nil
    }

    /// Cumulative along-track distance in metres for each segment's points, continuing from
    /// one segment to the next (the gap between segments is not distance).
    var cumulativeDistances: [[Double]] {
        var total = 0.0
        return segments.map { segment in
            var result = [Double]()
            result.reserveCapacity(segment.count)
            for (index, point) in segment.enumerated() {
                if index > 0 { total += Haversine.distance(segment[index - 1], point) }
                result.append(total)
            }
            return result
        }
    }
}

/// Great-circle distance on a sphere of the Earth's mean radius.
///
/// For *placement only* (the scale bar, kilometre marks, loop detection, leg labels and the
/// simple stats line): it is within about 0.5 % of the ellipsoidal distance, which is plenty
/// for drawing. The Statistics part of this module computes the distances that are reported.
enum Haversine {
    /// The mean Earth radius, in metres (IUGG).
    static let radius = 6_371_008.8

    /// Metres between `a` and `b` (longitudes may be unwrapped beyond ±180°).
    static func distance(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let phi1 = a.latitude * .pi / 180, phi2 = b.latitude * .pi / 180
        let dPhi = phi2 - phi1, dLambda = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
        return 2 * radius * asin(min(1, h.squareRoot()))
    }
}

/// Text for distances, durations and values on a map, the same in every locale.
enum RouteText {
    /// "850 m", "4.2 km", "128 km".
    static func distance(_ metres: Double) -> String {
        if metres < 1_000 { return "\(Int(metres.rounded())) m" }
        let km = metres / 1_000
        return km < 100 ? String(format: "%.1f km", km) : "\(Int(km.rounded())) km"
    }

    /// A scale-bar length (a 1-2-5 round number): "500 m", "2 km", "1000 km".
    static func roundDistance(_ metres: Double) -> String {
        if metres < 1_000 {
            return metres < 1 ? String(format: "%g m", metres) : "\(Int(metres.rounded())) m"
        }
        return "\(Int((metres / 1_000).rounded())) km"
    }

    /// "12:05" under an hour, "1:02:03" from an hour.
    static func duration(_ seconds: Double) -> String {
        let total = Int(max(seconds, 0).rounded())
        let h = total / 3600, m = (total % 3600) / 60, s = total % 60
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
    }

    /// A value with few enough digits for its range.
    static func number(_ value: Double, range: Double) -> String {
        range < 10 ? String(format: "%.1f", value) : String(format: "%.0f", value)
    }
}
