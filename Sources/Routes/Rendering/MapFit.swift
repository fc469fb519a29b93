import Canvas
import Foundation

/// How a map is fitted to its frame: a Web Mercator view at a fractional zoom, centred on
/// what it shows.
///
/// A box of world units (see ``WebMercator``) is scaled uniformly so that it just fits inside
/// `frame` and is centred there; the box is first widened to ``minimumSpanMeters`` on each axis,
/// so a single point or a tiny track still gives a sensible map rather than an endless zoom.
///
/// ```swift
/// let box = Rect(boundingBoxOf: track.map { WebMercator.world(latitude: $0.latitude, longitude: $0.longitude) })!
/// let fit = MapFit(fitting: box, into: Rect(x: 24, y: 24, width: 552, height: 352))
/// let start = fit.point(for: track[0]) // user-space position of the start
/// ```
public struct MapFit: Sendable, Equatable {
    /// The default smallest span a map shows, in metres on the ground.
    public static let defaultMinimumSpanMeters = 200.0

    /// The world-unit point shown at the centre of ``frame``.
    public let center: Point
    /// User-space units per world unit.
    public let unitsPerWorld: Double
    /// The user-space rectangle the fitted box fills (on at least one axis).
    public let frame: Rect
    /// The smallest span shown, in metres.
    public let minimumSpanMeters: Double

    /// Fits `box` (world units) into `frame` (user space).
    public init(fitting box: Rect, into frame: Rect, minimumSpanMeters: Double = MapFit.defaultMinimumSpanMeters) {
        self.frame = frame
        self.minimumSpanMeters = minimumSpanMeters
        center = box.center
        let metres = WebMercator.metresPerWorldUnit(atLatitude: WebMercator.latitude(atWorldY: box.center.y))
        let minimumSpan = max(minimumSpanMeters, 1) / metres
        let width = max(box.width, minimumSpan), height = max(box.height, minimumSpan)
        let scale = min(frame.width / width, frame.height / height)
        unitsPerWorld = scale.isFinite && scale > 0 ? scale : 1
    }

    /// The fractional zoom level: a world unit is `256 · 2^zoom` user-space units.
    public var zoom: Double { log2(unitsPerWorld / WebMercator.tileSize) }

    /// Ground metres per user-space unit at the centre's latitude.
    public var metresPerUnit: Double {
        WebMercator.metresPerWorldUnit(atLatitude: WebMercator.latitude(atWorldY: center.y)) / unitsPerWorld
    }

    /// The user-space point of a world-unit point.
    public func point(world: Point) -> Point {
        Point(x: frame.center.x + (world.x - center.x) * unitsPerWorld,
              y: frame.center.y + (world.y - center.y) * unitsPerWorld)
    }

    /// The world-unit point under a user-space point.
    public func world(at point: Point) -> Point {
        Point(x: center.x + (point.x - frame.center.x) / unitsPerWorld,
              y: center.y + (point.y - frame.center.y) / unitsPerWorld)
    }

    /// The user-space point of a position, taking the copy of its longitude (± whole turns)
    /// nearest the map's centre, so points across the antimeridian land beside each other.
    public func point(latitude: Double, longitude: Double) -> Point {
        let centerLongitude = WebMercator.longitude(atWorldX: center.x)
        let unwrapped = WebMercator.unwrap(longitude, near: centerLongitude)
        return point(world: WebMercator.world(latitude: latitude, longitude: unwrapped))
    }

    /// The user-space point of `geo` (see ``point(latitude:longitude:)``).
    public func point(for geo: GeoPoint) -> Point {
        point(latitude: geo.latitude, longitude: geo.longitude)
    }
}
