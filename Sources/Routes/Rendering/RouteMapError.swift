import Foundation

/// Why a route map cannot be rendered.
public enum RouteMapError: Error, Equatable, LocalizedError {
    /// The document has no track point, route stop or waypoint with valid coordinates, and
    /// there is no mark.
    case nothingToDraw
    /// More points of one kind than a map will draw.
    case tooManyPoints(kind: String, count: Int, limit: Int)
    /// Padding that is negative or not finite.
    case invalidPadding(RouteMapPadding, size: String)
    /// An output size too small to hold the route inside the padding; `minimum` is the
    /// smallest size that does, `WxH`.
    case sizeTooSmall(size: String, minimum: String)
    /// A text option longer than allowed.
    case textTooLong(field: String, length: Int, limit: Int)
    /// Mark `index` of ``RouteMapOptions/marks`` holds a value out of range; `problem` says
    /// what was expected.
    case invalidMark(index: Int, problem: String)

    public var errorDescription: String? {
        switch self {
        case .nothingToDraw:
            return "nothing to draw: the document has no track point, route stop or waypoint with valid coordinates"
        case .tooManyPoints(let kind, let count, let limit):
            return "too many \(kind): \(count), a route map draws at most \(limit)"
        case .invalidPadding(let padding, let size):
            return "invalid padding (top \(padding.top), left \(padding.left), bottom \(padding.bottom), "
                + "right \(padding.right)) for a \(size) map: expected finite, non-negative sides"
        case .sizeTooSmall(let size, let minimum):
            return "a \(size) map is too small to draw a route in: give a size of at least \(minimum)"
        case .textTooLong(let field, let length, let limit):
            return "\(field) is \(length) characters long: at most \(limit) are drawn"
        case .invalidMark(let index, let problem):
            return "marks[\(index)]: expected \(problem)"
        }
    }
}
