import Support

/// The rules of a treasure hunt: one hidden point at a random bearing and a random distance
/// from the collector, found by coming within ``claimRadiusMeters`` of it before it expires.
/// Distances are geodesic on the WGS84 ellipsoid (the service measures them with Routes'
/// `Geodesic`).
public enum TreasureRules {
    /// The nearest the treasure is placed.
    public static let minimumDistanceMeters = 500.0
    /// The farthest the treasure is placed.
    public static let maximumDistanceMeters = 2_000.0
    /// How close a claim must be.
    public static let claimRadiusMeters = 150.0
    /// How long a hunt lasts.
    public static let lifetimeSeconds = 24.0 * 3600

    /// Where to hide the treasure from the collector: a bearing in degrees clockwise from
    /// north, uniform in [0, 360), and a distance uniform between the minimum and maximum.
    public static func placement<G: RandomNumberGenerator>(using generator: inout G) -> (bearingDegrees: Double, distanceMeters: Double) {
        (generator.uniform(0...360).truncatingRemainder(dividingBy: 360),
         generator.uniform(minimumDistanceMeters...maximumDistanceMeters))
    }

    /// Checks a position: latitude in [-90, 90], longitude in [-180, 180], both finite.
    ///
    /// - Throws: ``StickerError/invalid(field:expected:)`` naming the coordinate.
    public static func checkPosition(latitude: Double, longitude: Double) throws {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw StickerError.invalid(field: "latitude", expected: "degrees from -90 to 90")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw StickerError.invalid(field: "longitude", expected: "degrees from -180 to 180")
        }
    }
}
