import Foundation

/// A stored route as listings show it: everything but its points. Its `Codable` form is the
/// stable schema of `touchline route list --json`.
public struct RouteSummary: Sendable, Equatable, Codable {
    public var id: Int64
    public var name: String
    public var category: String?
    public var note: String?
    /// Average heart rate in beats per minute, 0...250.
    public var heartRate: Int?
    /// The route's first point.
    public var startLatitude: Double
    public var startLongitude: Double
    /// The length of its tracks (their segments in order), else of its first planned route.
    public var distanceMeters: Double
    /// Every point it holds: track points, route stops and waypoints.
    public var pointCount: Int
    public var createdAt: Date
    /// With `list(near:)`: the geodesic distance from that point to the start.
    public var distanceFromMeters: Double?

    public init(id: Int64, name: String, category: String? = nil, note: String? = nil, heartRate: Int? = nil,
                startLatitude: Double, startLongitude: Double, distanceMeters: Double, pointCount: Int,
                createdAt: Date, distanceFromMeters: Double? = nil) {
        self.id = id
        self.name = name
        self.category = category
        self.note = note
        self.heartRate = heartRate
        self.startLatitude = startLatitude
        self.startLongitude = startLongitude
        self.distanceMeters = distanceMeters
        self.pointCount = pointCount
        self.createdAt = createdAt
        self.distanceFromMeters = distanceFromMeters
    }
}
