@testable import Club
import Foundation
import HTTPTypes
import Stickers
import TestSupport
import Testing
@testable import TouchlineServer

/// A collection of six cards in two families, a name with a slash (paths name collections by
/// id), created over HTTP by `owner`; answers its id.
struct CollectionAPISetup {
    nonisolated(unsafe) static let manifest: [String: Any] = [
        "format": "touchline.collection", "version": 1, "name": "Liga 2024/25", "packSize": 2,
        "families": [
            ["name": "Athletic", "cards": [["number": 1, "title": "Unai Simón"], ["number": 2, "title": "Nico Williams"],
                                           ["number": 3, "title": "Iñaki Williams", "rarity": "rare"]]],
            ["name": "Real Sociedad", "cards": [["number": 4, "title": "Oyarzabal"], ["number": 5, "title": "Zubimendi"],
                                                ["number": 6, "title": "Kubo", "rarity": "special"]]],
        ],
    ]

    static func create(_ client: TestClient, owner: String) async throws -> Int {
        let created = try await client.send(.post, "/api/v1/collections", token: owner, json: manifest)
        guard created.status == .created, let id = try created.json()["id"] as? Int else {
            throw TestFailure("create the collection: \(created.status) \(created.text)")
        }
        return id
    }

    /// `collector` starts collection `id`; `admin` gives them `cards`.
    static func collect(_ client: TestClient, _ id: Int, _ collector: String, username: String, admin: String, cards: [Int]) async throws {
        let started = try await client.send(.post, "/api/v1/collections/\(id)/start", token: collector)
        guard started.status == .created else { throw TestFailure("start: \(started.status) \(started.text)") }
        guard !cards.isEmpty else { return }
        let given = try await client.send(.post, "/api/v1/collections/\(id)/gifts", token: admin, json: ["to": username, "cards": cards])
        guard given.status == .created else { throw TestFailure("give: \(given.status) \(given.text)") }
    }

    /// Copies owned and blocked of each card of `collector`'s album.
    static func album(_ client: TestClient, _ id: Int, _ collector: String) async throws -> [Int: (owned: Int, blocked: Int)] {
        let reply = try await client.send(.get, "/api/v1/collections/\(id)/album", token: collector)
        guard reply.status == .ok, let cards = try reply.json()["cards"] as? [[String: Any]] else {
            throw TestFailure("album: \(reply.status) \(reply.text)")
        }
        var album: [Int: (owned: Int, blocked: Int)] = [:]
        for card in cards {
            guard let number = card["number"] as? Int, let owned = card["owned"] as? Int, let blocked = card["blocked"] as? Int else {
                throw TestFailure("album card: \(card)")
            }
            album[number] = (owned, blocked)
        }
        return album
    }
}

@Suite("Sticker collections over HTTP")
struct CollectionAPITests {
    @Test("create from a manifest, the catalogue, start, open an envelope, gifts, the album as JSON, PDF and PNG, odds and draws")
    func collecting() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let created = try await client.send(.post, "/api/v1/collections", token: alice, json: CollectionAPISetup.manifest)
            #expect(created.status == .created)
            let summary = try created.json()
            let id = try #require(summary["id"] as? Int)
            #expect(created.headers[.location] == "/api/v1/collections/\(id)")
            #expect(summary["name"] as? String == "Liga 2024/25" && summary["families"] as? Int == 2 && summary["cards"] as? Int == 6)

            let catalogue = try await client.send(.get, "/api/v1/collections?notStarted=true", token: bob).json()
            #expect((catalogue["items"] as? [[String: Any]])?.map { $0["id"] as? Int } == [id] && catalogue["next"] is NSNull)
            let started = try await client.send(.post, "/api/v1/collections/\(id)/start", token: bob)
            #expect(started.status == .created)
            #expect(try started.json()["role"] as? String == "collector" && started.json()["started"] as? Bool == true)
            let notStarted = try await client.send(.get, "/api/v1/collections?notStarted=true", token: bob).json()
            #expect((notStarted["items"] as? [Any])?.isEmpty == true)

