import Foundation
import Routes
import Testing
import TestSupport
@testable import Club

/// A two-point route starting at `latitude`, `longitude`.
private func route(_ latitude: Double, _ longitude: Double) -> RouteDocument {
    RouteDocument(name: nil, tracks: [Track(segments: [[
        GeoPoint(latitude: latitude, longitude: longitude, elevation: 10, time: Date(timeIntervalSince1970: 1_700_000_000)),
        GeoPoint(latitude: latitude + 0.001, longitude: longitude, elevation: 12, time: Date(timeIntervalSince1970: 1_700_000_060)),
    ]])])
}

/// The route feed: route posts nearest first, to their audience alone.
extension PostsTests {
    /// Where the route posts start: Bilbao.
    static let bilbao = GeoPoint(latitude: 43.263, longitude: -2.935)

    @Test(arguments: audienceTable)
    func theRouteFeedShowsARoutePostToItsAudienceAlone(_ row: (Reader, everyone: Bool, followers: Bool, group: Bool, onlyMe: Bool)) throws {
        let cast = try Cast()
        let stored = try StoredRoutes(store: cast.club.store).add(cast.author, document: route(43.263, -2.935), name: "Ría")
        var expected: [Int64] = []
        for (audience, sees) in [(PostAudience.everyone, row.everyone), (.followers, row.followers), (.group("Riders"), row.group),
                                 (.onlyMe, row.onlyMe)] {
            let id = try cast.posts.publish(cast.author, PostDraft(kind: .route, audience: audience, routeID: stored.id)).id
            if sees { expected.append(id) }
        }
        let reader = cast.actor(row.0)
        let page = try cast.posts.routeFeed(reader, near: Self.bilbao)
        // The SQL filter and Posts.sees agree: the feed holds exactly the route posts the reader may show.
        #expect(page.items.map(\.id).sorted() == expected, "\(row.0)")
        for item in page.items {
            #expect(try cast.posts.show(reader, item.id).id == item.id)
            #expect(item.route?.id == stored.id && (item.distanceMeters ?? 1) < 1)
        }
    }

    @Test func theRouteFeedIsNearestFirstAndKeysetPaged() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let routes = StoredRoutes(store: club.store)
        let posts = Posts(store: club.store)
        // Starts around Bilbao at growing distances, one in Buenos Aires, one near the date line.
        let places: [(String, Double, Double)] = [("Getxo", 43.35, -3.01), ("Bilbao", 43.2631, -2.9351), ("Durango", 43.17, -2.63),
                                                  ("Madrid", 40.4168, -3.7038), ("Buenos Aires", -34.6, -58.38),
                                                  ("Fiji", -17.7, 179.9), ("Also Bilbao", 43.2631, -2.9351)]
        var ids: [String: Int64] = [:]
        for (name, latitude, longitude) in places {
            let stored = try routes.add(alice, document: route(latitude, longitude), name: name)
            ids[name] = try posts.publish(alice, PostDraft(kind: .route, audience: .everyone, routeID: stored.id)).id
        }
        var seen: [String] = []
        var cursor: String?
        repeat {
            let page = try posts.routeFeed(nil, near: Self.bilbao, after: cursor, limit: 2)
            seen += page.items.map { $0.route?.name ?? "" }
            let distances = page.items.compactMap(\.distanceMeters)
            #expect(distances == distances.sorted())
            cursor = page.next
        } while cursor != nil
        // Equal distances by post id; every route once, Fiji (across the date line) last.
        #expect(seen == ["Bilbao", "Also Bilbao", "Getxo", "Durango", "Madrid", "Buenos Aires", "Fiji"])
        let first = try posts.routeFeed(nil, near: Self.bilbao, limit: 1)
        #expect(first.items.first?.distanceMeters.map { $0 < 20 } == true)
        let elsewhere = GeoPoint(latitude: 40.4168, longitude: -3.7038)
        #expect(throws: ClubError.invalid(field: "after", message: "the cursor is from the route feed near another point; give the same near")) {
            try posts.routeFeed(nil, near: elsewhere, after: first.next)
        }
        #expect(try posts.routeFeed(nil, near: elsewhere, limit: 1).items.first?.id == ids["Madrid"])
        // Near the date line, from the other side of it.
        #expect(try posts.routeFeed(nil, near: GeoPoint(latitude: -17.7, longitude: -179.9), limit: 1).items.first?.id == ids["Fiji"])
    }
}
