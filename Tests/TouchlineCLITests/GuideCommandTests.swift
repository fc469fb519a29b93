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
}
