import Foundation
import Testing
@testable import Routes

// MARK: - Helpers

/// A point `meters` north of `point` along its meridian (meridional radius of curvature at the
/// start; good to ~1e-6 relative for the short steps used here).
private func north(of point: GeoPoint, meters: Double) -> GeoPoint {
    let a = 6_378_137.0, f = 1 / 298.257223563
    let e2 = f * (2 - f)
    let phi = point.latitude * .pi / 180
    let meridional = a * (1 - e2) / pow(1 - e2 * sin(phi) * sin(phi), 1.5)
    var next = point
    next.latitude += meters / meridional * 180 / .pi
    return next
}

/// `count` points going north from `start`, `stepMeters` apart and `stepSeconds` apart in time
/// (no times when nil), with elevations from `elevation(index)` (none when nil).
private func meridianPoints(from start: GeoPoint = GeoPoint(latitude: 45, longitude: 10), count: Int,
                            stepMeters: Double, stepSeconds: Double? = 1,
                            startTime: Date = Date(timeIntervalSince1970: 1_700_000_000),
                            elevation: ((Int) -> Double)? = nil) -> [GeoPoint] {
    var points: [GeoPoint] = []
    var point = start
    for index in 0..<count {
        if index > 0 { point = north(of: point, meters: stepMeters) }
        var p = point
        p.time = stepSeconds.map { startTime.addingTimeInterval(Double(index) * $0) }
        p.elevation = elevation?(index)
        points.append(p)
    }
    return points
}

