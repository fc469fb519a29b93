import Foundation
import Support

/// Where a page of a user's stored routes ends, so that the next page starts right after it
/// (keyset paging: routes added or deleted meanwhile never shift a page). Its ``text`` is
/// opaque to clients: `r1|` and the last route's sort key, in base64url without padding.
///
/// Routes listed newest first are ordered by (creation time, id), both descending, and the
/// cursor holds the last route's creation time as stored and its id. Routes listed nearest
/// first are ordered by (distance from the point, id), and the cursor holds the point and the
/// last route's distance and id, each distance as its exact bits, so that a cursor
/// is only taken back by a listing near the same point and the next page starts exactly
/// after the last route shown, ties included.
///
/// ```swift
/// let first = try routes.list(alice, near: point, after: nil, limit: 20)
/// if let text = first.next, let cursor = RouteCursor(text: text) {
///     let second = try routes.list(alice, near: point, after: cursor, limit: 20)
/// }
/// ```
public struct RouteCursor: Sendable, Hashable {
    /// The longest text read as a cursor (a listing gives at most 100 characters).
    public static let maximumLength = 200

    enum Position: Hashable {
        /// After the route `id` created at `createdAt` (the database's own text of the time).
        case newest(createdAt: String, id: Int64)
        /// After the route `id` at `distanceMeters` from the point at `latitude`, `longitude`.
        case nearest(latitude: Double, longitude: Double, distanceMeters: Double, id: Int64)
    }

    let position: Position

    init(_ position: Position) {
        self.position = position
    }

    /// The cursor `text` stands for, or nil for text that no route listing gave.
    public init?(text: String) {
        guard text.utf8.count <= Self.maximumLength, let plain = PagingCursor.plain(text) else { return nil }
        let parts = plain.split(separator: "|", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "r1", let id = Int64(parts[2]), id > 0 else { return nil }
        switch parts[1] {
        case "t":
            let createdAt = String(parts[3])
            // Only ever compared with the column, as a bound: any short printable text will do.
            guard (1...40).contains(createdAt.count), createdAt.unicodeScalars.allSatisfy({ (0x20..<0x7F).contains($0.value) }) else {
                return nil
            }
            position = .newest(createdAt: createdAt, id: id)
        case "n":
            let numbers = parts[3].split(separator: "|", omittingEmptySubsequences: false)
                .map { UInt64($0, radix: 16).map(Double.init(bitPattern:)) }
            guard numbers.count == 3, let latitude = numbers[0], let longitude = numbers[1], let distance = numbers[2],
                  (-90...90).contains(latitude), (-180...180).contains(longitude), distance.isFinite, distance >= 0 else {
                return nil
            }
            position = .nearest(latitude: latitude, longitude: longitude, distanceMeters: distance, id: id)
        default:
            return nil
        }
    }

    /// The cursor as listings print it and take it back.
    public var text: String {
        let plain: String
        switch position {
        case .newest(let createdAt, let id):
            plain = "r1|t|\(id)|\(createdAt)"
        case .nearest(let latitude, let longitude, let distance, let id):
            let bits = [latitude, longitude, distance].map { String($0.bitPattern, radix: 16) }
            plain = "r1|n|\(id)|" + bits.joined(separator: "|")
        }
        return PagingCursor.opaque(plain)
    }
}
