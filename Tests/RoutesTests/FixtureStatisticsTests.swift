import Foundation
import Testing
@testable import Routes

/// The statistics of every recorded file in the fixtures: read, measured, and sane.
@Suite struct FixtureStatisticsTests {
    static func files() throws -> [URL] {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (walker?.compactMap { $0 as? URL } ?? []).filter { $0.pathExtension == "gpx" }.sorted { $0.path < $1.path }
    }

    @Test func everyFileIsMeasured() throws {
        let files = try Self.files()
        #expect(files.count == 17)
        for file in files {
            let document = try RouteReader.read(contentsOf: file).document
            let segments = document.tracks.flatMap(\.segments)
            if segments.contains(where: { !$0.isEmpty }) {
                let statistics = RouteStatisticsCalculator.statistics(of: Track(segments: segments))
                // Zero only for a track that never moves (wahoo_example.gpx: three fixes at one spot).
                let moves = Set(segments.flatMap { $0 }.map { [$0.latitude, $0.longitude] }).count > 1
                #expect(moves ? statistics.distanceMeters > 0 : statistics.distanceMeters == 0, "\(file.lastPathComponent)")
                #expect(statistics.distance3DMeters >= statistics.distanceMeters - 1e-6, "\(file.lastPathComponent)")
                #expect(statistics.elevationGainMeters <= statistics.rawElevationGainMeters + 1e-6, "\(file.lastPathComponent)")
                #expect(statistics.splits.reduce(0) { $0 + $1.distanceMeters } - statistics.distanceMeters < 1e-3)
                Self.expectConsistentSpeedsAndTimes(statistics, of: segments, file.lastPathComponent)
            } else if let route = document.routes.first {
                #expect(RouteStatisticsCalculator.legs(of: route).count == max(route.stops.count - 1, 0))
            }
        }
    }

    /// The invariants that make the timed figures agree with each other.
    static func expectConsistentSpeedsAndTimes(_ statistics: RouteStatistics, of segments: [[GeoPoint]],
                                               _ name: String) {
        let slack = 1e-9
        if let moving = statistics.movingSpeed, let fastest = statistics.rawMaximumSpeed {
            #expect(moving <= fastest + slack, "\(name): moving speed above the fastest step")
        }
        if let average = statistics.averageSpeed, let moving = statistics.movingSpeed {
            #expect(average <= moving + slack, "\(name): average above the moving speed")
        }
        if let moving = statistics.movingTimeSeconds, let duration = statistics.durationSeconds {
            #expect(moving <= duration + slack, "\(name): moving time above the duration")
        }
        if let moving = statistics.movingDistanceMeters, let timed = statistics.timedDistanceMeters {
            #expect(moving <= timed + slack && timed <= statistics.distanceMeters + slack, "\(name)")
        }
        // The splits' elapsed times add up to the time of the timed steps, measured here
        // straight from the points (a time earlier than one before it in the segment is ignored).
        var timedPart = 0.0
        for segment in segments {
            var latest = -Double.infinity
            var previous: Double?
            for point in segment {
                var time: Double?
                if let seconds = point.time?.timeIntervalSinceReferenceDate, seconds >= latest {
                    time = seconds
                    latest = seconds
                }
                if let time, let previous { timedPart += time - previous }
                previous = time
            }
        }
        let splitTime = statistics.splits.compactMap(\.durationSeconds).reduce(0, +)
        #expect(abs(splitTime - timedPart) <= 1e-6 * max(1, timedPart), "\(name): splits \(splitTime) s, timed part \(timedPart) s")
    }

    @Test func koritaCountsItsUntimedSegmentInTheDistanceOnly() throws {
        // Its first segment has no times: that distance has no time, so no speed.
        let file = try #require(try Self.files().first { $0.lastPathComponent == "korita-zbevnica.gpx" })
        let segments = try RouteReader.read(contentsOf: file).document.tracks.flatMap(\.segments)
        let whole = RouteStatisticsCalculator.statistics(of: Track(segments: segments))
        let timedOnly = RouteStatisticsCalculator.statistics(
            of: Track(segments: segments.filter { $0.contains { $0.time != nil } }))
        #expect((whole.timedDistanceMeters ?? 0) < whole.distanceMeters - 1000)
        #expect(abs((whole.timedDistanceMeters ?? 0) - timedOnly.distanceMeters) < 1e-6)
        #expect(whole.averageSpeed == timedOnly.averageSpeed)
        #expect(whole.movingSpeed == timedOnly.movingSpeed)
        let movingKmh = try #require(whole.movingSpeed) * 3.6
        let fastestKmh = try #require(whole.rawMaximumSpeed) * 3.6
        #expect(movingKmh <= fastestKmh)
        #expect(abs(try #require(whole.averageSpeed) * 3.6 - 1.7) < 0.2)
    }

    @Test func mojstrovkaHasNoTimesLeftAndSoNoTimedFigures() throws {
        let file = try #require(try Self.files().first { $0.lastPathComponent == "Mojstrovka.gpx" })
        let result = try RouteReader.read(contentsOf: file)
        #expect((result.report.dropped[.sentinelTime] ?? 0) > 0)
        let statistics = RouteStatisticsCalculator.statistics(of: Track(segments: result.document.tracks.flatMap(\.segments)))
        #expect(statistics.durationSeconds == nil && statistics.maximumSpeed == nil)
        #expect(statistics.distanceMeters > 1000)
    }
}
