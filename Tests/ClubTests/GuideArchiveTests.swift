import Foundation
import Support
import Testing
import TestSupport
@testable import Club

/// A guide taken offline as a ZIP archive and read back into another database.
@Suite struct GuideArchiveTests {
    /// A guide with everything an archive carries, in `club`.
    private static func richGuide(_ club: ScratchClub) throws -> (Guides, ActingUser) {
        let guides = Guides(store: club.store)
        let alice = try club.user("alice"), bob = try club.user("bob")
        try guides.create(alice, name: "Bilbao", country: "Spain", description: "Rain, pintxos and a cathedral of football.")
        try guides.setPicture(alice, "Bilbao", .cover, TestImages.jpeg(claimingWidth: 64, height: 48))
        try guides.setPicture(alice, "Bilbao", .transitMap, TestImages.png(claimingWidth: 90, height: 60))
        let ground = try guides.addPlace(alice, to: "Bilbao", PlaceFields(
            name: "San Mamés", description: "The cathedral.", category: .ground, openingHours: "Mo-Fr 09:00-14:00; Su off",
            priceRange: "€€", address: "Raimundo Pérez Lezama", latitude: 43.2641, longitude: -2.9494),
            picture: TestImages.png(claimingWidth: 40, height: 30))
        let museum = try guides.addPlace(alice, to: "Bilbao", PlaceFields(name: "Guggenheim", category: .sight,
                                                                          latitude: 43.2687, longitude: -2.9340))
        try guides.createItinerary(alice, in: "Bilbao", name: "Match weekend", days: 3, description: "Two days and a match",
                                   stops: [[museum.id, ground.id], [], [ground.id]])
        try guides.addPhoto(bob, to: "Bilbao", place: ground.id, TestImages.png(claimingWidth: 41, height: 30), caption: "Kick-off")
        try guides.addPhoto(bob, to: "Bilbao", TestImages.png(claimingWidth: 42, height: 30))
        try guides.comment(bob, on: ground.id, title: "Go early", text: "The bars fill up")
        try guides.vote(bob, .place(ground.id))
        return (guides, alice)
    }

