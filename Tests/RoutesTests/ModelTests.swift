import Testing
@testable import Routes

@Suite struct ModelTests {
    @Test func reportsCountWhatWasDropped() {
        var report = ValidationReport()
        #expect(report.isEmpty)
        report.record(.nullIsland)
        report.record(.invalidCoordinate, count: 3)
        #expect(report.dropped[.invalidCoordinate] == 3 && report.dropped[.nullIsland] == 1 && !report.isEmpty)
    }

    @Test func tracksFlattenTheirSegmentsInOrder() {
        let a = GeoPoint(latitude: 1, longitude: 2), b = GeoPoint(latitude: 3, longitude: 4)
        #expect(Track(segments: [[a], [], [b]]).points == [a, b])
    }
}
