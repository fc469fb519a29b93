@testable import Club
import Foundation
import HTTPTypes
import Testing
@testable import TouchlineServer

@Suite("Swaps, battles, treasure hunts and challenges over HTTP")
struct SwapAPITests {
    @Test("propose blocks the copy, accept moves both cards, a single copy cannot be offered twice; reject, cancel, lists, matches and the plan")
    func swaps() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let carol = try await client.user("carol")
            let dave = try await client.user("dave")
            let id = try await CollectionAPISetup.create(client, owner: alice)
            // Bob's only copy of 1 and carol's of 2; each has a spare the other lacks (4 and 5).
            try await CollectionAPISetup.collect(client, id, bob, username: "bob", admin: alice, cards: [1, 4, 4])
            try await CollectionAPISetup.collect(client, id, carol, username: "carol", admin: alice, cards: [2, 5, 5])

            let proposed = try await client.send(.post, "/api/v1/swaps", token: bob, json: ["collection": id, "to": "carol", "give": 1, "get": 2])
            #expect(proposed.status == .created)
            let swap = try #require(try proposed.json()["id"] as? Int)
            #expect(proposed.headers[.location] == "/api/v1/swaps/\(swap)")
            #expect(try proposed.json()["collectionId"] as? Int == id, "records name the collection by id too, as paths do")
            #expect(try proposed.json()["state"] as? String == "pending" && proposed.json()["giveTitle"] as? String == "Unai Simón")
            #expect(try await CollectionAPISetup.album(client, id, bob)[1]?.blocked == 1)
            let twice = try await client.send(.post, "/api/v1/swaps", token: bob, json: ["collection": id, "to": "carol", "give": 1, "get": 5])
            #expect(try twice.status == .conflict && twice.problem().detail.contains("promised"))
            let withMyself = try await client.send(.post, "/api/v1/swaps", token: bob, json: ["collection": id, "to": "bob", "give": 4, "get": 1])
            #expect(withMyself.status == .unprocessableContent)

            #expect(try await client.send(.get, "/api/v1/swaps/\(swap)", token: dave).status == .notFound)
            let listed = try await client.send(.get, "/api/v1/swaps?collection=\(id)", token: carol).json()
            #expect((listed["items"] as? [[String: Any]])?.map { $0["id"] as? Int } == [swap])
            #expect(try await client.send(.post, "/api/v1/swaps/\(swap)/accept", token: bob).status == .forbidden)
            let accepted = try await client.send(.post, "/api/v1/swaps/\(swap)/accept", token: carol)
            #expect(try accepted.status == .ok && accepted.json()["state"] as? String == "accepted")
            let bobs = try await CollectionAPISetup.album(client, id, bob), carols = try await CollectionAPISetup.album(client, id, carol)
            #expect(bobs[1]?.owned == 0 && bobs[2]?.owned == 1 && carols[1]?.owned == 1 && carols[2]?.owned == 0)
            #expect(bobs.values.allSatisfy { $0.blocked == 0 })
            let closed = try await client.send(.post, "/api/v1/swaps/\(swap)/cancel", token: bob)
            #expect(try closed.status == .conflict && closed.problem().detail.contains("already"))

            let second = try await client.send(.post, "/api/v1/swaps", token: bob, json: ["collection": id, "to": "carol", "give": 4, "get": 5])
            let secondID = try #require(try second.json()["id"] as? Int)
            #expect(try await client.send(.post, "/api/v1/swaps/\(secondID)/reject", token: carol).json()["state"] as? String == "rejected")
            let third = try await client.send(.post, "/api/v1/swaps", token: bob, json: ["collection": id, "to": "carol", "give": 4, "get": 5])
            let thirdID = try #require(try third.json()["id"] as? Int)
            #expect(try await client.send(.post, "/api/v1/swaps/\(thirdID)/cancel", token: bob).json()["state"] as? String == "cancelled")
            #expect(try await CollectionAPISetup.album(client, id, bob)[4]?.blocked == 0)
            let all = try await client.send(.get, "/api/v1/swaps?all=true", token: bob).json()["items"] as? [Any]
            #expect(all?.count == 3)
            #expect(try await client.send(.get, "/api/v1/swaps", token: bob).json()["items"] as? [Any] != nil)