/// A throwaway GPX track reader for these tests only (the real readers are in Routes/Readers):
/// every `<trkseg>` of the file becomes a segment.
private func loadFixtureTrack(_ relativePath: String) throws -> Track {
    let base = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    let text = try String(contentsOf: base.appendingPathComponent(relativePath), encoding: .utf8)
    func element(_ name: String, in body: Substring) -> Substring? {
        guard let open = body.range(of: "<\(name)>"),
              let close = body.range(of: "</\(name)>", range: open.upperBound..<body.endIndex) else { return nil }
        return body[open.upperBound..<close.lowerBound]
    }
    func attribute(_ name: String, in body: Substring) -> Double? {
        guard let start = body.range(of: "\(name)=\"") else { return nil }
        let rest = body[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return Double(rest[..<end])
    }
    func date(_ text: Substring) -> Date? {
        let string = String(text)
        return (try? Date(string, strategy: .iso8601))
            ?? (try? Date(string, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }
    var segments: [[GeoPoint]] = []
    for segmentText in text.components(separatedBy: "<trkseg>").dropFirst() {
        let body = segmentText.components(separatedBy: "</trkseg>")[0]
        var points: [GeoPoint] = []
        for pointText in body.components(separatedBy: "<trkpt").dropFirst() {
            let point = Substring(pointText)
            let tag = point[..<(point.firstIndex(of: ">") ?? point.endIndex)]
            let latitude = try #require(attribute("lat", in: tag))
            let longitude = try #require(attribute("lon", in: tag))
            points.append(GeoPoint(latitude: latitude, longitude: longitude,
                                   elevation: element("ele", in: point).flatMap { Double($0) },
                                   time: element("time", in: point).flatMap(date)))
        }
        segments.append(points)
    }
    return Track(segments: segments)
}

/// SplitMix64, for tracks generated from a seed (the same on every run).
struct TrackRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `range`, from 53 random bits.
    mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }

    /// A value in `range` (slightly biased; fine for tests).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
}

private func close(_ value: Double?, _ expected: Double, within tolerance: Double) -> Bool {
    guard let value else { return false }
    return abs(value - expected) <= tolerance
}

// MARK: - Geodesic

extension RouteStatisticsTests {
@Suite struct GeodesicTests {
    /// Inverse problems from GeographicLib's test suite (`test_geodesic.py`, `testcases`: lines
    /// of GeodTest.dat, Karney's test set, https://doi.org/10.5281/zenodo.32156), as lat1,
    /// lon1, lat2, lon2, s12 in metres. GeographicLib asserts them to 1e-8 m.
    static let geodTest: [(Double, Double, Double, Double, Double)] = [
        (35.60777, -139.44815, -11.17491, -69.95921, 8935244.5604818305),
        (55.52454, 106.05087, 77.03196, 197.18234, 4105086.1713924406),
        (-21.97856, 142.59065, 41.84138, 98.56635, 8394328.894657671),
        (-66.99028, 112.2363, -12.70631, 285.90344, 11150344.2312080241),
        (-17.42761, 173.34268, -15.84784, 5.93557, 16076603.1631180673),
        (32.84994, 48.28919, -56.28556, 202.29132, 16727068.9438164461),
        (6.96833, 52.74123, -7.39675, 206.17291, 17102477.2496958388),
        (-50.56724, -16.30485, -33.56571, -94.97412, 6455670.5118668696),
        (-58.93002, -8.90775, -8.91104, 133.13503, 11756066.0219864627),
        (-68.82867, -74.28391, -50.63005, -8.36685, 3956936.926063544),
        (-10.62672, -32.0898, 5.883, -134.31681, 11470869.3864563009),
        (-21.76221, 166.90563, 48.72884, 213.97627, 9098627.3986554915),
        (-19.79938, -174.47484, -11.99349, -154.35109, 2319004.8601169389),
        (-11.95887, -116.94513, 4.57352, 7.16501, 13834722.5801401374),
        (-87.85331, 85.66836, 66.48646, 16.09921, 17286615.3147144645),
        (1.74708, 128.32011, -11.16617, 11.87109, 12942901.1241347408),
        (-25.72959, -144.90758, -57.70581, -269.17879, 9413446.7452453107),
        (-41.22777, 122.32875, -7.57291, 130.37946, 3812686.035106021),
        (11.01307, 138.25278, 6.62726, 247.05981, 11911190.819018408),
        (-29.47124, 95.14681, -27.46601, -69.15955, 13487015.8381145492),
    ]

    @Test func matchesGeographicLibsTestSet() {
        for (lat1, lon1, lat2, lon2, s12) in Self.geodTest {
            let s = Geodesic.distance(latitude1: lat1, longitude1: lon1, latitude2: lat2, longitude2: lon2)
            #expect(abs(s - s12) < 1e-6, "(\(lat1), \(lon1)) to (\(lat2), \(lon2)): \(s) vs \(s12)")
        }
    }

    /// GeographicLib's regression tests (`test_geodesic.py`, GeodSolve*), with their tolerances.
    static let regressions: [(Double, Double, Double, Double, Double, Double)] = [
        // JFK to Paris CDG (GeodSolve0), to the metre.
        (40.6, -73.8, 49.01666667, 2.55, 5853226.0, 0.5),
        // Wellington to Salamanca, a classic failure of Vincenty's method (GeodSolve76).
        (-(41 + 19 / 60.0), 174 + 49 / 60.0, 40 + 58 / 60.0, -(5 + 30 / 60.0), 19960543.857179, 0.5e-6),
        // Where the NGS calculator (Vincenty) fails to converge (GeodSolve78).
        (27.2, 0.0, -27.1, 179.5, 19974354.765767, 0.5e-6),
        // Nearly antipodal points (GeodSolve6, 9, 10, 11).
        (88.202499451857, 0, -88.202499451857, 179.981022032992859592, 20003898.214, 0.5e-3),
        (89.262080389218, 0, -89.262080389218, 179.992207982775375662, 20003925.854, 0.5e-3),
        (89.333123580033, 0, -89.333123580032997687, 179.99295812360148422, 20003926.881, 0.5e-3),
        (56.320923501171, 0, -56.320923501171, 179.664747671772880215, 19993558.287, 0.5e-3),
        (52.784459512564, 0, -52.784459512563990912, 179.634407464943777557, 19991596.095, 0.5e-3),
        (48.522876735459, 0, -48.52287673545898293, 179.599720456223079643, 19989144.774, 0.5e-3),
        // Antipodal and nearly antipodal on the equator (GeodSolve33): the shortest path leaves
        // the equator for the poles.
        (0, 0, 0, 179, 19926189, 0.5),
        (0, 0, 0, 179.5, 19980862, 0.5),
        (0, 0, 0, 180, 20003931, 0.5),
        (0, 0, 1, 180, 19893357, 0.5),
        // Longitudes nearly 180 degrees apart (GeodSolve59).
        (5, 0.00000000000001, 10, 180, 18345191.174332713, 5e-9),
        // Short lines (GeodSolve4, 74, 92).
        (36.493349428792, 0, 36.49334942879201, 0.0000008, 0.072, 0.5e-3),
        (54.1589, 15.3872, 54.1591, 15.3877, 39.527686385, 5e-9),
        (37.757540000000006, -122.47018, 37.75754, -122.470177, 0.264, 0.5e-3),
    ]

    @Test(arguments: Self.regressions)
    func matchesGeographicLibsRegressionTests(_ line: (Double, Double, Double, Double, Double, Double)) {
        let (lat1, lon1, lat2, lon2, expected, tolerance) = line
        let s = Geodesic.distance(latitude1: lat1, longitude1: lon1, latitude2: lat2, longitude2: lon2)
        #expect(abs(s - expected) <= tolerance, "\(s) vs \(expected)")
    }

    @Test func measuresTheClassicLines() {
        // JFK to LHR, GeographicLib's GeodSolve example (5551.759400 km); value from
        // geographiclib 2.1 (Python): Geodesic.WGS84.Inverse(40.6, -73.8, 51.6, -0.5).
        let jfk = GeoPoint(latitude: 40.6, longitude: -73.8), lhr = GeoPoint(latitude: 51.6, longitude: -0.5)
        #expect(abs(Geodesic.distance(jfk, lhr) - 5_551_759.4003186785) < 1e-6)
        // The quarter meridian of WGS84, 10,001,965.729 m (Karney 2013, and geographiclib 2.1).
        #expect(abs(Geodesic.distance(latitude1: 0, longitude1: 0, latitude2: 90, longitude2: 0)
            - 10_001_965.729312724) < 1e-6)
        // A quarter of the equator is a quarter of a circle of radius a.
        #expect(abs(Geodesic.distance(latitude1: 0, longitude1: 0, latitude2: 0, longitude2: 90)
            - 6_378_137 * Double.pi / 2) < 1e-6)
    }

    @Test func isZeroForTheSamePlaceAndSymmetric() {
        let p = GeoPoint(latitude: 46.05, longitude: 14.5)
        #expect(Geodesic.distance(p, p) == 0)
        // Both poles are single points whatever the longitude.
        #expect(Geodesic.distance(latitude1: 90, longitude1: 0, latitude2: 90, longitude2: 123) == 0)
        #expect(Geodesic.distance(latitude1: 10, longitude1: 180, latitude2: 10, longitude2: -180) == 0)
        let q = GeoPoint(latitude: -33.9, longitude: 151.2)
        #expect(abs(Geodesic.distance(p, q) - Geodesic.distance(q, p)) < 1e-6)
    }

    @Test func givesNaNNotACrashForInvalidInput() {
        #expect(Geodesic.distance(latitude1: .nan, longitude1: 0, latitude2: 0, longitude2: 90).isNaN)
        #expect(Geodesic.distance(latitude1: 0, longitude1: 0, latitude2: 91, longitude2: 0).isNaN)
        #expect(Geodesic.distance(latitude1: 0, longitude1: .infinity, latitude2: 0, longitude2: 0).isNaN)
    }

    /// The chord-to-arc shortcut used for track steps agrees with Karney's method to 1e-8
    /// relative (or 1e-7 m) on random steps up to 30 km, at every latitude, over the poles and
    /// across the antimeridian.
    @Test func trackStepShortcutAgreesWithKarney() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random() -> Double { // xorshift64*, deterministic
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return Double((state &* 0x2545_F491_4F6C_DD1D) >> 11) / Double(1 << 53)
        }
        var worst = 0.0
        for index in 0..<20_000 {
            let latitude = index % 10 == 0 ? 89.9 + random() * 0.1 : random() * 180 - 90
            let longitude = index % 10 == 1 ? 179.9 + random() * 0.2 : random() * 360 - 180
            let scale = [1e-5, 1e-3, 0.05, 0.3][index % 4]
            let latitude2 = min(90, max(-90, latitude + (random() * 2 - 1) * scale))
            let longitude2 = longitude + (random() * 2 - 1) * scale
            let karney = Geodesic.distance(latitude1: latitude, longitude1: longitude,
                                           latitude2: latitude2, longitude2: longitude2)
            let step = Geodesic.stepDistance(Geodesic.SurfacePoint(latitude: latitude, longitude: longitude),
                                             Geodesic.SurfacePoint(latitude: latitude2, longitude: longitude2))
            let error = abs(step - karney)
            #expect(error <= max(1e-8 * karney, 1e-7), "(\(latitude), \(longitude)) to (\(latitude2), \(longitude2))")
            worst = max(worst, error / max(karney, 1))
        }
        #expect(worst < 1e-8)
    }
}
}

// MARK: - Route statistics

