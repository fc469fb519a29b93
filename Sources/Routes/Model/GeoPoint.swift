import Foundation

/// A position on the WGS84 ellipsoid, with the altitude and time a GPS recorded, if any.
public struct GeoPoint: Sendable, Hashable, Codable {
    /// Degrees north, -90...90.
    public var latitude: Double
    /// Degrees east, -180...180.
    public var longitude: Double
    /// Metres above sea level.
    public var elevation: Double?
    /// When the fix was taken (UTC).
    public var time: Date?

    /// The largest elevation, above or below sea level, that readers keep and statistics use:
    /// 1,000 km, far beyond any track on Earth or in its air, and small enough that sums and
    /// differences of elevations stay exact to the millimetre.
    public static let elevationLimitMeters = 1_000_000.0

    public init(latitude: Double, longitude: Double, elevation: Double? = nil, time: Date? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        self.time = time
    }
}

/// A named place: a waypoint, or a stop of a planned route.
public struct Place: Sendable, Hashable, Codable {
    public var name: String?
    public var point: GeoPoint

    public init(name: String? = nil, point: GeoPoint) {
        self.name = name
        self.point = point
    }
}
