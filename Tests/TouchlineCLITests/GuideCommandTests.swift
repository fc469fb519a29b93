import Canvas
import Foundation
import Testing
import TestSupport
@testable import Club

/// `touchline guide`, `place`, `itinerary`, `vote` and `unvote`, end to end through the built
/// binary, in the forms scripts outside the repository rely on.
@Suite(.serialized) struct GuideCommandTests {
    /// The id a command printed alone on its line.
    private func id(_ result: Touchline.Result) throws -> Int {
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(Int(result.stdout.trimmingCharacters(in: .newlines)), "\(result.stdout)")
    }

    @Test func guidesPlacesAndVotesInTheirFixedForms() throws {
        let club = try ClubScratch(users: ["alice", "bob"])
        let guide = try id(try club.run(["guide", "create", "Bilbao", "--country", "Spain"], as: "alice"))
        let ground = try id(try club.run(["place", "add", "Bilbao", "San Mamés", "--at", "43.2641,-2.9494", "--category", "ground",
                                          "--hours", "Mo-Fr 09:00-14:00,16:00-20:00; Sa 10:00-14:00; Su off", "--price", "€€"],
                                         as: "alice"))
        let museum = try id(try club.run(["place", "add", "\(guide)", "Guggenheim", "--at", "43.2687,-2.9340"], as: "alice"))
        _ = try id(try club.run(["place", "add", "Bilbao", "Getxo beach", "--at", "43.3440,-3.0100"], as: "alice"))

        // `place near`: an array, nearest first, each with id, name and distanceMeters.
        let near = try #require(try club.json(["place", "near", "43.263,-2.935", "--within", "5"]) as? [[String: Any]])
        #expect(near.compactMap { $0["id"] as? Int } == [museum, ground])
        #expect(near.map { $0["name"] as? String } == ["Guggenheim", "San Mamés"])
        let distances = near.compactMap { $0["distanceMeters"] as? Double }
        #expect(distances.count == 2 && distances == distances.sorted() && distances[0] > 600 && distances[1] < 1_300)

        // `vote place ID` once; `place show ID --json` with the score; `unvote`.
        #expect(try club.run(["vote", "place", "\(ground)"], as: "bob").stdout == "place \(ground): 1 vote\n")
        let twice = try club.run(["vote", "place", "\(ground)"], as: "bob")
        #expect(twice.status == 65 && twice.stderr == "touchline: error: vote: bob voted for place \(ground) already; "
                + "take the vote back with unvote\n", "\(twice.stderr)")
        let shown = try #require(try club.json(["place", "show", "\(ground)"], as: "bob") as? [String: Any])
        #expect(shown["score"] as? Int == 1 && shown["voted"] as? Bool == true)
        #expect(shown["openingHours"] as? String == "Mo-Fr 09:00-14:00,16:00-20:00; Sa 10:00-14:00; Su off")

        // `guide top --json`: guides by score.
        _ = try id(try club.run(["guide", "create", "Oviedo", "--country", "Spain"], as: "bob"))
        let top = try #require(try club.json(["guide", "top"]) as? [[String: Any]])
        #expect(top.map { $0["name"] as? String } == ["Bilbao", "Oviedo"] && top.first?["score"] as? Int == 1)
        #expect(try club.run(["unvote", "place", "\(ground)"], as: "bob").stdout == "place \(ground): 0 votes\n")
        let again = try club.run(["unvote", "place", "\(ground)"], as: "bob")
        #expect(again.status == 65, "\(again.stderr)")

