import Foundation
import Testing

/// `touchline collection family|card|cover|export`: the catalogue edited one part at a time,
/// the seed's cases, and an export that imports back the same (on SQLite: CatalogueTests
/// cover the service on both stores).
@Suite(.serialized) struct CatalogueCommandTests {
    static let name = "Athletic Club 2024/25"

    private func club() throws -> ClubScratch {
        let club = try ClubScratch()
        let imported = try club.run(["collection", "import", Touchline.root.appendingPathComponent("examples/cards").path], as: "alice")
        #expect(imported.status == 0, "\(imported.stderr)")
        return club
    }

    private func expectRefused(_ club: ClubScratch, _ arguments: [String], as user: String = "alice", status: Int32 = 65,
                               _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try club.run(arguments, as: user)
        #expect(result.status == status && result.stderr == "touchline: error: \(message)\n" && result.stdout.isEmpty,
                "\(arguments): \(result.status) \(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test func familiesAndCardsChangeOneAtATimeAndTheSeedsCasesAreRefused() throws {
        let club = try club()
        let image = Touchline.root.appendingPathComponent("examples/cards/images/10.png").path
        #expect(try club.run(["collection", "family", "add", Self.name, "Staff"], as: "alice").status == 0)
        let added = try club.run(["collection", "card", "add", Self.name, "--number", "15", "--title", "Ernesto Valverde",
                                  "--family", "staff", "--rarity", "rare", "--image", image], as: "alice")
        #expect(added.stdout == "added card 15 (Ernesto Valverde) to \(Self.name)\n", "\(added.stderr)")
        #expect(try club.run(["collection", "card", "edit", Self.name, "15", "--title", "Txingurri"], as: "alice").status == 0)
        #expect(try club.run(["collection", "family", "rename", Self.name, "staff", "Coaches"], as: "alice").status == 0)
        #expect(try club.run(["collection", "start", Self.name], as: "bob").status == 0)
        #expect(try club.run(["collection", "give", Self.name, "--to", "bob", "--cards", "15"], as: "alice").status == 0)
        let album = try #require(try club.json(["collection", "album", Self.name], as: "bob") as? [[String: Any]])
        let card = try #require(album.first { $0["number"] as? Int == 15 })
        #expect(card["title"] as? String == "Txingurri" && card["family"] as? String == "Coaches" && card["rarity"] as? String == "rare")
        // The seed's cases: a number that exists, a family in use, a card bob holds.
        try expectRefused(club, ["collection", "card", "add", Self.name, "--number", "3", "--title", "X", "--family", "Coaches"],
                          "number: '\(Self.name)' has a card 3 already")
        try expectRefused(club, ["collection", "family", "remove", Self.name, "coaches"],
                          "family: 'coaches' holds 1 card of '\(Self.name)': move or remove them first")
        try expectRefused(club, ["collection", "card", "remove", Self.name, "15"],
                          "card: card 15 of '\(Self.name)' is held by collectors or named in swaps")
        try expectRefused(club, ["collection", "family", "add", Self.name, "FIRST TEAM"], "family 'FIRST TEAM' is already taken")
        try expectRefused(club, ["collection", "card", "edit", Self.name, "99", "--title", "X"], "no card '99 in '\(Self.name)''")
        try expectRefused(club, ["collection", "card", "edit", Self.name, "3", "--family", "Nope"], "no family 'Nope in '\(Self.name)''")
        try expectRefused(club, ["collection", "card", "add", Self.name, "--number", "100000", "--title", "X", "--family", "Coaches"],
                          "number: expected 1 to 99999, not 100000")
        try expectRefused(club, ["collection", "card", "add", Self.name, "--number", "16", "--title", "", "--family", "Coaches"],
                          "title: expected 1 to 100 characters, not 0")
        try expectRefused(club, ["collection", "family", "add", Self.name, "Fans"], as: "bob", status: 77,
                          "permission denied: only the owner and editors of '\(Self.name)' may do that; bob is neither")
        let notImage = try club.scratch.write("not.png", "hello")
        let bad = try club.run(["collection", "cover", Self.name, notImage], as: "alice")
        #expect(bad.status == 65 && bad.stderr.hasPrefix("touchline: error: cover: "), "\(bad.stderr)")
        // A card with no holder goes; an empty family too.
        #expect(try club.run(["collection", "card", "add", Self.name, "--number", "16", "--title", "Spare", "--family", "Coaches"],
                             as: "alice").status == 0)
        #expect(try club.run(["collection", "card", "remove", Self.name, "16"], as: "alice").status == 0)
        #expect(try club.run(["collection", "family", "add", Self.name, "Empty"], as: "alice").status == 0)
        #expect(try club.run(["collection", "family", "remove", Self.name, "empty"], as: "alice").status == 0)
    }

    @Test func aCardReusedInAnotherCollectionKeepsItsTitleWithItsOwnNumber() throws {
        let club = try club()
        let folder = club.scratch.path("other")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("""
            {"format": "touchline.collection", "version": 1, "name": "Liga 2025/26",
             "families": [{"name": "Real Sociedad", "cards": [{"number": 1, "title": "Álex Remiro"}]}]}
            """.utf8).write(to: URL(fileURLWithPath: folder + "/collection.json"))
        #expect(try club.run(["collection", "import", folder], as: "alice").status == 0)
        // The seed's case: number 1 is taken in the other collection.
        try expectRefused(club, ["collection", "card", "reuse", Self.name, "7", "--in", "Liga 2025/26", "--number", "1",
                                 "--family", "Real Sociedad"], "number: 'Liga 2025/26' has a card 1 already")
        let reused = try club.run(["collection", "card", "reuse", Self.name, "7", "--in", "Liga 2025/26", "--number", "21",
                                   "--family", "Real Sociedad"], as: "alice")
        #expect(reused.stdout == "card 7 of \(Self.name) is card 21 of Liga 2025/26 too\n", "\(reused.stderr)")
        try expectRefused(club, ["collection", "card", "reuse", Self.name, "7", "--in", "Liga 2025/26", "--number", "22",
                                 "--family", "Real Sociedad"], "card: card 7 of '\(Self.name)' is card 21 of 'Liga 2025/26' already")
        #expect(try club.run(["collection", "card", "edit", "Liga 2025/26", "21", "--title", "Álex Berenguer Remiro"], as: "alice").status == 0)
        #expect(try club.run(["collection", "start", Self.name], as: "bob").status == 0)
        let album = try #require(try club.json(["collection", "album", Self.name], as: "bob") as? [[String: Any]])
        #expect(album.first { $0["number"] as? Int == 7 }?["title"] as? String == "Álex Berenguer Remiro", "one card, one title")
    }

    @Test func anExportImportsBackTheSameCollection() throws {
        let club = try club()
        let cover = Touchline.root.appendingPathComponent("examples/cards/images/01.png").path
        #expect(try club.run(["collection", "cover", Self.name, cover], as: "alice").status == 0)
        let first = club.scratch.path("export")
        let exported = try club.run(["collection", "export", Self.name, "-o", first], as: "alice")
        #expect(exported.status == 0 && exported.stdout == "wrote \(first): collection.json and 6 images\n", "\(exported.stderr)")
        // Into another database, then out again: the same files, byte for byte.
        let other = try ClubScratch()
        #expect(try other.run(["collection", "import", first], as: "bob").stdout
                == "imported collection 1: Athletic Club 2024/25, 2 families, 14 cards, 6 images\n")
        let second = other.scratch.path("again")
        #expect(try other.run(["collection", "export", Self.name, "-o", second], as: "bob").status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: first).sorted()
        #expect(files == (try FileManager.default.contentsOfDirectory(atPath: second).sorted()) && files.count == 7)
        for file in files {
            #expect(try Data(contentsOf: URL(fileURLWithPath: first + "/" + file)) == Data(contentsOf: URL(fileURLWithPath: second + "/" + file)),
                    "\(file)")
        }
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: first + "/collection.json")))
            as? [String: Any])
        #expect(manifest["packSize"] as? Int == 3 && (manifest["cover"] as? String)?.hasPrefix("image-") == true)
        try expectRefused(club, ["collection", "export", Self.name, "-o", club.scratch.path("x")], as: "bob", status: 77,
                          "permission denied: only the owner and editors of '\(Self.name)' may do that; bob is neither")
    }
}
