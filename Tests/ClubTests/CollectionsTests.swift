import Foundation
import Stickers
import Testing
import TestSupport
@testable import Club

/// Sticker collections as a service, on both stores: importing, the catalogue, envelopes,
/// gifts, albums, odds, the draws' record, and who may do each.
@Suite struct CollectionsTests {
    static let png = TestImages.png(claimingWidth: 40, height: 60)
    static let jpeg = TestImages.smallJPEG

    /// "Liga Demo": Athletic (cards 10, 20, 35) and Betis (400, 401, 999, rare and special),
    /// numbers that do not run 1...N, two cards sharing one image, a JPEG cover.
    static func manifest(name: String = "Liga Demo", weights: RarityWeights? = nil) -> CollectionManifest {
        CollectionManifest(name: name, description: "A test league", packSize: 3, weights: weights, cover: "cover.jpg",
                           families: [
                               .init(name: "Athletic", cards: [.init(number: 10, title: "Unai", image: "a/10.png"),
                                                               .init(number: 20, title: "Iñaki", image: "a/10.png"),
                                                               .init(number: 35, title: "Nico")]),
                               .init(name: "Betis", cards: [.init(number: 400, title: "Isco", image: "b/400.png", rarity: .rare),
                                                            .init(number: 401, title: "Fekir", rarity: .common),
                                                            .init(number: 999, title: "Joaquín", rarity: .special)]),
                           ])
    }

    static let images = ["cover.jpg": jpeg, "a/10.png": png, "b/400.png": png + Data()]

    /// A club where alice owns "Liga Demo", erin edits it, bob collects it and carol is a stranger.
    private func club(seed: UInt64 = 1) throws -> (ScratchClub, Collections, [String: ActingUser]) {
        let club = try ScratchClub()
        var users: [String: ActingUser] = [:]
        for name in ["alice", "erin", "bob", "carol"] { users[name] = try club.user(name) }
        let collections = Collections(store: club.store, random: .seeded(seed))
        _ = try collections.importCollection(try #require(users["alice"]), manifest: Self.manifest(), images: Self.images)
        try collections.addEditor(try #require(users["alice"]), "liga demo", "erin")
        _ = try collections.start(try #require(users["bob"]), "Liga Demo")
        return (club, collections, users)
    }

    @Test func anImportKeepsFamiliesCardsAndEachImageOnce() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob")
        let collections = Collections(store: club.store)
        let summary = try collections.importCollection(alice, manifest: Self.manifest(), images: Self.images)
        #expect(summary.families == 2 && summary.cards == 6 && summary.images == 2, "\(summary)")
        #expect(try club.count("stickerImage") == 2 && club.count("sticker") == 6 && club.count("cardFamily") == 2)
        let seen = try collections.catalogue(bob)
        #expect(seen.map(\.name) == ["Liga Demo"] && seen[0].role == .visitor && seen[0].cards == 6 && seen[0].packSize == 3)
        #expect(try collections.show(alice, "LIGA DEMO").role == .owner)
        #expect(throws: ClubError.duplicate(field: "collection", value: "liga DEMO")) {
            try collections.importCollection(bob, manifest: Self.manifest(name: "liga DEMO"), images: Self.images)
        }
    }

    @Test func aBadImportReportsEveryProblemAndKeepsNothing() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let collections = Collections(store: club.store)
        var images = Self.images
        images["a/10.png"] = Data("not an image".utf8)
        images["b/400.png"] = TestImages.png(claimingWidth: 20_000, height: 20_000)
        images["cover.jpg"] = nil
        do {
            _ = try collections.importCollection(alice, manifest: Self.manifest(), images: images)
            Issue.record("imported")
        } catch let ManifestError.invalid(source, problems) {
            #expect(source == "collection.json")
            #expect(problems.count == 3, "\(problems)")
            #expect(problems.contains("cover.jpg: missing"))
            #expect(problems.contains { $0.hasPrefix("a/10.png: ") })
            #expect(problems.contains { $0.hasPrefix("b/400.png: is 20000x20000 px") })
        }
        var duplicated = Self.manifest()
        duplicated.families[1].cards[0].number = 10
        duplicated.families[1].name = "ATHLETIC"
        #expect(throws: ManifestError.self) { try collections.importCollection(alice, manifest: duplicated, images: Self.images) }
        for table in ["collection", "cardFamily", "sticker", "collectionCard", "stickerImage"] {
            #expect(try club.count(table) == 0, "\(table)")
        }
    }

