import Canvas
import Foundation
import Routes
import Testing

/// `touchline battle`, `touchline treasure` and `touchline collection challenge`, end to end
/// through the built binary (on SQLite: ContestsTests cover the services on both stores).
@Suite(.serialized) struct ContestCommandTests {
    static let name = "Athletic Club 2024/25"

    /// The demo collection owned by alice; bob and carol collect it with these cards.
    private func club(bob: String = "3,3,5", carol: String = "7") throws -> ClubScratch {
        let club = try ClubScratch(users: ["alice", "bob", "carol", "dave"])
        let imported = try club.run(["collection", "import", Touchline.root.appendingPathComponent("examples/cards").path], as: "alice")
        #expect(imported.status == 0, "\(imported.stderr)")
        for (user, cards) in [("bob", bob), ("carol", carol)] {
            #expect(try club.run(["collection", "start", Self.name], as: user).status == 0)
            #expect(try club.run(["collection", "give", Self.name, "--to", user, "--cards", cards], as: "alice").status == 0)
        }
        return club
    }

    private func album(_ club: ClubScratch, _ user: String) throws -> [Int: Int] {
        let cards = try #require(try club.json(["collection", "album", Self.name], as: user) as? [[String: Any]])
        var owned: [Int: Int] = [:]
        for card in cards { if let number = card["number"] as? Int, let copies = card["owned"] as? Int, copies > 0 { owned[number] = copies } }
        return owned
    }

    @Test func aBattleFromProposalToTheWinnersCard() throws {
        let club = try club()
        let proposed = try club.run(["battle", "propose", Self.name, "--to", "carol", "--kind", "random"], as: "bob")
        #expect(proposed.status == 0 && proposed.stdout == "proposed battle 1: random, with carol\n", "\(proposed.stderr)")
        #expect(try club.run(["battle", "accept", "1"], as: "carol").stdout == "battle 1 accepted\n")
        #expect(try club.run(["battle", "score", "1", "120"], as: "bob").stdout == "battle 1 accepted, 120-?\n")
        let finished = try club.run(["battle", "score", "1", "95"], as: "carol")
        #expect(finished.stdout == "battle 1 finished, 120-95, won by bob: card 7 (Álex Berenguer) and an envelope\n", "\(finished.stderr)")
        #expect(try album(club, "bob") == [3: 2, 5: 1, 7: 1] && album(club, "carol").isEmpty)
        let shown = try #require(try club.json(["battle", "show", "1"], as: "alice") as? [String: Any])
        #expect(shown["state"] as? String == "finished" && shown["prize"] as? Int == 7 && shown["winner"] as? String == "bob")
        // carol has nothing left to lose: her next defeat waits, and says so.
        #expect(try club.run(["battle", "propose", Self.name, "--to", "carol"], as: "bob").status == 0)
        #expect(try club.run(["battle", "accept", "2"], as: "carol").status == 0)
        #expect(try club.run(["battle", "score", "2", "3"], as: "bob").status == 0)
        let waiting = try club.run(["battle", "score", "2", "1"], as: "carol")
        #expect(waiting.stdout == "battle 2 resolved, 3-1, won by bob (waiting: carol has no card that is not promised in a swap)\n")
        let claim = try club.run(["battle", "claim", "2"], as: "bob")
        #expect(claim.status == 65 && claim.stderr == "touchline: error: battle 2: waiting: carol has no card that is not promised in a swap\n")
        let listed = try #require(try club.json(["battle", "list"], as: "carol") as? [[String: Any]])
        #expect(listed.compactMap { $0["id"] as? Int } == [2])
        // Bad input: one line, a sysexits status.
        let cases: [([String], String, Int32, String)] = [
            (["battle", "accept", "2"], "carol", 65, "battle 2: cannot accept the battle: it is resolved"),
            (["battle", "show", "2"], "dave", 65, "no battle '2'"),
            (["battle", "claim", "2"], "carol", 77, "permission denied: only the winner of battle 2 may claim its card"),
            (["battle", "claim", "2", "--card", "3"], "bob", 65, "card: battle 2 is random: its card is drawn, not chosen"),
            (["battle", "propose", Self.name, "--to", "dave"], "bob", 65, "collector: dave has not started 'Athletic Club 2024/25'"),
            // dave himself is told how to start it.
            (["swap", "matches", Self.name], "dave", 65, "collector: dave has not started 'Athletic Club 2024/25' (touchline collection start)"),
        ]
        for (arguments, user, status, message) in cases {
            let result = try club.run(arguments, as: user)
            #expect(result.status == status && result.stderr == "touchline: error: \(message)\n", "\(arguments): \(result.status) \(result.stderr)")
        }
        #expect(try club.run(["battle", "propose", Self.name, "--to", "carol", "--kind", "fierce"], as: "bob").status == 64)
        #expect(try club.run(["battle", "score", "2", "1e9"], as: "bob").status == 64)
    }

