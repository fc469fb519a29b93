import Foundation

/// A value the odds cannot be computed from, named with what was expected.
public enum OddsError: Error, Sendable, Hashable, LocalizedError {
    /// `field` holds a value out of its range.
    case invalid(field: String, expected: String)

    public var errorDescription: String? {
        switch self {
        case .invalid(let field, let expected): return "\(field): expected \(expected)"
        }
    }
}
