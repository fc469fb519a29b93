import Foundation
import Testing
@testable import Routes

private func writerFixture(_ path: String) throws -> URL {
    let root = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    return root.appendingPathComponent(path)
}

/// Every point of a document, tracks then routes then waypoints, as the readers give them back
/// (KML and GeoJSON have no planned routes: those come back as tracks, in the same order).
private func allPoints(_ document: RouteDocument) -> [GeoPoint] {
    document.tracks.flatMap(\.points) + document.routes.flatMap { $0.stops.map(\.point) } + document.waypoints.map(\.point)
}

/// Checks the two lists point by point and records the first point that differs, if any:
/// one check per point would build two descriptions each, which took minutes on the real files.
private func expectSamePoints(_ a: [GeoPoint], _ b: [GeoPoint], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(a.count == b.count, sourceLocation: sourceLocation)
    for (index, (p, q)) in zip(a, b).enumerated() {
        let sameTime: Bool
        switch (p.time, q.time) {
        case (nil, nil): sameTime = true
        case let (s?, t?): sameTime = abs(s.timeIntervalSince(t)) < 0.001
        default: sameTime = false
        }
        if p.latitude != q.latitude || p.longitude != q.longitude || p.elevation != q.elevation || !sameTime {
            Issue.record("point \(index) differs: \(p) vs \(q)", sourceLocation: sourceLocation)
            return
        }
    }
}

private let sample = RouteDocument(
    name: "Ride <& \"friends\"> 'n' more",
    tracks: [Track(name: "Morning & <loop>", segments: [
        [GeoPoint(latitude: 43.2630, longitude: -2.9350, elevation: 12.5, time: Date(timeIntervalSince1970: 1_714_543_200)),
         GeoPoint(latitude: 43.2641, longitude: -2.9339, elevation: 14, time: Date(timeIntervalSince1970: 1_714_543_230.25)),
         GeoPoint(latitude: 43.26501234567891, longitude: -2.93201, elevation: nil, time: Date(timeIntervalSince1970: 1_714_543_260))],
        [],
        [GeoPoint(latitude: -33.8688, longitude: 151.2093, elevation: -3.25),
         GeoPoint(latitude: 0.000001, longitude: -0.0000025)],
    ])],
    routes: [PlannedRoute(name: "Plan", stops: [Place(name: "A", point: GeoPoint(latitude: 40.4168, longitude: -3.7038, elevation: 650)),
                                                 Place(name: "B", point: GeoPoint(latitude: 41.3874, longitude: 2.1686))])],
    waypoints: [Place(name: "Café \"Ñ\" <1>", point: GeoPoint(latitude: 51.5007, longitude: -0.1246, elevation: 5,
                                                          time: Date(timeIntervalSince1970: 1_600_000_000)))]
)

@Suite struct WriterTests {
    @Test func gpxReadsBackToTheSameDocument() throws {
        let result = try RouteReader.read(RouteWriter.gpx(sample), source: "gpx")
        #expect(result.format == .gpx)
        let document = result.document
        #expect(document.name == sample.name)
        #expect(document.tracks.map(\.name) == ["Morning & <loop>"])
        #expect(document.tracks.first?.segments.count == 2)
        #expect(document.routes.map(\.name) == ["Plan"])
        #expect(document.routes.first?.stops.map(\.name) == ["A", "B"])
        #expect(document.waypoints.map(\.name) == ["Café \"Ñ\" <1>"])
        expectSamePoints(allPoints(document), allPoints(sample))
    }

    @Test func geoJSONReadsBackToTheSamePoints() throws {
        let data = RouteWriter.geoJSON(sample)
        _ = try JSONSerialization.jsonObject(with: data)
        let result = try RouteReader.read(data, source: "geojson")
        #expect(result.format == .geojson)
        #expect(result.document.name == sample.name)
        #expect(result.document.tracks.map(\.name) == ["Morning & <loop>", "Plan"])
        #expect(result.document.waypoints.map(\.name) == ["Café \"Ñ\" <1>"])
        expectSamePoints(allPoints(result.document), allPoints(sample))
    }

    @Test func kmlReadsBackToTheSamePoints() throws {
        let result = try RouteReader.read(RouteWriter.kml(sample), source: "kml")
        #expect(result.format == .kml)
        #expect(result.document.name == sample.name)
        #expect(result.document.tracks.map(\.name) == ["Morning & <loop>", "Plan"])
        #expect(result.document.waypoints.map(\.name) == ["Café \"Ñ\" <1>"])
        expectSamePoints(allPoints(result.document), allPoints(sample))
    }

    @Test(arguments: ["gpxpy/Mojstrovka.gpx", "gpxpy/route.gpx", "georust/garmin-activity.gpx", "gpxpy/korita-zbevnica.gpx"])
    func realFilesRoundTripThroughEveryFormat(path: String) throws {
        let original = try RouteReader.read(contentsOf: try writerFixture(path)).document
        let gpx = try RouteReader.read(RouteWriter.gpx(original), source: "gpx").document
        expectSamePoints(allPoints(gpx), allPoints(original))
        for data in [RouteWriter.geoJSON(original), RouteWriter.kml(original)] {
            let again = try RouteReader.read(data, source: "again").document
            expectSamePoints(allPoints(again), allPoints(original))
        }
    }

    @Test func escapingAndNumbers() {
        #expect(RouteWriter.xmlEscape("a<b>&\"c\"'d'\u{1}") == "a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;")
        #expect(RouteWriter.jsonString("a\"\\\n\u{1}") == "\"a\\\"\\\\\\n\\u0001\"")
        #expect(RouteWriter.number(43.5) == "43.5")
        #expect(RouteWriter.number(12) == "12")
        #expect(Double(RouteWriter.number(0.000001))! == 0.000001)
        #expect(!RouteWriter.number(-0.0000025).contains("e"))
        #expect(RouteWriter.timestamp(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(RouteWriter.timestamp(Date(timeIntervalSince1970: 1_714_543_230.25)) == "2024-05-01T06:00:30.250Z")
        #expect(RouteWriter.timestamp(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
    }
}