            let opened = try await client.send(.post, "/api/v1/collections/\(id)/envelopes/open", token: bob)
            #expect(opened.status == .created)
            let drawn = try #require(try opened.json()["cards"] as? [[String: Any]])
            #expect(try drawn.count == 2 && opened.json()["envelopesLeft"] as? Int == 0)
            let empty = try await client.send(.post, "/api/v1/collections/\(id)/envelopes/open", token: bob)
            #expect(empty.status == .conflict)

            let gift = try await client.send(.post, "/api/v1/collections/\(id)/gifts", token: alice, json: ["to": "bob", "cards": [6, 6, 1]])
            #expect(gift.status == .created)
            #expect(try gift.json()["cards"] as? [Int] == [6, 6, 1] && gift.json()["grantedBy"] as? String == "alice")
            let album = try await CollectionAPISetup.album(client, id, bob)
            #expect(album.values.map(\.owned).reduce(0, +) == 5 && (album[6]?.owned ?? 0) >= 2)
            #expect(album.count == 6 && album.values.allSatisfy { $0.blocked == 0 })

            let pdf = try await client.send(.get, "/api/v1/collections/\(id)/album", token: bob, headers: [.accept: "application/pdf"])
            #expect(pdf.status == .ok && pdf.headers[.contentType] == "application/pdf" && pdf.body.starts(with: Data("%PDF".utf8)))
            let png = try await client.send(.get, "/api/v1/collections/\(id)/album?page=1", token: bob, headers: [.accept: "image/png"])
            #expect(png.status == .ok && png.body.starts(with: Data([0x89, 0x50, 0x4E, 0x47])))
            #expect(png.headers[.eTag] != nil)
            let pastTheEnd = try await client.send(.get, "/api/v1/collections/\(id)/album?page=9", token: bob, headers: [.accept: "image/png"])
            #expect(try pastTheEnd.status == .badRequest && pastTheEnd.problem().detail.contains("the album has 1 page"))

            let odds = try await client.send(.get, "/api/v1/collections/\(id)/odds?envelopes=20", token: bob)
            #expect(odds.status == .ok)
            let expected = try #require(try odds.json()["expectedEnvelopes"] as? Double)
            let within = try #require(try odds.json()["probabilityWithin"] as? Double)
            let missing = try odds.json()["missing"] as? Int
            #expect(expected > 0 && within > 0 && within < 1 && missing == 6 - album.values.filter { $0.owned > 0 }.count)

