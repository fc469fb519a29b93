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
                if let moving = statistics.movingTimeSeconds, let duration = statistics.durationSeconds {
                    #expect(moving <= duration + 1e-6, "\(file.lastPathComponent)")
                }
                #expect(statistics.splits.reduce(0) { $0 + $1.distanceMeters } - statistics.distanceMeters < 1e-3)
            } else if let route = document.routes.first {
                #expect(RouteStatisticsCalculator.legs(of: route).count == max(route.stops.count - 1, 0))
            }
        }
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
