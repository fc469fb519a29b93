import Foundation

/// Why a route map cannot be rendered.
public enum RouteMapError: Error, Equatable, LocalizedError {
    /// The document has no track point, route stop or waypoint with valid coordinates.
    case nothingToDraw
    /// More points of one kind than a map will draw.
    case tooManyPoints(kind: String, count: Int, limit: Int)
    /// Padding that is negative, not finite, or leaves no room for the map.
    case invalidPadding(RouteMapPadding, size: String)
    /// A text option longer than allowed.
    case textTooLong(field: String, length: Int, limit: Int)

    public var errorDescription: String? {
        switch self {
        case .nothingToDraw:
            return "nothing to draw: the document has no track point, route stop or waypoint with valid coordinates"
        case .tooManyPoints(let kind, let count, let limit):
            return "too many \(kind): \(count), a route map draws at most \(limit)"
        case .invalidPadding(let padding, let size):
            return "invalid padding (top \(padding.top), left \(padding.left), bottom \(padding.bottom), "
                + "right \(padding.right)) for a \(size) map: expected finite, non-negative sides that leave room for the route"
        case .textTooLong(let field, let length, let limit):
            return "\(field) is \(length) characters long: at most \(limit) are drawn"
        }
    }
}
