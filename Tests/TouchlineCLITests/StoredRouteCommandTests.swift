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
