import Foundation
import Routes
import Support

extension Posts {
    /// One page of the route feed: the route posts `viewer` (nil: nobody logged in) may see,
    /// nearest first by where the route starts (geodesic distance, ties by post id), each with
    /// its ``Post/distanceMeters``, after the previous page's ``ListPage/next``.
    ///
    /// The posts come from the `route_start` index a box at a time (``NearestFirst``), the box
    /// growing until the page is full, so a page near a busy town reads the routes around it,
    /// not the club's.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a cursor of another listing or
    ///   another point.
    public func routeFeed(_ viewer: ActingUser?, near point: GeoPoint, after cursor: String? = nil,
                          limit: Int = PagingCursor.defaultLimit) throws -> ListPage<Post> {
        let search = NearestFirst(list: "near", listName: "route feed", point: point, radius: NearestFirst.wholeEarth)
        return try store.read { db in
            let (chosen, next) = try search.page(after: cursor, limit: limit) { latitudes, longitudes in
                try db.posts.routeStarts(latitudes: latitudes, longitudes: longitudes, viewer: viewer?.userID)
                    .map { ($0.postID, GeoPoint(latitude: $0.latitude, longitude: $0.longitude)) }
            }
            var items = try Self.hydrate(db, try db.posts.posts(chosen.map(\.id)), viewer: viewer)
            for index in items.indices { items[index].distanceMeters = chosen[index].distance }
            return ListPage(items: items, next: next)
        }
    }
}