            let draws = try await client.send(.get, "/api/v1/collections/\(id)/draws", token: bob).json()
            let sources = (draws["items"] as? [[String: Any]])?.map { $0["source"] as? String }
            #expect(sources?.count == 2 && sources?.contains("start") == true)
            let granted = try await client.send(.post, "/api/v1/collections/\(id)/grants", token: alice, json: ["to": "bob", "envelopes": 3])
            #expect(try granted.status == .created && granted.json()["envelopes"] as? Int == 3)
        }
    }

    @Test("bad input: an unknown collection, a manifest with duplicates or images, a collector's grant, no token; nothing changes")
    func refusals() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let id = try await CollectionAPISetup.create(client, owner: alice)

            let unknown = try await client.send(.get, "/api/v1/collections/999", token: alice)
            #expect(try unknown.status == .notFound && unknown.problem().detail == "no collection '999'")
            #expect(try await client.send(.get, "/api/v1/collections/Liga", token: alice).status == .notFound)
            #expect(try await client.send(.get, "/api/v1/collections/\(id)").status == .unauthorized)

            var twice = CollectionAPISetup.manifest
            twice["name"] = "Another"
            twice["families"] = [["name": "A", "cards": [["number": 1, "title": "One"], ["number": 1, "title": "Again"],
                                                         ["number": 2, "title": "Two", "image": "two.png"]]]]
            let refused = try await client.send(.post, "/api/v1/collections", token: alice, json: twice)
            #expect(refused.status == .unprocessableContent)
            #expect(try refused.problem().detail.hasPrefix("body: "))
            #expect(try refused.problem().detail.contains("1"))
            let taken = try await client.send(.post, "/api/v1/collections", token: bob, json: CollectionAPISetup.manifest)
            #expect(try taken.status == .conflict && taken.problem().detail.contains("Liga 2024/25"))
            let notJSON = try await client.send(.post, "/api/v1/collections", token: alice, body: Data("{".utf8), contentType: "application/json")
            #expect(notJSON.status == .badRequest)
            let images = try await client.send(.post, "/api/v1/collections", token: alice,
                                               json: ["format": "touchline.collection", "version": 1, "name": "Pictures",
                                                      "families": [["name": "A", "cards": [["number": 1, "title": "One", "image": "one.png"]]]]])
            #expect(try images.status == .unprocessableContent && images.problem().detail.contains("one.png: missing"))
            #expect(try test.count("collection") == 1)

            try await CollectionAPISetup.collect(client, id, bob, username: "bob", admin: alice, cards: [])
            let grant = try await client.send(.post, "/api/v1/collections/\(id)/grants", token: bob, json: ["to": "bob", "envelopes": 5])
            #expect(try grant.status == .forbidden && grant.problem().detail.contains("only the owner and editors"))
            let tooMany = try await client.send(.post, "/api/v1/collections/\(id)/grants", token: alice, json: ["to": "bob", "envelopes": 0])
            #expect(tooMany.status == .unprocessableContent)
            let notCollecting = try await client.send(.post, "/api/v1/collections/\(id)/gifts", token: alice, json: ["to": "alice", "cards": [1]])
            // The remedy in the API's terms: its route, not a command.
            #expect(try notCollecting.status == .conflict
                    && notCollecting.problem().detail == "collector: alice has not started 'Liga 2024/25' (POST /api/v1/collections/\(id)/start)")
            let noCard = try await client.send(.post, "/api/v1/collections/\(id)/gifts", token: alice, json: ["to": "bob", "cards": [77]])
            #expect(noCard.status == .notFound || noCard.status == .unprocessableContent)
            #expect(try test.count("ownedCard") == 0 && test.count("cardDraw") == 0 && test.count("envelope") == 1)
            let odd = try await client.send(.get, "/api/v1/collections/\(id)/odds?envelopes=-1", token: bob)
            #expect(odd.status == .badRequest)
        }
    }

    @Test("the catalogue one part at a time: families, cards, a card's image, the cover, a card reused elsewhere; who may")
    func catalogue() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let id = try await CollectionAPISetup.create(client, owner: alice)
            let base = "/api/v1/collections/\(id)"
            #expect(try await client.send(.post, "\(base)/families", token: alice, json: ["name": "Osasuna"]).status == .noContent)
            #expect(try await client.send(.patch, "\(base)/families/Osasuna", token: alice, json: ["name": "CA Osasuna"]).status == .noContent)
            let inUse = try await client.send(.delete, "\(base)/families/Athletic", token: alice)
            #expect(inUse.status == .conflict)
            #expect(try await client.send(.post, "\(base)/cards", token: alice,
                                          json: ["number": 7, "title": "Budimir", "family": "CA Osasuna", "rarity": "rare"]).status == .noContent)
            let again = try await client.send(.post, "\(base)/cards", token: alice, json: ["number": 7, "title": "Again", "family": "CA Osasuna"])
            #expect(again.status == .conflict)
            #expect(try await client.send(.patch, "\(base)/cards/7", token: alice, json: ["title": "Ante Budimir"]).status == .noContent)

            let image = try APITest.example("cards/images/01.png")
            #expect(try await client.send(.put, "\(base)/cards/7/image", token: alice, body: image, contentType: "image/png").status == .noContent)
            let text = try await client.send(.put, "\(base)/cards/7/image", token: alice, body: Data("hello".utf8), contentType: "text/plain")
            #expect(text.status == .unsupportedMediaType)
            let notAnImage = try await client.send(.put, "\(base)/cards/7/image", token: alice, body: Data("hello".utf8), contentType: "image/png")
            #expect(notAnImage.status == .unprocessableContent)
            #expect(try await client.send(.put, "\(base)/cover", token: alice, body: image, contentType: "image/png").status == .noContent)
            #expect(try await client.send(.delete, "\(base)/cover", token: alice).status == .noContent)

            // A card reused in another collection, with its own number there.
            var other = CollectionAPISetup.manifest
            other["name"] = "Selección"
            other["families"] = [["name": "España", "cards": [["number": 1, "title": "Rodri"]]]]
            let otherID = try #require(try await client.send(.post, "/api/v1/collections", token: alice, json: other).json()["id"] as? Int)
            let reused = try await client.send(.post, "\(base)/cards/2/reuse", token: alice,
                                               json: ["collection": otherID, "number": 11, "family": "España"])
            #expect(reused.status == .noContent)
            let clash = try await client.send(.post, "\(base)/cards/3/reuse", token: alice, json: ["collection": otherID, "number": 1, "family": "España"])
            #expect(clash.status == .conflict)
            try await CollectionAPISetup.collect(client, otherID, bob, username: "bob", admin: alice, cards: [11])
            let album = try await client.send(.get, "/api/v1/collections/\(otherID)/album", token: bob).json()
            let titles = (album["cards"] as? [[String: Any]])?.map { $0["title"] as? String }
            #expect(titles == ["Rodri", "Nico Williams"])

            // Who may: a collector may not edit; the owner grants an editor who then may.
            let stranger = try await client.send(.post, "\(base)/cards", token: bob, json: ["number": 8, "title": "X", "family": "Athletic"])
            #expect(stranger.status == .forbidden)
            #expect(try await client.send(.put, "\(base)/editors/bob", token: alice).status == .noContent)
            #expect(try await client.send(.post, "\(base)/cards", token: bob, json: ["number": 8, "title": "X", "family": "Athletic"]).status == .noContent)
            #expect(try await client.send(.delete, "\(base)/cards/8", token: bob).status == .noContent)
            #expect(try await client.send(.delete, "\(base)/editors/bob", token: alice).status == .noContent)
            #expect(try await client.send(.delete, "\(base)/cards/7", token: bob).status == .forbidden)
            #expect(try await client.send(.delete, base, token: bob).status == .forbidden)
            #expect(try await client.send(.delete, "\(base)/families/Nowhere", token: alice).status == .notFound)
            #expect(try await client.send(.delete, "\(base)/cards/x", token: alice).status == .notFound)
            #expect(try test.count("collectionCard") == 9)
        }
    }
}

