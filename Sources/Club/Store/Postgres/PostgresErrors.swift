import Foundation
import NIOSSL
import PostgresNIO

/// PostgreSQL's failures as the services' own errors, naming the database (never its
/// password), as ``ClubStore`` does for SQLite's.
enum PostgresErrors {
    /// SQLSTATE classes and codes (PostgreSQL's appendix A).
    static func sqlState(_ error: any Error) -> String? {
        if let error = error as? PSQLError { return error.serverInfo?[.sqlState] }
        if case .server(let report)? = error as? PostgresError { return report.fields[.sqlState] }
        return nil
    }

    /// A serialization failure or a deadlock: the transaction may simply be run again.
    static func isRetryable(_ error: any Error) -> Bool {
        guard let state = sqlState(error) else { return false }
        return state == "40001" || state == "40P01"
    }

    /// SQLSTATEs of a connection that failed or a server shutting down (classes 08 and 57P).
    static func isConnectionState(_ state: String) -> Bool {
        state.hasPrefix("08") || state.hasPrefix("57P")
    }

    /// Whether the connection itself failed (the server went away or never answered).
    static func isConnectionFailure(_ error: any Error) -> Bool {
        if let error = error as? PostgresError {
            // The older API's errors, which prepared statements still report.
            guard case .server = error else { return true }
            return sqlState(error).map(isConnectionState) ?? false
        }
        guard let error = error as? PSQLError else {
            // What the older API unwraps from a connection error.
            return error is ChannelError || error is IOError || error is NIOSSLError
        }
        switch error.code {
        case .server:
            return sqlState(error).map(isConnectionState) ?? false
        case .queryCancelled, .tooManyParameters, .invalidCommandTag, .unsupportedAuthMechanism,
             .authMechanismRequiresPassword, .saslError, .sslUnsupported:
            return false
        default:
            return true
        }
    }

    static func translate(_ error: any Error, location: PostgresLocation) -> any Error {
        if error is ClubError || error is StoreError || error is StoreCopyError || error is SourceTransaction.Failure { return error }
        let place = location.description
        if case .server(let report)? = error as? PostgresError {
            let state = report.fields[.sqlState] ?? ""
            return translate(state: state, message: report.fields[.message] ?? "error \(state)", place: place)
        }
        guard let psql = error as? PSQLError else {
            return ClubError.storage(path: place, problem: .unreachable)
        }
        switch psql.code {
        case .server:
            let state = sqlState(psql) ?? ""
            return translate(state: state, message: psql.serverInfo?[.message] ?? "error \(state)", place: place)
        case .sslUnsupported:
            return ClubError.invalid(field: place, message: "the server does not offer TLS, which sslmode requires")
        case .authMechanismRequiresPassword:
            return ClubError.invalid(field: place, message: "the server asks for a password: set $PGPASSWORD or add it to ~/.pgpass")
        case .unsupportedAuthMechanism, .saslError:
            return ClubError.invalid(field: place, message: "cannot sign in: \(String(reflecting: psql.code))")
        default:
            return ClubError.storage(path: place, problem: .unreachable)
        }
    }

    /// A server's error, by SQLSTATE, as the services' own.
    private static func translate(state: String, message: String, place: String) -> any Error {
        switch state {
        case "40001", "40P01", "55P03": return ClubError.busy
        case "25006": return ClubError.storage(path: place, problem: .readOnly)
        case "53100": return ClubError.storage(path: place, problem: .diskFull)
        case "3D000", "28000", "28P01", "42501":
            return ClubError.invalid(field: place, message: "cannot be opened: \(message)")
        default:
            if state.hasPrefix("23") {
                return ClubError.invalid(field: place, message: "the change breaks a rule of the schema (\(message))")
            }
            if isConnectionState(state) || state.hasPrefix("53") {
                return ClubError.storage(path: place, problem: .unreachable)
            }
            if state.hasPrefix("XX") { return ClubError.storage(path: place, problem: .corrupt) }
            return ClubError.invalid(field: place, message: message)
        }
    }
}
