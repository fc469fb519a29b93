import Foundation
import Testing

/// `touchline collection`, end to end through the built binary, on both stores.
@Suite(.serialized) struct CollectionCommandTests {
    static let name = "Athletic Club 2024/25"

    @Test func importStartOpenGrantGiveAlbumAndOdds() throws {
        let club = try ClubScratch()
        let imported = try club.run(["collection", "import", Touchline.root.appendingPathComponent("examples/cards").path], as: "alice")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "imported collection 1: Athletic Club 2024/25, 2 families, 14 cards, 6 images\n")
        let catalogue = try #require(try club.json(["collection", "list"], as: "bob") as? [[String: Any]])
        #expect(catalogue.compactMap { $0["name"] as? String } == [Self.name])
        #expect(try club.run(["collection", "start", Self.name], as: "bob").status == 0)
        let opening = try #require(try club.json(["collection", "open", Self.name], as: "bob") as? [String: Any])
        let drawn = try #require(opening["cards"] as? [[String: Any]])
        #expect(drawn.count == 3 && Set(drawn.compactMap { $0["number"] as? Int }).count == 3)
        // Only the owner and editors grant and give.
        let refused = try club.run(["collection", "grant", Self.name, "--to", "bob", "--envelopes", "2"], as: "bob")
        #expect(refused.status == 77 && refused.stderr.hasSuffix("only the owner and editors of 'Athletic Club 2024/25' may do that; bob is neither\n"))
        let granted = try #require(try club.json(["collection", "grant", Self.name, "--to", "bob", "--envelopes", "2"], as: "alice")
            as? [String: Any])
        #expect(granted["granted"] as? Int == 2 && granted["envelopes"] as? Int == 2 && granted["collector"] as? String == "bob")
        let gift = try club.run(["collection", "give", Self.name, "--to", "bob", "--cards", "3,3,7"], as: "alice")
        #expect(gift.status == 0 && gift.stdout == "gave bob 3 cards\n", "\(gift.stderr)")
        #expect(try club.run(["collection", "give", Self.name, "--to", "bob", "--cards", "3,x"], as: "alice").status == 64)
        let unknown = try club.run(["collection", "give", Self.name, "--to", "bob", "--cards", "99"], as: "alice")
        #expect(unknown.status == 65 && unknown.stderr == "touchline: error: no card '99 in 'Athletic Club 2024/25''\n")
        // The album: one entry per card with number, owned and blocked.
        let album = try #require(try club.json(["collection", "album", Self.name], as: "bob") as? [[String: Any]])
        #expect(album.compactMap { $0["number"] as? Int } == Array(1...14))
        #expect(album.allSatisfy { $0["owned"] is Int && $0["blocked"] as? Int == 0 })
        #expect(album.reduce(0) { $0 + ($1["owned"] as? Int ?? 0) } == 6)
        #expect(album.first { $0["number"] as? Int == 3 }?["owned"] as? Int ?? 0 >= 2)
        // The odds: from bob's album; with rarity weights, the Poisson model's, said to be approximate.
        let odds = try #require(try club.json(["collection", "odds", Self.name, "--envelopes", "50"], as: "bob") as? [String: Any])
        let expected = try #require(odds["expectedEnvelopes"] as? Double)
        let within = try #require(odds["probabilityWithin"] as? Double)
        #expect(expected > 0 && expected < 10_000 && within > 0 && within < 1 && odds["exact"] as? Bool == false)
        let fresh = try #require(try club.json(["collection", "odds", Self.name], as: "carol") as? [String: Any])
        #expect((fresh["expectedEnvelopes"] as? Double ?? 0) > expected && fresh["missing"] as? Int == 14)
        // The record names the gift and its giver; carol may not read bob's.
        let draws = try #require(try club.json(["collection", "draws", Self.name, "--of", "bob"], as: "alice") as? [[String: Any]])
        #expect(draws.first?["source"] as? String == "gift" && draws.first?["cards"] as? [Int] == [3, 3, 7])
        #expect(try club.run(["collection", "draws", Self.name, "--of", "bob"], as: "carol").status == 77)
        // A gift with --json is its record, as draws lists it.
        let recorded = try #require(try club.json(["collection", "give", Self.name, "--to", "bob", "--cards", "5"], as: "alice")
            as? [String: Any])
        #expect(recorded["source"] as? String == "gift" && recorded["cards"] as? [Int] == [5] && recorded["grantedBy"] as? String == "alice")
    }

    @Test func equalWeightsGiveTheProbabilityWithinSomeEnvelopes() throws {
        let club = try ClubScratch()
        let folder = club.scratch.path("equal")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("""
            {"format": "touchline.collection", "version": 1, "name": "Ten", "packSize": 2,
             "families": [{"name": "All", "cards": [\((1...10).map { "{\"number\": \($0), \"title\": \"Card \($0)\"}" }.joined(separator: ","))]}]}
            """.utf8).write(to: URL(fileURLWithPath: folder + "/collection.json"))
        #expect(try club.run(["collection", "import", folder], as: "alice").status == 0)
        let odds = try #require(try club.json(["collection", "odds", "ten", "--envelopes", "12"], as: "bob") as? [String: Any])
        let probability = try #require(odds["probabilityWithin"] as? Double)
        #expect(probability > 0 && probability < 1 && odds["envelopes"] as? Int == 12 && odds["exact"] as? Bool == true)
        #expect(try club.run(["collection", "odds", "ten", "--envelopes", "2000000"], as: "bob").status == 65)
    }

    @Test func aBadFolderIsOneLineAndImportsNothing() throws {
        let club = try ClubScratch()
        let folder = club.scratch.path("bad")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("""
            {"format": "touchline.collection", "version": 1, "name": "Bad",
             "families": [{"name": "A", "cards": [{"number": 1, "title": "One", "image": "one.png"},
                                                  {"number": 1, "title": "Again"},
                                                  {"number": 100000, "title": "Far", "image": "../x.png"}]},
                          {"name": "a", "cards": []}]}
            """.utf8).write(to: URL(fileURLWithPath: folder + "/collection.json"))
        let bad = try club.run(["collection", "import", folder], as: "alice")
        #expect(bad.status == 65)
        #expect(bad.stderr.split(separator: "\n").count == 1)
        #expect(bad.stderr.contains("collection.json: 4 problems: families[0].cards[1].number: 1 is the number of families[0].cards[0] too; "
            + "families[0].cards[2].number: expected 1 to 99999, not 100000; families[0].cards[2].image: expected a path inside the folder"),
                "\(bad.stderr)")
        #expect(bad.stderr.contains("families[1].name: \"a\" is the name of families[0] too"))
        // A manifest that holds up but names an image the folder lacks.
        try Data("""
            {"format": "touchline.collection", "version": 1, "name": "Bad",
             "families": [{"name": "A", "cards": [{"number": 1, "title": "One", "image": "one.png"}]}]}
            """.utf8).write(to: URL(fileURLWithPath: folder + "/collection.json"))
        let missing = try club.run(["collection", "import", folder], as: "alice")
        #expect(missing.status == 65 && missing.stderr.hasSuffix("collection.json: 1 problem: one.png: missing\n"), "\(missing.stderr)")
        let syntax = club.scratch.path("syntax")
        try FileManager.default.createDirectory(atPath: syntax, withIntermediateDirectories: true)
        try Data("{\"format\": \"touchline.collection\",\n \"version\": 1,,}".utf8).write(to: URL(fileURLWithPath: syntax + "/collection.json"))
        let broken = try club.run(["collection", "import", syntax], as: "alice")
        #expect(broken.status == 65 && broken.stderr.contains("collection.json: line 2, column"), "\(broken.stderr)")
        #expect(try club.run(["collection", "import", club.scratch.path("nowhere")], as: "alice").status == 66)
        let all = try #require(try club.json(["collection", "list", "--all"], as: "alice") as? [Any])
        #expect(all.isEmpty)
    }

    /// A spreadsheet's list of cards, collection.csv, imports as collection.json does; what CSV
    /// cannot say comes from --name, --description and --pack-size.
    @Test func aCSVManifestImportsWithItsNameGiven() throws {
        let club = try ClubScratch()
        let folder = club.scratch.path("csv")
        try FileManager.default.createDirectory(atPath: folder + "/art", withIntermediateDirectories: true)
        for number in ["01", "02"] {
            try FileManager.default.copyItem(atPath: Touchline.root.appendingPathComponent("examples/cards/images/\(number).png").path,
                                             toPath: "\(folder)/art/\(number).png")
        }
        let csv = "family,number,title,image,rarity\r\nFirst team,1,Unai Simón,art/01.png,\r\n"
            + "Lezama,30,\"Zarra, Telmo\",,special\r\nFirst team,2,Óscar de Marcos,art/02.png,rare\r\n"
        try Data(csv.utf8).write(to: URL(fileURLWithPath: folder + "/collection.csv"))
        // Without a name the folder is refused, and so are --pack-size alone and a missing folder.
        let unnamed = try club.run(["collection", "import", folder], as: "alice")
        #expect(unnamed.status == 65 && unnamed.stderr.hasSuffix("collection.csv: does not name its collection; give the name with --name\n"),
                "\(unnamed.stderr)")
        #expect(try club.run(["collection", "import", folder, "--pack-size", "4"], as: "alice").status == 64)
        let badSize = try club.run(["collection", "import", folder, "--name", "Liga CSV", "--pack-size", "0"], as: "alice")
        #expect(badSize.status == 65 && badSize.stderr == "touchline: error: --pack-size: expected 1 to 50 cards an envelope, not 0\n",
                "\(badSize.stderr)")
        let imported = try club.run(["collection", "import", folder, "--name", "Liga CSV", "--description", "From a sheet",
                                     "--pack-size", "2"], as: "alice")
        #expect(imported.status == 0 && imported.stdout == "imported collection 1: Liga CSV, 2 families, 3 cards, 2 images\n",
                "\(imported.stderr)")
        let shown = try #require(try club.json(["collection", "show", "liga csv"], as: "alice") as? [String: Any])
        #expect(shown["description"] as? String == "From a sheet" && shown["packSize"] as? Int == 2 && shown["cards"] as? Int == 3)
        // Exported, it is the collection.json that says the same.
        let exported = club.scratch.path("exported")
        #expect(try club.run(["collection", "export", "Liga CSV", "-o", exported], as: "alice").status == 0)
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: exported + "/collection.json")))
            as? [String: Any])
        let families = try #require(manifest["families"] as? [[String: Any]])
        #expect(families.compactMap { $0["name"] as? String } == ["First team", "Lezama"])
        let lezama = try #require(families.last?["cards"] as? [[String: Any]])
        #expect(lezama.first?["title"] as? String == "Zarra, Telmo" && lezama.first?["rarity"] as? String == "special")
        // A bad line is named, and nothing is imported; so is a folder with both manifests.
        try Data("family,number,title\nA,one,Uno\n".utf8).write(to: URL(fileURLWithPath: folder + "/collection.csv"))
        let bad = try club.run(["collection", "import", folder, "--name", "Other"], as: "alice")
        #expect(bad.status == 65 && bad.stderr.hasSuffix("collection.csv: 1 problem: line 2, number: expected a whole number, not \"one\"\n"),
                "\(bad.stderr)")
        try Data(#"{"format": "touchline.collection"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/collection.json"))
        let both = try club.run(["collection", "import", folder, "--name", "Other"], as: "alice")
        #expect(both.status == 65 && both.stderr.hasSuffix("holds both collection.json and collection.csv; keep the one to import\n"))
        let empty = club.scratch.path("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let none = try club.run(["collection", "import", empty], as: "alice")
        #expect(none.status == 66 && none.stderr.hasSuffix("empty: no collection.json or collection.csv in it\n"), "\(none.stderr)")
        let all = try #require(try club.json(["collection", "list", "--all"], as: "alice") as? [[String: Any]])
        #expect(all.compactMap { $0["name"] as? String } == ["Liga CSV"])
    }
}
