import Canvas
import Foundation
import Synchronization
import Testing

/// `touchline swap`, end to end through the built binary, on both stores; two processes
/// racing for one card.
@Suite(.serialized) struct SwapCommandTests {
    static let name = "Athletic Club 2024/25"

    /// The demo collection owned by alice; bob, carol and dave collect it with these cards.
    private func club(bob: String = "3,3,5", carol: String = "7,12", dave: String = "5,5,11") throws -> ClubScratch {
        let club = try ClubScratch(users: ["alice", "bob", "carol", "dave"])
        let imported = try club.run(["collection", "import", Touchline.root.appendingPathComponent("examples/cards").path], as: "alice")
        #expect(imported.status == 0, "\(imported.stderr)")
        for (user, cards) in [("bob", bob), ("carol", carol), ("dave", dave)] {
            #expect(try club.run(["collection", "start", Self.name], as: user).status == 0)
            let given = try club.run(["collection", "give", Self.name, "--to", user, "--cards", cards], as: "alice")
            #expect(given.status == 0, "\(given.stderr)")
        }
        return club
    }

    /// `user`'s copies of `number`: [owned, blocked].
    private func copies(_ club: ClubScratch, _ user: String, _ number: Int) throws -> [Int] {
        let album = try #require(try club.json(["collection", "album", Self.name], as: user) as? [[String: Any]])
        let card = try #require(album.first { $0["number"] as? Int == number })
        return [card["owned"] as? Int ?? -1, card["blocked"] as? Int ?? -1]
    }

