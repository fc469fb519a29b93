import Foundation
import Routes
import Testing
import TestSupport
@testable import Club

/// City guides: places, itineraries, photos, votes and comments, with their permissions.
@Suite struct GuidesTests {
    /// A club with a guide "Bilbao" owned by alice, bob an editor of it, carol a plain user.
    final class Trip {
        let club: ScratchClub
        let guides: Guides
        let alice: ActingUser, bob: ActingUser, carol: ActingUser
        let bilbao: GuideInfo

        init() throws {
            club = try ScratchClub()
            guides = Guides(store: club.store)
            alice = try club.user("alice")
            bob = try club.user("bob")
            carol = try club.user("carol")
            bilbao = try guides.create(alice, name: "Bilbao", country: "Spain")
            _ = try guides.addEditor(alice, .id(bilbao.id), "bob")
        }

        @discardableResult
        func place(_ name: String, _ latitude: Double, _ longitude: Double, in guide: GuideReference? = nil,
                   by actor: ActingUser? = nil, category: PlaceCategory = .sight) throws -> PlaceInfo {
            try guides.addPlace(actor ?? alice, to: guide ?? .id(bilbao.id),
                                PlaceFields(name: name, category: category, latitude: latitude, longitude: longitude))
        }
    }

    @Test func aGuideNameIsUniqueIgnoringCaseAndAccents() throws {
        let trip = try Trip()
        _ = try trip.guides.create(trip.carol, name: "Málaga", country: "Spain")
        #expect(throws: ClubError.duplicate(field: "guide name", value: "MALAGA")) {
            try trip.guides.create(trip.bob, name: "MALAGA", country: "Spain")
        }
        #expect(try trip.guides.show(nil, .name("malaga")).name == "Málaga")
        #expect(try trip.guides.list(nil, search: "ALAG").items.map(\.name) == ["Málaga"])
    }

    @Test func aPlaceKeepsItsHoursInCanonicalFormAndRefusesBadOnesNamingTheRule() throws {
        let trip = try Trip()
        let place = try trip.guides.addPlace(trip.alice, to: "bilbao", PlaceFields(
            name: "San Mamés", category: .ground, openingHours: "Mo-Fr 09:00-14:00,16:00-20:00;Sa 10:00-14:00; Su off",
            priceRange: "€€", latitude: 43.2641, longitude: -2.9494))
        #expect(place.openingHours == "Mo-Fr 09:00-14:00,16:00-20:00; Sa 10:00-14:00; Su off")
        #expect(place.category == .ground && place.priceRange == "€€" && place.author == "alice" && place.score == 0)
        let before = try StoredRows(trip.club.store)
        do {
            _ = try trip.guides.addPlace(trip.alice, to: "bilbao", PlaceFields(
                name: "Café", openingHours: "Mo-Fr 09:00-14:00; Xx 10:00-12:00", latitude: 43.26, longitude: -2.93))
            Issue.record("bad hours were taken")
        } catch let ClubError.invalid(field, message) {
            #expect(field == "hours")
            #expect(message.contains("rule 2") && message.contains("Xx"), "\(message)")
        }
        #expect(try StoredRows(trip.club.store) == before)
    }

    @Test(arguments: [(91.0, 0.0, "latitude"), (-90.5, 0.0, "latitude"), (0, 180.5, "longitude"), (.nan, 0, "latitude"),
                      (0, .infinity, "longitude"), (1e308, 0, "latitude")])
    func coordinatesOutOfRangeAreRefusedByName(_ row: (Double, Double, String)) throws {
        let trip = try Trip()
        let before = try StoredRows(trip.club.store)
        do {
            try trip.place("Nowhere", row.0, row.1)
            Issue.record("\(row) was taken")
        } catch let ClubError.invalid(field, _) {
            #expect(field == row.2)
        }
        #expect(try StoredRows(trip.club.store) == before)
    }

    @Test func onlyTheOwnerAndEditorsChangeAGuidesPlaces() throws {
        let trip = try Trip()
        let place = try trip.place("Guggenheim", 43.2687, -2.9340, by: trip.bob)
        #expect(place.author == "bob")
        #expect(throws: ClubError.self) { try trip.place("Café Iruña", 43.2626, -2.9290, by: trip.carol) }
        #expect(throws: ClubError.permissionDenied("only the owner and editors of 'Bilbao' may do that")) {
            try trip.guides.editPlace(trip.carol, place.id, PlaceFields(priceRange: "free"))
        }
        #expect(throws: ClubError.permissionDenied("only the owner and editors of 'Bilbao' may do that")) {
            try trip.guides.deletePlace(trip.carol, place.id)
        }
        #expect(throws: ClubError.permissionDenied("only the owner of 'Bilbao' may do that")) {
            try trip.guides.addEditor(trip.bob, "Bilbao", "carol")
        }
        #expect(throws: ClubError.permissionDenied("only the owner of 'Bilbao' may do that")) {
            try trip.guides.delete(trip.bob, "Bilbao")
        }
        #expect(try trip.guides.editPlace(trip.bob, place.id, PlaceFields(priceRange: "free")).priceRange == "free")
        #expect(try trip.guides.show(trip.bob, "Bilbao").canEdit)
        #expect(try !trip.guides.show(trip.carol, "Bilbao").canEdit)
        _ = try trip.guides.removeEditor(trip.bob, "Bilbao", "bob")
        #expect(throws: ClubError.self) { try trip.guides.deletePlace(trip.bob, place.id) }
        try trip.guides.deletePlace(trip.alice, place.id)
        #expect(try trip.guides.show(nil, "Bilbao").places == 0)
    }

    @Test func placesNearAPointComeNearestFirstWithinTheRadiusPageByPage() throws {
        let trip = try Trip()
        let madrid = try trip.guides.create(trip.alice, name: "Madrid", country: "Spain")
        let points: [(String, Double, Double)] = [("Guggenheim", 43.2687, -2.9340), ("San Mamés", 43.2641, -2.9494),
                                                  ("Arriaga", 43.2590, -2.9235), ("Getxo beach", 43.3440, -3.0100),
                                                  ("Durango", 43.1700, -2.6300), ("Bernabéu", 40.4531, -3.6883)]
        for (name, latitude, longitude) in points {
            try trip.place(name, latitude, longitude, in: name == "Bernabéu" ? .id(madrid.id) : nil)
        }
        let here = GeoPoint(latitude: 43.263, longitude: -2.935)
        var seen: [PlaceInfo] = []
        var cursor: String?
        repeat {
            let page = try trip.guides.near(nil, here, within: 12, after: cursor, limit: 2)
            seen += page.items
            cursor = page.next
        } while cursor != nil
        // Within 12 km: the three in town and Getxo (about 11 km); not Durango (27 km) nor Madrid.
        #expect(seen.map(\.name) == ["Guggenheim", "Arriaga", "San Mamés", "Getxo beach"])
        for place in seen {
            let distance = Geodesic.distance(here, GeoPoint(latitude: place.latitude, longitude: place.longitude))
            #expect(abs((place.distanceMeters ?? -1) - distance) < 1e-6)
        }
        #expect(try trip.guides.near(nil, here, within: 20_000).items.count == points.count)
        #expect(try trip.guides.near(nil, here, within: 20_000, guide: .id(madrid.id)).items.map(\.name) == ["Bernabéu"])
        #expect(throws: ClubError.self) { try trip.guides.near(nil, here, within: .nan) }
        #expect(throws: ClubError.self) { try trip.guides.near(nil, here, within: 0) }
        #expect(throws: ClubError.self) { try trip.guides.near(nil, here, within: 1e308) }
        let other = try trip.guides.near(nil, GeoPoint(latitude: 40, longitude: -3), within: 1_000, limit: 1).next
        #expect(throws: ClubError.self) { try trip.guides.near(nil, here, within: 12, after: other) }
    }

    @Test func theSearchNearAPointReadsThePositionIndexNotEveryPlace() throws {
        let trip = try Trip()
        let plan = try trip.club.store.read { db -> String in
            switch db.dialect {
            case .sqlite:
                return try db.fetchAll("EXPLAIN QUERY PLAN SELECT id, latitude, longitude FROM place "
                                       + "WHERE latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ?", [43.0, 43.5, -3.0, -2.5])
                    .map { try $0("detail") as String }.joined(separator: "\n")
            case .postgres:
                _ = try db.execute("SET LOCAL enable_seqscan = off")
                return try db.fetchAll("EXPLAIN SELECT id, latitude, longitude FROM place "
                                       + "WHERE latitude BETWEEN $1 AND $2 AND longitude BETWEEN $3 AND $4", [43.0, 43.5, -3.0, -2.5])
                    .map { try $0("QUERY PLAN") as String }.joined(separator: "\n")
            }
        }
        #expect(plan.contains("place_position"), "\(plan)")
    }

    @Test func aVoteCountsOnceAndScoresRollUpFromPhotosToPlacesToGuides() throws {
        let trip = try Trip()
        let ground = try trip.place("San Mamés", 43.2641, -2.9494, category: .ground)
        let museum = try trip.place("Guggenheim", 43.2687, -2.9340)
        let photo = try trip.guides.addPhoto(trip.carol, to: "Bilbao", place: ground.id, TestImages.png(claimingWidth: 40, height: 30))
        let cityPhoto = try trip.guides.addPhoto(trip.carol, to: "Bilbao", TestImages.png(claimingWidth: 41, height: 30))
        let weekend = try trip.guides.createItinerary(trip.alice, in: "Bilbao", name: "Weekend", days: 2,
                                                      stops: [[ground.id, museum.id], [museum.id]])
        #expect(try trip.guides.vote(trip.bob, .place(ground.id)) == 1)
        #expect(try trip.guides.vote(trip.carol, .place(ground.id)) == 2)
        #expect(try trip.guides.vote(trip.bob, .photo(photo.id)) == 1)
        #expect(try trip.guides.vote(trip.bob, .photo(cityPhoto.id)) == 1)
        #expect(try trip.guides.vote(trip.alice, .itinerary(weekend.id)) == 1)
        #expect(throws: ClubError.self) { try trip.guides.vote(trip.bob, .place(ground.id)) }
        #expect(throws: ClubError.notFound(kind: "place", reference: "999")) { try trip.guides.vote(trip.bob, .place(999)) }

        // A place's score is its votes and its photos'; a guide's, every vote in it.
        #expect(try trip.guides.place(trip.bob, ground.id).score == 3)
        #expect(try trip.guides.place(trip.bob, ground.id).voted)
        #expect(try !trip.guides.place(trip.alice, ground.id).voted)
        #expect(try trip.guides.place(nil, museum.id).score == 0)
        #expect(try trip.guides.itinerary(nil, weekend.id).score == 1)
        let card = try trip.guides.show(nil, "Bilbao")
        #expect(card.score == 5 && card.places == 2 && card.photos == 2 && card.itineraries == 1)
        #expect(try trip.guides.places(nil, in: "Bilbao", order: .score).items.map(\.name) == ["San Mamés", "Guggenheim"])
        #expect(try trip.guides.places(nil, in: "Bilbao", order: .name).items.map(\.name) == ["Guggenheim", "San Mamés"])

        // Taking a vote back, deleting a photo: the scores are counted again, never stored.
        #expect(try trip.guides.unvote(trip.bob, .place(ground.id)) == 2)
        #expect(throws: ClubError.self) { try trip.guides.unvote(trip.bob, .place(ground.id)) }
        try trip.guides.deletePhoto(trip.carol, photo.id)
        #expect(try trip.guides.place(nil, ground.id).score == 1)
        #expect(try trip.guides.show(nil, "Bilbao").score == 3)
        #expect(try trip.guides.show(nil, "Bilbao").photos == 1)
    }

    /// Votes arriving at once, on either store: each user's counts once; a second press is
    /// "voted already", never a failure of the store.
    @Test func votesAtOnceAreEachCountedOnce() throws {
        let trip = try Trip()
        let ground = try trip.place("San Mamés", 43.2641, -2.9494)
        let fans = try (0..<6).map { try trip.club.user("fan\($0)") }
        let failures = Failures()
        let guides = trip.guides
        DispatchQueue.concurrentPerform(iterations: 12) { index in
            do {
                _ = try guides.vote(fans[index % 6], .place(ground.id))
            } catch ClubError.conflict(field: "vote", _) {
                // the same fan's other press
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures.all.isEmpty)
        #expect(try trip.guides.place(nil, ground.id).score == 6)
        #expect(try trip.club.count("guideVote") == 6)
    }

    @Test func theTopGuidesAreTheMostVotedTiesByName() throws {
        let trip = try Trip()
        let names = ["Valencia", "Sevilla", "Cádiz", "Vigo", "Oviedo", "Girona"]
        for (index, name) in names.enumerated() {
            let guide = try trip.guides.create(trip.alice, name: name, country: "Spain")
            let place = try trip.place("Ground", 40, Double(index), in: .id(guide.id))
            for voter in [trip.alice, trip.bob, trip.carol].prefix(index % 3) { try trip.guides.vote(voter, .place(place.id)) }
        }
        // Two votes each for Cádiz and Girona (by name, accents folded), one for Oviedo and Sevilla, none for the rest.
        #expect(try trip.guides.top(nil).map(\.name) == ["Cádiz", "Girona", "Oviedo", "Sevilla", "Bilbao"])
        #expect(try trip.guides.top(nil, limit: 100).count == 7)
    }

    @Test func anItineraryVisitsItsOwnGuidesPlacesOnly() throws {
        let trip = try Trip()
        let ground = try trip.place("San Mamés", 43.2641, -2.9494)
        let madrid = try trip.guides.create(trip.alice, name: "Madrid", country: "Spain")
        let bernabeu = try trip.place("Bernabéu", 40.4531, -3.6883, in: .id(madrid.id))
        let before = try StoredRows(trip.club.store)
        #expect(throws: ClubError.invalid(field: "stops", message: "day 2: place \(bernabeu.id) ('Bernabéu') is not in 'Bilbao': "
                                          + "an itinerary visits its own guide's places")) {
            try trip.guides.createItinerary(trip.alice, in: "Bilbao", name: "Weekend", days: 2, stops: [[ground.id], [bernabeu.id]])
        }
        #expect(throws: ClubError.self) {
            try trip.guides.createItinerary(trip.alice, in: "Bilbao", name: "Weekend", days: 1, stops: [[ground.id], [ground.id]])
        }
        #expect(throws: ClubError.self) { try trip.guides.createItinerary(trip.alice, in: "Bilbao", name: "Long", days: 31) }
        #expect(throws: ClubError.self) { try trip.guides.createItinerary(trip.carol, in: "Bilbao", name: "Mine", days: 1) }
        #expect(try StoredRows(trip.club.store) == before)

        // The schema holds the rule too: a stop's place and itinerary share one guide.
        let itinerary = try trip.guides.createItinerary(trip.alice, in: "Bilbao", name: "Weekend", days: 1, stops: [[ground.id]])
        #expect(throws: (any Error).self) {
            try trip.club.store.write { db in
                try db.execute("INSERT INTO itineraryStop (itineraryId, guideId, day, position, placeId) VALUES (?, ?, 1, 2, ?)",
                               [itinerary.id, trip.bilbao.id, bernabeu.id])
            }
        }
        // A deleted place leaves the itinerary's days.
        try trip.guides.deletePlace(trip.alice, ground.id)
        #expect(try trip.guides.itinerary(nil, itinerary.id).stops == [[]])
    }

    @Test func photosArePNGOrJPEGOfBoundedSizeOnceAGuide() throws {
        let trip = try Trip()
        let before = try StoredRows(trip.club.store)
        #expect(throws: ClubError.self) { try trip.guides.addPhoto(trip.carol, to: "Bilbao", Data("GIF89a....".utf8)) }
        #expect(throws: ClubError.self) {
            try trip.guides.addPhoto(trip.carol, to: "Bilbao", TestImages.png(claimingWidth: 9_000, height: 100))
        }
        #expect(throws: ClubError.self) {
            try trip.guides.addPhoto(trip.carol, to: "Bilbao", Data(count: Guides.pictureMaximumBytes + 1))
        }
        #expect(try StoredRows(trip.club.store) == before)
        let png = TestImages.png(claimingWidth: 40, height: 30)
        let photo = try trip.guides.addPhoto(trip.carol, to: "Bilbao", png, caption: "The river")
        #expect(photo.mediaType == "image/png" && photo.width == 40 && photo.author == "carol")
        #expect(try trip.guides.photo(photo.id).data == png)
        #expect(throws: ClubError.duplicate(field: "photo in 'Bilbao'", value: "photo \(photo.id)")) {
            try trip.guides.addPhoto(trip.bob, to: "Bilbao", png)
        }
        let dave = try trip.club.user("dave")
        #expect(throws: ClubError.permissionDenied("only its author and the guide's owner and editors delete a photo")) {
            try trip.guides.deletePhoto(dave, photo.id)
        }
        try trip.guides.deletePhoto(trip.bob, photo.id)
        #expect(try trip.guides.show(nil, "Bilbao").photos == 0)
    }

    @Test func commentsAreNewestFirstAndDeletedByTheirAuthorOrTheGuidesEditors() throws {
        let trip = try Trip()
        let ground = try trip.place("San Mamés", 43.2641, -2.9494)
        let dave = try trip.club.user("dave")
        var ids: [Int64] = []
        for index in 1...3 {
            ids.append(try trip.guides.comment(trip.carol, on: ground.id, title: "Visit \(index)", text: "Great").id)
        }
        let first = try trip.guides.comments(nil, on: ground.id, limit: 2)
        #expect(first.items.map(\.id) == [ids[2], ids[1]])
        #expect(try trip.guides.comments(nil, on: ground.id, after: first.next).items.map(\.id) == [ids[0]])
        #expect(try trip.guides.place(nil, ground.id).comments == 3)
        #expect(throws: ClubError.self) { try trip.guides.deleteComment(dave, ids[0]) }
        try trip.guides.deleteComment(trip.carol, ids[0])
        try trip.guides.deleteComment(trip.bob, ids[1])
        #expect(try trip.guides.comments(nil, on: ground.id).items.map(\.id) == [ids[2]])
        #expect(throws: ClubError.self) { try trip.guides.comment(trip.carol, on: ground.id, title: " ", text: "x") }
    }

    @Test func aPrivateProfilesVotesAreForItsFollowersAlone() throws {
        let trip = try Trip()
        let ground = try trip.place("San Mamés", 43.2641, -2.9494)
        try trip.guides.vote(trip.carol, .place(ground.id))
        #expect(try trip.guides.votes(nil, of: "carol").items.map(\.name) == ["San Mamés"])
        _ = try trip.club.accounts.editProfile(trip.carol, ProfileChanges(isPrivate: true))
        #expect(throws: ClubError.self) { try trip.guides.votes(nil, of: "carol") }
        #expect(throws: ClubError.self) { try trip.guides.votes(trip.bob, of: "carol") }
        #expect(try trip.guides.votes(trip.carol, of: "carol").items.count == 1)
        let follows = Follows(store: trip.club.store)
        _ = try follows.follow(trip.bob, "carol")
        try follows.accept(trip.carol, "bob")
        #expect(try trip.guides.votes(trip.bob, of: "carol").items.map(\.kind) == ["place"])
    }

    @Test func notYetDownloadedListsWhatChangedSinceTheLastExport() throws {
        let trip = try Trip()
        try trip.place("San Mamés", 43.2641, -2.9494)
        try trip.place("Guggenheim", 43.2687, -2.9340)
        #expect(try trip.guides.places(trip.carol, in: "Bilbao", order: .notDownloaded).items.count == 2)
        try trip.guides.recordDownload(trip.carol, "Bilbao")
        #expect(try trip.guides.places(trip.carol, in: "Bilbao", order: .notDownloaded).items.isEmpty)
        #expect(try trip.guides.places(trip.bob, in: "Bilbao", order: .notDownloaded).items.count == 2)
        Thread.sleep(forTimeInterval: 0.01)
        try trip.place("Arriaga", 43.2590, -2.9235)
        #expect(try trip.guides.places(trip.carol, in: "Bilbao", order: .notDownloaded).items.map(\.name) == ["Arriaga"])
    }

    @Test func anOwnersGuidesPassToTheirEditorWhenTheAccountGoes() throws {
        let trip = try Trip()
        let lonely = try trip.guides.create(trip.alice, name: "Oviedo", country: "Spain")
        let ground = try trip.place("San Mamés", 43.2641, -2.9494)
        try trip.club.accounts.delete(trip.alice, currentPassword: "alice-password")
        let card = try trip.guides.show(nil, "Bilbao")
        #expect(card.owner == "bob" && card.editors.isEmpty)
        #expect(try trip.guides.place(nil, ground.id).author == nil)
        #expect(throws: ClubError.notFound(kind: "guide", reference: String(lonely.id))) { try trip.guides.show(nil, .id(lonely.id)) }
    }
}
