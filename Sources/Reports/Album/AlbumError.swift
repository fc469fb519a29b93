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
    /// The bytes an album was to be read from as a ZIP archive (``Album/init(archive:source:paper:)``)
    /// are not one.
    case notAnArchive(source: String)
    /// The ZIP archive an album came in has no album file, or breaks a limit; `entry` names the
    /// entry at fault, nil for the whole.
    case archive(source: String, entry: String?, message: String)

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
        case .notAnArchive(let source):
            return "\(source): not a ZIP archive"
        case .archive(let source, let entry, let message):
            return entry.map { "\(source): entry '\($0)': \(message)" } ?? "\(source): \(message)"
        }
    }
}