@Suite("A sticker collection exported over HTTP")
struct CollectionExportAPITests {
    @Test("the owner gets the folder collection import reads as a ZIP, the same bytes twice, which imports back whole")
    func exportRoundTrip() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let id = try await CollectionAPISetup.create(client, owner: alice)
            let image = try APITest.example("cards/images/01.png")
            _ = try await client.send(.put, "/api/v1/collections/\(id)/cards/2/image", token: alice, body: image, contentType: "image/png")
            _ = try await client.send(.put, "/api/v1/collections/\(id)/cover", token: alice, body: image, contentType: "image/png")
            let exported = try await client.send(.get, "/api/v1/collections/\(id)/export", token: alice)
            #expect(exported.status == .ok && exported.headers[.contentType] == "application/zip")
            let again = try await client.send(.get, "/api/v1/collections/\(id)/export", token: alice)
            #expect(again.body == exported.body && again.headers[.eTag] == exported.headers[.eTag])
            let entries = try TestZip.read(exported.body)
            #expect(entries.map(\.path) == ["collection.json", "image-\(Rendered.etag(of: image).dropFirst().prefix(16)).png"])
            #expect(entries.allSatisfy(\.isStored) && entries.last?.data == image)

            let manifest = try CollectionManifest.read(entries[0].data, source: "collection.json")
            #expect(manifest.name == "Liga 2024/25" && manifest.families.flatMap(\.cards).count == 6)
            #expect(manifest.families[0].cards[1].image == entries[1].path && manifest.cover == entries[1].path)
            #expect(try await client.send(.get, "/api/v1/collections/\(id)/export", token: bob).status == .forbidden)