            let matches = try await client.send(.get, "/api/v1/collections/\(id)/swap-matches", token: bob).json()
            let carolMatch = (matches["items"] as? [[String: Any]])?.first { $0["collector"] as? String == "carol" }
            #expect(carolMatch?["swaps"] as? Int == 1)
            let plan = try await client.send(.get, "/api/v1/collections/\(id)/swap-plan?maxCycle=3", token: bob)
            #expect(try plan.status == .ok && plan.json()["cards"] as? Int == 2 && plan.json()["maximumCycleLength"] as? Int == 3)
            let made = try await client.send(.post, "/api/v1/collections/\(id)/swap-plan/proposals", token: bob)
            #expect(try made.status == .created && (made.json()["proposed"] as? [Any])?.count == 1)
            #expect(try await client.send(.get, "/api/v1/collections/\(id)/swap-plan?maxCycle=1", token: bob).status == .badRequest)
            #expect(try test.count("swapProposal") == 4)
        }
    }

    @Test("the plan's cycle of three becomes a ring: each member accepts, the last acceptance moves every card; who may")
    func rings() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let carol = try await client.user("carol")
            let dave = try await client.user("dave")
            let erin = try await client.user("erin")
            let id = try await CollectionAPISetup.create(client, owner: alice)
            // Common cards only: bob spares 1 and misses 2, carol spares 2 and misses 4, dave spares
            // 4 and misses 1. No two can swap; the three can.
            try await CollectionAPISetup.collect(client, id, bob, username: "bob", admin: alice, cards: [1, 1, 4])
            try await CollectionAPISetup.collect(client, id, carol, username: "carol", admin: alice, cards: [2, 2, 1])
            try await CollectionAPISetup.collect(client, id, dave, username: "dave", admin: alice, cards: [4, 4, 2])

            let made = try await client.send(.post, "/api/v1/collections/\(id)/swap-plan/proposals", token: bob)
            #expect(made.status == .created)
            let rings = try #require(try made.json()["rings"] as? [[String: Any]])
            let proposed = try #require(try made.json()["proposed"] as? [Any])
            #expect(rings.count == 1 && proposed.isEmpty)
            let ring = try #require(rings.first?["id"] as? Int)
            #expect(rings.first?["collectionId"] as? Int == id && rings.first?["state"] as? String == "pending")
            let givers = (rings.first?["legs"] as? [[String: Any]])?.compactMap { $0["giver"] as? String }
            #expect(givers == ["bob", "dave", "carol"], "from the proposer's leg on")
            #expect(try await CollectionAPISetup.album(client, id, bob)[1]?.blocked == 1)

            #expect(try await client.send(.get, "/api/v1/swap-rings/\(ring)", token: erin).status == .notFound)
            #expect(try await client.send(.get, "/api/v1/swap-rings/\(ring)", token: alice).status == .ok)
            #expect(try await client.send(.post, "/api/v1/swap-rings/\(ring)/cancel", token: carol).status == .forbidden)
            #expect(try await client.send(.post, "/api/v1/swap-rings/\(ring)/reject", token: bob).status == .forbidden)
            let twice = try await client.send(.post, "/api/v1/swap-rings/\(ring)/accept", token: bob)
            #expect(try twice.status == .conflict && twice.problem().detail.contains("accepted it already"))
            let listed = try await client.send(.get, "/api/v1/swap-rings?collection=\(id)", token: dave).json()
            #expect((listed["items"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [ring])

            let carolAccepts = try await client.send(.post, "/api/v1/swap-rings/\(ring)/accept", token: carol)
            #expect(try carolAccepts.status == .ok && carolAccepts.json()["state"] as? String == "pending")
            let daveAccepts = try await client.send(.post, "/api/v1/swap-rings/\(ring)/accept", token: dave)
            #expect(try daveAccepts.status == .ok && daveAccepts.json()["state"] as? String == "accepted")
            let bobs = try await CollectionAPISetup.album(client, id, bob)
            let carols = try await CollectionAPISetup.album(client, id, carol)
            let daves = try await CollectionAPISetup.album(client, id, dave)
            #expect(bobs[1]?.owned == 1 && bobs[2]?.owned == 1 && bobs[4]?.owned == 1)
            #expect(carols[1]?.owned == 1 && carols[2]?.owned == 1 && carols[4]?.owned == 1)
            #expect(daves[1]?.owned == 1 && daves[2]?.owned == 1 && daves[4]?.owned == 1)
            #expect([bobs, carols, daves].allSatisfy { $0.values.allSatisfy { $0.blocked == 0 } })
            let again = try await client.send(.post, "/api/v1/swap-rings/\(ring)/reject", token: carol)
            #expect(try again.status == .conflict && again.problem().detail.contains("already accepted"))
            // Done, it leaves the pending list and stays in the full one.
            #expect((try await client.send(.get, "/api/v1/swap-rings", token: bob).json()["items"] as? [Any])?.isEmpty == true)
            let all = try await client.send(.get, "/api/v1/swap-rings?all=true", token: bob).json()["items"] as? [[String: Any]]
            #expect(all?.compactMap { $0["state"] as? String } == ["accepted"])
            let zero = try await client.send(.get, "/api/v1/swap-rings/0", token: bob)
            #expect(try zero.status == .notFound && zero.problem().detail == "no swap ring '0'")
            #expect(try test.count("swapRing") == 1 && test.count("swapRingLeg") == 3)
        }
    }

    @Test("a battle from proposal to the winner's card; surrender; who may")
    func battles() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let carol = try await client.user("carol")
            let id = try await CollectionAPISetup.create(client, owner: alice)
            try await CollectionAPISetup.collect(client, id, bob, username: "bob", admin: alice, cards: [1])
            try await CollectionAPISetup.collect(client, id, carol, username: "carol", admin: alice, cards: [2])

            let proposed = try await client.send(.post, "/api/v1/battles", token: bob, json: ["collection": id, "to": "carol", "kind": "random"])
            #expect(proposed.status == .created)
            let battle = try #require(try proposed.json()["id"] as? Int)
            #expect(try proposed.json()["state"] as? String == "pending" && proposed.json()["collectionId"] as? Int == id)
            let badKind = try await client.send(.post, "/api/v1/battles", token: bob, json: ["collection": id, "to": "carol", "kind": "chess"])
            #expect(try badKind.status == .badRequest && badKind.problem().detail.contains("random, selective"))
            let ownAccept = try await client.send(.post, "/api/v1/battles/\(battle)/accept", token: bob)
            #expect(try ownAccept.status == .conflict && ownAccept.problem().detail.contains("for the opponent to do"))
            #expect(try await client.send(.post, "/api/v1/battles/\(battle)/accept", token: carol).json()["state"] as? String == "accepted")
            #expect(try await client.send(.post, "/api/v1/battles/\(battle)/score", token: bob, json: ["score": 120]).status == .ok)
            let again = try await client.send(.post, "/api/v1/battles/\(battle)/score", token: bob, json: ["score": 200])
            #expect(again.status == .conflict)
            let resolved = try await client.send(.post, "/api/v1/battles/\(battle)/score", token: carol, json: ["score": 80]).json()
            #expect(resolved["winner"] as? String == "bob" && resolved["state"] as? String == "finished" && resolved["prize"] as? Int == 2)
            #expect(try await CollectionAPISetup.album(client, id, bob)[2]?.owned == 1)
            #expect(try await CollectionAPISetup.album(client, id, carol)[2]?.owned == 0)
            let listed = try await client.send(.get, "/api/v1/battles?all=true&collection=\(id)", token: carol).json()
            #expect((listed["items"] as? [[String: Any]])?.map { $0["id"] as? Int } == [battle])

            let next = try await client.send(.post, "/api/v1/battles", token: carol, json: ["collection": id, "to": "bob"]).json()
            let nextID = try #require(next["id"] as? Int)
            #expect(next["kind"] as? String == "random")
            _ = try await client.send(.post, "/api/v1/battles/\(nextID)/accept", token: bob)
            let surrendered = try await client.send(.post, "/api/v1/battles/\(nextID)/surrender", token: bob).json()
            #expect(surrendered["state"] as? String == "surrendered" && surrendered["winner"] == nil && surrendered["prize"] == nil)
            #expect(try await client.send(.get, "/api/v1/battles/\(nextID)", token: alice).status == .ok)
            let dave = try await client.user("dave")
            #expect(try await client.send(.get, "/api/v1/battles/\(nextID)", token: dave).status == .notFound)
            #expect(try await client.send(.post, "/api/v1/battles/\(nextID)/claim", token: carol, json: [:] as [String: Any]).status == .conflict)
        }
    }

    @Test("a treasure hunt: started, refused far away, found within 150 m for an envelope of special cards, drawn as a map")
    func treasure() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let id = try await CollectionAPISetup.create(client, owner: alice)
            try await CollectionAPISetup.collect(client, id, bob, username: "bob", admin: alice, cards: [])
            let base = "/api/v1/collections/\(id)/treasure-hunt"
            let started = try await client.send(.post, base, token: bob, json: ["latitude": 43.2642, "longitude": -2.9494])
            #expect(started.status == .created)
            #expect(try started.json()["state"] as? String == "open" && started.json()["target"] == nil)
            let twice = try await client.send(.post, base, token: bob, json: ["latitude": 43.2642, "longitude": -2.9494])
            #expect(twice.status == .conflict)
            let outOfRange = try await client.send(.post, "\(base)/claim", token: bob, json: ["latitude": 91, "longitude": 0])
            #expect(outOfRange.status == .unprocessableContent)
            let far = try await client.send(.post, "\(base)/claim", token: bob, json: ["latitude": 43.2642, "longitude": -2.9494])
            #expect(try far.status == .conflict && far.problem().detail.contains(" m "))

            let map = try await client.send(.get, "\(base)?size=300x200", token: bob, headers: [.accept: "image/png"])
            #expect(map.status == .ok && map.headers[.contentType] == "image/png")
            // The PNG's header: 300 x 200.
            #expect(map.body.count > 24 && map.body[16..<24].elementsEqual([0, 0, 1, 44, 0, 0, 0, 200]))
            let huge = try await client.send(.get, "\(base)?size=100000x100000", token: bob, headers: [.accept: "image/png"])
            #expect(huge.status == .unprocessableContent)

            let treasure = try test.treasure()
            let found = try await client.send(.post, "\(base)/claim", token: bob, json: ["latitude": treasure.latitude, "longitude": treasure.longitude])
            #expect(found.status == .ok)
            let hunt = try found.json()
            #expect(hunt["state"] as? String == "found" && hunt["target"] != nil && hunt["foundAt"] is String)
            let album = try await client.send(.get, "/api/v1/collections/\(id)/album", token: bob).json()
            #expect(album["specialEnvelopes"] as? Int == 1)
            let shown = try await client.send(.get, base, token: bob).json()
            #expect(shown["state"] as? String == "found")
            let stranger = try await client.user("carol")
            #expect(try await client.send(.get, base, token: stranger).status != .ok)
        }
    }

    @Test("challenge results: an administrator records them, a win grants an envelope; collectors see their own")
    func challenges() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let id = try await CollectionAPISetup.create(client, owner: alice)
            try await CollectionAPISetup.collect(client, id, bob, username: "bob", admin: alice, cards: [])
            let base = "/api/v1/collections/\(id)/challenges"
            let won = try await client.send(.post, base, token: alice, json: ["collector": "bob", "game": "penalties", "score": 5, "won": true])
            #expect(won.status == .created)
            #expect(try won.json()["recordedBy"] as? String == "alice" && won.json()["won"] as? Bool == true)
            #expect(try won.json()["collectionId"] as? Int == id)
            let album = try await client.send(.get, "/api/v1/collections/\(id)/album", token: bob).json()
            #expect(album["envelopes"] as? Int == 2)
            let byCollector = try await client.send(.post, base, token: bob, json: ["collector": "bob", "game": "penalties", "score": 9, "won": true])
            #expect(byCollector.status == .forbidden)
            let emptyGame = try await client.send(.post, base, token: alice, json: ["collector": "bob", "game": " ", "score": 1, "won": false])
            #expect(emptyGame.status == .unprocessableContent)
            let mine = try await client.send(.get, base, token: bob).json()
            #expect((mine["items"] as? [[String: Any]])?.map { $0["game"] as? String } == ["penalties"])
            #expect(try test.count("challengeResult") == 1)
        }
    }
}
