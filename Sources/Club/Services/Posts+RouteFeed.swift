import Foundation
import Routes
import Support

extension Posts {
    /// The first search radius around the point, in metres; it grows fourfold until a page is
    /// full or it covers the Earth.
    static let firstRadius = 5_000.0
    /// Half the Earth's circumference: a radius that covers every point.
    static let wholeEarth = 20_040_000.0

    /// One page of the route feed: the route posts `viewer` (nil: nobody logged in) may see,
    /// nearest first by where the route starts (geodesic distance, ties by post id), each with
    /// its ``Post/distanceMeters``, after the previous page's ``ListPage/next``.
    ///
    /// The posts come from the `route_start` index a box at a time, the box growing until the
    /// page is full, so a page near a busy town reads the routes around it, not the club's.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a cursor of another listing or
    ///   another point.
    public func routeFeed(_ viewer: ActingUser?, near point: GeoPoint, after cursor: String? = nil,
                          limit: Int = PagingCursor.defaultLimit) throws -> ListPage<Post> {
        let after = try Self.nearPosition(cursor, point: point)
        let limit = max(1, min(limit, PagingCursor.maximumLimit))
        return try store.read { db in
            var radius = max(Self.firstRadius, (after?.distance ?? 0) * 2)
            var found: [(distance: Double, id: Int64)] = []
            while true {
                let box = Self.box(around: point, radius: radius)
                found = try db.posts.routeStarts(latitudes: box.latitudes, longitudes: box.longitudes, viewer: viewer?.userID)
                    .map { (Geodesic.distance(point, GeoPoint(latitude: $0.latitude, longitude: $0.longitude)), $0.postID) }
                    .filter { entry in
                        guard entry.distance <= radius else { return false }
                        guard let after else { return true }
                        return entry.distance > after.distance || (entry.distance == after.distance && entry.id > after.id)
                    }
                if found.count > limit || radius >= Self.wholeEarth { break }
                radius = min(radius * 4, Self.wholeEarth)
            }
            found.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.id < $1.id }
            let chosen = Array(found.prefix(limit))
            var items = try Self.hydrate(db, try db.posts.posts(chosen.map(\.id)), viewer: viewer)
            for index in items.indices { items[index].distanceMeters = chosen[index].distance }
            let next = found.count > limit ? chosen.last.map {
                PagingCursor.encode(key: ["near", String(point.latitude.bitPattern), String(point.longitude.bitPattern),
                                          String($0.distance.bitPattern), String($0.id)])
            } : nil
            return ListPage(items: items, next: next)
        }
    }

    /// A latitude and longitude box holding every point within `radius` metres of `point`
    /// (the whole range of longitudes near a pole or across the antimeridian).
    static func box(around point: GeoPoint, radius: Double) -> (latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>) {
        // A degree of latitude is at least 110.57 km; of longitude, 111.32 km times the cosine.
        let latitudeDelta = radius / 110_000
        let south = max(-90, point.latitude - latitudeDelta), north = min(90, point.latitude + latitudeDelta)
        let widest = max(abs(south), abs(north))
        guard widest < 89 else { return (south...north, -180...180) }
        let longitudeDelta = radius / (111_000 * cos(widest * .pi / 180))
        let west = point.longitude - longitudeDelta, east = point.longitude + longitudeDelta
        guard west >= -180, east <= 180 else { return (south...north, -180...180) }
        return (south...north, west...east)
    }

    /// The distance and post id a route feed cursor carries, for the same point.
    private static func nearPosition(_ cursor: String?, point: GeoPoint) throws -> (distance: Double, id: Int64)? {
        guard let cursor else { return nil }
        guard let key = PagingCursor.decodeKey(cursor), key.count == 5, key[0] == "near",
              let latitude = UInt64(key[1]), let longitude = UInt64(key[2]), let distance = UInt64(key[3]).map(Double.init(bitPattern:)),
              let id = Int64(key[4]), distance.isFinite else {
            throw ClubError.invalid(field: "after", message: "'\(cursor.prefix(PagingCursor.maximumLength))' is not a cursor from the route feed")
        }
        guard latitude == point.latitude.bitPattern, longitude == point.longitude.bitPattern else {
            throw ClubError.invalid(field: "after", message: "the cursor is from the route feed near another point; give the same near")
        }
        return (distance, id)
    }
}
