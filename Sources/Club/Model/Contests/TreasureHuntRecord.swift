import Foundation

/// A collector's treasure hunt. The target shows only once found.
public struct TreasureHuntRecord: Sendable, Equatable, Codable {
    /// Where the hunt stands.
    public enum State: String, Sendable, Equatable, Codable {
        case open, found, expired
    }

    /// A point in degrees (WGS84).
    public struct Position: Sendable, Equatable, Codable {
        public var latitude: Double
        public var longitude: Double

        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    public var id: Int64
    public var collection: String
    public var state: State
    /// Where the collector started the hunt.
    public var start: Position
    /// The hidden point, once found.
    public var target: Position?
    /// How close a claim must come, in metres.
    public var claimRadiusMeters: Double
    /// How far from the start the treasure may be, in metres: the hunt's area.
    public var areaRadiusMeters: Double
    public var startedAt: Date
    public var expiresAt: Date
    public var foundAt: Date?
}
