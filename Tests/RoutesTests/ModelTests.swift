import Foundation
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

    @Test func aPointReadFromLatitudeCommaLongitude() {
        #expect(GeoPoint(coordinates: "46.4853,13.7856") == GeoPoint(latitude: 46.4853, longitude: 13.7856))
        #expect(GeoPoint(coordinates: "-90,180") == GeoPoint(latitude: -90, longitude: 180))
        #expect(GeoPoint(coordinates: ".5,+12") == GeoPoint(latitude: 0.5, longitude: 12))
        // What `route list --near` refuses (the CLI's own test checks its exit status 64 too).
        for bad in ["46.4", "46.4,13.7,1", "91,0", "0,181", "a,b", "nan,0", " 46,13", "1e1,2", "", ",", "-,5", "46,13 "] {
            #expect(GeoPoint(coordinates: bad) == nil, "\(bad)")
        }
    }
}

@Suite struct RouteStatisticsTextTests {
    @Test func figuresForPeople() {
        #expect(RouteStatisticsText.distance(849.6) == "850 m")
        #expect(RouteStatisticsText.distance(12_345) == "12.35 km")
        #expect(RouteStatisticsText.duration(309) == "0:05:09")
        #expect(RouteStatisticsText.duration(3_723) == "1:02:03")
        #expect(RouteStatisticsText.pace(305) == "5:05 /km")
        #expect(RouteStatisticsText.pace(nil) == "" && RouteStatisticsText.pace(.infinity) == "")
        #expect(RouteStatisticsText.speed(5) == "18.0 km/h")
        #expect(RouteStatisticsText.metres(349.5) == "350 m" && RouteStatisticsText.metres(nil) == "")
    }

    @Test func theStatsLineOfAMapsProfile() throws {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let climbing = RouteDocument(tracks: [Track(segments: [(0...20).map { index in
            GeoPoint(latitude: 45 + Double(index) * 0.001, longitude: 7, elevation: 100 + Double(index) * 5,
                     time: start.addingTimeInterval(Double(index) * 30))
        }])])
        let statistics = try #require(RouteStatisticsCalculator.statistics(of: climbing))
        let line = RouteStatisticsText.statsLine(of: climbing)
        #expect(line == RouteStatisticsText.statsLine(statistics))
        #expect(line == "\(RouteStatisticsText.distance(statistics.distanceMeters)) · 0:10:00 · "
            + "\(Int(statistics.elevationGainMeters.rounded())) m climb")
        #expect(statistics.elevationGainMeters > 50)
        // Untimed and flat: the distance alone; waypoints alone: none (the renderer writes its own).
        let flat = RouteDocument(tracks: [Track(segments: [[GeoPoint(latitude: 45, longitude: 7), GeoPoint(latitude: 45.01, longitude: 7)]])])
        #expect(RouteStatisticsText.statsLine(of: flat) == "1.11 km")
        #expect(RouteStatisticsText.statsLine(of: RouteDocument(waypoints: [Place(point: GeoPoint(latitude: 1, longitude: 1))])) == nil)
    }

    @Test func exportFormatsWriteWhatTheirNamesSay() throws {
        let document = RouteDocument(tracks: [Track(segments: [[GeoPoint(latitude: 45, longitude: 7), GeoPoint(latitude: 45.01, longitude: 7)]])])
        #expect(RouteExportFormat.allCases.map(\.rawValue) == ["gpx", "geojson", "kml"])
        for format in RouteExportFormat.allCases {
            let data = format.data(document)
            let read = try RouteReader.read(data, source: format.rawValue)
            #expect(read.format == RouteFormat(fileExtension: format.fileExtension))
            #expect(read.document.tracks.flatMap(\.points).count == 2)
        }
        #expect(RouteExportFormat.gpx.mediaType == "application/gpx+xml")
        #expect(RouteExportFormat.geojson.mediaType == "application/geo+json")
        #expect(RouteExportFormat.kml.mediaType == "application/vnd.google-earth.kml+xml")
    }
}