    @Test func proposeAcceptRejectCancelAndList() throws {
        let club = try club()
        let proposed = try club.run(["swap", "propose", Self.name, "--to", "carol", "--give", "3", "--get", "7"], as: "bob")
        #expect(proposed.status == 0, "\(proposed.stderr)")
        #expect(proposed.stdout == "proposed swap 1: your 3 (Dani Vivian) for carol's 7 (Álex Berenguer)\n")
        #expect(try copies(club, "bob", 3) == [2, 1])
        let json = try #require(try club.json(["swap", "propose", Self.name, "--to", "carol", "--give", "5", "--get", "12"], as: "bob")
            as? [String: Any])
        #expect(json["id"] as? Int == 2 && json["state"] as? String == "pending" && json["give"] as? Int == 5 && json["get"] as? Int == 12)
        let listed = try #require(try club.json(["swap", "list"], as: "carol") as? [[String: Any]])
        #expect(listed.compactMap { $0["id"] as? Int } == [2, 1])
        let accepted = try club.run(["swap", "accept", "1"], as: "carol")
        #expect(accepted.stdout == "swap 1 accepted: bob gives 3 (Dani Vivian), carol gives 7 (Álex Berenguer)\n", "\(accepted.stderr)")
        #expect(try copies(club, "bob", 3) == [1, 0] && copies(club, "bob", 7) == [1, 0] && copies(club, "carol", 7) == [0, 0])
        #expect(try club.run(["swap", "reject", "2"], as: "carol").status == 0)
        #expect(try copies(club, "bob", 5) == [1, 0])
        #expect(try club.run(["swap", "propose", Self.name, "--to", "carol", "--give", "5", "--get", "12"], as: "bob").status == 0)
        let cancelled = try #require(try club.json(["swap", "cancel", "3"], as: "bob") as? [String: Any])
        #expect(cancelled["state"] as? String == "cancelled")
        // Bad input: one line, a sysexits status, nothing changed.
        let cases: [([String], String, Int32, String)] = [
            (["swap", "accept", "1"], "carol", 65, "swap 1: already accepted"),
            (["swap", "accept", "3"], "bob", 77, "permission denied: only the recipient of swap 3 may accept it"),
            (["swap", "accept", "3"], "dave", 65, "no swap proposal '3'"),
            (["swap", "accept", "99"], "carol", 65, "no swap proposal '99'"),
            (["swap", "cancel", "1"], "carol", 77, "permission denied: only the proposer of swap 1 may cancel it"),
            (["swap", "propose", Self.name, "--to", "bob", "--give", "3", "--get", "5"], "bob", 65,
             "to: a swap is with another collector, not with yourself"),
            (["swap", "propose", Self.name, "--to", "carol", "--give", "3", "--get", "99"], "bob", 65, "no card '99 in 'Athletic Club 2024/25''"),
            (["swap", "propose", Self.name, "--to", "carol", "--give", "9", "--get", "12"], "bob", 65, "give: bob: card 9 is not owned"),
            (["swap", "propose", "Nope", "--to", "carol", "--give", "3", "--get", "12"], "bob", 65, "no collection 'Nope'"),
        ]
        for (arguments, user, status, message) in cases {
            let result = try club.run(arguments, as: user)
            #expect(result.status == status && result.stderr == "touchline: error: \(message)\n" && result.stdout.isEmpty,
                    "\(arguments): \(result.status) \(result.stderr)")
        }
        let all = try #require(try club.json(["swap", "list", "--all", "--collection", Self.name], as: "bob") as? [[String: Any]])
        #expect(all.compactMap { $0["state"] as? String } == ["cancelled", "rejected", "accepted"])
        #expect(try club.run(["swap", "list"], as: "bob").stdout == "no pending swap proposals\n")
    }

    @Test func theAlbumPrintsFromTheDatabaseWithPromisedCopies() throws {
        let club = try club()
        #expect(try club.run(["swap", "propose", Self.name, "--to", "carol", "--give", "3", "--get", "7"], as: "bob").status == 0)
        let png = club.scratch.path("album.png")
        let printed = try club.run(["collection", "album", Self.name, "-o", png], as: "bob")
        #expect(printed.status == 0 && printed.stdout.hasPrefix("wrote \(png) (2 of 14 cards owned, album of 1 page, "), "\(printed.stderr)")
        let image = try RasterImage(contentsOf: URL(fileURLWithPath: png))
        #expect(image.width == 1191 && image.height == 1684)
        // bob's 3 has one copy promised: one slate band; the red ×2 badge on it too.
        let slate = RGBA(red: 69, green: 89, blue: 99)  // Reports' album: the promised copies' band
        var count = 0
        for y in 0..<image.height { for x in 0..<image.width where image.pixel(x: x, y: y).distance(to: slate) <= 6 { count += 1 } }
        #expect(count > 200, "\(count) slate pixels")
        let again = club.scratch.path("again.png")
        #expect(try club.run(["collection", "album", Self.name, "-o", again], as: "bob").status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: png)) == Data(contentsOf: URL(fileURLWithPath: again)))
        let pdf = club.scratch.path("album.pdf")
        #expect(try club.run(["collection", "album", Self.name, "-o", pdf], as: "carol").status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: pdf)).prefix(5) == Data("%PDF-".utf8))
        #expect(try club.run(["collection", "album", Self.name, "-o", club.scratch.path("album.svg")], as: "bob").status == 64)
        #expect(try club.run(["collection", "album", Self.name, "-o", png, "--page", "2"], as: "bob").status == 64)
        let stranger = try club.run(["collection", "album", Self.name, "-o", club.scratch.path("alice.png")], as: "alice")
        #expect(stranger.status == 65 && !FileManager.default.fileExists(atPath: club.scratch.path("alice.png")))
    }

    @Test func twoProcessesAcceptingProposalsForOneCopyOneSucceeds() throws {
        // bob and dave each offer a card for carol's only 7; carol's phone and tablet
        // accept both at the same moment.
        let club = try club()
        #expect(try club.run(["swap", "propose", Self.name, "--to", "carol", "--give", "3", "--get", "7"], as: "bob").status == 0)
        #expect(try club.run(["swap", "propose", Self.name, "--to", "carol", "--give", "5", "--get", "7"], as: "dave").status == 0)
        let results = Mutex<[Int: Touchline.Result]>([:])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let result = try? club.run(["swap", "accept", String(index + 1)], as: "carol")
            results.withLock { $0[index + 1] = result }
        }
        let outcome = results.withLock { $0 }
        let winners = outcome.filter { $0.value.status == 0 }.map(\.key)
        #expect(winners.count == 1, "\(outcome.mapValues { "\($0.status) \($0.stderr)" })")
        guard let winner = winners.first, let loser = outcome[3 - winner] else { return }
        #expect(loser.status == 65 && loser.stderr == "touchline: error: swap \(3 - winner): already closed (card 7 left carol's album)\n",
                "\(loser.stderr)")
        // Nothing lost or duplicated: one 7 moved, the loser's offered copy is free again.
        let (gainer, other) = winner == 1 ? ("bob", "dave") : ("dave", "bob")
        #expect(try copies(club, "carol", 7) == [0, 0] && copies(club, gainer, 7) == [1, 0] && copies(club, other, 7) == [0, 0])
        #expect(try copies(club, gainer, winner == 1 ? 3 : 5) == [1, 0] && copies(club, other, winner == 1 ? 5 : 3) == [2, 0])
        let closed = try #require(try club.json(["swap", "show", String(3 - winner)], as: other) as? [String: Any])
        #expect(closed["state"] as? String == "closed" && closed["reason"] as? String == "card 7 left carol's album")
    }

    @Test func acceptingAndCancellingAtOnceDoOneOrTheOther() throws {
        let club = try club()
        #expect(try club.run(["swap", "propose", Self.name, "--to", "carol", "--give", "3", "--get", "7"], as: "bob").status == 0)
        let results = Mutex<[String: Int32]>([:])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let (user, verb) = index == 0 ? ("carol", "accept") : ("bob", "cancel")
            let result = try? club.run(["swap", verb, "1"], as: user)
            results.withLock { $0[verb] = result?.status ?? -1 }
        }
        let statuses = results.withLock { $0 }
        #expect(statuses.values.sorted() == [0, 65], "\(statuses)")
        let state = try #require(try club.json(["swap", "show", "1"], as: "bob") as? [String: Any])["state"] as? String
        #expect(state == (statuses["accept"] == 0 ? "accepted" : "cancelled"))
        #expect(try copies(club, "bob", 3) == (state == "accepted" ? [1, 0] : [2, 0]))
        #expect(try copies(club, "carol", 7) == (state == "accepted" ? [0, 0] : [1, 0]))
    }

    @Test func matchesAndThePlanWithItsCyclesAndProposals() throws {
        // bob spares 3 and misses 7; carol spares 7 and misses 5; dave spares 5 and misses 3:
        // a cycle of three, and no pair.
        let club = try club(bob: "3,3,5,12", carol: "7,7,3,12", dave: "5,5,7,12")
        #expect(try club.run(["swap", "matches", Self.name], as: "bob").stdout == "no one to swap with yet\n")
        let plan = try #require(try club.json(["swap", "plan", Self.name], as: "bob") as? [String: Any])
        #expect(plan["cards"] as? Int == 3 && plan["pairwiseCards"] as? Int == 0)
        let cycles = try #require(plan["cycles"] as? [[[String: Any]]])
        #expect(cycles.count == 1 && Set(cycles[0].compactMap { $0["giver"] as? String }) == ["bob", "carol", "dave"])
        let text = try club.run(["swap", "plan", Self.name], as: "bob").stdout
        #expect(text.hasSuffix("3 cards in 1 cycles; two-person swaps alone would move 0\n"), "\(text)")
        let capped = try #require(try club.json(["swap", "plan", Self.name, "--max-cycle", "2"], as: "bob") as? [String: Any])
        #expect(capped["cards"] as? Int == 0 && capped["maximumCycleLength"] as? Int == 2)
        let nothing = try club.run(["swap", "plan", Self.name, "--propose", "--max-cycle", "2"], as: "bob")
        #expect(nothing.stdout == "the plan has no swap for you\n", "\(nothing.stdout)")
        // alice gives carol two 14s: carol spares a 14 that dave misses, and dave a 5 she
        // misses; dave proposes that swap from the plan capped at two.
        #expect(try club.run(["collection", "give", Self.name, "--to", "carol", "--cards", "14,14"], as: "alice").status == 0)
        let matches = try #require(try club.json(["swap", "matches", Self.name], as: "dave") as? [[String: Any]])
        #expect(matches.count == 1 && matches.first?["collector"] as? String == "carol" && matches.first?["swaps"] as? Int == 1)
        let made = try #require(try club.json(["swap", "plan", Self.name, "--propose", "--max-cycle", "2"], as: "dave") as? [String: Any])
        let proposed = try #require(made["proposed"] as? [[String: Any]])
        #expect(proposed.count == 1 && proposed[0]["recipient"] as? String == "carol" && proposed[0]["give"] as? Int == 5)
        #expect(proposed[0]["get"] as? Int == 14)
        let again = try #require(try club.json(["swap", "plan", Self.name, "--propose", "--max-cycle", "2"], as: "carol") as? [String: Any])
        #expect((again["proposed"] as? [Any])?.isEmpty == true)
    }

    /// The plan's cycle of three, proposed as a ring: each member accepts, the cards move when
    /// the last does; bad answers are one line and a sysexits status.
    @Test func aCycleOfThreeIsProposedAsARingThatGoesThroughWhenAllAccept() throws {
        let club = try club(bob: "3,3,5,12", carol: "7,7,3,12", dave: "5,5,7,12")
        let proposed = try club.run(["swap", "plan", Self.name, "--propose"], as: "bob")
        #expect(proposed.status == 0, "\(proposed.stderr)")
        #expect(proposed.stdout.hasPrefix("proposed ring 1: ") && proposed.stdout.contains("bob* -3-> dave -5-> carol -7-> bob*"),
                "\(proposed.stdout)")
        #expect(try copies(club, "bob", 3) == [2, 1])
        let listed = try #require(try club.json(["swap", "ring", "list"], as: "carol") as? [[String: Any]])
        let legs = try #require(listed.first?["legs"] as? [[String: Any]])
        #expect(listed.count == 1 && legs.count == 3 && listed.first?["state"] as? String == "pending")
        #expect(legs.filter { $0["accepted"] as? Bool == true }.compactMap { $0["giver"] as? String } == ["bob"])
        let cases: [([String], String, Int32, String)] = [
            (["swap", "ring", "cancel", "1"], "carol", 77, "permission denied: only the proposer of swap ring 1 may cancel it; the other members reject it"),
            (["swap", "ring", "reject", "1"], "bob", 77, "permission denied: the proposer of swap ring 1 cancels it; the other members reject it"),
            (["swap", "ring", "accept", "1"], "bob", 65, "swap ring 1: bob has accepted it already"),
            (["swap", "ring", "accept", "1"], "alice", 65, "no swap ring '1'"),
            (["swap", "ring", "show", "2"], "bob", 65, "no swap ring '2'"),
        ]
        for (arguments, user, status, message) in cases {
            let result = try club.run(arguments, as: user)
            #expect(result.status == status && result.stderr == "touchline: error: \(message)\n", "\(arguments): \(result.stderr)")
        }
        let carol = try club.run(["swap", "ring", "accept", "1"], as: "carol")
        #expect(carol.stdout == "ring 1 pending: bob* -3-> dave -5-> carol* -7-> bob*\n", "\(carol.stdout)\(carol.stderr)")
        #expect(try copies(club, "carol", 7) == [2, 1])
        let dave = try #require(try club.json(["swap", "ring", "accept", "1"], as: "dave") as? [String: Any])
        #expect(dave["state"] as? String == "accepted" && dave["endedAt"] is String)
        #expect(try copies(club, "bob", 7) == [1, 0] && copies(club, "bob", 3) == [1, 0])
        #expect(try copies(club, "dave", 3) == [1, 0] && copies(club, "dave", 5) == [1, 0])
        #expect(try copies(club, "carol", 5) == [1, 0] && copies(club, "carol", 7) == [1, 0])
        let shown = try club.run(["swap", "ring", "show", "1"], as: "alice")
        #expect(shown.status == 0 && shown.stdout.contains("accepted") && shown.stdout.contains("3 (Dani Vivian)"), "\(shown.stdout)")
        #expect(try club.run(["swap", "ring", "list"], as: "carol").stdout == "no pending swap rings\n")
    }
}
