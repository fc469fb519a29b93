import Canvas
import Foundation
import Testing

/// `touchline route`, end to end on the built binary with the recorded tracks of the Routes tests.
@Suite struct RouteCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/RoutesTests/Fixtures")

    static func track(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    @Test func statsAsATableAndAsJSON() throws {
        let table = try Touchline.run(["route", "stats", Self.track("georust/garmin_with_extensions.gpx")])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("points           3540 in 2 segments"))
        #expect(table.stdout.contains("SPLIT  DISTANCE  ELAPSED  MOVING PACE"))
        #expect(table.stdout.contains("timed distance") && table.stdout.contains("moving distance"))
        let json = try Touchline.run(["route", "stats", Self.track("georust/garmin_with_extensions.gpx"), "--json", "--split", "5000"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let distance = try #require(object["distanceMeters"] as? Double)
        #expect(distance > 18_000 && distance < 18_500)
        #expect((object["splits"] as? [Any])?.count == 4)
        let timed = try #require(object["timedDistanceMeters"] as? Double)
        let moving = try #require(object["movingDistanceMeters"] as? Double)
        #expect(moving <= timed && timed <= distance)
    }

    @Test func renderWritesTheMap() throws {
        let scratch = try Scratch()
        let result = try Touchline.run(["route", "render", Self.track("georust/garmin_with_extensions.gpx"), "-o", scratch.path("map.png"),
                                        "--size", "400x300", "--colour-by", "speed", "--profile"])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try RasterImage(contentsOf: URL(fileURLWithPath: scratch.path("map.png")))
        #expect(image.width == 400 && image.height == 300)
        // The merged start and finish marker of this loop: green and red pixels both present.
        #expect(image.count { $0.green > 150 && $0.red < 90 && $0.blue < 90 } > 10)
        #expect(image.count { $0.red > 180 && $0.green < 80 && $0.blue < 80 } > 10)
    }

    @Test func thumbnailsOfABatchWithOneCorruptFile() throws {
        let scratch = try Scratch()
        let corrupt = try scratch.write("broken.gpx", "<gpx><trk><trkseg><trkpt lat=\"1\"")
        let inputs = [Self.track("gpxpy/korita-zbevnica.gpx"), Self.track("georust/wahoo_example.gpx"), corrupt]
        let result = try Touchline.run(["route", "thumbs"] + inputs + ["--out", scratch.path("thumbs"), "--size", "160x100",
                                                                     "--size", "320x200", "--jobs", "2"])
        #expect(result.status == 65)
        #expect(result.stdout == "rendered 4 thumbnails of 2 files into \(scratch.path("thumbs")); 1 failed\n")
        #expect(result.stderr.contains("broken.gpx"))
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.path("thumbs")).sorted()
        #expect(names == ["korita-zbevnica-160x100.png", "korita-zbevnica-320x200.png",
                          "wahoo_example-160x100.png", "wahoo_example-320x200.png"])
        #expect(try RasterImage(contentsOf: URL(fileURLWithPath: scratch.path("thumbs/korita-zbevnica-320x200.png"))).width == 320)
    }

    @Test func badInputIsOneLine() throws {
        let scratch = try Scratch()
        let empty = try scratch.write("empty.gpx", "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"></gpx>\n")
        let result = try Touchline.run(["route", "render", empty, "-o", scratch.path("x.png")])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("touchline: error: \(empty)"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("x.png")))
        #expect(try Touchline.run(["route", "stats", scratch.path("missing.gpx")]).status == 66)
    }

    @Test func aSizeTooSmallForAMapIsAUsageError() throws {
        let scratch = try Scratch()
        for size in ["1x1", "40x400"] {
            let result = try Touchline.run(["route", "render", Self.track("gpxpy/korita-zbevnica.gpx"), "-o", scratch.path("x.png"),
                                            "--size", size])
            #expect(result.status == 64, "\(size): \(result.stderr)")
            #expect(result.stderr.contains("too small to draw a route in: give a size of at least "), "\(size)")
            #expect(!FileManager.default.fileExists(atPath: scratch.path("x.png")))
        }
        // A side under one pixel is refused while the arguments are read.
        for size in ["1e-300x1e-300", "0.5x100"] {
            let tiny = try Touchline.run(["route", "render", Self.track("gpxpy/korita-zbevnica.gpx"), "-o", scratch.path("x.png"),
                                          "--size", size])
            #expect(tiny.status == 64, "\(size)")
        }
        // The size it names is enough.
        let refused = try Touchline.run(["route", "render", Self.track("gpxpy/korita-zbevnica.gpx"), "-o", scratch.path("x.png"),
                                         "--size", "1x1", "--profile"])
        let minimum = try #require(refused.stderr.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines))
        let enough = try Touchline.run(["route", "render", Self.track("gpxpy/korita-zbevnica.gpx"), "-o", scratch.path("x.png"),
                                        "--size", minimum, "--profile"])
        #expect(enough.status == 0, "\(minimum): \(enough.stderr)")
    }

    @Test func thumbnailsWhoseNamesWouldCollideLeaveNothingBehind() throws {
        let scratch = try Scratch()
        let first = try scratch.write("a.gpx", try String(contentsOfFile: Self.track("gpxpy/korita-zbevnica.gpx"), encoding: .utf8))
        try FileManager.default.createDirectory(atPath: scratch.path("other"), withIntermediateDirectories: true)
        let second = try scratch.write("other/a.gpx", try String(contentsOfFile: first, encoding: .utf8))
        let result = try Touchline.run(["route", "thumbs", first, second, "--out", scratch.path("thumbs")])
        #expect(result.status == 64)
        #expect(result.stderr == "touchline: error: \(first) and \(second) have the same name, so their thumbnails would collide\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("thumbs")))
    }

    @Test(arguments: [("1x1", "a 1.0x1.0 map is too small to draw a route in: give a size of at least "),
                      ("20000x20000", "output 20000x20000 px is too large: at most 16384 px a side and 100 megapixels")])
    func thumbnailSizesFollowTheRenderRuleBeforeAnyFolderIsMade(_ size: String, _ message: String) throws {
        // Both exited 65 as failed files, after the output folder was made.
        let scratch = try Scratch()
        let result = try Touchline.run(["route", "thumbs", Self.track("gpxpy/korita-zbevnica.gpx"), "--out", scratch.path("thumbs"),
                                        "--size", "160x100", "--size", size])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: --size: " + message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(scratch.files.isEmpty)
        // `route render` refuses the same sizes with the same exit status.
        let render = try Touchline.run(["route", "render", Self.track("gpxpy/korita-zbevnica.gpx"), "-o", scratch.path("x.png"),
                                        "--size", size])
        #expect(render.status == 64 && render.stderr.contains(message), "\(render.stderr)")
    }

    @Test func aGeoJSONFileOfBracketsIsTooDeepNotAPolyline() throws {
        // It was read as an encoded polyline: a 2,263 km route, exit 0.
        let scratch = try Scratch()
        let input = try scratch.write("deep.geojson", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
        let result = try Touchline.run(["route", "stats", input])
        #expect(result.status == 65)
        #expect(result.stderr == "touchline: error: \(input):1:65: arrays and objects nested deeper than 64 levels; "
                    + "GeoJSON needs about ten, so no deeper input is read\n")
        #expect(result.stdout.isEmpty)
    }
}
