import Canvas
import Foundation
import Testing
@testable import Routes

// MARK: - Helpers

private func fixture(_ path: String) throws -> URL {
    let root = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    return root.appendingPathComponent(path)
}

private func readFixture(_ path: String) throws -> ReadResult {
    try RouteReader.read(contentsOf: fixture(path))
}

private func read(_ text: String, source: String = "inline", format: RouteFormat? = nil) throws -> ReadResult {
    try RouteReader.read(Data(text.utf8), source: source, format: format)
}

/// The error `body` throws, which must be a `RouteReadError`.
private func readError(_ body: () throws -> Void) -> RouteReadError? {
    do {
        try body()
        return nil
    } catch {
        return error as? RouteReadError
    }
}

private func date(_ secondsSince1970: Double) -> Date { Date(timeIntervalSince1970: secondsSince1970) }

private extension ReadResult {
    var trackPoints: [GeoPoint] { document.tracks.flatMap(\.points) }
    var trackPointCount: Int { trackPoints.count }
    var stopCount: Int { document.routes.reduce(0) { $0 + $1.stops.count } }
}

// MARK: - Real files

@Suite struct ReaderFixtureTests {
    /// Every fixture: (track points, route stops, waypoints, empty segments dropped).
    static let expectations: [(String, Int, Int, Int, Int)] = [
        ("georust/ecology-trail-and-lovers-lane-loop.gpx", 0, 139, 0, 0),
        ("georust/garmin-activity.gpx", 988, 0, 0, 1),
        ("georust/garmin_with_extensions.gpx", 3_540, 0, 0, 0),
        ("georust/strava_route_example.gpx", 113, 0, 0, 0),
        ("georust/wahoo_example.gpx", 3, 0, 0, 0),
        ("georust/with_accuracy.gpx", 3, 0, 0, 0),
        ("gpxpy/Mojstrovka.gpx", 184, 0, 0, 0),
        ("gpxpy/around-visnjan-with-car.gpx", 104, 0, 0, 0),
        ("gpxpy/cerknicko-jezero.gpx", 296, 0, 7, 1),
        ("gpxpy/cerknicko-without-times.gpx", 296, 0, 7, 1),
        ("gpxpy/first_and_last_elevation.gpx", 10, 0, 0, 0),
        ("gpxpy/korita-zbevnica.gpx", 871, 0, 2, 1),
        ("gpxpy/route.gpx", 0, 55, 0, 0),
        ("gpxpy/track-with-empty-segment.gpx", 9, 0, 0, 1),
        ("gpxpy/track-with-extremes.gpx", 25, 0, 0, 0),
        ("gpxpy/track_with_speed.gpx", 3, 0, 0, 0),
        ("gpxpy/unicode_with_bom.gpx", 0, 0, 1, 0),
    ]

    @Test(arguments: expectations)
    func everyFixtureReads(_ expectation: (String, Int, Int, Int, Int)) throws {
        let (path, points, stops, waypoints, emptySegments) = expectation
        let result = try readFixture(path)
        #expect(result.format == .gpx)
        #expect(result.trackPointCount == points, "\(path)")
        #expect(result.stopCount == stops, "\(path)")
        #expect(result.document.waypoints.count == waypoints, "\(path)")
        #expect((result.report.dropped[.emptySegment] ?? 0) == emptySegments, "\(path)")
        #expect((result.report.dropped[.invalidCoordinate] ?? 0) == 0, "\(path)")
    }

    @Test func fileAndDataReadTheSame() throws {
        let url = try fixture("gpxpy/korita-zbevnica.gpx")
        let fromFile = try RouteReader.read(contentsOf: url)
        let fromData = try RouteReader.read(Data(contentsOf: url), source: "korita")
        #expect(fromFile.document == fromData.document && fromFile.report == fromData.report)
    }

    @Test func garminWithExtensions() throws {
        let result = try readFixture("georust/garmin_with_extensions.gpx")
        let track = try #require(result.document.tracks.first)
        #expect(result.document.tracks.count == 1)
        #expect(track.name == "2019-05-01 06:31:11 Tag")
        #expect(track.segments.map(\.count) == [35, 3_505])
        #expect(track.points.first == GeoPoint(latitude: 47.4844814278, longitude: 10.9756895620, elevation: 860.00, time: date(1_556_685_071)))
        #expect(track.points.last == GeoPoint(latitude: 47.4845455494, longitude: 10.9758830164, elevation: 807.38, time: date(1_556_721_695)))
        #expect(result.report.isEmpty)
    }