    @Test func aTreasureHuntStartsClaimsFarAndShows() throws {
        let club = try club()
        let started = try club.run(["treasure", "start", Self.name, "--at", "43.2641,-2.9494"], as: "bob")
        #expect(started.status == 0 && started.stdout.hasPrefix("a treasure is hidden 0.5 to 2 km from you; find it by "), "\(started.stderr)")
        let again = try club.run(["treasure", "start", Self.name, "--at", "43.2641,-2.9494"], as: "bob")
        #expect(again.status == 65 && again.stderr.hasPrefix("touchline: error: treasure: bob already hunts a treasure in 'Athletic Club 2024/25' until "))
        let far = try club.run(["treasure", "claim", Self.name, "--at", "43.2641,-2.9494"], as: "bob")
        #expect(far.status == 65 && far.stderr.contains("not there yet: the treasure is ") && far.stderr.hasSuffix(" m away, and a claim must come within 150 m\n"))
        let shown = try #require(try club.json(["treasure", "show", Self.name], as: "bob") as? [String: Any])
        #expect(shown["state"] as? String == "open" && shown["target"] == nil && shown["claimRadiusMeters"] as? Double == 150)
        for bad in ["91,0", "0,181", "nan,0", "43.2 -2.9", "1e308,0"] {
            #expect(try club.run(["treasure", "start", Self.name, "--at", bad], as: "carol").status == 64, "\(bad)")
        }
        // The map: 800 x 800, the collector blue in the middle, nothing red while hidden.
        let map = club.scratch.path("hunt.png")
        let drawn = try club.run(["treasure", "show", Self.name, "--map", "-o", map], as: "bob")
        #expect(drawn.status == 0 && drawn.stdout.hasSuffix("map         \(map)\n"), "\(drawn.stdout)\(drawn.stderr)")
        let image = try RasterImage(contentsOf: URL(fileURLWithPath: map))
        #expect(image.width == 800 && image.height == 800)
        #expect(image.pixel(x: 400, y: 400).distance(to: RGBA(HuntMap.collector)) <= 40)
        let red = RGBA(HuntMap.treasure)
        #expect(!(0..<800).contains { y in (0..<800).contains { x in image.pixel(x: x, y: y).distance(to: red) <= 40 } })
        #expect(try club.run(["treasure", "show", Self.name, "--map"], as: "bob").status == 64)
        #expect(try club.run(["treasure", "show", Self.name, "--map", "-o", club.scratch.path("hunt.gif")], as: "bob").status == 64)
        let none = try club.run(["treasure", "claim", Self.name, "--at", "43.2641,-2.9494"], as: "carol")
        #expect(none.status == 65 && none.stderr == "touchline: error: treasure: carol has no treasure hunt going in 'Athletic Club 2024/25' (touchline treasure start)\n")
    }

    @Test func anAdministratorRecordsChallengeResults() throws {
        let club = try club()
        let won = try club.run(["collection", "challenge", Self.name, "--collector", "bob", "--game", "Penalties", "--score", "4", "--won"],
                               as: "alice")
        #expect(won.stdout == "recorded challenge 1: bob scored 4 at Penalties, won: 1 envelope granted\n", "\(won.stderr)")
        let refused = try club.run(["collection", "challenge", Self.name, "--collector", "bob", "--game", "Penalties", "--score", "9", "--won"],
                                   as: "bob")
        #expect(refused.status == 77)
        let results = try #require(try club.json(["collection", "challenges", Self.name], as: "bob") as? [[String: Any]])
        #expect(results.count == 1 && results[0]["won"] as? Bool == true && results[0]["recordedBy"] as? String == "alice")
        let opened = try #require(try club.json(["collection", "open", Self.name], as: "bob") as? [String: Any])
        #expect(opened["source"] as? String == "start")
        let second = try #require(try club.json(["collection", "open", Self.name], as: "bob") as? [String: Any])
        #expect(second["source"] as? String == "challenge")
    }
}
