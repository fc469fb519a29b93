import Foundation

/// Collects what a reader finds into a `RouteDocument`, applying the validation rules every
/// format shares, and counting what it drops in a `ValidationReport`:
///
/// - a point whose latitude or longitude is NaN, infinite or out of range is dropped;
/// - a (0, 0) fix is dropped when the document also holds real positions (decided at the end);
/// - a time at or before 1970-01-01 or from 2100 on is a sentinel: the time is dropped, the
///   point kept;
/// - a time earlier than the previous time of the same track or route: the time is dropped,
///   the point kept;
/// - an elevation that is not finite or lies beyond ±`GeoPoint.elevationLimitMeters`: the
///   elevation is dropped, the point kept;
/// - a segment (or route) left without points is dropped.
///
/// Readers call it in document order; it tolerates any order (a point with no segment open
/// opens one, a new track closes the previous one) so sloppy files cannot put it in a bad state.
struct DocumentBuilder {
    let source: String
    let maximumPointCount: Int

    private(set) var report = ValidationReport()
    private var name: String?
    private var tracks: [Track] = []
    private var routes: [PlannedRoute] = []
    private var waypoints: [Place] = []

    private var track: Track?
    private var segment: [GeoPoint] = []
    private var segmentOpen = false
    private var route: PlannedRoute?
    /// The latest time kept in the open track or route, for the backwards check.
    private var lastTime: Double?

    /// Every point offered, kept or not: the limit is on the input.
    private(set) var pointsSeen = 0
    private var nullIslandCount = 0
    private var realCount = 0

    init(source: String, maximumPointCount: Int = RouteReader.maximumPointCount) {
        self.source = source
        self.maximumPointCount = maximumPointCount
    }

    // MARK: Document

    /// Names the document, unless it already has a name.
    mutating func setDocumentName(_ text: String) {
        if name == nil { name = Self.cleanName(text) }
    }

    // MARK: Tracks

    mutating func beginTrack(name: String? = nil) {
        endTrack()
        track = Track(name: name, segments: [])
        lastTime = nil
    }

    var isTrackOpen: Bool { track != nil }

    mutating func setTrackName(_ text: String) {
        if track != nil { track?.name = Self.cleanName(text) }
    }

    var isSegmentOpen: Bool { segmentOpen }

    mutating func beginSegment() {
        if segmentOpen { endSegment() }
        if track == nil { beginTrack() }
        segmentOpen = true
    }

    mutating func addTrackPoint(latitude: Double, longitude: Double, elevation: Double?, time: Double?) throws(RouteReadError) {
        if !segmentOpen { beginSegment() }
        if let point = try validated(latitude: latitude, longitude: longitude, elevation: elevation, time: time, ordered: true) {
            segment.append(point)
        }
    }

    mutating func endSegment() {
        guard segmentOpen else { return }
        segmentOpen = false
        if segment.isEmpty {
            report.record(.emptySegment)
        } else {
            track?.segments.append(segment)
            segment = []
        }
    }

    mutating func endTrack() {
        endSegment()
        if let track, !track.segments.isEmpty { tracks.append(track) }
        track = nil
    }

    // MARK: Planned routes

    mutating func beginRoute(name: String? = nil) {
        endRoute()
        route = PlannedRoute(name: name, stops: [])
        lastTime = nil
    }

    var isRouteOpen: Bool { route != nil }

    mutating func setRouteName(_ text: String) {
        if route != nil { route?.name = Self.cleanName(text) }
    }

    mutating func addStop(name: String?, latitude: Double, longitude: Double, elevation: Double?, time: Double?) throws(RouteReadError) {
        if route == nil { beginRoute() }
        if let point = try validated(latitude: latitude, longitude: longitude, elevation: elevation, time: time, ordered: true) {
            route?.stops.append(Place(name: name.flatMap(Self.cleanName), point: point))
        }
    }

    /// Closes the open route; a route without stops is dropped and counted as an empty segment.
    mutating func endRoute() {
        guard let route else { return }
        if route.stops.isEmpty {
            report.record(.emptySegment)
        } else {
            routes.append(route)
        }
        self.route = nil
    }

    // MARK: Waypoints

