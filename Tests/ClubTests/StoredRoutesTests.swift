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

    /// Every page of a listing, following `next` until the last.
    private func pages(_ routes: StoredRoutes, _ actor: ActingUser, near: GeoPoint?, limit: Int) throws -> [RoutePage] {
        var pages = [try routes.list(actor, near: near, after: nil, limit: limit)]
        while let next = pages.last?.next {
            let cursor = try #require(RouteCursor(text: next))
            #expect(cursor.text == next)
            pages.append(try routes.list(actor, near: near, after: cursor, limit: limit))
            #expect(pages.count < 20)
        }
        return pages
    }

    @Test func pagesWalkTheWholeListingInItsOrderWithoutGapsOrRepeats() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let bob = try club.user("bob")
        let routes = StoredRoutes(store: club.store)
        // Seven routes, three of them created in the same millisecond and two starting at the
        // same place, so that both orders have ties to cross a page boundary with.
        for (index, (latitude, longitude)) in [(40.4168, -3.7038), (43.2630, -2.9350), (37.3891, -5.9845),
                                               (43.2630, -2.9350), (41.6488, -0.8891), (41.6523, -4.7245),
                                               (39.4699, -0.3763)].enumerated() {
            try routes.add(alice, document: track(latitude, longitude), name: "route \(index + 1)")
        }
        try routes.add(bob, document: track(43.2630, -2.9350), name: "bob's")
        try club.store.write { db in
            try db.execute("UPDATE route SET createdAt = ? WHERE name IN ('route 3', 'route 4', 'route 5')",
                           [Date(timeIntervalSince1970: 1_714_557_600)])
        }
        let sanSebastian = GeoPoint(latitude: 43.3183, longitude: -1.9812)
        for near in [nil, sanSebastian] {
            let whole = try routes.list(alice, near: near)
            for limit in [1, 2, 3, 7, 100] {
                let pages = try pages(routes, alice, near: near, limit: limit)
                #expect(pages.flatMap(\.items) == whole, "limit \(limit), near \(String(describing: near))")
                #expect(pages.count == (whole.count + limit - 1) / limit)
                #expect(pages.last?.next == nil)
            }
        }
        // The ties are where they should be: the same millisecond by id, the same place by id.
        #expect(try routes.list(alice).map(\.name).prefix(3) == ["route 7", "route 6", "route 2"])
        let near = try routes.list(alice, near: sanSebastian).map(\.name)
        #expect(near.prefix(2) == ["route 2", "route 4"])
        // Bob's page has only his route.
        #expect(try routes.list(bob, near: nil, after: nil, limit: 10).items.map(\.name) == ["bob's"])
    }

    @Test func aCursorOnlyContinuesTheListingThatGaveIt() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let routes = StoredRoutes(store: club.store)
        for latitude in [40.0, 41.0, 42.0] { try routes.add(alice, document: track(latitude, -3), name: "r\(latitude)") }
        let here = GeoPoint(latitude: 40, longitude: -3)
        let newest = try #require(try routes.list(alice, near: nil, after: nil, limit: 1).next.flatMap(RouteCursor.init(text:)))
        let nearest = try #require(try routes.list(alice, near: here, after: nil, limit: 1).next.flatMap(RouteCursor.init(text:)))
        #expect(throws: ClubError.invalid(field: "after", message: "the cursor is from routes listed without a point; leave near out")) {
            try routes.list(alice, near: here, after: newest, limit: 1)
        }
        #expect(throws: ClubError.invalid(field: "after", message: "the cursor is from routes listed near a point; give the same near")) {
            try routes.list(alice, near: nil, after: nearest, limit: 1)
        }
        #expect(throws: ClubError.invalid(field: "after", message: "the cursor is from routes listed near another point; give the same near")) {
            try routes.list(alice, near: GeoPoint(latitude: 40, longitude: -3.5), after: nearest, limit: 1)
        }
        // A deleted route's cursor still gives the routes after it.
        let first = try routes.list(alice, near: nil, after: nil, limit: 1)
        try routes.delete(alice, first.items[0].id)
        #expect(try routes.list(alice, near: nil, after: newest, limit: 5).items.map(\.name) == ["r41.0", "r40.0"])
        // Limits are brought into 1...100.
        #expect(try routes.list(alice, near: here, after: nil, limit: 0).items.count == 1)
        // Text no listing gave is not a cursor.
        for text in ["", "abc", "cjF8dHwxfA", "YzEuNDI", String(repeating: "A", count: 300)] {
            #expect(RouteCursor(text: text) == nil, "\(text)")
        }
    }

    @Test func theSummaryAloneAndTheNameOfAnImportedFile() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let bob = try club.user("bob")
        let routes = StoredRoutes(store: club.store)
        let route = try routes.add(alice, document: track(40, -3), name: "Alice's")
        #expect(try routes.summary(alice, route.id) == route)
        #expect(throws: ClubError.notFound(kind: "route", reference: String(route.id))) { try routes.summary(bob, route.id) }
        #expect(StoredRoutes.name("Given", of: track(1, 1, name: "Own"), otherwise: "file") == "Given")
        #expect(StoredRoutes.name(nil, of: track(1, 1, name: "Own"), otherwise: "file") == "Own")
        #expect(StoredRoutes.name(nil, of: track(1, 1, name: ""), otherwise: "file") == "file")
        #expect(StoredRoutes.name(nil, of: track(1, 1), otherwise: "file") == "file")
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

@Suite struct StoredRouteQuotaTests {
    @Test func anAccountKeepsAtMostItsQuotaOfRoutesAndBytes() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let bob = try club.user("bob")
        let document = track(43.263, -2.935)
        let bytes = try JSONEncoder().encode(document).count
        let routes = StoredRoutes(store: club.store, quota: StorageQuota(items: 2, bytes: 10 * bytes))
        let first = try routes.add(alice, document: document, name: "one")
        try routes.add(alice, document: document, name: "two")
        #expect(throws: ClubError.invalid(field: "routes", message: "an account keeps at most 2 routes; delete one first")) {
            try routes.add(alice, document: document, name: "three")
        }
        #expect(try routes.list(alice).count == 2)
        try routes.add(bob, document: document, name: "bob's")
        try routes.delete(alice, first.id)
        try routes.add(alice, document: document, name: "three")

        let tight = StoredRoutes(store: club.store, quota: StorageQuota(items: 100, bytes: 3 * bytes - 1))
        #expect(throws: ClubError.invalid(field: "routes", message: "an account keeps at most \(3 * bytes - 1) bytes of routes, "
            + "and its 2 take \(2 * bytes) bytes: this one (\(bytes) bytes) would go over; delete some first")) {
            try tight.add(alice, document: document, name: "four")
        }
        #expect(try routes.list(alice).map(\.name) == ["three", "two"])
        #expect(StoredRoutes.defaultQuota == StorageQuota(items: 1000, bytes: 1 << 30))
    }
}
