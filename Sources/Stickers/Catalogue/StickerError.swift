import Foundation

/// Why a rule of collecting refused a value or an action, with what was expected.
public enum StickerError: Error, Sendable, Hashable, LocalizedError {
    /// `field` holds a value out of its range.
    case invalid(field: String, expected: String)
    /// An envelope was to be opened from a collection with no card.
    case noCardsToDraw
    /// The collector holds no copy of card `number`.
    case notOwned(number: Int)
    /// Every copy of card `number` the collector holds is already promised.
    case blocked(number: Int)
    /// A battle or proposal cannot take `action` in `state`.
    case wrongState(action: String, state: String)

    public var errorDescription: String? {
        switch self {
        case .invalid(let field, let expected): return "\(field): expected \(expected)"
        case .noCardsToDraw: return "the collection has no cards to draw"
        case .notOwned(let number): return "card \(number) is not owned"
        case .blocked(let number): return "every copy of card \(number) is already promised in another swap"
        case .wrongState(let action, let state): return "cannot \(action): it is \(state)"
        }
    }
}