        // Pictures: set by an editor, saved by anyone, byte for byte.
        let cover = club.scratch.url.appendingPathComponent("cover.png")
        try TestImages.png(claimingWidth: 64, height: 48).write(to: cover)
        let saved = club.scratch.url.appendingPathComponent("saved.png")
        #expect(try club.run(["guide", "picture", "Bilbao", "cover", "--set", cover.path], as: "alice").status == 0)
        #expect(try club.run(["guide", "picture", "Bilbao", "cover", "--set", cover.path], as: "bob").status == 77)
        #expect(try club.run(["guide", "picture", "Bilbao", "cover", "-o", saved.path]).status == 0)
        #expect(try Data(contentsOf: saved) == Data(contentsOf: cover))
        #expect(try club.run(["place", "picture", "\(ground)", "--set", cover.path, "--remove"], as: "alice").status == 64)
    }

    @Test func badInputIsOneLineWithASysexitsCodeAndChangesNothing() throws {
        let club = try ClubScratch(users: ["alice", "bob"])
        _ = try id(try club.run(["guide", "create", "Bilbao", "--country", "Spain"], as: "alice"))
        let text = club.scratch.url.appendingPathComponent("notes.png")
        try Data("not a picture".utf8).write(to: text)
        let before = try StoredRows(try ClubStore(club.database))
        let cases: [([String], String)] = [
            (["place", "add", "Bilbao", "Café", "--at", "43.26,-2.93", "--hours", "Mo-Fr 09:00-14:00; Su 25:00-26:00"],
             "touchline: error: hours: rule 2 \"Su 25:00-26:00\""),
            (["place", "add", "Bilbao", "Café", "--at", "91,-2.93"], "touchline: error: --at: '91,-2.93' is not LAT,LON"),
            (["place", "add", "Bilbao", "Café", "--at", "43.26,-2.93", "--picture", text.path], "touchline: error: picture:"),
            (["itinerary", "create", "Bilbao", "Weekend", "--days", "1", "--day", "999"],
             "touchline: error: stops: day 1: there is no place 999"),
            (["guide", "create", "BILBAO", "--country", "Spain"], "touchline: error: guide name 'BILBAO' is already taken"),
        ]
        for (arguments, message) in cases {
            let result = try club.run(arguments, as: "alice")
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix(message) && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let refused = try club.run(["place", "add", "Bilbao", "Café", "--at", "43.26,-2.93"], as: "bob")
        #expect(refused.status == 77 && refused.stderr == "touchline: error: permission denied: only the owner and editors of "
                + "'Bilbao' may do that\n", "\(refused.stderr)")
        #expect(try StoredRows(try ClubStore(club.database)) == before)
    }

    @Test func exportToPDFAndZipImportElsewhereAndDrawDirections() throws {
        let club = try ClubScratch(users: ["alice", "bob"])
        _ = try id(try club.run(["guide", "create", "Bilbao", "--country", "Spain"], as: "alice"))
        let ground = try id(try club.run(["place", "add", "Bilbao", "San Mamés", "--at", "43.2641,-2.9494", "--category", "ground"],
                                         as: "alice"))
        let museum = try id(try club.run(["place", "add", "Bilbao", "Guggenheim", "--at", "43.2687,-2.9340"], as: "alice"))
        let weekend = try id(try club.run(["itinerary", "create", "Bilbao", "Weekend", "--days", "2", "--day", "\(museum),\(ground)",
                                           "--day", "\(ground)"], as: "alice"))
        let folder = club.scratch.url

        // The booklet: every place and a map of each day.
        let pdf = folder.appendingPathComponent("bilbao.pdf")
        let printed = try club.run(["guide", "export", "Bilbao", "-o", pdf.path], as: "bob")
        #expect(printed.status == 0, "\(printed.stderr)")
        let text = try PDFProbe.text(try Data(contentsOf: pdf))
        for expected in ["San Mamés", "Guggenheim", "Grounds", "All places", "Weekend: day 1", "Weekend: day 2"] {
            #expect(text.contains(expected), "\(expected)")
        }

        // The offline copy: the manifest, the maps as PNG; read back into another database.
        let zip = folder.appendingPathComponent("bilbao.zip")
        let written = try #require(try club.json(["guide", "export", "Bilbao", "-o", zip.path], as: "bob") as? [String: Any])
        #expect(try written["file"] as? String == zip.path && written["bytes"] as? Int == Data(contentsOf: zip).count)
        let archive = try GuideArchive(zip: try Data(contentsOf: zip), source: "bilbao.zip")
        #expect(archive.manifest.maps == ["maps/places.png", "maps/itinerary-1-day-1.png", "maps/itinerary-1-day-2.png"])
        #expect(try club.run(["guide", "places", "Bilbao", "--order", "not-downloaded", "--json"], as: "bob").stdout
                    .contains("\"items\" : [\n\n  ]"))
        let other = try ClubScratch(users: ["carol"])
        let imported = try id(try other.run(["guide", "import", zip.path], as: "carol"))
        let shown = try #require(try other.json(["guide", "show", "\(imported)"]) as? [String: Any])
        #expect(shown["places"] as? Int == 2 && shown["itineraries"] as? Int == 1 && shown["owner"] as? String == "carol")

        // A tampered archive: one line, 65, nothing imported.
        var tampered = archive
        tampered.manifest.version = 2
        let bad = folder.appendingPathComponent("bad.zip")
        try tampered.zip().write(to: bad)
        let before = try StoredRows(try ClubStore(other.database))
        let refused = try other.run(["guide", "import", bad.path, "--name", "Elsewhere"], as: "carol")
        #expect(refused.status == 65 && refused.stderr == "touchline: error: \(bad.path): guide.json: version 2 is not one this "
                + "touchline reads (1); export the guide again with this version\n", "\(refused.stderr)")
        #expect(try StoredRows(try ClubStore(other.database)) == before)

        // Directions: the line from where you are, and a day of the itinerary.
        let route = folder.appendingPathComponent("route.png")
        let drawn = try club.run(["place", "route", "\(ground)", "--from", "43.2570,-2.9230", "-o", route.path, "--size", "400x300"])
        #expect(drawn.status == 0 && drawn.stdout.hasPrefix("San Mamés: 2.28 km in a straight line"), "\(drawn.stdout)\(drawn.stderr)")
        let image = try RasterImage(pngData: try Data(contentsOf: route))
        // The line runs from corner to corner: its middle is ink in the route's blue.
        let blue = image.count { $0.blue > 150 && $0.red < 80 }
        #expect(blue > 300, "\(blue)")
        let day = folder.appendingPathComponent("day.png")
        #expect(try club.run(["itinerary", "map", "\(weekend)", "--day", "1", "-o", day.path]).status == 0)
        #expect(try club.run(["itinerary", "map", "\(weekend)", "--day", "3", "-o", day.path]).status == 65)
    }
}
