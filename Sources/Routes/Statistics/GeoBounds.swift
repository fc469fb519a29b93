import Foundation

/// A latitude-longitude box: the smallest one that covers a set of points, which may cross the
/// antimeridian (then `east < west`).
///
/// ```swift
/// let bounds = GeoBounds(covering: [
///     GeoPoint(latitude: -16.5, longitude: 179.9),
///     GeoPoint(latitude: -16.4, longitude: -179.9),
/// ])
/// bounds?.west                  // 179.9
/// bounds?.east                  // -179.9
/// bounds?.crossesAntimeridian   // true
/// bounds?.longitudeSpanDegrees  // ≈ 0.2 (not 359.8)
/// ```
public struct GeoBounds: Sendable, Hashable, Codable {
    /// The southern edge, degrees north.
    public var south: Double
    /// The western edge, degrees east in -180...180.
    public var west: Double
    /// The northern edge, degrees north.
    public var north: Double
    /// The eastern edge, degrees east in -180...180; less than `west` when the box crosses the
    /// antimeridian.
    public var east: Double

    /// Makes a box from its edges, as given.
    public init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// Whether the box spans the 180° meridian, going east from `west` past 180° to `east`.
    public var crossesAntimeridian: Bool { east < west }

    /// The width of the box in degrees of longitude, 0...360.
    public var longitudeSpanDegrees: Double {
        crossesAntimeridian ? east - west + 360 : east - west
    }

    /// Whether a point lies inside the box or on its edge.
    public func contains(_ point: GeoPoint) -> Bool {
        guard point.latitude >= south && point.latitude <= north else { return false }
        let longitude = GeoBounds.normalizedLongitude(point.longitude)
        return crossesAntimeridian
            ? longitude >= west || longitude <= east
            : longitude >= west && longitude <= east
    }

    private enum CodingKeys: String, CodingKey {
        case south, west, north, east, crossesAntimeridian
    }

    /// Decodes the four edges (`crossesAntimeridian`, if present, is derived and ignored).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(south: try container.decode(Double.self, forKey: .south),
                  west: try container.decode(Double.self, forKey: .west),
                  north: try container.decode(Double.self, forKey: .north),
                  east: try container.decode(Double.self, forKey: .east))
    }

    /// Encodes the four edges and, for readers of the JSON, `crossesAntimeridian`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(south, forKey: .south)
        try container.encode(west, forKey: .west)
        try container.encode(north, forKey: .north)
        try container.encode(east, forKey: .east)
        try container.encode(crossesAntimeridian, forKey: .crossesAntimeridian)
    }

    /// The smallest box that covers the points, or nil when there are none with valid
    /// coordinates (points with a NaN or out-of-range latitude, or a non-finite longitude, are
    /// skipped).
    ///
    /// The longitude range is the shortest arc of the circle that holds every longitude: the
    /// complement of the widest empty gap between neighbouring longitudes, found in O(n) with
    /// the pigeonhole (bucket) method, so it is exact, not a heuristic. On a tie, the box that
    /// does not cross the antimeridian wins.
    public init?(covering points: some Sequence<GeoPoint>) {
        var longitudes: [Double] = []
        var south = Double.infinity, north = -Double.infinity
        for point in points where RouteStatisticsCalculator.isValid(point) {
            south = min(south, point.latitude)
            north = max(north, point.latitude)
            longitudes.append(GeoBounds.normalizedLongitude(point.longitude))
        }
        guard let (west, east) = GeoBounds.longitudeRange(of: longitudes) else { return nil }
        self.init(south: south, west: west, north: north, east: east)
    }

    /// A longitude in degrees reduced to (-180, 180].
    @inline(__always)
    static func normalizedLongitude(_ longitude: Double) -> Double {
        if longitude > -180 && longitude <= 180 { return longitude }
        let reduced = longitude.remainder(dividingBy: 360)
        return reduced == -180 ? 180 : reduced
    }

    /// The west and east edges of the shortest arc covering longitudes already in (-180, 180].
    static func longitudeRange(of longitudes: [Double]) -> (west: Double, east: Double)? {
        guard var low = longitudes.first else { return nil }
        var high = low
        for longitude in longitudes {
            low = min(low, longitude)
            high = max(high, longitude)
        }
        guard high > low else { return (low, high) }

        // n points in [low, high] leave a gap of at least (high - low) / (n - 1) somewhere, wider
        // than a bucket of width (high - low) / n, so the widest gap runs from the top of one
        // non-empty bucket to the bottom of the next non-empty one.
        let count = longitudes.count
        var bucketLow = [Double](repeating: .infinity, count: count)
        var bucketHigh = [Double](repeating: -.infinity, count: count)
        let scale = Double(count) / (high - low)
        for longitude in longitudes {
            let index = min(count - 1, Int((longitude - low) * scale))
            bucketLow[index] = min(bucketLow[index], longitude)
            bucketHigh[index] = max(bucketHigh[index], longitude)
        }
        // The gap across the antimeridian, from the easternmost point round to the westernmost.
        let wrapGap = low + 360 - high
        var widestGap = -1.0, gapWest = high, gapEast = low
        var previousHigh = bucketHigh[0]
        for index in 1..<count where bucketLow[index] <= bucketHigh[index] {
            let gap = bucketLow[index] - previousHigh
            if gap > widestGap {
                widestGap = gap
                gapWest = previousHigh
                gapEast = bucketLow[index]
            }
            previousHigh = bucketHigh[index]
        }
        if wrapGap >= widestGap { return (low, high) }
        // The box starts east of the widest gap and ends at its west side, crossing 180°.
        return (gapEast, gapWest)
    }
}
