import Foundation
import Testing

private func routeFixture(_ path: String) -> String {
    Touchline.root.appendingPathComponent("Tests/RoutesTests/Fixtures/\(path)").path
}

@Suite(.serialized) struct StoredRouteCommandTests {
    @Test func importListNearExportAndOwnership() throws {
        let club = try ClubScratch()
        // Two Slovenian tracks and one Californian, imported by alice.
        let imported = try club.json(["route", "import", routeFixture("gpxpy/Mojstrovka.gpx"), "--name", "Mojstrovka",
                                      "--category", "hike", "--heart-rate", "130"], as: "alice") as? [String: Any]
        let mojstrovka = try #require(imported?["id"] as? Int)
        #expect(imported?["heartRate"] as? Int == 130)
        #expect(imported?["category"] as? String == "hike")
        let korita = try club.run(["route", "import", routeFixture("gpxpy/korita-zbevnica.gpx")], as: "alice")
        #expect(korita.status == 0, "\(korita.stderr)")
        #expect(korita.stdout.hasPrefix("imported route 2: "))
        let garmin = try club.run(["route", "import", routeFixture("georust/garmin-activity.gpx"), "--name", "Garmin"], as: "alice")
        #expect(garmin.status == 0, "\(garmin.stderr)")

        // Nearest start first: from Kranjska Gora, Mojstrovka, then Korita (near Rijeka), then California.
        let near = try #require(try club.json(["route", "list", "--near", "46.4853,13.7856"], as: "alice") as? [[String: Any]])
        #expect(near.compactMap { $0["id"] as? Int } == [mojstrovka, 2, 3])
        let distances = near.compactMap { $0["distanceFromMeters"] as? Double }
        #expect(distances.count == 3 && distances == distances.sorted())
        #expect(Set(near[0].keys).isSuperset(of: ["id", "name", "startLatitude", "startLongitude", "distanceMeters",
                                                  "pointCount", "createdAt", "distanceFromMeters"]))
        // Without --near: newest first; the table.
        let newest = try #require(try club.json(["route", "list"], as: "alice") as? [[String: Any]])
        #expect(newest.compactMap { $0["id"] as? Int } == [3, 2, 1])
        let table = try club.run(["route", "list", "--near", "46.4853,13.7856"], as: "alice")
        #expect(table.status == 0)
        #expect(table.stdout.hasPrefix("ID  FROM YOU"))
        #expect(table.stdout.contains("Mojstrovka"))
        // Bad points are usage errors.
        for bad in ["46.4", "46.4,13.7,1", "91,0", "0,181", "a,b", "nan,0", " 46,13", "1e1,2", ""] {
            #expect(try club.run(["route", "list", "--near", bad], as: "alice").status == 64, "\(bad)")
        }

        // Export as GPX to a file reads back to the same points as the original.
        let out = club.scratch.path("mojstrovka.gpx")
        let export = try club.run(["route", "export", String(mojstrovka), "--format", "gpx", "-o", out], as: "alice")
        #expect(export.status == 0, "\(export.stderr)")
        let stats = try Touchline.run(["route", "stats", out, "--json"])
        let original = try Touchline.run(["route", "stats", routeFixture("gpxpy/Mojstrovka.gpx"), "--json"])
        #expect(stats.status == 0 && stats.stdout == original.stdout)
        // GeoJSON and KML to standard output.
        for format in ["geojson", "kml"] {
            let printed = try club.run(["route", "export", String(mojstrovka), "--format", format], as: "alice")
            #expect(printed.status == 0)
            let file = try club.scratch.write("again.\(format)", printed.stdout)
            let again = try Touchline.run(["route", "stats", file, "--json"])
            #expect(again.status == 0, "\(again.stderr)")
        }

        // Bob sees nothing of alice's: not found, 65.
        #expect((try club.json(["route", "list"], as: "bob") as? [Any])?.isEmpty == true)
        for command in [["show", "1"], ["delete", "1"], ["export", "1", "--format", "kml"]] {
            let denied = try club.run(["route"] + command, as: "bob")
            #expect(denied.status == 65)
            #expect(denied.stderr == "touchline: error: no route '1'\n")
        }
        let show = try club.run(["route", "show", "1"], as: "alice")
        #expect(show.status == 0 && show.stdout.contains("Mojstrovka"))
        let delete = try club.run(["route", "delete", "1"], as: "alice")
        #expect(delete.status == 0 && delete.stdout == "deleted route 1\n")
        #expect(try club.run(["route", "show", "1"], as: "alice").status == 65)
    }

    @Test func heartRateOutOfRangeIsRejected() throws {
        let club = try ClubScratch(users: ["alice"])
        let result = try club.run(["route", "import", routeFixture("gpxpy/Mojstrovka.gpx"), "--heart-rate", "300"], as: "alice")
        #expect(result.status == 65)
        #expect(result.stderr.hasSuffix("touchline: error: heart rate: 300 is not a heart rate from 0 to 250 bpm\n"))
        #expect((try club.json(["route", "list"], as: "alice") as? [Any])?.isEmpty == true)
        #expect(try club.run(["route", "import", club.scratch.path("missing.gpx")], as: "alice").status == 66)
    }
}