@Suite struct RouteStatisticsTests {
    // MARK: Distance

    @Test func measuresAMeridianTrackToTheGeodesic() {
        // 0.05 degrees of latitude along the meridian 10° E, in 100 steps of ~55 m. Along a
        // meridian the sum of the steps is the geodesic between the ends: 5556.613298566508 m
        // by geographiclib 2.1, Geodesic.WGS84.Inverse(45, 10, 45.05, 10).
        let points = (0...100).map { GeoPoint(latitude: 45 + Double($0) * 0.0005, longitude: 10) }
        let stats = RouteStatisticsCalculator.statistics(of: Track(segments: [points]))
        #expect(abs(stats.distanceMeters - 5556.613298566508) < 1e-5)
        #expect(stats.distance3DMeters == stats.distanceMeters) // no elevations
        #expect(stats.pointCount == 101 && stats.segmentCount == 1)
    }

    @Test func doesNotCountTheGapBetweenSegments() {
        let first = meridianPoints(count: 11, stepMeters: 100)
        // The second segment starts 10 km further north: the recorder was paused meanwhile.
        let resume = north(of: first[10], meters: 10_000)
        let second = meridianPoints(from: resume, count: 11, stepMeters: 100,
                                    startTime: Date(timeIntervalSince1970: 1_700_000_011))
        let split = RouteStatisticsCalculator.statistics(of: Track(segments: [first, [], second]))
        let joined = RouteStatisticsCalculator.statistics(of: Track(segments: [first + second]))
        #expect(abs(split.distanceMeters - 2000) < 0.01)
        #expect(abs(joined.distanceMeters - 12_000) < 0.1)
        #expect(split.segmentCount == 2 && split.pointCount == 22)
        // Nor is the pause moving time; it is part of the duration.
        #expect(split.movingTimeSeconds == 20 && split.durationSeconds == 21)
    }

    @Test func measuresAcrossTheAntimeridian() {
        let points = [GeoPoint(latitude: -16.5, longitude: 179.9), GeoPoint(latitude: -16.5, longitude: -179.9)]
        let stats = RouteStatisticsCalculator.statistics(of: Track(segments: [points]))
        // geographiclib 2.1: Geodesic.WGS84.Inverse(-16.5, 179.9, -16.5, -179.9) = 21352.8301008166 m.
        #expect(abs(stats.distanceMeters - 21352.8301008166) < 1e-6)
    }

    /// A real track: the 2 segments and 3,540 points of georust's garmin_with_extensions.gpx.
    /// Reference: 18214.49426889264 m, the sum over each segment of
    /// `Geodesic.WGS84.Inverse(...)["s12"]` between consecutive points with geographiclib 2.1
    /// (Python, `pip install geographiclib`), the file read with xml.etree.
    @Test func measuresARealGarminTrackToTheGeodesic() throws {
        let track = try loadFixtureTrack("georust/garmin_with_extensions.gpx")
        let stats = RouteStatisticsCalculator.statistics(of: track)
        let reference = 18214.49426889264
        #expect(abs(stats.distanceMeters - reference) / reference < 1e-4) // the requirement
        #expect(abs(stats.distanceMeters - reference) / reference < 1e-8) // what it achieves
        #expect(stats.segmentCount == 2 && stats.pointCount == 3540)
        // 2019-05-01T04:31:11Z to 14:41:35Z.
        #expect(stats.durationSeconds == 36_624)
        #expect(stats.distance3DMeters > stats.distanceMeters)
        #expect(stats.elevationGainMeters > 0 && stats.elevationGainMeters < stats.rawElevationGainMeters)
        #expect(stats.splits.count == 19)
        #expect(abs(stats.splits.map(\.distanceMeters).reduce(0, +) - stats.distanceMeters) < 1e-6)
    }

    /// Reference: 12817.523898658364 m, obtained as for the Garmin track above.
    @Test func measuresAnotherRealTrackToTheGeodesic() throws {
        let track = try loadFixtureTrack("georust/garmin-activity.gpx")
        let stats = RouteStatisticsCalculator.statistics(of: track)
        let reference = 12817.523898658364
        #expect(abs(stats.distanceMeters - reference) / reference < 1e-8)
        // 2017-07-29T14:46:35Z to 16:18:13Z.
        #expect(stats.durationSeconds == 5498)
        let moving = try #require(stats.movingTimeSeconds)
        #expect(moving > 0 && moving <= 5498)
        let maximum = try #require(stats.maximumSpeed), raw = try #require(stats.rawMaximumSpeed)
        #expect(maximum <= raw)
    }

    // MARK: Elevation