    @Test func garminActivityWithLongCoordinatesAndAnEmptyRoute() throws {
        let result = try readFixture("georust/garmin-activity.gpx")
        let track = try #require(result.document.tracks.first)
        #expect(track.name == "casual stroll")
        #expect(track.points.first == GeoPoint(latitude: 37.24173816852271556854248046875, longitude: -121.9723242335021495819091796875,
                                                 elevation: 104, time: date(1_501_339_595)))
        // `<rte></rte>` at the end: dropped and counted.
        #expect(result.document.routes.isEmpty && result.report.dropped == [.emptySegment: 1])
    }

    @Test func emptySegmentIsDroppedAndCounted() throws {
        let result = try readFixture("gpxpy/track-with-empty-segment.gpx")
        #expect(result.document.tracks.count == 1)
        #expect(result.document.tracks[0].segments.count == 1)
        #expect(result.report.dropped == [.emptySegment: 1])
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let result = try readFixture("gpxpy/unicode_with_bom.gpx")
        #expect(result.document.waypoints == [
            Place(name: "test", point: GeoPoint(latitude: 43.309634, longitude: 3.515386, elevation: -14.6, time: date(1_464_343_727.8))),
        ])
    }

    @Test func backwardsTimeIsDroppedButThePointKept() throws {
        let result = try readFixture("gpxpy/first_and_last_elevation.gpx")
        let points = result.trackPoints
        #expect(points.count == 10)
        #expect(result.report.dropped == [.backwardsTime: 1])
        #expect(points[8].time == date(1_368_872_584))
        #expect(points[9].time == nil && points[9].elevation == 140.0)
        // Elevation only on the first and last points.
        #expect(points.map { $0.elevation != nil } == [true] + Array(repeating: false, count: 8) + [true])
    }

    @Test func mojstrovkaSentinelTimesAreDroppedAndPointsKept() throws {
        let result = try readFixture("gpxpy/Mojstrovka.gpx")
        let points = result.trackPoints
        #expect(points.count == 184)
        #expect(points.allSatisfy { $0.time == nil })
        #expect(result.report.dropped == [.sentinelTime: 184])
        #expect(points[0] == GeoPoint(latitude: 46.434981, longitude: 13.748273, elevation: 1614.678))
    }

    @Test func unknownFixValueIsHarmless() throws {
        let result = try readFixture("georust/with_accuracy.gpx")
        #expect(result.document.tracks.first?.name == "Cycling")
        #expect(result.trackPoints.map(\.latitude) == [51.120586, 51.120654, 51.130122])
        #expect(result.trackPoints.map(\.elevation) == [50.3, 0.0, nil])
        #expect(result.report.isEmpty)
    }

    @Test func gpx10RouteIsAPlannedRouteWithNamedStops() throws {
        let result = try readFixture("gpxpy/route.gpx")
        #expect(result.document.tracks.isEmpty && result.document.waypoints.isEmpty)
        let route = try #require(result.document.routes.first)
        #expect(result.document.routes.count == 1)
        #expect(route.stops.count == 55)
        #expect(route.stops[0] == Place(name: "#001", point: GeoPoint(latitude: 45.2787641494, longitude: 13.726695478)))
        #expect(route.stops[1].name == "#002")
    }

    @Test func allTrailsRouteHasElevation() throws {
        let result = try readFixture("georust/ecology-trail-and-lovers-lane-loop.gpx")
        let route = try #require(result.document.routes.first)
        #expect(route.name == "Trail Planner Map on AllTrails")
        #expect(result.document.name == "Trail Planner Map")
        #expect(route.stops[0].point == GeoPoint(latitude: 37.79804, longitude: -122.45744, elevation: 28))
    }

    @Test func stravaRouteHasNoTimes() throws {
        let result = try readFixture("georust/strava_route_example.gpx")
        #expect(result.document.name == "Afternoon Run")
        #expect(result.trackPoints.allSatisfy { $0.time == nil && $0.elevation != nil })
        #expect(result.trackPoints[0] == GeoPoint(latitude: 47.61881, longitude: -122.33706000000001, elevation: 25.28))
        #expect(result.report.isEmpty)
    }

    @Test func wahooHasNoElevation() throws {
        let result = try readFixture("georust/wahoo_example.gpx")
        #expect(result.trackPoints.count == 3)
        #expect(result.trackPoints.allSatisfy { $0.elevation == nil })
        #expect(result.trackPoints.map(\.time) == [date(1_650_833_673), date(1_650_833_674), date(1_650_833_675)])
    }

    @Test func gpx10WithoutNamespaceAndWithWaypoints() throws {
        let speed = try readFixture("gpxpy/track_with_speed.gpx")   // <gpx> with no namespace at all
        #expect(speed.trackPoints[0] == GeoPoint(latitude: 52.330848, longitude: 5.541371, elevation: 48.962041, time: date(1_236_002_752)))

        let korita = try readFixture("gpxpy/korita-zbevnica.gpx")
        #expect(korita.document.waypoints.map(\.name) == ["001", "002"])
        #expect(korita.document.tracks.map(\.name) == ["03-OCT-10 #2", "ACTIVE LOG", "ACTIVE LOG #2"])
        #expect(korita.trackPoints[0] == GeoPoint(latitude: 45.380600095, longitude: 14.144491442, elevation: 733.623291))
    }
}

// MARK: - Validation on small inline files