            // The archive imports back whole, in one request, and exports to the same bytes.
            #expect(try await client.send(.delete, "/api/v1/collections/\(id)", token: alice).status == .noContent)
            let imported = try await client.send(.post, "/api/v1/collections", token: alice, body: exported.body, contentType: "application/zip")
            #expect(imported.status == .created, "\(imported.text)")
            let copy = try #require(try imported.json()["id"] as? Int)
            #expect(try imported.json()["cards"] as? Int == 6 && imported.json()["images"] as? Int == 1)
            #expect(imported.headers[.location] == "/api/v1/collections/\(copy)")
            #expect(try await client.send(.get, "/api/v1/collections/\(copy)/export", token: alice).body == exported.body)
        }
    }

    @Test("a folder holding collection.csv, sent as a ZIP archive with its name in the query; bad archives refused, nothing kept")
    func csvArchiveImport() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let image = try APITest.example("cards/images/01.png")
            let csv = Data("family,number,title,image,rarity\nAthletic,1,Unai Simón,art/01.png,\nAthletic,2,\"Williams, Nico\",,special\n".utf8)
            let folder = try TestZip.archive([.init("art/", nil), .init("art/01.png", image), .init("collection.csv", csv)])
            let refusals: [(String, Data, String, HTTPResponse.Status, String)] = [
                ("", folder, "application/zip", .badRequest,
                 "body: collection.csv: does not name its collection; give the name with the query parameter 'name'"),
                ("?name=Liga", Data("not a zip".utf8), "application/zip", .badRequest, "body: not a ZIP archive"),
                ("?name=Liga", try TestZip.archive([.init("liga/collection.csv", csv)]), "application/zip", .badRequest,
                 "body: no collection.json or collection.csv at the archive's root (there is 'liga/collection.csv': pack the folder's contents, not the folder)"),
                ("?name=Liga", try TestZip.archive([.init("collection.csv", csv)]), "application/zip", .unprocessableContent,
                 "body: collection.csv: 1 problem: art/01.png: missing"),
                ("?name=Liga", try TestZip.archive([.init("collection.csv", csv)], compressed: true), "application/zip", .unprocessableContent,
                 "body: entry 'collection.csv': is compressed; collection archives are read with their entries stored (zip -0, or \"store\" as the method): the images are compressed already"),
                ("?name=Liga", Data(#"{"format": "touchline.collection"}"#.utf8), "application/json", .badRequest,
                 "query parameter 'name': goes with a ZIP archive holding collection.csv; a JSON manifest names its collection itself"),
                ("?packSize=3", folder, "application/zip", .badRequest,
                 "query parameters 'description' and 'packSize' go with 'name', for a collection.csv manifest"),
            ]
            for (query, body, type, status, detail) in refusals {
                let refused = try await client.send(.post, "/api/v1/collections" + query, token: alice, body: body, contentType: type)
                #expect(refused.status == status && (try? refused.problem().detail) == detail, "\(query): \(refused.status) \(refused.text)")
            }
            #expect(try test.count("collection") == 0 && test.count("stickerImage") == 0)

            let imported = try await client.send(.post, "/api/v1/collections?name=Liga%20CSV&packSize=2", token: alice, body: folder,
                                                 contentType: "application/zip")
            #expect(imported.status == .created, "\(imported.text)")
            let id = try #require(try imported.json()["id"] as? Int)
            #expect(try imported.json()["name"] as? String == "Liga CSV" && imported.json()["cards"] as? Int == 2)
            #expect(try imported.json()["images"] as? Int == 1)
            let shown = try await client.send(.get, "/api/v1/collections/\(id)", token: alice).json()
            #expect(shown["packSize"] as? Int == 2 && shown["families"] as? Int == 1)
        }
    }

    @Test("an export whose images take more than the server's archive limit is refused before they are read")
    func exportLimit() async throws {
        let test = try APITest { $0.maxFrameArchiveBytes = 1_000 }
        try await test.run { client in
            let alice = try await client.user("alice")
            let id = try await CollectionAPISetup.create(client, owner: alice)
            let image = try APITest.example("cards/images/01.png")
            _ = try await client.send(.put, "/api/v1/collections/\(id)/cover", token: alice, body: image, contentType: "image/png")
            let refused = try await client.send(.get, "/api/v1/collections/\(id)/export", token: alice)
            #expect(refused.status == .unprocessableContent)
            #expect(try refused.problem().detail == "export: the images of 'Liga 2024/25' take \(image.count) bytes, more than the 1000 bytes "
                    + "one export may hold here")
        }
    }
}

extension APITest {
    /// The open treasure hunt's hidden point, read from the database as only a test may.
    func treasure() throws -> (latitude: Double, longitude: Double) {
        try store().read { db in
            guard let row = try db.fetchOne("SELECT targetLatitude, targetLongitude FROM treasureHunt WHERE state = 'open'") else {
                throw TestFailure("no open hunt")
            }
            return (try row("targetLatitude"), try row("targetLongitude"))
        }
    }
}