    @Test func smoothingRemovesJitterButKeepsARealClimb() {
        // 10 m steps: 200 flat points at 100 m, a steady climb of 50 m over 100 points, 100
        // flat points at 150 m, all with up to ±1.5 m of irregular jitter.
        let points = meridianPoints(count: 400, stepMeters: 10) { index in
            let base = index < 200 ? 100 : index < 300 ? 100 + Double(index - 200) * 0.5 : 150
            return base + 1.5 * sin(Double(index) * 2.4)
        }
        let track = Track(segments: [points])
        let stats = RouteStatisticsCalculator.statistics(of: track)
        #expect(abs(stats.elevationGainMeters - 50) < 1.5)
        #expect(stats.elevationLossMeters < 1.5)
        #expect(stats.rawElevationGainMeters > 300) // the jitter, counted raw
        // The net change is the same either way: last minus first.
        #expect(abs(stats.rawElevationGainMeters - stats.rawElevationLossMeters
            - (points[399].elevation ?? 0) + (points[0].elevation ?? 0)) < 1e-9)
        #expect(abs(stats.elevationGainMeters - stats.elevationLossMeters
            - (points[399].elevation ?? 0) + (points[0].elevation ?? 0)) < 1.5)
        #expect(close(stats.minimumElevationMeters, 98.5, within: 0.01))
        #expect(close(stats.maximumElevationMeters, 151.5, within: 0.01))
        // Each stage does part of the work: without the threshold the leftover wobbles count
        // (66.6 m up, 15.8 m down); without the average the jitter's extremes become the foot
        // and the top of the climb (53.0 m).
        let noThreshold = RouteStatisticsCalculator.statistics(
            of: track, options: StatisticsOptions(elevationThresholdMeters: 0))
        let noAverage = RouteStatisticsCalculator.statistics(
            of: track, options: StatisticsOptions(elevationSmoothingWindow: 1))
        #expect(noThreshold.elevationGainMeters > 60)
        #expect(noAverage.elevationGainMeters > stats.elevationGainMeters + 1.5)
    }

    @Test func hysteresisCountsWholeClimbsAndIgnoresSmallWobbles() {
        func count(_ profile: [Double], threshold: Double = 3) -> (gain: Double, loss: Double) {
            var counter = ElevationHysteresis(threshold: threshold)
            profile.forEach { counter.add($0) }
            counter.flush()
            return counter.takeTotals()
        }
        // A wobble under the threshold counts nothing.
        #expect(count([100, 102, 100, 102, 100]) == (0, 0))
        // A climb counts in full from its foot (after a dip) to its top, not minus the threshold.
        #expect(count([100, 98, 99, 104, 110, 109, 110]) == (12, 0))
        // Up and down again: both.
        #expect(count([100, 105, 110, 105, 100]) == (10, 10))
        // A 2 m dip in a long climb does not split it.
        #expect(count([0, 10, 8, 20]) == (20, 0))
        // Threshold 0 counts every rise, like the raw sum.
        #expect(count([0, 2, 1, 3], threshold: 0) == (4, 1))
    }

    @Test func computes3DDistanceFromTheSmoothedProfile() {
        // A 30 m climb over 400 m (steady, so smoothing does not change it): sqrt(400² + 30²).
        let points = meridianPoints(count: 41, stepMeters: 10) { Double($0) * 0.75 }
        let stats = RouteStatisticsCalculator.statistics(of: Track(segments: [points]))
        let horizontal = stats.distanceMeters
        var expected = 0.0
        for _ in 0..<40 { expected += (horizontal / 40 * horizontal / 40 + 0.75 * 0.75).squareRoot() }
        #expect(abs(stats.distance3DMeters - expected) < 1e-6)
        #expect(abs(stats.elevationGainMeters - 30) < 1e-9)
    }

    // MARK: Time and speed

    @Test func movingTimeLeavesOutAStop() {
        // 100 s at 2 m/s, 60 s stopped with the fix drifting 0.2 m a second, 100 s at 2 m/s.
        var points = meridianPoints(count: 101, stepMeters: 2)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var stop = points[100]
        for second in 1...60 {
            stop = north(of: stop, meters: second % 2 == 0 ? 0.2 : -0.2)
            stop.time = start.addingTimeInterval(100 + Double(second))
            points.append(stop)
        }
        points += meridianPoints(from: north(of: stop, meters: 2), count: 100, stepMeters: 2,
                                 startTime: start.addingTimeInterval(161))
        let stats = RouteStatisticsCalculator.statistics(of: Track(segments: [points]))
        #expect(stats.durationSeconds == 260)
        #expect(stats.movingTimeSeconds == 200)
        // The drift (60 steps of 0.2 m at 0.2 m/s) is distance, but not moving distance.
        #expect(close(stats.movingDistanceMeters, 400, within: 1e-6))
        #expect(close(stats.distanceMeters, 412, within: 1e-6))
        #expect(close(stats.movingSpeed, 2, within: 1e-8))
        #expect(stats.timedDistanceMeters == stats.distanceMeters)
        #expect(close(stats.averageSpeed, stats.distanceMeters / 260, within: 1e-12))
        #expect(close(stats.paceSecondsPerKilometer, 500, within: 1e-6))
    }

    @Test func untimedStepsCountInTheDistanceOnly() {
        // 1 km without times, then 1 km in 500 s: the untimed kilometre has no speed.
        let untimed = meridianPoints(count: 101, stepMeters: 10, stepSeconds: nil)
        let timed = meridianPoints(from: north(of: untimed[100], meters: 10), count: 101, stepMeters: 10,
                                   stepSeconds: 5)
        let stats = RouteStatisticsCalculator.statistics(of: Track(segments: [untimed, timed]))
        #expect(close(stats.distanceMeters, 2000, within: 1e-4))
        #expect(close(stats.timedDistanceMeters, 1000, within: 1e-4))
        #expect(close(stats.movingDistanceMeters, 1000, within: 1e-4))
        #expect(stats.durationSeconds == 500 && stats.movingTimeSeconds == 500)
        #expect(close(stats.averageSpeed, 2, within: 1e-7))
        #expect(close(stats.movingSpeed, 2, within: 1e-7))
        // The first split has no time at all; the second holds the whole timed part.
        #expect(stats.splits.count == 2)
        #expect(stats.splits.first?.durationSeconds == nil && stats.splits.first?.paceSecondsPerKilometer == nil)
        #expect(close(stats.splits.last?.durationSeconds, 500, within: 1e-4))
        #expect(close(stats.splits.last?.paceSecondsPerKilometer, 500, within: 1e-4))
    }

    @Test func aSplitsPaceIsMovingTimePerKilometreMoved() {
        // 500 m at 2 m/s, a 100 s stop drifting 0.1 m a second, 500 m at 2 m/s: one 1 km split.
        var points = meridianPoints(count: 251, stepMeters: 2)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var stop = points[250]
        for second in 1...100 {
            stop = north(of: stop, meters: second % 2 == 0 ? 0.1 : -0.1)
            stop.time = start.addingTimeInterval(250 + Double(second))
            points.append(stop)
        }
        points += meridianPoints(from: north(of: stop, meters: 2), count: 250, stepMeters: 2,
                                 startTime: start.addingTimeInterval(351))
        let stats = RouteStatisticsCalculator.statistics(of: Track(segments: [points]), splitMeters: 2000)
        let split = try? #require(stats.splits.first)
        #expect(close(split?.durationSeconds, 600, within: 1e-4))      // elapsed, the stop included
        #expect(close(split?.movingTimeSeconds, 500, within: 1e-4))
        #expect(close(split?.movingDistanceMeters, 1000, within: 1e-4))
        #expect(close(split?.paceSecondsPerKilometer, 500, within: 1e-4)) // not 510 (drift as distance)
    }

    @Test func aLongGapCountsByItsSpeedAlone() {
        // 400 m in 400 s with nothing recorded between (a tunnel): 1 m/s, moving.
        let tunnel = RouteStatisticsCalculator.statistics(of: Track(segments: [meridianPoints(count: 2, stepMeters: 400,
                                                                                              stepSeconds: 400)]))
        #expect(tunnel.movingTimeSeconds == 400 && close(tunnel.movingSpeed, 1, within: 1e-6))
        // 10 m in 400 s (a café, the recorder off): stopped.
        let cafe = RouteStatisticsCalculator.statistics(of: Track(segments: [meridianPoints(count: 2, stepMeters: 10,
                                                                                            stepSeconds: 400)]))
        #expect(cafe.movingTimeSeconds == 0 && cafe.movingSpeed == nil && cafe.paceSecondsPerKilometer == nil)
        #expect(cafe.durationSeconds == 400 && close(cafe.averageSpeed, 0.025, within: 1e-6))
    }

    @Test func aCarRideWithTheRecorderOffKeepsTheAverageUnderTheMovingSpeed() {
        // The README's old exception: two walking steps, 30 minutes in a car (20 km), two more
        // walking steps. The car step is moving, so both speeds count it.
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var points = meridianPoints(count: 3, stepMeters: 100, stepSeconds: 60, startTime: start)
        points += meridianPoints(from: north(of: points[2], meters: 20_000), count: 3, stepMeters: 100, stepSeconds: 60,
                                 startTime: start.addingTimeInterval(120 + 1800))
        let stats = RouteStatisticsCalculator.statistics(of: Track(segments: [points]))
        let average = try? #require(stats.averageSpeed), moving = try? #require(stats.movingSpeed)
        #expect(stats.movingTimeSeconds == stats.durationSeconds)
        #expect(close(average, 20_400 / 2040, within: 1e-3))
        #expect((average ?? 1) <= (moving ?? 0))
        #expect((moving ?? 1) <= (stats.rawMaximumSpeed ?? 0))
    }

    @Test func zeroTimeStepsGoWithTheNextStepThatTakesTime() {
        // A 2 Hz fix with whole-second times: every other step takes no time. Each second
        // covers 2 m in two steps, so the speed is 2 m/s, not 1 m/s with half the distance lost.
        var points = meridianPoints(count: 201, stepMeters: 1, stepSeconds: 1)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        for index in points.indices { points[index].time = start.addingTimeInterval(Double(index / 2)) }
        let stats = RouteStatisticsCalculator.statistics(of: Track(segments: [points]), splitMeters: 50)
        #expect(stats.durationSeconds == 100)
        #expect(stats.movingTimeSeconds == 100)
        #expect(close(stats.movingDistanceMeters, 200, within: 1e-6))
        #expect(close(stats.timedDistanceMeters, 200, within: 1e-6))
        #expect(close(stats.movingSpeed, 2, within: 1e-6) && close(stats.rawMaximumSpeed, 2, within: 1e-6))
        // The splits see the same moving distance.
        let splitMoving = stats.splits.compactMap(\.movingDistanceMeters).reduce(0, +)
        #expect(close(splitMoving, 200, within: 1e-6))
        #expect(stats.splits.allSatisfy { close($0.paceSecondsPerKilometer, 500, within: 1e-6) })
    }

    @Test func zeroTimeStepsBeforeAMissingTimeCountInTheDistanceOnly() {
        // 0 → 1 takes no time, 1 → 2 has no time at 2: 10 m of distance with no time.
        var points = meridianPoints(count: 4, stepMeters: 10, stepSeconds: 10)
        points[1].time = points[0].time
        points[2].time = nil
        let stats = RouteStatisticsCalculator.statistics(of: Track(segments: [points]))
        #expect(close(stats.distanceMeters, 30, within: 1e-6))
        #expect(stats.timedDistanceMeters == 0 && stats.movingDistanceMeters == 0)
        #expect(stats.durationSeconds == 30 && stats.movingTimeSeconds == 0)
    }

    @Test func segmentsOverlappingInTimeCountTheirTimeEach() {
        // The same 100 s recorded twice (two devices, or a file merged twice): both distances
        // count, so both times do, and the moving time stays within the duration.
        let walk = meridianPoints(count: 101, stepMeters: 1.5, stepSeconds: 1)
        let stats = RouteStatisticsCalculator.statistics(of: Track(segments: [walk, walk]))
        #expect(stats.durationSeconds == 200)
        #expect(stats.movingTimeSeconds == 200)
        #expect(close(stats.averageSpeed, 1.5, within: 1e-6) && close(stats.movingSpeed, 1.5, within: 1e-6))
        // Segments that follow each other count the gap between them.
        let later = meridianPoints(count: 101, stepMeters: 1.5, stepSeconds: 1,
                                   startTime: Date(timeIntervalSince1970: 1_700_000_300))
        let apart = RouteStatisticsCalculator.statistics(of: Track(segments: [walk, later]))
        #expect(apart.durationSeconds == 400 && apart.movingTimeSeconds == 200)
    }

    @Test func manyOnePointSegmentsAreMeasuredInLinearTime() {
        // Reserving `count + segment.count` for the longitudes reallocated them for every
        // segment: 320,000 one-point segments took 5.1 s, 2,000,000 took 72 s.
        var calculation = RouteStatisticsCalculator.Calculation(splitMeters: 1000, options: StatisticsOptions())
        var reallocations = 0
        var capacity = calculation.longitudes.capacity
        let start = GeoPoint(latitude: 45, longitude: 10, time: Date(timeIntervalSince1970: 1_700_000_000))
        var point = start
        for index in 0..<20_000 {
            point = north(of: point, meters: 1)
            point.time = start.time?.addingTimeInterval(Double(index))
            calculation.add([point])
            if calculation.longitudes.capacity != capacity {
                reallocations += 1
                capacity = calculation.longitudes.capacity
            }
        }
        #expect(reallocations < 40)
        let stats = calculation.finish()
        // No steps, so no distance and no moving time; the time between segments is duration.
        #expect(stats.pointCount == 20_000 && stats.segmentCount == 20_000)
        #expect(stats.distanceMeters == 0 && stats.movingTimeSeconds == nil && stats.durationSeconds == 19_999)
        #expect(close(stats.bounds.map { $0.north - $0.south }, 20_000 / 111_132.0, within: 1e-3))
    }

    @Test func segmentsAddUpLikeOneTrack() {
        // The same points cut into segments of 2: the steps inside them make the distance, the
        // duration runs across the cuts.
        let points = meridianPoints(count: 400, stepMeters: 3, stepSeconds: 2)
        let whole = RouteStatisticsCalculator.statistics(of: Track(segments: [points]))
        let pairs = stride(from: 0, to: points.count, by: 2).map { Array(points[$0..<$0 + 2]) }
        let cut = RouteStatisticsCalculator.statistics(of: Track(segments: pairs))
        #expect(close(cut.distanceMeters, whole.distanceMeters / 399 * 200, within: 1e-6))
        #expect(cut.durationSeconds == whole.durationSeconds)
        #expect(cut.movingTimeSeconds == 400 && close(cut.movingSpeed, 1.5, within: 1e-6))
        #expect(cut.segmentCount == 200 && cut.pointCount == 400)
        #expect(cut.bounds == whole.bounds)
    }

    @Test(arguments: 0..<40)
    func theSpeedsAndTimesAgreeOnGeneratedTracks(_ seed: Int) {
        var random = TrackRandom(seed: UInt64(seed))
        let track = Self.generatedTrack(&random)
        let stats = RouteStatisticsCalculator.statistics(of: track, splitMeters: 250)
        let name = "seed \(seed)"
        let slack = 1e-9
        if let moving = stats.movingSpeed {
            #expect(moving <= (stats.rawMaximumSpeed ?? -1) * (1 + slack), "\(name): moving speed above the raw maximum")
            if let average = stats.averageSpeed {
                #expect(average <= moving * (1 + slack), "\(name): average \(average) above the moving speed \(moving)")
            }
        }
        if let moving = stats.movingTimeSeconds, let duration = stats.durationSeconds {
            #expect(moving <= duration, "\(name): moving time \(moving) above the duration \(duration)")
        }
        if let moving = stats.movingDistanceMeters, let timed = stats.timedDistanceMeters {
            #expect(moving <= timed && timed <= stats.distanceMeters, "\(name)")
        }
    }

    /// A track of one to five segments mixing walking, driving, stops, long gaps, zero-time
    /// steps, repeated and backwards times, untimed stretches and segments overlapping in time.
    static func generatedTrack(_ random: inout TrackRandom) -> Track {
        var segments: [[GeoPoint]] = []
        var clock = 1_700_000_000.0
        for _ in 0..<random.int(in: 1...5) {
            if random.int(in: 0...4) == 0 { clock -= random.double(in: 0...3_000) } // overlaps the one before
            var point = GeoPoint(latitude: random.double(in: -60...60), longitude: random.double(in: -179...179))
            var segment: [GeoPoint] = []
            let untimed = random.int(in: 0...5) == 0
            for _ in 0..<random.int(in: 1...60) {
                var seconds: Double
                var meters: Double
                switch random.int(in: 0...9) {
                case 0: (seconds, meters) = (random.double(in: 300...7_200), random.double(in: 0...60_000)) // a gap
                case 1: (seconds, meters) = (0, random.double(in: 0...30))                                  // no time
                case 2: (seconds, meters) = (random.double(in: 1...60), random.double(in: 0...5))           // a stop
                case 3: (seconds, meters) = (-random.double(in: 1...30), random.double(in: 0...20))         // backwards
                default: (seconds, meters) = (random.double(in: 0.5...10), random.double(in: 0...40))
                }
                clock += seconds
                point = north(of: point, meters: meters)
                point.longitude += random.double(in: -1e-4...1e-4)
                var fix = point
                fix.time = untimed || random.int(in: 0...19) == 0 ? nil : Date(timeIntervalSince1970: clock)
                segment.append(fix)
            }
            segments.append(segment)
        }
        return Track(segments: segments)
    }
    @Test func aGPSSpikeDoesNotSetTheMaximumSpeed() {
        // 300 s at 3 m/s; one fix thrown 500 m east, and back: two steps of ~500 m/s.
        var points = meridianPoints(count: 300, stepMeters: 3)
        points[150].longitude += 500 / (111_320 * cos(45 * Double.pi / 180))
        let stats = RouteStatisticsCalculator.statistics(of: Track(segments: [points]))
        #expect(close(stats.maximumSpeed, 3, within: 0.01))
        #expect((stats.rawMaximumSpeed ?? 0) > 400)
    }

    @Test func aRealSprintSetsTheMaximumSpeed() {
        // 100 s at 3 m/s, 10 s at 8 m/s, 100 s at 3 m/s: the sprint lasts; it counts.
        var points = meridianPoints(count: 101, stepMeters: 3)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        for second in 1...10 {
            var next = north(of: points[points.count - 1], meters: 8)
            next.time = start.addingTimeInterval(100 + Double(second))
            points.append(next)
        }
        points += meridianPoints(from: north(of: points[points.count - 1], meters: 3), count: 100,
                                 stepMeters: 3, startTime: start.addingTimeInterval(111))
        let stats = RouteStatisticsCalculator.statistics(of: Track(segments: [points]))
        #expect(close(stats.maximumSpeed, 8, within: 0.01))
        #expect(close(stats.rawMaximumSpeed, 8, within: 0.01))
    }

    @Test func survivesTimesGoingBackwardsOrRepeating() {
        var points = meridianPoints(count: 10, stepMeters: 5)
        points[4].time = points[3].time // a repeated time: no infinite speed
        points[7].time = points[2].time // a time going backwards: ignored, as readers do
        let stats = RouteStatisticsCalculator.statistics(of: Track(segments: [points]))
        #expect(stats.rawMaximumSpeed.map(\.isFinite) == true)
        #expect(stats.durationSeconds == 9)
        // 1 s each for 0→1, 1→2, 2→3, 5→6, 8→9, and 2 s for 4→5; 3→4 took no time; the
        // steps into and out of point 7 are untimed.
        #expect(stats.movingTimeSeconds == 7)
    }

    // MARK: Splits

    @Test func splitsA3_5KilometreTrack() throws {
        // 500 steps of 7 m, 3.5 s each (2 m/s), climbing 1 m per 100 m; the cuts fall inside
        // steps, so times and elevations are interpolated there.
        let points = meridianPoints(count: 501, stepMeters: 7, stepSeconds: 3.5) { Double($0) * 0.07 }
        let stats = RouteStatisticsCalculator.statistics(of: Track(segments: [points]))
        #expect(abs(stats.distanceMeters - 3500) < 0.01)
        try #require(stats.splits.count == 4)
        for (index, split) in stats.splits.enumerated() {
            let full = index < 3
            #expect(split.index == index)
            #expect(abs(split.distanceMeters - (full ? 1000 : 500)) < 0.01)
            #expect(close(split.durationSeconds, full ? 500 : 250, within: 0.01))
            #expect(close(split.movingTimeSeconds, full ? 500 : 250, within: 0.01))
            #expect(close(split.paceSecondsPerKilometer, 500, within: 0.01))
            #expect(abs(split.climbMeters - (full ? 10 : 5)) < 0.01)
            #expect(split.descentMeters == 0)
        }
        let custom = RouteStatisticsCalculator.statistics(of: Track(segments: [points]), splitMeters: 600)
        #expect(custom.splits.count == 6 && abs((custom.splits.last?.distanceMeters ?? 0) - 500) < 0.01)
    }

    @Test func splitsGoAcrossSegmentsWithoutTheirGap() {
        // Two segments of 600 m, each covered in 300 s, with a 1000 s pause between.
        let first = meridianPoints(count: 61, stepMeters: 10, stepSeconds: 5)
        let second = meridianPoints(from: north(of: first[60], meters: 5000), count: 61, stepMeters: 10,
                                    stepSeconds: 5, startTime: Date(timeIntervalSince1970: 1_700_001_300))
        let stats = RouteStatisticsCalculator.statistics(of: Track(segments: [first, second]))
        #expect(stats.splits.count == 2)
        #expect(close(stats.splits.first?.durationSeconds, 500, within: 0.01))
        #expect(close(stats.splits.last?.durationSeconds, 100, within: 0.01))
        #expect(close(stats.durationSeconds, 1600, within: 1e-9))
    }

    @Test func splitsOnlyWhenTheLengthMakesSense() {
        let points = meridianPoints(count: 11, stepMeters: 100)
        let track = Track(segments: [points])
        #expect(RouteStatisticsCalculator.statistics(of: track, splitMeters: 0).splits.isEmpty)
        #expect(RouteStatisticsCalculator.statistics(of: track, splitMeters: -5).splits.isEmpty)
        #expect(RouteStatisticsCalculator.statistics(of: track, splitMeters: .nan).splits.isEmpty)
        #expect(RouteStatisticsCalculator.statistics(of: track, splitMeters: .infinity).splits.isEmpty)
        // 1 mm splits of 1 km would be a million: too many, so none.
        #expect(RouteStatisticsCalculator.statistics(of: track, splitMeters: 0.001).splits.isEmpty)
        #expect(RouteStatisticsCalculator.statistics(of: track, splitMeters: 10_000).splits.count == 1)
    }

    // MARK: Bounds

    @Test func boundsCrossTheAntimeridianWhenThatIsShorter() throws {
        let points = (0...20).map { (step: Int) -> GeoPoint in
            let longitude = 179.9 + Double(step) * 0.01
            return GeoPoint(latitude: -16.5 + (longitude - 180), longitude: longitude > 180 ? longitude - 360 : longitude)
        }
        let bounds = try #require(RouteStatisticsCalculator.statistics(of: Track(segments: [points])).bounds)
        #expect(bounds.crossesAntimeridian)
        #expect(abs(bounds.west - 179.9) < 1e-9 && abs(bounds.east - -179.9) < 1e-9)
        #expect(abs(bounds.longitudeSpanDegrees - 0.2) < 1e-9)
        #expect(abs(bounds.south - -16.6) < 1e-9 && abs(bounds.north - -16.4) < 1e-9)
        #expect(bounds.contains(GeoPoint(latitude: -16.5, longitude: 180)))
        #expect(!bounds.contains(GeoPoint(latitude: -16.5, longitude: 0)))
    }

    @Test func boundsStayOrdinaryOtherwise() throws {
        let ordinary = try #require(GeoBounds(covering: [GeoPoint(latitude: 46, longitude: 14),
                                                         GeoPoint(latitude: 45, longitude: 13.5)]))
        #expect(ordinary == GeoBounds(south: 45, west: 13.5, north: 46, east: 14))
        #expect(!ordinary.crossesAntimeridian && ordinary.longitudeSpanDegrees == 0.5)
        // Around the world with gaps of 170°, 170° and 20°: the smallest cover spans 190°.
        let wide = try #require(GeoBounds(covering: [-170.0, 0, 170].map { GeoPoint(latitude: 0, longitude: $0) }))
        #expect(wide.longitudeSpanDegrees == 190)
        // Longitudes outside -180...180 are reduced.
        let wrapped = try #require(GeoBounds(covering: [GeoPoint(latitude: 0, longitude: 370)]))
        #expect(wrapped.west == 10 && wrapped.east == 10)
        #expect(GeoBounds(covering: []) == nil)
    }

    // MARK: Missing data and edge cases

    @Test func tracksWithoutTimesOrElevationsGiveNils() {
        let points = meridianPoints(count: 50, stepMeters: 50, stepSeconds: nil)
        let stats = RouteStatisticsCalculator.statistics(of: Track(segments: [points]))
        #expect(abs(stats.distanceMeters - 2450) < 0.01)
        #expect(stats.durationSeconds == nil && stats.movingTimeSeconds == nil)
        #expect(stats.averageSpeed == nil && stats.movingSpeed == nil && stats.paceSecondsPerKilometer == nil)
        #expect(stats.maximumSpeed == nil && stats.rawMaximumSpeed == nil)
        #expect(stats.minimumElevationMeters == nil && stats.maximumElevationMeters == nil)
        #expect(stats.elevationGainMeters == 0 && stats.rawElevationLossMeters == 0)
        #expect(stats.splits.count == 3)
        #expect(stats.splits.allSatisfy { $0.durationSeconds == nil && $0.paceSecondsPerKilometer == nil })
    }

    @Test func aFewMissingValuesAreSkipped() {
        var points = meridianPoints(count: 20, stepMeters: 10) { _ in 200 }
        points[5].elevation = nil
        points[6].elevation = .nan
        points[9].time = nil
        points[12].latitude = .nan // dropped
        points[13].latitude = 95   // dropped
        let stats = RouteStatisticsCalculator.statistics(of: Track(segments: [points]))
        #expect(stats.pointCount == 18)
        #expect(stats.elevationGainMeters == 0 && stats.minimumElevationMeters == 200)
        #expect(stats.durationSeconds == 19)
        // The steps into and out of point 9 are untimed; the step over the two dropped points
        // takes 3 s: 8 + 1 + 3 + 5 seconds.
        #expect(stats.movingTimeSeconds == 17)
        #expect(stats.distanceMeters.isFinite && stats.distance3DMeters == stats.distanceMeters)
    }

    @Test func emptyAndOnePointTracks() throws {
        let empty = RouteStatisticsCalculator.statistics(of: Track(segments: []))
        #expect(empty == RouteStatistics())
        let emptySegments = RouteStatisticsCalculator.statistics(of: Track(segments: [[], []]))
        #expect(emptySegments == RouteStatistics())

        let point = GeoPoint(latitude: 46, longitude: 14, elevation: 300, time: Date(timeIntervalSince1970: 0))
        let one = RouteStatisticsCalculator.statistics(of: Track(segments: [[point]]))
        #expect(one.distanceMeters == 0 && one.pointCount == 1 && one.segmentCount == 1)
        #expect(one.durationSeconds == nil && one.movingTimeSeconds == nil && one.maximumSpeed == nil)
        #expect(one.minimumElevationMeters == 300 && one.maximumElevationMeters == 300)
        #expect(one.bounds == GeoBounds(south: 46, west: 14, north: 46, east: 14))
        #expect(one.splits.isEmpty)

        // The same fix three times: no distance, no time, no moving time, no splits.
        let still = RouteStatisticsCalculator.statistics(of: Track(segments: [[point, point, point]]))
        #expect(still.distanceMeters == 0 && still.splits.isEmpty)
        #expect(still.durationSeconds == 0 && still.movingTimeSeconds == 0 && still.averageSpeed == nil)
    }

    // MARK: Planned routes

    @Test func measuresTheLegsOfAPlannedRoute() {
        let stops = [(46.05, 14.51), (45.55, 13.73), (45.33, 14.44)].map {
            Place(point: GeoPoint(latitude: $0.0, longitude: $0.1))
        }
        let route = PlannedRoute(name: "Ljubljana, Koper, Rijeka", stops: stops)
        let legs = RouteStatisticsCalculator.legs(of: route)
        #expect(legs.count == 2)
        #expect(legs[0] == Geodesic.distance(stops[0].point, stops[1].point))
        #expect(legs[1] == Geodesic.distance(stops[1].point, stops[2].point))
        let stats = RouteStatisticsCalculator.statistics(of: route)
        #expect(abs(stats.distanceMeters - legs.reduce(0, +)) < 1e-6)
        #expect(RouteStatisticsCalculator.legs(of: PlannedRoute(stops: Array(stops.prefix(1)))).isEmpty)
    }

    // MARK: JSON

    @Test func encodesEveryKeyWithNullsForUnknownFigures() throws {
        let points = [GeoPoint(latitude: -16.5, longitude: 179.9), GeoPoint(latitude: -16.5, longitude: -179.9)]
        let stats = RouteStatisticsCalculator.statistics(of: Track(segments: [points]), splitMeters: 20_000)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(stats)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object.count == 21)
        #expect(object["durationSeconds"] is NSNull && object["maximumSpeed"] is NSNull)
        #expect(object["timedDistanceMeters"] is NSNull && object["movingDistanceMeters"] is NSNull)
        let bounds = try #require(object["bounds"] as? [String: Any])
        #expect(bounds["crossesAntimeridian"] as? Bool == true)
        let splits = try #require(object["splits"] as? [[String: Any]])
        #expect(splits.count == 2 && splits[0]["paceSecondsPerKilometer"] is NSNull)
        #expect(splits[0].count == 8 && splits[0]["movingDistanceMeters"] is NSNull)
        #expect(try JSONDecoder().decode(RouteStatistics.self, from: data) == stats)
        #expect(try encoder.encode(stats) == data) // deterministic
    }
}