@Suite(.serialized) struct StoredRouteEditAndExportTests {
    @Test func editKeepsWhatIsLeftOutAndExportsCarryTheMetadata() throws {
        let club = try ClubScratch(users: ["alice", "bob"])
        let imported = try club.run(["route", "import", routeFixture("gpxpy/korita-zbevnica.gpx"), "--name", "Korita",
                                     "--category", "hike", "--note", "misty", "--heart-rate", "120"], as: "alice")
        #expect(imported.status == 0, "\(imported.stderr)")

        let edited = try #require(try club.json(["route", "edit", "1", "--name", "Korita & Zbevnica", "--heart-rate", "131"],
                                                as: "alice") as? [String: Any])
        #expect(edited["name"] as? String == "Korita & Zbevnica")
        #expect(edited["category"] as? String == "hike" && edited["note"] as? String == "misty")
        #expect(edited["heartRate"] as? Int == 131)
        let cleared = try #require(try club.json(["route", "edit", "1", "--note", "", "--no-heart-rate"], as: "alice") as? [String: Any])
        #expect(cleared["note"] == nil || cleared["note"] is NSNull)
        #expect(cleared["heartRate"] == nil || cleared["heartRate"] is NSNull)
        #expect(try club.run(["route", "edit", "1", "--note", "wet", "--heart-rate", "140"], as: "alice").status == 0)

        // Nothing to change, and both heart-rate options, are usage errors; bad values change nothing.
        #expect(try club.run(["route", "edit", "1"], as: "alice").status == 64)
        #expect(try club.run(["route", "edit", "1", "--heart-rate", "99", "--no-heart-rate"], as: "alice").status == 64)
        let tooFast = try club.run(["route", "edit", "1", "--heart-rate", "400", "--name", "x"], as: "alice")
        #expect(tooFast.status == 65 && tooFast.stderr.contains("heart rate: 400"))
        let blank = try club.run(["route", "edit", "1", "--name", "  "], as: "alice")
        #expect(blank.status == 65 && blank.stderr.contains("name: must not be empty"))
        // Another user's route is not found.
        let denied = try club.run(["route", "edit", "1", "--name", "mine"], as: "bob")
        #expect(denied.status == 65 && denied.stderr == "touchline: error: no route '1'\n")

        // Every export format carries the name, category, note and heart rate.
        let gpx = try club.run(["route", "export", "1", "--format", "gpx"], as: "alice")
        #expect(gpx.status == 0)
        #expect(gpx.stdout.contains("<metadata><name>Korita &amp; Zbevnica</name><desc>wet</desc><keywords>hike</keywords>"
            + "<extensions><touchline:category>hike</touchline:category><touchline:heartRate>140</touchline:heartRate>"
            + "</extensions></metadata>"))
        #expect(gpx.stdout.contains("xmlns:touchline=\"urn:touchline:route:1\""))
        let kml = try club.run(["route", "export", "1", "--format", "kml"], as: "alice")
        #expect(kml.stdout.contains("<name>Korita &amp; Zbevnica</name>\n<description>wet</description>"))
        #expect(kml.stdout.contains("<Data name=\"category\"><value>hike</value></Data>"))
        #expect(kml.stdout.contains("<Data name=\"heartRate\"><value>140</value></Data>"))
        let geoJSON = try club.run(["route", "export", "1", "--format", "geojson"], as: "alice")
        let collection = try #require(try JSONSerialization.jsonObject(with: Data(geoJSON.stdout.utf8)) as? [String: Any])
        #expect(collection["name"] as? String == "Korita & Zbevnica")
        let features = try #require(collection["features"] as? [[String: Any]])
        let lines = features.compactMap { $0["properties"] as? [String: Any] }.filter { $0["coordTimes"] != nil || $0["category"] != nil }
        #expect(!lines.isEmpty && lines.allSatisfy {
            $0["category"] as? String == "hike" && $0["note"] as? String == "wet" && $0["heartRate"] as? Int == 140
        })
        // The exports still read back as routes.
        for (format, output) in [("gpx", gpx.stdout), ("kml", kml.stdout), ("geojson", geoJSON.stdout)] {
            let file = try club.scratch.write("back.\(format)", output)
            #expect(try Touchline.run(["route", "stats", file]).status == 0, "\(format)")
        }
    }

    @Test func aFileTooLargeToStoreIsRefusedBeforeItIsRead() throws {
        let club = try ClubScratch(users: ["alice"])
        // A sparse 65 MiB GeoJSON file: refused on its size, not after parsing it.
        let path = club.scratch.path("huge.geojson")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(#"{"type":"LineString","coordinates":["#.utf8)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 65 << 20)
        try handle.close()
        let result = try club.run(["route", "import", path], as: "alice")
        #expect(result.status == 65)
        #expect(result.stderr == "touchline: error: \(path): is 65 MiB; a stored route's file may be at most 64 MiB\n")
        #expect((try club.json(["route", "list"], as: "alice") as? [Any])?.isEmpty == true)
    }

    @Test func statsAndRenderTakeAStoredRoutesID() throws {
        let club = try ClubScratch(users: ["alice", "bob"])
        #expect(try club.run(["route", "import", routeFixture("gpxpy/korita-zbevnica.gpx")], as: "alice").status == 0)
        let stored = try club.run(["route", "stats", "1", "--json"], as: "alice")
        let file = try Touchline.run(["route", "stats", routeFixture("gpxpy/korita-zbevnica.gpx"), "--json"])
        #expect(stored.status == 0, "\(stored.stderr)")
        #expect(stored.stdout == file.stdout)
        let map = club.scratch.path("korita.png")
        let render = try club.run(["route", "render", "1", "-o", map, "--size", "300x200"], as: "alice")
        #expect(render.status == 0, "\(render.stderr)")
        #expect(FileManager.default.fileExists(atPath: map))
        // Bob has no route 1; an id needs someone to act as.
        let denied = try club.run(["route", "stats", "1"], as: "bob")
        #expect(denied.status == 65 && denied.stderr == "touchline: error: no route '1'\n")
        #expect(try club.run(["route", "render", "1", "-o", club.scratch.path("bob.png")], as: "bob").status == 65)
        #expect(!FileManager.default.fileExists(atPath: club.scratch.path("bob.png")))
        // A path with a slash is always a file.
        #expect(try club.run(["route", "stats", "./1"], as: "alice").status == 66)
    }
}
