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
    /// An owned card's image cannot be read or is not a PNG.
    case unreadableImage(source: String, card: Int, path: String, reason: String)
    /// The paper cannot hold a section heading and one row of cards.
    case paperTooSmall(width: Double, height: Double)

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
        case .paperTooSmall(let width, let height):
            return "the paper (\(Int(width.rounded())) x \(Int(height.rounded())) pt) is too small for a row of album cards"
        }
    }
}
