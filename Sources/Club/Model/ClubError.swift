import Foundation

/// Why a club service refused or failed, naming the field, user, team, player or message.
public enum ClubError: Error, Equatable, LocalizedError {
    /// A value that breaks a rule (`field` names it).
    case invalid(field: String, message: String)
    /// A change refused while something stands in its way (`field` names what; `message` says
    /// what is wrong), with what would let it through as a value, ``Remedy``, which each front
    /// end words in its own terms (``description(wording:)``): the command line names its
    /// commands and options, the HTTP API its routes and parameters.
    case refused(field: String, message: String, remedy: Remedy)
    /// A value that must be unique is taken.
    case duplicate(field: String, value: String)
    /// A value that clashes with what is stored, such as a squad number another player wears
    /// (`field` names it; the message says who holds it).
    case conflict(field: String, message: String)
    /// No such user, team, player or message (or not one the actor may see).
    case notFound(kind: String, reference: String)
    /// A team name that several teams share.
    case ambiguous(kind: String, reference: String, ids: [Int64])
    /// The actor lacks the right.
    case permissionDenied(String)
    /// Wrong username or password, or an expired or revoked session.
    case invalidCredentials(String)
    /// The database stayed locked by another process for too long.
    case busy
    /// The database at `path` (a file, or a PostgreSQL URL) cannot be used as it is.
    case storage(path: String, problem: StorageProblem)

    /// What is wrong with a database.
    public enum StorageProblem: String, Sendable, Equatable {
        case readOnly = "is read-only: cannot write to it"
        case diskFull = "cannot grow: the disk is full"
        case ioError = "cannot be read or written (I/O error)"
        case notADatabase = "is not a SQLite database"
        case corrupt = "is damaged"
        case cannotOpen = "cannot be opened"
        /// A PostgreSQL server that does not answer (down, restarting or unreachable).
        case unreachable = "cannot be reached; try again"
        /// A schema older than this Touchline's, opened without migrating.
        case outdatedSchema = "has an older schema than this touchline: run `touchline db migrate`"
        /// A schema with migrations this Touchline does not know: a newer release wrote it.
        case newerSchema = "has a newer schema than this touchline knows: upgrade touchline"
    }

    public var errorDescription: String? {
        switch self {
        case .invalid(let field, let message), .conflict(let field, let message): return "\(field): \(message)"
        case .refused: return description(wording: \.neutralWording)
        case .duplicate(let field, let value): return "\(field) '\(value)' is already taken"
        case .notFound(let kind, let reference): return "no \(kind) '\(reference)'"
        case .ambiguous(let kind, let reference, let ids):
            return "\(kind) '\(reference)' is ambiguous: use one of the ids \(ids.map(String.init).joined(separator: ", "))"
        case .permissionDenied(let message): return "permission denied: \(message)"
        case .invalidCredentials(let message): return message
        case .busy: return "the database is locked by another process; try again"
        case .storage(let path, let problem): return "\(path): \(problem.rawValue)"
        }
    }
}
