import Foundation
import Testing
import Routes
@testable import Club

/// A short track starting at `latitude`, `longitude`, heading north about 111 m.
private func track(_ latitude: Double, _ longitude: Double, name: String? = nil) -> RouteDocument {
    RouteDocument(name: name, tracks: [Track(segments: [[
        GeoPoint(latitude: latitude, longitude: longitude, elevation: 10, time: Date(timeIntervalSince1970: 1_700_000_000)),
        GeoPoint(latitude: latitude + 0.001, longitude: longitude, elevation: 12, time: Date(timeIntervalSince1970: 1_700_000_060)),
    ]])])
}

@Suite struct StoredRoutesTests {
    @Test func addShowAndTheSummary() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let routes = StoredRoutes(store: club.store)
        let document = track(43.263, -2.935, name: "Bilbao")
        let summary = try routes.add(alice, document: document, name: "  Ría walk ", category: "walk", note: "windy",
                                     heartRate: 120)
        #expect(summary.name == "Ría walk")
        #expect(summary.category == "walk")
        #expect(summary.note == "windy")
        #expect(summary.heartRate == 120)
        #expect(summary.startLatitude == 43.263 && summary.startLongitude == -2.935)
        #expect(abs(summary.distanceMeters - 111.1) < 1)
        #expect(summary.pointCount == 2)
        #expect(summary.distanceFromMeters == nil)
        let (shown, stored) = try routes.show(alice, summary.id)
        #expect(shown == summary)
        #expect(stored == document)
    }

    @Test func routesArePersonal() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let bob = try club.user("bob")
        let routes = StoredRoutes(store: club.store)
        let route = try routes.add(alice, document: track(40, -3), name: "Alice's")
        #expect(try routes.list(bob).isEmpty)
        #expect(throws: ClubError.notFound(kind: "route", reference: String(route.id))) { try routes.show(bob, route.id) }
        #expect(throws: ClubError.notFound(kind: "route", reference: String(route.id))) { try routes.delete(bob, route.id) }
        #expect(try routes.list(alice).map(\.id) == [route.id])
        #expect(throws: ClubError.notFound(kind: "route", reference: "999")) { try routes.show(alice, 999) }
    }

    @Test func nearestFirstWithTiesByIDAndNewestFirstWithout() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let routes = StoredRoutes(store: club.store)
        let madrid = try routes.add(alice, document: track(40.4168, -3.7038), name: "Madrid")
        let bilbao = try routes.add(alice, document: track(43.2630, -2.9350), name: "Bilbao")
        let sevilla = try routes.add(alice, document: track(37.3891, -5.9845), name: "Sevilla")
        let bilbaoAgain = try routes.add(alice, document: track(43.2630, -2.9350), name: "Bilbao again")
        // From San Sebastián: Bilbao (~80 km, twice, by id), Madrid (~380 km), Sevilla (~780 km).
        let near = try routes.list(alice, near: GeoPoint(latitude: 43.3183, longitude: -1.9812))
        #expect(near.map(\.id) == [bilbao.id, bilbaoAgain.id, madrid.id, sevilla.id])
        let distances = near.compactMap(\.distanceFromMeters)
        #expect(distances.count == 4)
        #expect(distances == distances.sorted())
        #expect((70_000...90_000).contains(distances[0]))
        #expect((350_000...420_000).contains(distances[2]))
        // From Seville itself: zero first.
        let fromSevilla = try routes.list(alice, near: GeoPoint(latitude: 37.3891, longitude: -5.9845))
        #expect(fromSevilla.first?.id == sevilla.id)
        #expect(fromSevilla.first?.distanceFromMeters == 0)
        // Without a point: newest first.
        #expect(try routes.list(alice).map(\.id) == [bilbaoAgain.id, sevilla.id, bilbao.id, madrid.id])
    }

    @Test func heartRateAndTextBounds() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let routes = StoredRoutes(store: club.store)
        #expect(try routes.add(alice, document: track(1, 1), name: "zero", heartRate: 0).heartRate == 0)
        #expect(try routes.add(alice, document: track(1, 1), name: "max", heartRate: 250).heartRate == 250)
        for bad in [-1, 251, 300] {
            #expect(throws: ClubError.invalid(field: "heart rate", message: "\(bad) is not a heart rate from 0 to 250 bpm")) {
                try routes.add(alice, document: track(1, 1), name: "bad", heartRate: bad)
            }
        }
        #expect(throws: ClubError.invalid(field: "name", message: "must not be empty")) {
            try routes.add(alice, document: track(1, 1), name: "  ")
        }
        #expect(throws: ClubError.invalid(field: "name", message: "must be at most 100 characters")) {
            try routes.add(alice, document: track(1, 1), name: String(repeating: "n", count: 101))
        }
        #expect(throws: ClubError.invalid(field: "category", message: "must be at most 50 characters")) {
            try routes.add(alice, document: track(1, 1), name: "c", category: String(repeating: "c", count: 51))
        }
        #expect(throws: ClubError.invalid(field: "note", message: "must be at most 2000 characters")) {
            try routes.add(alice, document: track(1, 1), name: "n", note: String(repeating: "x", count: 2001))
        }
        #expect(throws: ClubError.invalid(field: "document", message: "has no points")) {
            try routes.add(alice, document: RouteDocument(), name: "empty")
        }
        #expect(try club.count("route") == 2)
    }

    @Test func deleteAndAccountDeletionCascades() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let bob = try club.user("bob")
        let routes = StoredRoutes(store: club.store)
        let first = try routes.add(alice, document: track(1, 1), name: "one")
        try routes.add(alice, document: track(2, 2), name: "two")
        try routes.add(bob, document: track(3, 3), name: "bob's")
        try routes.delete(alice, first.id)
        #expect(throws: ClubError.notFound(kind: "route", reference: String(first.id))) { try routes.delete(alice, first.id) }
        #expect(try routes.list(alice).map(\.name) == ["two"])
        try club.accounts.delete(alice, currentPassword: "alice-password")
        #expect(try club.count("route") == 1)
        #expect(try routes.list(bob).map(\.name) == ["bob's"])
    }
}