    /// What must survive a round trip: everything but ids, authors, scores and comments.
    private static func content(_ archive: GuideArchive) -> String {
        var manifest = archive.manifest
        let names = Dictionary(manifest.places.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        manifest.guide.score = 0
        manifest.places = manifest.places.map {
            var place = $0
            place.id = 0; place.author = nil; place.score = 0; place.comments = []
            return place
        }
        let itineraries = manifest.itineraries.map { "\($0.name) \($0.days) \($0.description ?? "") \($0.stops.map { $0.map { names[$0] ?? "?" } })" }
        let photos = manifest.photos.map { "\($0.file) \($0.place.flatMap { names[$0] } ?? "guide") \($0.caption ?? "")" }
        manifest.itineraries = []
        manifest.photos = []
        return "\(manifest)\n\(itineraries)\n\(photos)\n\(archive.files.keys.sorted())"
    }

    @Test func anArchiveReadsBackIntoAnotherDatabaseWithoutLoss() throws {
        let source = try ScratchClub()
        let (guides, _) = try Self.richGuide(source)
        let exported = try guides.export(nil, "Bilbao")
        #expect(exported.manifest.places.map(\.name) == ["Guggenheim", "San Mamés"])
        #expect(exported.manifest.places[1].comments.map(\.title) == ["Go early"] && exported.manifest.places[1].score == 1)
        #expect(exported.files.count == 5)
        let zip = try exported.zip()
        #expect(try exported.zip() == zip, "the same guide makes the same bytes")

        let target = try ScratchClub()
        let carol = try target.user("carol")
        let read = try GuideArchive(zip: zip, source: "bilbao.zip")
        #expect(read == exported)
        let imported = try Guides(store: target.store).importGuide(carol, read)
        #expect(imported.owner == "carol" && imported.places == 2 && imported.itineraries == 1 && imported.photos == 2)
        #expect(imported.hasCover && imported.hasTransitMap && imported.score == 0)
        let again = try Guides(store: target.store).export(carol, "Bilbao")
        #expect(Self.content(again) == Self.content(exported))
        #expect(again.files == exported.files)
        // Importing is an offline copy of the importer's: nothing is "not yet downloaded".
        #expect(try Guides(store: target.store).places(carol, in: "Bilbao", order: .notDownloaded).items.isEmpty)
    }

    /// `exported`'s archive with `change` made to its manifest and files.
    private static func tampered(_ exported: GuideArchive, _ change: (inout GuideArchive) -> Void) throws -> Data {
        var archive = exported
        change(&archive)
        return try archive.zip()
    }

    @Test func aBadArchiveIsRefusedWholeNamingWhatIsWrong() throws {
        let source = try ScratchClub()
        let (guides, _) = try Self.richGuide(source)
        let exported = try guides.export(nil, "Bilbao")
        let picture = try #require(exported.manifest.places[1].picture)
        let cases: [(String, (inout GuideArchive) -> Void, String)] = [
            ("a missing image", { $0.files[picture] = nil }, "places[1].picture names \(picture), which is missing from the archive"),
            ("a newer version", { $0.manifest.version = 2 }, "guide.json: version 2 is not one this touchline reads (1)"),
            ("another format", { $0.manifest.format = "touchline-album" }, "guide.json: format is 'touchline-album'"),
            ("a path out of the folder", { $0.manifest.places[1].picture = "../../etc/passwd" },
             "guide.json: places[1].picture: '../../etc/passwd' leaves the archive"),
            ("an absolute path", { $0.manifest.guide.cover = "/etc/passwd" }, "guide.json: guide.cover: '/etc/passwd' leaves the archive"),
            ("an image that is not one", { $0.files[picture] = Data("GIF89a".utf8) }, "places[1].picture:"),
            ("a stop at a place not in it", { $0.manifest.itineraries[0].stops[0].append(999) },
             "guide.json: itineraries[0].stops[0]: no place 999 in the archive"),
        ]
        for (what, change, message) in cases {
            let zip = try Self.tampered(exported, change)
            do {
                _ = try GuideArchive(zip: zip, source: "bilbao.zip")
                Issue.record("\(what) was read")
            } catch let error as GuideArchiveError {
                #expect(error.message.hasPrefix("bilbao.zip: " + message), "\(what): \(error.message)")
                #expect(!error.message.contains("\n"))
            }
        }
        #expect(throws: GuideArchiveError.self) { try GuideArchive(zip: Data("not a zip".utf8), source: "x.zip") }
        let manifestless = try StoredArchive.make([("images/a.png", TestImages.png(claimingWidth: 4, height: 4))])
        #expect(throws: GuideArchiveError(message: "x.zip: no guide.json: not a guide archive")) {
            try GuideArchive(zip: manifestless, source: "x.zip")
        }
        let broken = try StoredArchive.make([("guide.json", Data("{\"format\": \"touchline-guide\", \"version\": 1, \"guide\": 3}".utf8))])
        #expect(throws: GuideArchiveError(message: "x.zip: guide.json: guide: expected an object")) {
            try GuideArchive(zip: broken, source: "x.zip")
        }
        let escaping = try StoredArchive.make([("../guide.json", Data("{}".utf8))])
        #expect(throws: GuideArchiveError.self) { try GuideArchive(zip: escaping, source: "x.zip") }
    }

    @Test func anImportThatFailsWritesNothing() throws {
        let source = try ScratchClub()
        let (guides, _) = try Self.richGuide(source)
        var archive = try guides.export(nil, "Bilbao")
        let target = try ScratchClub()
        let carol = try target.user("carol")
        try Guides(store: target.store).create(carol, name: "Other", country: "Spain")
        let before = try StoredRows(target.store)
        archive.manifest.places[1].openingHours = "Mo-Fr 09:00-25:00:00"
        #expect(throws: ClubError.self) { try Guides(store: target.store).importGuide(carol, archive) }
        archive = try guides.export(nil, "Bilbao")
        archive.manifest.places[0].latitude = .infinity
        do {
            try Guides(store: target.store).importGuide(carol, archive)
            Issue.record("an infinite latitude was imported")
        } catch let ClubError.invalid(field, _) {
            #expect(field == "places[0].latitude")
        }
        #expect(throws: ClubError.duplicate(field: "guide name", value: "OTHER")) {
            try Guides(store: target.store).importGuide(carol, try guides.export(nil, "Bilbao"), name: "OTHER")
        }
        #expect(try StoredRows(target.store) == before)
    }
}
