import Foundation
import Testing
import Stickers

/// `collection.csv`: a spreadsheet's list of cards read into the same manifest as
/// `collection.json`, every problem named by its line.
@Suite struct CollectionCSVTests {
    static let details = CollectionManifest.CSVDetails(name: "Liga 2024/25", description: "La Liga", packSize: 6)

    static func read(_ text: String, details: CollectionManifest.CSVDetails = details) throws -> CollectionManifest {
        try CollectionManifest.read(csv: Data(text.utf8), source: "collection.csv", details: details)
    }

    static func error(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error.localizedDescription
        }
    }

    @Test func cardsFormFamiliesInTheOrderTheyFirstAppear() throws {
        let manifest = try Self.read(#"""
            \#u{FEFF}Number,TITLE, family ,image,rarity,description
            1,Unai Simón,Athletic,athletic/1.png,,
            20,"Vinícius Júnior, ""Vini""",Real Madrid,,Special,"Left wing
            and more"
            2,Iñaki Williams,Athletic,athletic/2.jpg,rare,
            """#)
        #expect(manifest.name == "Liga 2024/25" && manifest.description == "La Liga" && manifest.packSize == 6)
        #expect(manifest.format == CollectionManifest.formatName && manifest.version == CollectionManifest.currentVersion)
        #expect(manifest.families.map(\.name) == ["Athletic", "Real Madrid"])
        #expect(manifest.families[0].cards == [
            .init(number: 1, title: "Unai Simón", image: "athletic/1.png"),
            .init(number: 2, title: "Iñaki Williams", image: "athletic/2.jpg", rarity: .rare),
        ])
        #expect(manifest.families[1].cards == [
            .init(number: 20, title: "Vinícius Júnior, \"Vini\"", description: "Left wing\nand more", rarity: .special),
        ])
        #expect(manifest.imagePaths == ["athletic/1.png", "athletic/2.jpg"])
        // Read from CSV, it is the manifest collection.json would hold.
        #expect(try CollectionManifest.read(try manifest.encoded(), source: "x") == manifest)
    }

    @Test func everyProblemIsReportedWithItsLine() {
        let message = Self.error("""
            family,number,title,image,rarity
            A,1,One,one.png,
            A,1,Again,,
            A,x,Bad number,,
            A,3,,,
            a,4,Four,../four.png,
            A,5,Five,,legendary
            A,6,Six
            """)
        #expect(message == "collection.csv: 7 problems: "
            + "line 4, number: expected a whole number, not \"x\"; "
            + "line 7, rarity: expected \"common\", \"rare\" or \"special\", not \"legendary\"; "
            + "line 8: 3 fields where the header has 5 (quote fields that hold commas); "
            + "line 3, number: 1 is the number of line 2 too; "
            + "line 5, title: expected 1 to 100 characters, not 0; "
            + "line 6, family: \"a\" is the name of the family on line 2 too (names are told apart ignoring case); "
            + "line 6, image: expected a path inside the folder (no leading /, no .., at most 300 characters), not \"../four.png\"")
    }

    @Test func theHeaderNamesKnownColumnsOnce() {
        #expect(Self.error("family,number,title,colour\nA,1,One,red\n")
                    == "collection.csv: 1 problem: line 1: unknown column \"colour\" (expected family, number, title, description, image, rarity)")
        #expect(Self.error("family,number,Number,title\n") == "collection.csv: 1 problem: line 1: column \"number\" twice")
        #expect(Self.error("number,title\n1,One\n")
                    == "collection.csv: 1 problem: line 1: the header lacks family (expected family, number, title, description, image, rarity)")
        #expect(Self.error("") == "collection.csv: empty: expected a header line such as 'family,number,title,image'")
        #expect(Self.error("family,number,title\n")
                    == "collection.csv: 1 problem: line 2: expected a card on each line after the header, found none")
    }

    @Test func theTextAndTheCollectionsDetailsAreChecked() throws {
        #expect(Self.error("family,number,title\nA,\"1,One\n") == "collection.csv: line 2: a quoted field is never closed")
        #expect(throws: ManifestError.unreadable(source: "collection.csv", message: "is not UTF-8 text")) {
            try CollectionManifest.read(csv: Data([0x66, 0xFF, 0x0A]), source: "collection.csv", details: Self.details)
        }
        #expect(throws: ManifestError.self) {
            try CollectionManifest.read(csv: Data(count: CollectionManifest.maximumBytes + 1), source: "c", details: Self.details)
        }
        let unnamed = CollectionManifest.CSVDetails(name: " ", packSize: 0)
        #expect(throws: ManifestError.invalid(source: "collection.csv", problems: [
            "the collection's name: expected 1 to 100 characters, not 1",
            "the collection's packSize: expected 1 to \(EnvelopeDraw.maximumSize) cards an envelope, not 0",
        ])) { try Self.read("family,number,title\nA,1,One\n", details: unnamed) }
        // At most as many cards as an album prints, counted before any is built.
        let rows = (1...CollectionManifest.maximumCards + 1).map { "A,\($0),Card \($0)" }.joined(separator: "\n")
        #expect(Self.error("family,number,title\n" + rows)
                    == "collection.csv: 1 problem: line \(CollectionManifest.maximumCards + 2): expected at most 2000 cards in all")
    }

    @Test func aFolderHoldsOneManifestOrTheOther() throws {
        func read(json: String?, csv: String?, details: CollectionManifest.CSVDetails?) throws -> CollectionManifest {
            let files = ["collection.json": json, "collection.csv": csv, "one.png": "PNG", "extra.png": "not named"]
            return try CollectionManifest.readFolder(source: { "folder" + ($0.isEmpty ? "" : "/" + $0) }, details: details,
                                                     detailsOption: { "--" + $0 }) { path in files[path].flatMap { $0 }.map { Data($0.utf8) } }.manifest
        }
        let json = #"{"format": "touchline.collection", "version": 1, "name": "J", "families": [{"name": "A", "cards": [{"number": 1, "title": "One", "image": "one.png"}, {"number": 2, "title": "Two", "image": "two.png"}]}]}"#
        let csv = "family,number,title\nA,1,One\n"
        // The images the manifest names that the folder holds, and no other.
        let folder = try CollectionManifest.readFolder(source: { $0 }, details: nil, detailsOption: { "--" + $0 }) { path in
            ["collection.json": json, "one.png": "PNG", "extra.png": "x"][path].map { Data($0.utf8) }
        }
        #expect(folder.images == ["one.png": Data("PNG".utf8)])
        #expect(try read(json: json, csv: nil, details: nil).name == "J")
        #expect(try read(json: nil, csv: csv, details: Self.details).name == "Liga 2024/25")
        #expect(throws: ManifestError.missing(source: "folder")) { try read(json: nil, csv: nil, details: nil) }
        #expect(ManifestError.missing(source: "folder").localizedDescription == "folder: no collection.json or collection.csv in it")
        #expect(throws: ManifestError.unreadable(source: "folder", message: "holds both collection.json and collection.csv; keep the one to import")) {
            try read(json: json, csv: csv, details: nil)
        }
        #expect(throws: ManifestError.unreadable(source: "folder/collection.csv",
                                                 message: "does not name its collection; give the name with --name")) {
            try read(json: nil, csv: csv, details: nil)
        }
        #expect(throws: ManifestError.unreadable(source: "folder/collection.json",
                                                 message: "names its collection itself; --name is for a collection.csv manifest")) {
            try read(json: json, csv: nil, details: Self.details)
        }
        // What the front end gives beside a CSV manifest is named as it gave it.
        #expect(throws: ManifestError.unreadable(source: "--packSize", message: "expected 1 to 50 cards an envelope, not 0")) {
            try read(json: nil, csv: csv, details: .init(name: "Liga", packSize: 0))
        }
        #expect(throws: ManifestError.unreadable(source: "--name", message: "expected 1 to 100 characters, not 101")) {
            try read(json: nil, csv: csv, details: .init(name: String(repeating: "x", count: 101)))
        }
    }
}
