import Foundation
import Routes
import Support

/// Pages of things nearest a point first (geodesic distance, ties by id), read from an index
/// of their positions a latitude and longitude box at a time: the box starts at
/// ``firstRadius`` (or twice the previous page's last distance) and grows fourfold until the
/// page is full or it reaches the search's radius, so a page near a busy town reads the things
/// around it, not the whole table. The route feed and the search for places near a point both
/// page this way, with cursors that name their list and the point.
struct NearestFirst {
    /// The first search radius around the point, in metres.
    static let firstRadius = 5_000.0
    /// Half the Earth's circumference: a radius that covers every point.
    static let wholeEarth = 20_040_000.0

    /// One thing found, with its distance from the point in metres.
    struct Found: Equatable {
        var distance: Double
        var id: Int64
    }

    /// The tag the list's cursors carry (`near` for the route feed).
    let list: String
    /// Says which list a cursor from another one came from, in the refusal.
    let listName: String
    let point: GeoPoint
    /// The farthest a thing may be, in metres (``wholeEarth`` for no limit).
    let radius: Double

    /// One page: at most `limit` things after `cursor`, from `positions` (which reads the ids
    /// and positions inside a box), and the cursor of the next page (nil on the last).
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a cursor of another list or point.
    func page(after cursor: String?, limit: Int,
              positions: (_ latitudes: ClosedRange<Double>, _ longitudes: ClosedRange<Double>) throws -> [(Int64, GeoPoint)])
        throws -> (items: [Found], next: String?) {
        let after = try position(cursor)
        let limit = max(1, min(limit, PagingCursor.maximumLimit))
        var reach = min(radius, max(Self.firstRadius, (after?.distance ?? 0) * 2))
        var found: [Found] = []
        while true {
            let box = Self.box(around: point, radius: reach)
            found = try positions(box.latitudes, box.longitudes)
                .map { Found(distance: Geodesic.distance(point, $0.1), id: $0.0) }
                .filter { entry in
                    guard entry.distance <= reach else { return false }
                    guard let after else { return true }
                    return entry.distance > after.distance || (entry.distance == after.distance && entry.id > after.id)
                }
            if found.count > limit || reach >= radius { break }
            reach = min(reach * 4, radius)
        }
        found.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.id < $1.id }
        let chosen = Array(found.prefix(limit))
        let next = found.count > limit ? chosen.last.map {
            PagingCursor.encode(key: [list, String(point.latitude.bitPattern), String(point.longitude.bitPattern),
                                      String($0.distance.bitPattern), String($0.id)])
        } : nil
        return (chosen, next)
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

    /// The distance and id a cursor of this list carries, for the same point.
    private func position(_ cursor: String?) throws -> Found? {
        guard let cursor else { return nil }
        guard let key = PagingCursor.decodeKey(cursor), key.count == 5, key[0] == list,
              let latitude = UInt64(key[1]), let longitude = UInt64(key[2]), let distance = UInt64(key[3]).map(Double.init(bitPattern:)),
              let id = Int64(key[4]), distance.isFinite else {
            throw ClubError.invalid(field: "after", message: "'\(cursor.prefix(PagingCursor.maximumLength))' is not a cursor from the \(listName)")
        }
        guard latitude == point.latitude.bitPattern, longitude == point.longitude.bitPattern else {
            throw ClubError.invalid(field: "after", message: "the cursor is from the \(listName) near another point; give the same near")
        }
        return Found(distance: distance, id: id)
    }
}