    mutating func addWaypoint(name: String?, latitude: Double, longitude: Double, elevation: Double?, time: Double?) throws(RouteReadError) {
        if let point = try validated(latitude: latitude, longitude: longitude, elevation: elevation, time: time, ordered: false) {
            waypoints.append(Place(name: name.flatMap(Self.cleanName), point: point))
        }
    }

    // MARK: Limits

    /// Throws when `pending` more points would take the input past the limit.
    func checkLimit(pending: Int) throws(RouteReadError) {
        if pointsSeen + pending > maximumPointCount { throw tooManyPoints() }
    }

    private func tooManyPoints() -> RouteReadError {
        RouteReadError(
            source: source,
            message: "more than \(Self.grouped(maximumPointCount)) points; the readers stop there",
            kind: .limitExceeded)
    }

    // MARK: Finishing

    /// Closes what is open, drops (0, 0) fixes if real positions exist, and returns the
    /// document, or throws when nothing usable is left.
    mutating func finish() throws(RouteReadError) -> (RouteDocument, ValidationReport) {
        endTrack()
        endRoute()
        if nullIslandCount > 0 && realCount > 0 { dropNullIsland() }
        let document = RouteDocument(name: name, tracks: tracks, routes: routes, waypoints: waypoints)
        let usable = tracks.reduce(0) { $0 + $1.segments.reduce(0) { $0 + $1.count } }
            + routes.reduce(0) { $0 + $1.stops.count } + waypoints.count
        guard usable > 0 else {
            var message = "no usable points"
            let drops = ValidationReport.Reason.allCases.compactMap { reason -> String? in
                guard let count = report.dropped[reason], count > 0 else { return nil }
                return "\(count) \(reason.rawValue)"
            }
            message += drops.isEmpty ? " (the file holds no track, route or waypoint positions)" : " (dropped: \(drops.joined(separator: ", ")))"
            throw RouteReadError(source: source, message: message, kind: .noUsablePoints)
        }
        return (document, report)
    }

    // MARK: Validation

    private mutating func validated(latitude: Double, longitude: Double, elevation: Double?, time: Double?, ordered: Bool) throws(RouteReadError) -> GeoPoint? {
        pointsSeen += 1
        if pointsSeen > maximumPointCount { throw tooManyPoints() }
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else {
            report.record(.invalidCoordinate)
            return nil
        }
        let isNullIsland = latitude == 0 && longitude == 0
        if isNullIsland { nullIslandCount += 1 } else { realCount += 1 }

        var date: Date?
        if let time {
            if Timestamp.isSentinel(time) {
                report.record(.sentinelTime)
            } else if ordered, let lastTime, time < lastTime {
                report.record(.backwardsTime)
            } else {
                date = Date(timeIntervalSince1970: time)
                if ordered && !isNullIsland { lastTime = time }
            }
        }
        var height: Double?
        if let elevation {
            if elevation.isFinite && abs(elevation) <= GeoPoint.elevationLimitMeters {
                height = elevation
            } else {
                report.record(.invalidElevation)
            }
        }
        return GeoPoint(latitude: latitude, longitude: longitude, elevation: height, time: date)
    }

    private mutating func dropNullIsland() {
        func isNull(_ point: GeoPoint) -> Bool { point.latitude == 0 && point.longitude == 0 }
        var dropped = 0
        var keptTracks: [Track] = []
        for var track in tracks {
            var segments: [[GeoPoint]] = []
            for segment in track.segments {
                let kept = segment.filter { !isNull($0) }
                dropped += segment.count - kept.count
                if kept.isEmpty { report.record(.emptySegment) } else { segments.append(kept) }
            }
            track.segments = segments
            if !segments.isEmpty { keptTracks.append(track) }
        }
        tracks = keptTracks
        var keptRoutes: [PlannedRoute] = []
        for var route in routes {
            let before = route.stops.count
            route.stops.removeAll { isNull($0.point) }
            dropped += before - route.stops.count
            if route.stops.isEmpty { report.record(.emptySegment) } else { keptRoutes.append(route) }
        }
        routes = keptRoutes
        let before = waypoints.count
        waypoints.removeAll { isNull($0.point) }
        dropped += before - waypoints.count
        report.record(.nullIsland, count: dropped)
    }

    /// `20000000` as `20,000,000`, the same in every locale.
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var out = value < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }

    /// Trims a name; an empty one is no name.
    static func cleanName(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
