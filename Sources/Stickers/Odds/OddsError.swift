import Foundation

/// A value the odds cannot be computed from, named with what was expected.
public enum OddsError: Error, Sendable, Hashable, LocalizedError {
    /// `field` holds a value out of its range.
    case invalid(field: String, expected: String)
    /// The probability of finishing within some envelopes is exact for equal weights only.
    case needsEqualWeights

    public var errorDescription: String? {
        switch self {
        case .invalid(let field, let expected): return "\(field): expected \(expected)"
        case .needsEqualWeights:
            return "the probability of finishing within some envelopes is given for collections whose cards are drawn with equal weights"
        }
    }
}