@Suite struct ReaderValidationTests {
    @Test func badCoordinatesAreCountedAndExtensionsSkipped() throws {
        let gpx = """
        <?xml version="1.0"?>
        <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
          <trk><name> Morning </name><trkseg>
            <trkpt lat="95" lon="10"/>
            <trkpt lat="abc" lon="10"/>
            <trkpt lon="10"/>
            <trkpt lat="NaN" lon="10"/>
            <trkpt lat="45.5" lon="10.25">
              <ele>100</ele><time>2024-03-10T12:00:00+02:00</time>
              <extensions><ele>9999</ele><time>1999-01-01T00:00:00Z</time><name>ignored</name></extensions>
            </trkpt>
            <trkpt lat="0" lon="0"><time>2024-03-10T10:00:01Z</time></trkpt>
            <trkpt lat="45.6" lon="10.3"><time>1970-01-01T00:00:00Z</time></trkpt>
            <trkpt lat="45.7" lon="10.35"><time>2150-01-01T00:00:00Z</time></trkpt>
            <trkpt lat="45.8" lon="10.4"><time>2024-03-10T10:00:05.250Z</time></trkpt>
            <trkpt lat="45.9" lon="10.45"><time>2024-03-10T09:59:00Z</time></trkpt>
          </trkseg></trk>
        </gpx>
        """
        let result = try read(gpx)
        #expect(result.report.dropped == [.invalidCoordinate: 4, .nullIsland: 1, .sentinelTime: 2, .backwardsTime: 1])
        let track = try #require(result.document.tracks.first)
        #expect(track.name == "Morning")
        #expect(track.points == [
            GeoPoint(latitude: 45.5, longitude: 10.25, elevation: 100, time: date(1_710_064_800)),
            GeoPoint(latitude: 45.6, longitude: 10.3),
            GeoPoint(latitude: 45.7, longitude: 10.35),
            GeoPoint(latitude: 45.8, longitude: 10.4, time: date(1_710_064_805.25)),
            GeoPoint(latitude: 45.9, longitude: 10.45),
        ])
    }

    @Test func nullIslandAloneIsKept() throws {
        let result = try read(#"<gpx><wpt lat="0" lon="0"><name>origin</name></wpt></gpx>"#)
        #expect(result.document.waypoints.count == 1 && result.report.isEmpty)
    }

    @Test func segmentLeftEmptyByNullIslandIsCounted() throws {
        let gpx = #"<gpx><trk><trkseg><trkpt lat="0" lon="0"/></trkseg><trkseg><trkpt lat="1" lon="1"/></trkseg></trk></gpx>"#
        let result = try read(gpx)
        #expect(result.report.dropped == [.nullIsland: 1, .emptySegment: 1])
        #expect(result.document.tracks[0].segments == [[GeoPoint(latitude: 1, longitude: 1)]])
    }

    @Test func prefixedGPXAndEntitiesInNames() throws {
        let gpx = """
        <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1"><g:wpt lat="1.5" lon="2.5"><g:name>Caf&#233; &amp; bar</g:name></g:wpt></g:gpx>
        """
        let result = try read(gpx)
        #expect(result.document.waypoints == [Place(name: "Café & bar", point: GeoPoint(latitude: 1.5, longitude: 2.5))])
    }

    @Test func elevationsBeyondAThousandKilometresAreDroppedAndCounted() throws {
        let gpx = """
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="45" lon="14"><ele>1e18</ele></trkpt>
            <trkpt lat="45.001" lon="14"><ele>-1000001</ele></trkpt>
            <trkpt lat="45.002" lon="14"><ele>8848.9</ele></trkpt>
            </trkseg></trk></gpx>
            """
        let result = try RouteReader.read(Data(gpx.utf8), source: "high.gpx")
        #expect(result.trackPoints.map(\.elevation) == [nil, nil, 8848.9])
        #expect(result.report.dropped[.invalidElevation] == 2)
        let geoJSON = #"{"type":"LineString","coordinates":[[14,45,1e18],[14,45.001,12]]}"#
        let fromJSON = try RouteReader.read(Data(geoJSON.utf8), source: "high.geojson")
        #expect(fromJSON.trackPoints.map(\.elevation) == [nil, 12])
    }

    @Test func geoJSONNestedTooDeepSaysWhyAndWhere() throws {
        let deep = #"{"type":"GeometryCollection","geometries":"# + String(repeating: "[", count: 100_000)
        let error = readError { _ = try read(deep, source: "deep.geojson") }
        #expect(error?.kind == .limitExceeded)
        #expect(error?.description == "deep.geojson:1:106: arrays and objects nested deeper than 64 levels; "
                    + "GeoJSON needs about ten, so no deeper input is read")
        let broken = readError { _ = try read("{\"type\": \"LineString\",\n \"coordinates\": [[1, 2],, ]}", source: "broken.geojson") }
        #expect(error != nil && broken?.kind == .malformed)
        #expect(broken?.description.hasPrefix("broken.geojson:2:") == true)
        #expect(broken?.description.contains("malformed JSON: ") == true)
    }

    @Test(arguments: [[0x00, 0x00, 0x00, 0x3C, 0x06, 0x6C, 0x6C, 0x0A, 0x48, 0x48],  // found by fuzzing: UCS-4 BE
                      [0x3C, 0x00, 0x00, 0x00, 0x3F, 0x00, 0x00, 0x00], [0x00, 0x3C, 0x00, 0x3F],
                      [0x4C, 0x6F, 0xA7, 0x94, 0x93]] as [[UInt8]])
    func xmlInOtherEncodingsIsRefusedNotCrashed(_ bytes: [UInt8]) throws {
        for format in [RouteFormat.gpx, .kml, .tcx] {
            let error = readError { _ = try RouteReader.read(Data(bytes), source: "odd.gpx", format: format) }
            #expect(error?.kind == .malformed && error?.line == 1, "\(format)")
            #expect(error?.message.hasPrefix("XML must be UTF-8") == true)
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("odd-\(UUID().uuidString).gpx")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Data(bytes).write(to: scratch)
        let fromFile = readError { _ = try RouteReader.read(contentsOf: scratch, format: .gpx) }
        #expect(fromFile?.kind == .malformed)
    }

    @Test(arguments: ["utf-7", "UT-F8", "EBCDIC-US", "x-unknown"])
    func xmlDeclaringAnEncodingOutsideTheListIsRefused(_ encoding: String) throws {
        // utf-7 and EBCDIC-US crashed libxml2 inside Foundation's XMLParser (found by fuzzing).
        let gpx = "<?xml version=\"1.0\" encoding=\"\(encoding)\" standalone=\"no\"?>\n<gpx version=\"1.1\"><trk><trkseg>"
            + "<trkpt lat=\"1\" lon=\"2\"/><trkpt lat=\"1.1\" lon=\"2\"/></trkseg></trk></gpx>\n"
        let error = readError { _ = try read(gpx, source: "odd.gpx") }
        #expect(error?.kind == .malformed)
        #expect(error?.description == "odd.gpx:1: the XML declaration names the encoding '\(encoding)'; only UTF-8, UTF-16, "
            + "US-ASCII, ISO-8859 and Windows code pages are read")
    }

    @Test(arguments: ["UTF-8", "utf-8", "US-ASCII", "ISO-8859-1", "iso-8859-15", "windows-1252", "latin1"])
    func xmlInTheListedEncodingsIsRead(_ encoding: String) throws {
        let gpx = "<?xml version='1.0' encoding='\(encoding)'?>\n<gpx version=\"1.1\"><trk><trkseg>"
            + "<trkpt lat=\"1\" lon=\"2\"/><trkpt lat=\"1.1\" lon=\"2\"/></trkseg></trk></gpx>\n"
        #expect(try read(gpx).trackPointCount == 2)
    }

    @Test func pointLimitIsEnforced() throws {
        var builder = DocumentBuilder(source: "limit", maximumPointCount: 3)
        for index in 0..<3 { try builder.addTrackPoint(latitude: Double(index), longitude: 1, elevation: nil, time: nil) }
        let error = readError { try builder.addTrackPoint(latitude: 5, longitude: 1, elevation: nil, time: nil) }
        #expect(error?.kind == .limitExceeded)
        #expect(error?.message == "more than 3 points; the readers stop there")
        #expect(RouteReader.maximumPointCount == 20_000_000)
    }

    @Test func overlongTextIsAnError() throws {
        let name = String(repeating: "x", count: 20_000)
        let error = readError { _ = try read("<gpx><wpt lat=\"1\" lon=\"1\"><name>\(name)</name></wpt></gpx>") }
        #expect(error?.kind == .limitExceeded)
        #expect(error?.line == 1)
    }
}

