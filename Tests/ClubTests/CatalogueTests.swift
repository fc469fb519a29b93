import Foundation
import Stickers
import TestSupport
import Testing
@testable import Club

/// The catalogue edited one part at a time: who may, and what a refusal leaves, on both stores.
@Suite struct CatalogueTests {
    @Test func ownerAndEditorsEditTheCatalogueAndNoOneElse() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), erin = try club.user("erin"), bob = try club.user("bob"), carol = try club.user("carol")
        let collections = Collections(store: club.store)
        _ = try collections.importCollection(alice, manifest: CollectionsTests.manifest(), images: CollectionsTests.images)
        try collections.addEditor(alice, "Liga Demo", "erin")
        _ = try collections.start(bob, "Liga Demo")
        let png = try #require(CollectionsTests.images["a/10.png"])
        let edits: [(String, (ActingUser) throws -> Void)] = [
            ("add a family", { try collections.addFamily($0, "Liga Demo", family: "Staff \($0.username)") }),
            ("rename a family", { try collections.renameFamily($0, "Liga Demo", family: "betis", to: $0.username == "alice" ? "BETIS" : "Betis erin") }),
            ("add a card", { try collections.addCard($0, "Liga Demo", number: 500 + Int($0.userID), title: "New", family: "Athletic") }),
            ("edit a card", { try collections.editCard($0, "Liga Demo", number: 35, .init(title: "Nico \($0.username)", image: png)) }),
            ("set the cover", { try collections.setCover($0, "Liga Demo", image: png) }),
            ("export", { _ = try collections.export($0, "Liga Demo") }),
        ]
        for (what, edit) in edits {
            for stranger in [bob, carol] {
                #expect(throws: ClubError.permissionDenied("only the owner and editors of 'Liga Demo' may do that; \(stranger.username) is neither"),
                        "\(stranger.username) may not \(what)") { try edit(stranger) }
            }
            for administrator in [alice, erin] { try edit(administrator) }
        }
        let export = try collections.export(alice, "Liga Demo")
        #expect(export.manifest.families.map(\.name) == ["Athletic", "Betis erin", "Staff alice", "Staff erin"])
        #expect(export.manifest.families[0].cards.map(\.number) == [10, 20, 35, 501, 502])
        #expect(export.manifest.families[0].cards.first { $0.number == 35 }?.title == "Nico erin")
        // One PNG serves the cover and every card that shows it; the JPEG cover it replaced is gone.
        #expect(try export.manifest.cover != nil && export.images.count == 1 && club.count("stickerImage") == 1)
        // A refusal changes nothing: a family in use, a card in use, a bad image.
        let before = try collections.export(alice, "Liga Demo")
        try collections.give(alice, "Liga Demo", to: "bob", cards: [501])
        #expect(throws: ClubError.self) { try collections.removeFamily(alice, "Liga Demo", family: "athletic") }
        #expect(throws: ClubError.self) { try collections.removeCard(alice, "Liga Demo", number: 501) }
        #expect(throws: ClubError.self) { try collections.editCard(alice, "Liga Demo", number: 20, .init(title: "X", image: Data("no".utf8))) }
        #expect(throws: ClubError.self) { try collections.addCard(alice, "Liga Demo", number: 20, title: "Clash", family: "Athletic") }
        #expect(try collections.export(alice, "Liga Demo") == before)
        // Removing a card and a cover deletes what no collection uses any more.
        try collections.removeCard(alice, "Liga Demo", number: 502)
        try collections.setCover(alice, "Liga Demo", image: nil)
        #expect(try club.count("sticker") == 7 && club.count("stickerImage") == 1)
    }

    /// A collection holds what one printed album can print: card images and covers at most
    /// 2,048 px a side and 4 megapixels (as `collection album` reads them), 2,000 cards.
    @Test func imagesAndCardsAreHeldToWhatTheAlbumPrints() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let collections = Collections(store: club.store)
        _ = try collections.importCollection(alice, manifest: CollectionsTests.manifest(), images: CollectionsTests.images)
        let wide = TestImages.png(claimingWidth: 3_000, height: 1_000)
        #expect(throws: ClubError.invalid(field: "image", message: "is 3000x1000 px: at most 2048 px a side and 4 megapixels; "
                                          + "resize it (1000 px on the longer side is plenty for a card)")) {
            try collections.editCard(alice, "Liga Demo", number: 20, .init(image: wide))
        }
        #expect(throws: ClubError.self) {
            try collections.setCover(alice, "Liga Demo", image: TestImages.png(claimingWidth: 2_048, height: 2_048))
        }
        var manifest = CollectionsTests.manifest()
        manifest.name = "Big pictures"
        manifest.cover = "big.png"
        #expect(throws: ManifestError.invalid(source: "collection.json", problems: [
            "big.png: is 2100x1500 px: at most 2048 px a side and 4 megapixels; resize it (1000 px on the longer side is plenty for a card)",
        ])) {
            var images = CollectionsTests.images
            images["big.png"] = TestImages.png(claimingWidth: 2_100, height: 1_500)
            _ = try collections.importCollection(alice, manifest: manifest, images: images)
        }
        let tooMany = CollectionManifest(name: "Huge", families: [
            .init(name: "All", cards: (1...2_001).map { CollectionManifest.Card(number: $0, title: "Card \($0)") }),
        ])
        #expect(tooMany.problems().contains("families: expected at most 2000 cards in all, not 2001"))
        #expect(try club.count("collection") == 1)
    }
}