    @Test func startingGivesOneEnvelopeAndOpeningItFillsTheAlbum() throws {
        let (club, collections, users) = try club()
        let bob = try #require(users["bob"])
        #expect(try collections.album(bob, "Liga Demo").envelopes == 1)
        #expect(throws: ClubError.conflict(field: "collection", message: "bob has already started 'Liga Demo'")) {
            try collections.start(bob, "liga demo")
        }
        let opening = try collections.open(bob, "Liga Demo")
        #expect(opening.cards.count == 3 && Set(opening.cards.map(\.number)).count == 3)
        #expect(Set(opening.cards.map(\.number)).isSubset(of: [10, 20, 35, 400, 401, 999]))
        #expect(opening.cards.allSatisfy(\.new) && opening.source == "start" && opening.envelopesLeft == 0)
        let album = try collections.album(bob, "Liga Demo")
        #expect(album.cards.map(\.number) == [10, 20, 35, 400, 401, 999])
        #expect(Set(album.cards.filter { $0.owned == 1 }.map(\.number)) == Set(opening.cards.map(\.number)))
        #expect(album.cards.allSatisfy { $0.blocked == 0 } && album.envelopes == 0)
        #expect(throws: ClubError.conflict(field: "envelopes", message: "bob has no envelope of 'Liga Demo' to open")) {
            try collections.open(bob, "Liga Demo")
        }
        let draws = try collections.draws(bob, "Liga Demo")
        #expect(draws.count == 1 && draws[0].cards == opening.cards.map(\.number) && draws[0].source == "start")
        #expect(try club.count("envelope") == 0)
        // The same seed draws the same cards in another database.
        let (_, again, others) = try self.club()
        #expect(try again.open(try #require(others["bob"]), "Liga Demo").cards == opening.cards)
    }

    @Test func onlyTheOwnerAndEditorsGrantAndGiveAndSeeOthersDraws() throws {
        let (club, collections, users) = try club()
        let alice = try #require(users["alice"]), erin = try #require(users["erin"])
        let bob = try #require(users["bob"]), carol = try #require(users["carol"])
        try collections.grant(alice, "Liga Demo", to: "bob", envelopes: 2)
        try collections.grant(erin, "Liga Demo", to: "bob", envelopes: 1)
        for outsider in [bob, carol] {
            #expect(throws: ClubError.self) { try collections.grant(outsider, "Liga Demo", to: "bob", envelopes: 1) }
            #expect(throws: ClubError.self) { try collections.give(outsider, "Liga Demo", to: "bob", cards: [10]) }
            #expect(throws: ClubError.self) { try collections.addEditor(outsider, "Liga Demo", "carol") }
            #expect(throws: ClubError.self) { try collections.delete(outsider, "Liga Demo") }
        }
        #expect(throws: ClubError.permissionDenied("only the owner of 'Liga Demo' may do that")) {
            try collections.addEditor(erin, "Liga Demo", "carol")
        }
        #expect(try collections.album(bob, "Liga Demo").envelopes == 4)
        try collections.give(erin, "Liga Demo", to: "bob", cards: [999, 999, 35])
        let album = try collections.album(bob, "Liga Demo")
        #expect(album.cards.first { $0.number == 999 }?.owned ?? 0 >= 2)
        #expect(throws: ClubError.notFound(kind: "card", reference: "7 in 'Liga Demo'")) {
            try collections.give(alice, "Liga Demo", to: "bob", cards: [7])
        }
        #expect(throws: ClubError.conflict(field: "collector", message: "carol has not started 'Liga Demo'")) {
            try collections.grant(alice, "Liga Demo", to: "carol", envelopes: 1)
        }
        for bad in [0, 1_001, -3] {
            #expect(throws: ClubError.self) { try collections.grant(alice, "Liga Demo", to: "bob", envelopes: bad) }
        }
        #expect(throws: ClubError.self) { try collections.give(alice, "Liga Demo", to: "bob", cards: []) }
        // The record: bob sees his own; the owner sees anyone's; a stranger no one else's.
        let gift = try #require(try collections.draws(alice, "Liga Demo", of: "bob").first)
        #expect(gift.source == "gift" && gift.grantedBy == "erin" && gift.cards == [999, 999, 35] && gift.kind == nil)
        #expect(try collections.draws(bob, "Liga Demo").first == gift)
        #expect(throws: ClubError.self) { try collections.draws(carol, "Liga Demo", of: "bob") }
        #expect(try collections.draws(carol, "Liga Demo").isEmpty)
        // Opening a granted envelope records who granted it.
        _ = try collections.open(bob, "Liga Demo")  // the start envelope
        _ = try collections.open(bob, "Liga Demo")
        #expect(try collections.draws(bob, "Liga Demo").first?.grantedBy == "alice")
        #expect(try club.count("cardDraw") == 3)
    }

    @Test func theOddsComeFromTheCollectorsAlbum() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob")
        let collections = Collections(store: club.store, random: .seeded(3))
        let equal = RarityWeights(common: 1, rare: 1, special: 1)
        _ = try collections.importCollection(alice, manifest: Self.manifest(name: "Equal", weights: equal), images: Self.images)
        // From empty: 6 cards in packs of 3, all of one weight.
        let empty = try AlbumProgress(packSize: 3, classes: [.init(weight: 1, cards: 6, missing: 6)])
        let fresh = try collections.odds(bob, "Equal", envelopes: 4)
        let exact = try CompletionOdds.expectedEnvelopes(empty), within = try CompletionOdds.probabilityWithin(4, empty)
        #expect(fresh.missing == 6 && abs(fresh.expectedEnvelopes - exact) < 1e-9)
        #expect(abs((fresh.probabilityWithin ?? -1) - within) < 1e-12)
        _ = try collections.start(bob, "Equal")
        try collections.give(alice, "Equal", to: "bob", cards: [10, 10, 20])
        let held = try collections.odds(bob, "Equal")
        #expect(held.missing == 4 && held.expectedEnvelopes < fresh.expectedEnvelopes && held.probabilityWithin == nil)
        #expect(fresh.exact && held.exact)
        #expect(held.expectedEnvelopesSwapping < held.expectedEnvelopes, "one duplicate swapped for a missing card")
        // With rarity weights: the Poisson model, approximate, and said so.
        _ = try collections.importCollection(alice, manifest: Self.manifest(name: "Weighted"), images: Self.images)
        let weighted = try collections.odds(bob, "Weighted", envelopes: 10)
        #expect(!weighted.exact && weighted.method.hasPrefix("approximate") && weighted.expectedEnvelopes > fresh.expectedEnvelopes)
        // bob has not started "Weighted": from an empty album.
        let progress = try AlbumProgress(packSize: 3, classes: [.init(weight: 1, cards: 4, missing: 4),
                                                                .init(weight: 0.25, cards: 1, missing: 1),
                                                                .init(weight: 0.05, cards: 1, missing: 1)])
        #expect(abs((weighted.probabilityWithin ?? -1) - (try CompletionOdds.probabilityWithin(10, progress))) < 1e-12)
        #expect(throws: ClubError.self) { try collections.odds(bob, "Weighted", envelopes: -1) }
        #expect(throws: ClubError.notFound(kind: "collection", reference: "Nope")) { try collections.odds(bob, "Nope") }
    }

    @Test func leavingTakesTheAlbumAndKeepsTheRecordAndDeletingTakesWhatNoOneElseUses() throws {
        let (club, collections, users) = try club()
        let alice = try #require(users["alice"]), bob = try #require(users["bob"])
        _ = try collections.open(bob, "Liga Demo")
        try collections.leave(bob, "Liga Demo")
        #expect(try club.count("ownedCard") == 0 && club.count("collector") == 0 && club.count("cardDraw") == 1)
        #expect(throws: ClubError.self) { try collections.album(bob, "Liga Demo") }
        #expect(throws: ClubError.self) { try collections.leave(bob, "Liga Demo") }
        #expect(try collections.catalogue(bob).map(\.name) == ["Liga Demo"])
        try collections.removeEditor(alice, "Liga Demo", "erin")
        #expect(throws: ClubError.self) { try collections.grant(try #require(users["erin"]), "Liga Demo", to: "bob", envelopes: 1) }
        try collections.delete(alice, "Liga Demo")
        for table in ["collection", "cardFamily", "sticker", "collectionCard", "stickerImage", "cardDraw", "collectionEditor"] {
            #expect(try club.count(table) == 0, "\(table)")
        }
    }

    @Test func theSchemaItselfKeepsZeroToOwnedBlockedCopies() throws {
        let (club, collections, users) = try club()
        _ = try collections.open(try #require(users["bob"]), "Liga Demo")
        #expect(throws: (any Error).self) {
            try club.store.write { db in _ = try db.execute("UPDATE ownedCard SET blocked = owned + 1") }
        }
        #expect(throws: (any Error).self) {
            try club.store.write { db in _ = try db.execute("UPDATE ownedCard SET blocked = -1") }
        }
        #expect(throws: (any Error).self) {
            try club.store.write { db in _ = try db.execute("UPDATE ownedCard SET owned = 0, blocked = 0") }
        }
        // A family a card uses cannot go.
        #expect(throws: (any Error).self) {
            try club.store.write { db in _ = try db.execute("DELETE FROM cardFamily") }
        }
        #expect(try club.count("cardFamily") == 2)
    }
}
