import Foundation

/// Where a PostgreSQL club database is and how to reach it, read from a libpq-style URL:
///
/// ```
/// postgres://USER@HOST:PORT/DATABASE?sslmode=require
/// postgresql://USER@/DATABASE?host=/var/run/postgresql      (a Unix socket in that folder)
/// ```
///
/// The password never comes from the URL (a command line is visible to every user of the
/// machine): it comes from `$PGPASSWORD`, else the matching line of `$PGPASSFILE` or
/// `~/.pgpass`, as libpq reads them.
public struct PostgresLocation: Sendable, Equatable {
    /// How the connection is encrypted, libpq's `sslmode`.
    public enum SSLMode: String, Sendable, Equatable, CaseIterable {
        /// Never encrypt.
        case disable
        /// Encrypt when the server offers it (libpq's `allow` and `prefer`), without checking
        /// the server's certificate.
        case prefer
        /// Always encrypt, without checking the certificate.
        case require
        /// Always encrypt and check the certificate's chain, not its host name.
        case verifyCA = "verify-ca"
        /// Always encrypt and check the chain and that it names the host.
        case verifyFull = "verify-full"
    }

    /// How the server is reached.
    public enum Endpoint: Sendable, Equatable {
        case tcp(host: String, port: Int)
        /// The socket file `folder/.s.PGSQL.PORT`.
        case socket(folder: String, port: Int)
    }

    /// The URL query parameters understood; libpq refuses others, and so does Touchline.
    static let parameters: Set<String> = ["host", "port", "sslmode", "sslrootcert", "connect_timeout", "user", "dbname"]
    /// The longest URL accepted.
    static let maximumLength = 2048

    public var endpoint: Endpoint
    public var username: String
    public var database: String
    public var sslMode: SSLMode
    /// A file of trusted root certificates (PEM) for `verify-ca` and `verify-full`; the
    /// system's roots otherwise.
    public var rootCertificatePath: String?
    /// How long connecting may take, in seconds.
    public var connectTimeout: Int

    /// Whether `reference` (a `--db` value) names a PostgreSQL database rather than an SQLite file.
    public static func isURL(_ reference: String) -> Bool {
        let lower = reference.lowercased()
        return lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://")
    }

    /// Reads a `postgres://` or `postgresql://` URL; `environment` supplies libpq's defaults
    /// (`PGUSER`, `PGHOST`, `PGPORT`, `PGDATABASE`, `PGSSLMODE`) and the login name (`USER`).
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` naming what is wrong, including a
    ///   password written in the URL.
    public init(url text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        func bad(_ message: String) -> ClubError { .invalid(field: "--db", message: message) }
        guard text.utf8.count <= Self.maximumLength else { throw bad("the PostgreSQL URL is longer than \(Self.maximumLength) bytes") }
        guard Self.isURL(text), let components = URLComponents(string: text) else {
            throw bad("expected postgres://USER@HOST:PORT/DATABASE or postgresql://USER@/DATABASE?host=/socket/folder")
        }
        if components.password != nil {
            throw bad("the URL holds a password; put it in $PGPASSWORD or ~/.pgpass instead, never on the command line")
        }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] {
            guard Self.parameters.contains(item.name) else {
                throw bad("unknown URL parameter '\(item.name)'; expected one of \(Self.parameters.sorted().joined(separator: ", "))")
            }
            guard query[item.name] == nil else { throw bad("the URL parameter '\(item.name)' is given twice") }
            query[item.name] = item.value ?? ""
        }
        func nonEmpty(_ value: String?) -> String? { value.flatMap { $0.isEmpty ? nil : $0 } }

        let portText = nonEmpty(query["port"]) ?? components.port.map(String.init) ?? nonEmpty(environment["PGPORT"]) ?? "5432"
        guard let port = Int(portText), (1...65535).contains(port) else {
            throw bad("the port must be a number from 1 to 65535 (got '\(portText)')")
        }
        let host = nonEmpty(query["host"]) ?? nonEmpty(components.percentEncodedHost?.removingPercentEncoding)
            ?? nonEmpty(environment["PGHOST"]) ?? "localhost"
        endpoint = host.hasPrefix("/") ? .socket(folder: host, port: port) : .tcp(host: host, port: port)

        let login = nonEmpty(environment["USER"]) ?? nonEmpty(environment["LOGNAME"]) ?? "postgres"
        username = nonEmpty(query["user"]) ?? nonEmpty(components.user?.removingPercentEncoding)
            ?? nonEmpty(environment["PGUSER"]) ?? login
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = nonEmpty(query["dbname"]) ?? nonEmpty(path.removingPercentEncoding) ?? nonEmpty(environment["PGDATABASE"]) ?? username
        guard !database.contains("/") else { throw bad("the database name '\(database)' holds a '/'") }

        let modeText = nonEmpty(query["sslmode"]) ?? nonEmpty(environment["PGSSLMODE"]) ?? "prefer"
        switch modeText {
        case "allow": sslMode = .prefer
        default:
            guard let mode = SSLMode(rawValue: modeText) else {
                throw bad("sslmode must be disable, allow, prefer, require, verify-ca or verify-full (got '\(modeText)')")
            }
            sslMode = mode
        }
        rootCertificatePath = nonEmpty(query["sslrootcert"])
        let timeoutText = nonEmpty(query["connect_timeout"]) ?? "10"
        guard let timeout = Int(timeoutText), (1...300).contains(timeout) else {
            throw bad("connect_timeout must be a number of seconds from 1 to 300 (got '\(timeoutText)')")
        }
        connectTimeout = timeout
    }

    /// The URL as shown in messages: never a password.
    public var description: String {
        switch endpoint {
        case .tcp(let host, let port):
            let shownHost = host.contains(":") ? "[\(host)]" : host
            return "postgresql://\(username)@\(shownHost):\(port)/\(database)"
        case .socket(let folder, let port):
            return "postgresql://\(username)@/\(database)?host=\(folder)" + (port == 5432 ? "" : "&port=\(port)")
        }
    }

    /// The password for this location: `$PGPASSWORD`, else the first matching line of the
    /// password file (`$PGPASSFILE`, else `~/.pgpass`), which, as libpq insists, must not be
    /// readable by group or others; else none.
    public func password(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let password = environment["PGPASSWORD"], !password.isEmpty { return password }
        let home = environment["HOME"] ?? NSHomeDirectory()
        let file = environment["PGPASSFILE"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.pgpass"
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file),
              let permissions = attributes[.posixPermissions] as? Int, permissions & 0o077 == 0,
              let size = attributes[.size] as? Int, size <= 1 << 20,
              let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        let (host, port): (String, Int) = switch endpoint {
        case .tcp(let host, let port): (host, port)
        case .socket(let folder, let port): (folder, port)
        }
        let socket = if case .socket = endpoint { true } else { false }
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = PasswordFileLine.fields(String(line))
            guard fields.count == 5 else { continue }
            let hostMatches = fields[0] == "*" || fields[0] == host || (socket && fields[0] == "localhost")
            if hostMatches, fields[1] == "*" || fields[1] == String(port),
               fields[2] == "*" || fields[2] == database, fields[3] == "*" || fields[3] == username {
                return fields[4]
            }
        }
        return nil
    }
}

/// A `.pgpass` line's fields: `host:port:database:user:password`, where `\:` and `\\` stand
/// for `:` and `\`.
enum PasswordFileLine {
    static func fields(_ line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" && fields.count < 4 {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
