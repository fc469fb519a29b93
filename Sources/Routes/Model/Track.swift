/// A recorded track: segments of points in time order; the gap between two segments (the
/// recorder paused) is not distance.
public struct Track: Sendable, Hashable, Codable {
    public var name: String?
    public var segments: [[GeoPoint]]

    public init(name: String? = nil, segments: [[GeoPoint]]) {
        self.name = name
        self.segments = segments
    }

    /// Every point of every segment, in order.
    public var points: [GeoPoint] { segments.flatMap { $0 } }
}

/// A planned route: an ordered list of places to pass.
public struct PlannedRoute: Sendable, Hashable, Codable {
    public var name: String?
    public var stops: [Place]

    public init(name: String? = nil, stops: [Place]) {
        self.name = name
        self.stops = stops
    }
}

/// Everything a file holds: tracks, planned routes and loose waypoints.
public struct RouteDocument: Sendable, Hashable, Codable {
    public var name: String?
    public var tracks: [Track]
    public var routes: [PlannedRoute]
    public var waypoints: [Place]

    public init(name: String? = nil, tracks: [Track] = [], routes: [PlannedRoute] = [], waypoints: [Place] = []) {
        self.name = name
        self.tracks = tracks
        self.routes = routes
        self.waypoints = waypoints
    }
}

/// What a reader dropped and why, so sloppy files can be used and still be trusted.
public struct ValidationReport: Sendable, Hashable, Codable {
    /// Why a point or segment was left out.
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        /// NaN, infinite, or outside -90...90 / -180...180.
        case invalidCoordinate = "invalid coordinate"
        /// An elevation that is not finite or beyond ±1,000 km (the elevation is dropped, the
        /// point kept).
        case invalidElevation = "invalid elevation"
        /// A (0, 0) fix among real ones.
        case nullIsland = "(0, 0) fix"
        /// A time before 1970 or far in the future (GPS sentinels such as 1901-12-13).
        case sentinelTime = "sentinel time"
        /// A time earlier than the point before it (the time is dropped, the point kept).
        case backwardsTime = "time going backwards"
        case emptySegment = "empty segment"
    }

    /// How many of each.
    public var dropped: [Reason: Int]

    public init(dropped: [Reason: Int] = [:]) {
        self.dropped = dropped
    }

    public var isEmpty: Bool { dropped.values.allSatisfy { $0 == 0 } }

    public mutating func record(_ reason: Reason, count: Int = 1) {
        dropped[reason, default: 0] += count
    }
}
