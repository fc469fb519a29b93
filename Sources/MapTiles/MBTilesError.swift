import Foundation

/// Why an MBTiles file could not be opened; every message names the file.
public enum MBTilesError: Error, Sendable, Equatable, LocalizedError {
    /// There is no file at the path.
    case notFound(path: String)
    /// The file is not SQLite, or lacks the `tiles` or `metadata` table or view with the
    /// MBTiles columns; `reason` says which.
    case notMBTiles(path: String, reason: String)
    /// Reading `what` (the metadata, the schema) did not finish within the step budget
    /// (``MBTilesSource/statementStepBudget``): a view that never returns, or one built to be slow.
    case tooSlow(path: String, what: String)

    public var errorDescription: String? {
        switch self {
        case .notFound(let path):
            return "\(path): no such file"
        case .notMBTiles(let path, let reason):
            return "\(path): not an MBTiles file: \(reason)"
        case .tooSlow(let path, let what):
            return "\(path): reading its \(what) did not finish within \(MBTilesSource.statementStepBudget / 1_000_000) "
                + "million SQLite steps: refused (a view that never ends?)"
        }
    }
}
