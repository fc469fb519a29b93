import Foundation

/// Why a player card, or a sheet of them, could not be drawn.
public enum PlayerCardError: Error, Sendable, Equatable, LocalizedError {
    /// The player's photo is not a PNG or JPEG that can be read within ``PlayerCard/photoLimits``.
    case unreadablePhoto(player: String, reason: String)
    /// A text longer than the card takes.
    case textTooLong(player: String, field: String, maximum: Int)
    /// A squad number outside 0...999.
    case invalidNumber(player: String, number: Int)
    /// A sheet needs at least one card.
    case noCards
    /// A team's squad to print has no players (`team` is its name).
    case emptySquad(team: String)
    /// More cards than one sheet document takes.
    case tooManyCards(Int, maximum: Int)

    public var errorDescription: String? {
        switch self {
        case .unreadablePhoto(let player, let reason):
            return "the photo of \(player) cannot be read: \(reason)"
        case .textTooLong(let player, let field, let maximum):
            return "the \(field) on the card of \(player) is longer than \(maximum) characters"
        case .invalidNumber(let player, let number):
            return "the squad number \(number) of \(player) is not from 0 to 999"
        case .noCards:
            return "there are no cards to print"
        case .emptySquad(let team):
            return "team '\(team)' has no players"
        case .tooManyCards(let count, let maximum):
            return "\(count) cards are more than a sheet document takes (at most \(maximum))"
        }
    }
}