// MARK: - KML, GeoJSON, TCX

@Suite struct ReaderFormatTests {
    @Test func kmlLineStringMultiGeometryAndPoints() throws {
        let kml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <kml xmlns="http://www.opengis.net/kml/2.2">
          <Document>
            <name>Weekend</name>
            <Style id="red"><LineStyle><color>ff0000ff</color></LineStyle></Style>
            <Placemark>
              <name><![CDATA[Ridge walk]]></name>
              <LineString>
                <coordinates>
                  13.5,46.1,1000 13.6,46.2,1100
                  13.7,46.3
                  13.8, 46.4, 1200
                  200,46.5,0
                </coordinates>
              </LineString>
            </Placemark>
            <Placemark>
              <MultiGeometry>
                <LineString><coordinates>1,2 3,4</coordinates></LineString>
                <LineString><coordinates>5,6</coordinates></LineString>
                <Point><coordinates>7,8,9</coordinates></Point>
                <Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 1,0 1,1 0,0</coordinates></LinearRing></outerBoundaryIs></Polygon>
              </MultiGeometry>
              <name>Loop</name>
            </Placemark>
            <Placemark><name>Hut</name><Point><coordinates>13.9,46.6,1500</coordinates></Point></Placemark>
          </Document>
        </kml>
        """
        let result = try read(kml)
        #expect(result.format == .kml)
        #expect(result.document.name == "Weekend")
        #expect(result.document.tracks.map(\.name) == ["Ridge walk", "Loop"])
        #expect(result.document.tracks[0].points == [
            GeoPoint(latitude: 46.1, longitude: 13.5, elevation: 1000),
            GeoPoint(latitude: 46.2, longitude: 13.6, elevation: 1100),
            GeoPoint(latitude: 46.3, longitude: 13.7),
            GeoPoint(latitude: 46.4, longitude: 13.8, elevation: 1200),
        ])
        #expect(result.document.tracks[1].segments == [
            [GeoPoint(latitude: 2, longitude: 1), GeoPoint(latitude: 4, longitude: 3)],
            [GeoPoint(latitude: 6, longitude: 5)],
        ])
        #expect(result.document.waypoints == [
            Place(name: "Loop", point: GeoPoint(latitude: 8, longitude: 7, elevation: 9)),
            Place(name: "Hut", point: GeoPoint(latitude: 46.6, longitude: 13.9, elevation: 1500)),
        ])
        #expect(result.report.dropped == [.invalidCoordinate: 1])
    }

    @Test func kmlGxTrackWithoutNamespaceDeclaration() throws {
        // The gx: prefix is used but never declared: lenient, the track still reads.
        let kml = """
        <kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>Run</name>
          <gx:Track>
            <when>2010-05-28T02:02:09Z</when><when>2010-05-28T02:02:35Z</when><when>2010-05-28T02:02:44Z</when>
            <gx:coord>-122.207881 37.371915 156.0</gx:coord>
            <gx:coord>-122.205712 37.373288 152.0</gx:coord>
            <gx:coord>-122.204678 37.373939 147.0</gx:coord>
          </gx:Track>
        </Placemark></kml>
        """
        let result = try read(kml)
        let track = try #require(result.document.tracks.first)
        #expect(track.name == "Run")
        #expect(track.points.count == 3)
        #expect(track.points[0] == GeoPoint(latitude: 37.371915, longitude: -122.207881, elevation: 156, time: date(1_275_012_129)))
        #expect(track.points[2].time == date(1_275_012_164))
    }

    @Test func kmlGxTrackWithUnpairedTimesKeepsPointsWithoutTimes() throws {
        let kml = """
        <kml xmlns:gx="http://www.google.com/kml/ext/2.2"><Placemark><gx:MultiTrack><gx:Track>
          <when>2010-05-28T02:02:09Z</when>
          <gx:coord>1 2</gx:coord><gx:coord>3 4</gx:coord>
        </gx:Track></gx:MultiTrack></Placemark></kml>
        """
        let result = try read(kml)
        #expect(result.trackPoints == [GeoPoint(latitude: 2, longitude: 1), GeoPoint(latitude: 4, longitude: 3)])
    }

    @Test func coordinateScannerHandlesPiecesSplitAnywhere() throws {
        let text = " 13.5,46.1,1000\n\t13.6,46.2  13.7 , 46.3 ,12 x,1 1,2,3,4 5 "
        var expected: [String] = []
        var whole = CoordinateScanner()
        try whole.consume(text) { expected.append("\($0.longitude) \($0.latitude) \($0.altitude.map { "\($0)" } ?? "-")") }
        try whole.finish { expected.append("\($0.longitude) \($0.latitude) \($0.altitude.map { "\($0)" } ?? "-")") }
        #expect(expected == ["13.5 46.1 1000.0", "13.6 46.2 -", "13.7 46.3 12.0", "nan nan -", "nan nan -", "nan nan -"])
        // Every split into two pieces gives the same tuples.
        let characters = Array(text)
        for split in 0...characters.count {
            var scanner = CoordinateScanner()
            var got: [String] = []
            let emit: (CoordinateScanner.Tuple) -> Void = { got.append("\($0.longitude) \($0.latitude) \($0.altitude.map { "\($0)" } ?? "-")") }
            try scanner.consume(String(characters[..<split]), emit: emit)
            try scanner.consume(String(characters[split...]), emit: emit)
            try scanner.finish(emit: emit)
            #expect(got == expected, "split at \(split)")
        }
    }

    @Test func geoJSONFeatureCollection() throws {
        let json = """
        {"type": "FeatureCollection", "name": "Day out", "features": [
          {"type": "Feature", "properties": {"name": "Climb", "coordTimes": ["2019-05-01T04:31:11Z", "2019-05-01T04:31:22Z"]},
           "geometry": {"type": "LineString", "coordinates": [[10.97, 47.48, 860], [10.98, 47.49, 856.5]]}},
          {"type": "Feature", "properties": {"title": "Two parts"},
           "geometry": {"type": "MultiLineString", "coordinates": [[[1, 2], [3, 4]], [], [[5, 6, 7, 8]]]}},
          {"type": "Feature", "properties": {"name": "Summit", "time": "2019-05-01T08:00:00Z"},
           "geometry": {"type": "Point", "coordinates": [11.0, 47.5, 1800]}},
          {"type": "Feature", "properties": null, "geometry": {"type": "MultiPoint", "coordinates": [[1, 1], ["x", 2], [3]]}},
          {"type": "Feature", "properties": {"name": "Lake"}, "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [0, 1], [0, 0]]]}},
          {"type": "Feature", "properties": {}, "geometry": null}
        ]}
        """
        let result = try read(json)
        #expect(result.format == .geojson)
        #expect(result.document.name == "Day out")
        #expect(result.document.tracks.map(\.name) == ["Climb", "Two parts"])
        #expect(result.document.tracks[0].points == [
            GeoPoint(latitude: 47.48, longitude: 10.97, elevation: 860, time: date(1_556_685_071)),
            GeoPoint(latitude: 47.49, longitude: 10.98, elevation: 856.5, time: date(1_556_685_082)),
        ])
        #expect(result.document.tracks[1].segments == [
            [GeoPoint(latitude: 2, longitude: 1), GeoPoint(latitude: 4, longitude: 3)],
            [GeoPoint(latitude: 6, longitude: 5, elevation: 7)],
        ])
        #expect(result.document.waypoints == [
            Place(name: "Summit", point: GeoPoint(latitude: 47.5, longitude: 11, elevation: 1800, time: date(1_556_697_600))),
            Place(point: GeoPoint(latitude: 1, longitude: 1)),
        ])
        #expect(result.report.dropped == [.emptySegment: 1, .invalidCoordinate: 2])
    }

    @Test func geoJSONBareGeometryAndCollection() throws {
        let line = try read(#"{"type": "LineString", "coordinates": [[-120.2, 38.5], [-120.95, 40.7]]}"#)
        #expect(line.trackPoints == [GeoPoint(latitude: 38.5, longitude: -120.2), GeoPoint(latitude: 40.7, longitude: -120.95)])

        let collection = try read("""
        {"type": "Feature", "properties": {"name": "Mixed"}, "geometry": {"type": "GeometryCollection", "geometries": [
          {"type": "LineString", "coordinates": [[1, 1], [2, 2]]},
          {"type": "Point", "coordinates": [3, 3]},
          {"type": "GeometryCollection", "geometries": [{"type": "LineString", "coordinates": [[4, 4]]}]}
        ]}}
        """)
        #expect(collection.document.tracks.count == 1)
        #expect(collection.document.tracks[0].segments.count == 2)
        #expect(collection.document.waypoints == [Place(name: "Mixed", point: GeoPoint(latitude: 3, longitude: 3))])
    }

    @Test func geoJSONErrorsNameThePlace() throws {
        let unknown = readError { _ = try read(#"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Circle", "coordinates": []}}]}"#) }
        #expect(unknown?.kind == .invalidData)
        #expect(unknown?.message.contains("features[0].geometry") == true)
        #expect(unknown?.message.contains("\"Circle\"") == true)

        let missing = readError { _ = try read(#"{"type": "LineString"}"#) }
        #expect(missing?.message == "the top level: missing \"coordinates\"")

        let syntax = readError { _ = try read("{\"type\": \"LineString\",\n \"coordinates\": [[1, 2],, [3, 4]]}", source: "bad.json") }
        #expect(syntax?.kind == .malformed)
        #expect(syntax?.line == 2 && syntax?.column == 25)
        #expect(syntax?.description == "bad.json:2:25: malformed JSON: invalid value (found ',')")
    }

    @Test func tcxActivityLapsAndCourse() throws {
        let tcx = """
        <?xml version="1.0" encoding="UTF-8"?>
        <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
          <Activities>
            <Activity Sport="Running">
              <Id>2010-06-26T10:06:11Z</Id>
              <Lap StartTime="2010-06-26T10:06:11Z">
                <TotalTimeSeconds>10</TotalTimeSeconds>
                <Track>
                  <Trackpoint><Time>2010-06-26T10:06:11Z</Time>
                    <Position><LatitudeDegrees>47.1</LatitudeDegrees><LongitudeDegrees>8.1</LongitudeDegrees></Position>
                    <AltitudeMeters>400.5</AltitudeMeters><HeartRateBpm><Value>120</Value></HeartRateBpm></Trackpoint>
                  <Trackpoint><Time>2010-06-26T10:06:12Z</Time><HeartRateBpm><Value>121</Value></HeartRateBpm></Trackpoint>
                </Track>
              </Lap>
              <Lap StartTime="2010-06-26T10:06:20Z">
                <Track>
                  <Trackpoint><Time>2010-06-26T10:06:20Z</Time>
                    <Position><LatitudeDegrees>47.2</LatitudeDegrees><LongitudeDegrees>8.2</LongitudeDegrees></Position>
                    <Extensions><TPX><Speed>3.1</Speed></TPX></Extensions></Trackpoint>
                </Track>
                <Track>
                  <Trackpoint><Time>2010-06-26T10:09:00Z</Time>
                    <Position><LatitudeDegrees>47.3</LatitudeDegrees><LongitudeDegrees>8.3</LongitudeDegrees></Position></Trackpoint>
                </Track>
              </Lap>
            </Activity>
          </Activities>
          <Courses>
            <Course>
              <Name>Lake loop</Name>
              <Lap><TotalTimeSeconds>600</TotalTimeSeconds></Lap>
              <Track>
                <Trackpoint><Position><LatitudeDegrees>46.0</LatitudeDegrees><LongitudeDegrees>7.0</LongitudeDegrees></Position></Trackpoint>
                <Trackpoint><Position><LatitudeDegrees>46.1</LatitudeDegrees><LongitudeDegrees>7.1</LongitudeDegrees></Position><AltitudeMeters>500</AltitudeMeters></Trackpoint>
              </Track>
              <CoursePoint><Name>Bridge</Name><Time>2010-06-26T11:00:00Z</Time>
                <Position><LatitudeDegrees>46.05</LatitudeDegrees><LongitudeDegrees>7.05</LongitudeDegrees></Position><PointType>Generic</PointType></CoursePoint>
            </Course>
          </Courses>
        </TrainingCenterDatabase>
        """
        let result = try read(tcx)
        #expect(result.format == .tcx)
        let track = try #require(result.document.tracks.first)
        #expect(track.name == "2010-06-26T10:06:11Z")
        // Lap 2's first track continues lap 1's segment; its second track (after a pause) starts a new one.
        #expect(track.segments.map(\.count) == [2, 1])
        #expect(track.points[0] == GeoPoint(latitude: 47.1, longitude: 8.1, elevation: 400.5, time: date(1_277_546_771)))
        let course = try #require(result.document.routes.first)
        #expect(course.name == "Lake loop")
        #expect(course.stops.map(\.point) == [GeoPoint(latitude: 46, longitude: 7), GeoPoint(latitude: 46.1, longitude: 7.1, elevation: 500)])
        #expect(result.document.waypoints == [
            Place(name: "Bridge", point: GeoPoint(latitude: 46.05, longitude: 7.05, time: date(1_277_550_000))),
        ])
        #expect(result.report.isEmpty)
    }
}

// MARK: - Encoded polylines

@Suite struct PolylineTests {
    static let googlePoints = [
        GeoPoint(latitude: 38.5, longitude: -120.2),
        GeoPoint(latitude: 40.7, longitude: -120.95),
        GeoPoint(latitude: 43.252, longitude: -126.453),
    ]

    @Test func googleVectorAtPrecision5() throws {
        #expect(try EncodedPolyline.encode(Self.googlePoints) == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        #expect(try EncodedPolyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@") == Self.googlePoints)
    }

    @Test func googleVectorAtPrecision6() throws {
        #expect(try EncodedPolyline.encode(Self.googlePoints, precision: 6) == "_izlhA~rlgdF_{geC~ywl@_kwzCn`{nI")
        #expect(try EncodedPolyline.decode("_izlhA~rlgdF_{geC~ywl@_kwzCn`{nI", precision: 6) == Self.googlePoints)
    }

    @Test func roundingDoesNotDrift() throws {
        let points = [
            GeoPoint(latitude: 47.4844814278, longitude: 10.9756895620),
            GeoPoint(latitude: 47.4847092479, longitude: 10.9757828526),
            GeoPoint(latitude: -33.856784, longitude: 151.215297),
            GeoPoint(latitude: 0, longitude: 0),
        ]
        let encoded = try EncodedPolyline.encode(points, precision: 6)
        #expect(encoded == "acfqyAs{{|SgMyDhbuczCshpnjG_pmq_A`kml_H")
        let decoded = try EncodedPolyline.decode(encoded, precision: 6)
        #expect(decoded.map(\.latitude) == [47.484481, 47.484709, -33.856784, 0])
        #expect(try EncodedPolyline.encode([], precision: 5).isEmpty && EncodedPolyline.decode("").isEmpty)
    }

    @Test func decodingErrorsSayWhere() {
        let truncated = readError { _ = try EncodedPolyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`") }
        #expect(truncated?.kind == .malformed)
        #expect(truncated?.column == 23)
        #expect(truncated?.message.contains("truncated") == true)

        let halfPoint = readError { _ = try EncodedPolyline.decode("_p~iF") }
        #expect(halfPoint?.message == "truncated polyline: a latitude without its longitude")

        let badCharacter = readError { _ = try EncodedPolyline.decode("_p~iF ~ps|U") }
        #expect(badCharacter?.column == 6 && badCharacter?.message.contains("' '") == true)

        let outOfRange = readError { _ = try EncodedPolyline.decode("_p~iF~ps|U", precision: 1) }
        #expect(outOfRange?.kind == .invalidData)

        let overlong = readError { _ = try EncodedPolyline.decode(String(repeating: "~", count: 20) + "?") }
        #expect(overlong?.kind == .malformed)

        #expect(readError { _ = try EncodedPolyline.decode("??", precision: 11) }?.kind == .invalidData)
        #expect(readError { _ = try EncodedPolyline.encode([GeoPoint(latitude: .nan, longitude: 0)]) }?.message.contains("point 0") == true)
    }

    @Test func readerTakesPolylineFilesAndReportsFileColumns() throws {
        let result = try RouteReader.read(Data("\n_izlhA~rlgdF_{geC~ywl@_kwzCn`{nI\n".utf8), source: "osrm.txt", polylinePrecision: 6)
        #expect(result.format == .polyline)
        #expect(result.trackPoints == Self.googlePoints)

        let error = readError { _ = try RouteReader.read(Data("\n  _p~iF~ps|U_ulLnnqC_mqNvxq`".utf8), source: "line.txt") }
        #expect(error?.description.hasPrefix("line.txt:2:25: truncated polyline") == true)
    }
}

// MARK: - Detection and errors

@Suite struct ReaderDetectionTests {
    @Test func detectsFormatsFromContent() {
        func detect(_ text: String) -> RouteFormat? { RouteReader.detectFormat(Data(text.utf8)) }
        #expect(detect(#"<?xml version="1.0"?><!-- exported --><gpx version="1.1">"#) == .gpx)
        #expect(detect("\u{FEFF}\n  <gpx>") == .gpx)
        #expect(detect(#"<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><gpx:gpx xmlns:gpx="x">"#) == .gpx)
        #expect(detect(#"<kml xmlns="http://www.opengis.net/kml/2.2">"#) == .kml)
        #expect(detect("<TrainingCenterDatabase>") == .tcx)
        #expect(detect(#"  {"type": "FeatureCollection"}"#) == .geojson)
        #expect(detect("_p~iF~ps|U_ulLnnqC_mqNvxq`@\n") == .polyline)
        #expect(detect("{{{}") == .polyline)   // only polyline characters: not JSON
        #expect(detect("<html><body>") == nil)
        #expect(detect("") == nil)
        #expect(detect("   \n") == nil)
        #expect(detect("hello world") == nil)
        #expect(detect("[1, 2]") == nil)

        var utf16 = Data([0xFF, 0xFE])
        utf16.append("<gpx>".data(using: .utf16LittleEndian) ?? Data())
        #expect(RouteReader.detectFormat(utf16) == .gpx)
    }

    @Test func aFileExtensionIsTrustedOverTheContent() throws {
        // 100,000 `[` then as many `]` are also an encoded polyline (every character is one of
        // its 63...126); it was read as a 2,263 km route. In a .geojson file it is deep JSON.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchline-ext-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let brackets = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        for name in ["deep.geojson", "deep.json", "DEEP.GeoJSON"] {
            let url = folder.appendingPathComponent(name)
            try brackets.write(to: url)
            let error = readError { _ = try RouteReader.read(contentsOf: url) }
            #expect(error?.kind == .limitExceeded, "\(name)")
            #expect(error?.description == url.path + ":1:65: arrays and objects nested deeper than 64 levels; "
                        + "GeoJSON needs about ten, so no deeper input is read")
        }
        // The extension decides for the other formats too; only an unknown one lets the content decide.
        let gpx = folder.appendingPathComponent("walk.gpx")
        try Data(#"{"type":"LineString","coordinates":[[14,45],[14,45.1]]}"#.utf8).write(to: gpx)
        #expect(readError { _ = try RouteReader.read(contentsOf: gpx) }?.kind == .malformed)
        let text = folder.appendingPathComponent("walk.txt")
        try Data(#"{"type":"LineString","coordinates":[[14,45],[14,45.1]]}"#.utf8).write(to: text)
        #expect(try RouteReader.read(contentsOf: text).format == .geojson)
        let empty = folder.appendingPathComponent("empty.geojson")
        try Data("  \n".utf8).write(to: empty)
        #expect(readError { _ = try RouteReader.read(contentsOf: empty) }?.message == "the input is empty")
        #expect(RouteFormat(fileExtension: "Kml") == .kml && RouteFormat(fileExtension: "TCX") == .tcx)
        #expect(RouteFormat(fileExtension: "txt") == nil && RouteFormat(fileExtension: "") == nil)
    }

    @Test func malformedXMLGivesLineAndColumn() {
        let gpx = "<gpx>\n<trk>\n<trkseg>\n<trkpt lat=\"1\" lon=\"2\">\n</trkseg>\n</trk>\n</gpx>"
        let error = readError { _ = try read(gpx, source: "bad.gpx") }
        #expect(error?.kind == .malformed)
        #expect(error?.line == 5)
        #expect((error?.column ?? 0) >= 1)
        #expect(error?.description.hasPrefix("bad.gpx:5:") == true)
        #expect(error?.message.contains("end tag does not match") == true)

        let truncated = readError { _ = try read("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/>", source: "cut.gpx") }
        #expect(truncated?.kind == .malformed && truncated?.line == 1)
    }

    @Test func nothingUsableIsAClearError() {
        let error = readError { _ = try read(#"<gpx><trk><trkseg><trkpt lat="91" lon="0"/></trkseg></trk></gpx>"#, source: "empty.gpx") }
        #expect(error?.kind == .noUsablePoints)
        #expect(error?.description == "empty.gpx: no usable points (dropped: 1 invalid coordinate, 1 empty segment)")

        let bare = readError { _ = try read("<gpx version=\"1.1\"></gpx>") }
        #expect(bare?.kind == .noUsablePoints)
        #expect(readError { _ = try read(#"{"type": "FeatureCollection", "features": []}"#) }?.kind == .noUsablePoints)
    }

    @Test func unreadableAndUnrecognizedInputs() throws {
        let missing = readError { _ = try RouteReader.read(contentsOf: URL(fileURLWithPath: "/nonexistent/walk.gpx")) }
        #expect(missing == RouteReadError(source: "/nonexistent/walk.gpx", message: "no such file", kind: .unreadable))
        #expect(readError { _ = try RouteReader.read(contentsOf: fixture("gpxpy")) }?.kind == .unreadable)

        #expect(readError { _ = try read("hello world") }?.kind == .unrecognizedFormat)
        #expect(readError { _ = try read("<html/>") }?.message == "XML root element <html> is not <gpx>, <kml> or <TrainingCenterDatabase>")
        let wrongFormat = readError { _ = try read("<gpx><wpt lat=\"1\" lon=\"1\"/></gpx>", format: .kml) }
        #expect(wrongFormat?.kind == .unrecognizedFormat && wrongFormat?.message == "expected a <kml> root element, found <gpx>")
    }

    @Test func inMemoryFormatsHaveASizeLimit() {
        let error = readError {
            _ = try RouteReader.read(Data(count: RouteReader.maximumInMemoryBytes + 1), source: "huge.json", format: .geojson)
        }
        #expect(error?.kind == .limitExceeded)
    }

    @Test func externalEntitiesAreNotLoaded() throws {
        let gpx = """
        <?xml version="1.0"?>
        <!DOCTYPE gpx [ <!ENTITY secret SYSTEM "file:///etc/hostname"> ]>
        <gpx><wpt lat="1" lon="1"><name>&secret;</name></wpt></gpx>
        """
        // Entity declarations are never recorded, so the reference is undeclared: refused,
        // and nothing is read from the file it names.
        let error = readError { _ = try read(gpx) }
        #expect(error?.kind == .malformed && error?.line == 3)
        #expect(error?.message.hasPrefix("malformed XML: undeclared entity") == true)
        let hostname = (try? String(contentsOfFile: "/etc/hostname", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let hostname, !hostname.isEmpty { #expect(error?.description.contains(hostname) == false) }
    }

    @Test func theBillionLaughsAreRefusedAtOnce() throws {
        var gpx = "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n<!ENTITY lol0 \"lol\">\n"
        for level in 1...9 {
            gpx += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
        }
        gpx += "]>\n<gpx><wpt lat=\"1\" lon=\"1\"><name>&lol9;</name></wpt></gpx>\n"
        let error = readError { _ = try read(gpx) }
        #expect(error?.kind == .malformed)
    }

    @Test func processingInstructionsAreIgnored() throws {
        // <?xm?> (a processing instruction without data) crashed Foundation's XMLParser (fuzzing).
        let gpx = "<?xml version=\"1.0\"?><?xm?>\n<gpx><?target data?><wpt lat=\"1\" lon=\"1\"><?xm?></wpt></gpx>"
        #expect(try read(gpx).document.waypoints.count == 1)
    }

    @Test func utf16FilesRead() throws {
        var data = Data([0xFF, 0xFE])
        data.append(try #require(#"<?xml version="1.0" encoding="UTF-16"?><gpx><wpt lat="1" lon="2"><name>Zürich</name></wpt></gpx>"#.data(using: .utf16LittleEndian)))
        let result = try RouteReader.read(data, source: "utf16.gpx")
        #expect(result.document.waypoints == [Place(name: "Zürich", point: GeoPoint(latitude: 1, longitude: 2))])
    }

    @Test func readersRunConcurrently() async throws {
        let paths = ["georust/garmin-activity.gpx", "gpxpy/korita-zbevnica.gpx", "gpxpy/cerknicko-jezero.gpx", "georust/strava_route_example.gpx"]
        let urls = try paths.map(fixture)
        let serial = try urls.map { try RouteReader.read(contentsOf: $0).document }
        let parallel = try await withThrowingTaskGroup(of: (Int, RouteDocument).self) { group in
            for (index, url) in urls.enumerated() {
                group.addTask { (index, try RouteReader.read(contentsOf: url).document) }
            }
            var documents = [RouteDocument?](repeating: nil, count: urls.count)
            for try await (index, document) in group { documents[index] = document }
            return documents
        }
        #expect(parallel == serial)
    }

    @Test func errorDescriptionLeavesOutUnknownParts() {
        #expect(RouteReadError(source: "a.gpx", line: 3, column: 7, message: "bad").description == "a.gpx:3:7: bad")
        #expect(RouteReadError(source: "a.gpx", line: 3, message: "bad").description == "a.gpx:3: bad")
        #expect(RouteReadError(source: "a.gpx", message: "bad").errorDescription == "a.gpx: bad")
    }
}

// MARK: - Number and time parsing

@Suite struct ReaderParsingTests {
    @Test func timestampsInTheirCommonShapes() {
        let cases: [(String, Double?)] = [
            ("2019-05-01T04:31:11Z", 1_556_685_071),
            ("2019-05-01T04:31:11", 1_556_685_071),
            ("2019-05-01T04:31:11.000Z", 1_556_685_071),
            (" 2019-05-01T06:31:11+02:00\n", 1_556_685_071),
            ("2019-05-01T06:31:11+0200", 1_556_685_071),
            ("2019-05-01T01:31:11-03", 1_556_685_071),
            ("2019-05-01 04:31:11z", 1_556_685_071),
            ("2000-02-29T23:59:59.123456Z", 951_868_799.123456),
            ("1901-12-13T20:45:52.2073437Z", -2_147_483_647.7926563),
            ("2019-05-01", 1_556_668_800),
            ("2019-02-29T00:00:00Z", nil),
            ("2019-05-01T24:00:00Z", nil),
            ("2019-05-01T04:31:11+", nil),
            ("2019-05-01T04:31:11.Z", nil),
            ("05/01/2019", nil),
            ("", nil),
        ]
        for (text, expected) in cases {
            let parsed = Timestamp.secondsSince1970(text)
            if let expected, let parsed {
                #expect(abs(parsed - expected) < 1e-6, "\(text)")
            } else {
                #expect(parsed == expected, "\(text)")
            }
        }
        #expect(Timestamp.isSentinel(0) && Timestamp.isSentinel(-1) && Timestamp.isSentinel(4_102_444_800))
        #expect(!Timestamp.isSentinel(1) && !Timestamp.isSentinel(1_556_685_071))
    }

    @Test func decimalsMatchFoundationExactly() {
        let texts = ["47.4844814278", "-121.9723242335021495819091796875", "0", "-0.114380", "860.00", "1e3", " 12.5 ", "\n-7\n",
                     "0.1", "9007199254740993", "123456789012345678901", ".5", "5.", "+3.25", "0.0000000000000000000001"]
        for text in texts {
            let expected = Double(text) ?? Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(DecimalText.double(text) == expected, "\(text)")
        }
        for text in ["", "-", ".", "abc", "1.2.3", "1,5", "12 34"] {
            #expect(DecimalText.double(text) == nil, "\(text)")
        }
    }
}
