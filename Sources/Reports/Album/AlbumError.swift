import Foundation

/// Why an album could not be read or drawn; the message names the file and the field or card.
public enum AlbumError: Error, Sendable, Equatable, LocalizedError {
    /// The file is not JSON.
    case syntax(source: String, message: String)
    /// A field is missing, of the wrong type, or breaks a rule (`field` is its JSON path,
    /// such as `cards[3].family`).
    case invalid(source: String, field: String, message: String)
    /// An owned card's image file does not exist.
    case missingImage(source: String, card: Int, path: String)
    /// An owned card's image cannot be read, is not a PNG or JPEG, or is over ``Album/imageLimits``.
    case unreadableImage(source: String, card: Int, path: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .syntax(let source, let message):
            return "\(source): not valid JSON: \(message)"
        case .invalid(let source, let field, let message):
            return field.isEmpty ? "\(source): \(message)" : "\(source): \(field): \(message)"
        case .missingImage(let source, let card, let path):
            return "\(source): card \(card): image '\(path)' not found"
        case .unreadableImage(let source, let card, let path, let reason):
            return "\(source): card \(card): image '\(path)' cannot be read: \(reason)"
        }
    }
}