/// The direct problem: going a distance at a bearing lands where the inverse measures it back.
@Suite struct GeodesicDestinationTests {
    @Test(arguments: [(43.2630, -2.9350), (0, 0), (-33.86, 151.21), (78.2, 15.6), (-89.9, 10), (10, 179.999)])
    func theInverseMeasuresTheDistanceGone(latitude: Double, longitude: Double) throws {
        let start = GeoPoint(latitude: latitude, longitude: longitude)
        for bearing in stride(from: 0.0, to: 360, by: 22.5) {
            for distance in [0.0, 150, 500, 1_234.5, 2_000, 1_000_000, 10_000_000] {
                let end = try #require(Geodesic.destination(from: start, bearingDegrees: bearing, distanceMeters: distance))
                #expect((-90...90).contains(end.latitude) && (-180...180).contains(end.longitude))
                let back = Geodesic.distance(start, end)
                #expect(abs(back - distance) < 0.001, "\(latitude),\(longitude) at \(bearing)° for \(distance) m: \(back) m")
            }
        }
    }

    @Test func northAndEastGoWhereTheyShould() throws {
        let origin = GeoPoint(latitude: 0, longitude: 0)
        let north = try #require(Geodesic.destination(from: origin, bearingDegrees: 0, distanceMeters: 1_000))
        // A degree of latitude at the equator is 110,574.3 m on WGS84.
        #expect(abs(north.latitude - 1_000 / 110_574.3) < 1e-7 && abs(north.longitude) < 1e-12)
        let east = try #require(Geodesic.destination(from: origin, bearingDegrees: 90, distanceMeters: 1_000))
        // A degree of longitude at the equator is 111,319.49 m.
        #expect(abs(east.longitude - 1_000 / 111_319.49) < 1e-7 && abs(east.latitude) < 1e-12)
        #expect(Geodesic.destination(from: origin, bearingDegrees: .nan, distanceMeters: 1) == nil)
        #expect(Geodesic.destination(from: origin, bearingDegrees: 0, distanceMeters: -1) == nil)
        #expect(Geodesic.destination(from: GeoPoint(latitude: 91, longitude: 0), bearingDegrees: 0, distanceMeters: 1) == nil)
        #expect(Geodesic.destination(from: GeoPoint(latitude: 0, longitude: -600), bearingDegrees: 0, distanceMeters: 1) == nil)
        // Across the antimeridian either way, the longitude comes back into -180..<180.
        let west = try #require(Geodesic.destination(from: GeoPoint(latitude: 0, longitude: -179.999), bearingDegrees: 270,
                                                     distanceMeters: 1_000))
        #expect(abs(west.longitude - (-179.999 - 1_000 / 111_319.49 + 360)) < 1e-7)
    }

    /// The first metre leaves in the bearing asked for, at every latitude: east over north in
    /// metres of the ellipsoid's meridian (M) and prime-vertical (N) radii of curvature.
    @Test(arguments: [-75.0, -40, -5, 0, 20, 43.26, 60, 84])
    func theFirstMetreLeavesAtTheBearingAsked(latitude: Double) throws {
        let start = GeoPoint(latitude: latitude, longitude: 10)
        let a = Geodesic.equatorialRadiusMeters, f = Geodesic.flattening
        let e2 = f * (2 - f), s = sin(latitude * .pi / 180)
        let w = (1 - e2 * s * s).squareRoot()
        let m = a * (1 - e2) / (w * w * w), n = a / w
        for bearing in stride(from: 5.0, to: 360, by: 35) {
            let end = try #require(Geodesic.destination(from: start, bearingDegrees: bearing, distanceMeters: 1))
            let north = (end.latitude - latitude) * .pi / 180 * m
            let east = (end.longitude - 10) * .pi / 180 * n * cos(latitude * .pi / 180)
            var seen = atan2(east, north) * 180 / .pi
            if seen < 0 { seen += 360 }
            #expect(abs(seen - bearing) < 1e-4, "\(latitude)° at \(bearing)°: left at \(seen)°")
            #expect(abs((north * north + east * east).squareRoot() - 1) < 1e-6)
        }
    }
}
