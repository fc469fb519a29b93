import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

/// A bounded set of connections to one PostgreSQL database, handed out to one caller at a
/// time and waited for on the caller's thread.
///
/// The services are synchronous and run on worker threads, as they do over SQLite with GRDB;
/// postgres-nio's `PostgresClient` hands out connections only to async code, and waiting for
/// it from a worker would tie up Swift's small cooperative pool. So this pool keeps
/// postgres-nio's `PostgresConnection`s and waits on their `EventLoopFuture`s, which resolve
/// on NIO's event loop threads. A connection the server closed (a restart) is dropped and a
/// new one made on the next request, so the store recovers by itself.
final class PostgresConnectionPool: @unchecked Sendable {
    /// How long a caller waits for a free connection before the request is refused as busy.
    static let checkoutTimeout: TimeInterval = 10

    let location: PostgresLocation
    let size: Int
    let logger: Logger
    private let configuration: PostgresConnection.Configuration
    private let group: any EventLoopGroup
    private let condition = NSCondition()
    private var idle: [PooledConnection] = []
    private var opened = 0
    private var nextID = 0
    private var closed = false

    init(location: PostgresLocation, size: Int, password: String?, logger: Logger) throws {
        self.location = location
        self.size = size
        self.logger = logger
        group = MultiThreadedEventLoopGroup.singleton
        var configuration: PostgresConnection.Configuration
        switch location.endpoint {
        case .tcp(let host, let port):
            configuration = .init(host: host, port: port, username: location.username, password: password,
                                  database: location.database, tls: try Self.tls(location))
        case .socket(let folder, let port):
            configuration = .init(unixSocketPath: folder + "/.s.PGSQL.\(port)", username: location.username,
                                  password: password, database: location.database)
        }
        configuration.options.connectTimeout = .seconds(Int64(location.connectTimeout))
        configuration.options.additionalStartupParameters = [("application_name", "touchline")]
        self.configuration = configuration
    }

    deinit { close(waiting: false) }

    /// postgres-nio's TLS setting for libpq's `sslmode`.
    private static func tls(_ location: PostgresLocation) throws -> PostgresConnection.Configuration.TLS {
        var tls = TLSConfiguration.makeClientConfiguration()
        switch location.sslMode {
        case .disable: return .disable
        case .prefer, .require: tls.certificateVerification = .none
        case .verifyCA: tls.certificateVerification = .noHostnameVerification
        case .verifyFull: tls.certificateVerification = .fullVerification
        }
        if let roots = location.rootCertificatePath {
            tls.trustRoots = .file(roots)
        }
        let context: NIOSSLContext
        do {
            context = try NIOSSLContext(configuration: tls)
        } catch {
            throw ClubError.invalid(field: "sslrootcert", message: "cannot use \(location.rootCertificatePath ?? "the system's certificates"): \(error)")
        }
        return location.sslMode == .prefer ? .prefer(context) : .require(context)
    }

    /// Runs `body` with a connection of its own; a connection that is closed afterwards (the
    /// server went away) is not kept.
    func withConnection<T>(_ body: (PooledConnection) throws -> T) throws -> T {
        let connection = try checkOut()
        defer { checkIn(connection) }
        return try body(connection)
    }

    /// Closes the idle connections and refuses new work; with `waiting`, returns once the
    /// server has seen them go (never waits on an event loop's own thread).
    func close(waiting: Bool = true) {
        condition.lock()
        closed = true
        let connections = idle
        idle = []
        opened -= connections.count
        condition.broadcast()
        condition.unlock()
        let wait = waiting && MultiThreadedEventLoopGroup.currentEventLoop == nil
        for connection in connections.map(\.connection) {
            if wait {
                let closing: EventLoopFuture<Void> = connection.close()
                try? closing.wait()
            } else {
                connection.closeSoon()
            }
        }
    }

    private func checkOut() throws -> PooledConnection {
        let deadline = Date().addingTimeInterval(Self.checkoutTimeout)
        condition.lock()
        while true {
            if closed {
                condition.unlock()
                throw ClubError.storage(path: location.description, problem: .unreachable)
            }
            while let connection = idle.popLast() {
                if !connection.connection.isClosed {
                    condition.unlock()
                    return connection
                }
                opened -= 1
            }
            if opened < size {
                opened += 1
                nextID += 1
                let id = nextID
                condition.unlock()
                do {
                    return PooledConnection(try PostgresConnection.connect(on: group.next(), configuration: configuration,
                                                                           id: id, logger: logger).wait())
                } catch {
                    condition.lock()
                    opened -= 1
                    condition.signal()
                    condition.unlock()
                    throw PostgresErrors.translate(error, location: location)
                }
            }
            guard condition.wait(until: deadline) else {
                condition.unlock()
                throw ClubError.busy
            }
        }
    }

    private func checkIn(_ pooled: PooledConnection) {
        condition.lock()
        let keep = !pooled.connection.isClosed && !closed
        if keep { idle.append(pooled) } else { opened -= 1 }
        condition.signal()
        condition.unlock()
        if !keep, !pooled.connection.isClosed { pooled.connection.closeSoon() }
    }
}

/// A connection of the pool with the statements prepared on it
/// (``PostgresTransaction/fetchAllPrepared(_:_:)``), which live as long as it does. The pool
/// lends it to one caller at a time, so its cache needs no lock of its own.
final class PooledConnection: @unchecked Sendable {
    /// The most statements kept prepared on one connection; past it the least recently used
    /// is let go.
    static let maximumPrepared = 32

    let connection: PostgresConnection
    private var prepared: [String: PreparedQuery] = [:]
    /// The cache's keys, least recently used first.
    private var recent: [String] = []

    init(_ connection: PostgresConnection) {
        self.connection = connection
    }

    /// Runs `sql` (with `?` for its arguments) as a statement prepared on this connection:
    /// PostgreSQL parses it once and, after its first five runs, plans it once (generically)
    /// when that costs no more, where an unnamed statement is parsed and planned anew every
    /// time. Each argument is typed as its value is (`$1::int8`), as an unprepared statement's
    /// are, since a statement prepared without types would take a type from its context and
    /// misread a value of another. A statement the server no longer has or can no longer run
    /// as planned (its tables changed) is prepared again, once.
    func run(_ sql: String, _ arguments: [PostgresData]) throws -> [PostgresRow] {
        let types = arguments.map { Self.sqlType($0.type) }
        let key = sql + "\u{0}" + types.map { $0 ?? "" }.joined(separator: ",")
        do {
            return try statement(key, sql, types).execute(arguments).wait()
        } catch where ["0A000", "26000"].contains(PostgresErrors.sqlState(error) ?? "") {
            forget(key)
            return try statement(key, sql, types).execute(arguments).wait()
        }
    }

    private func statement(_ key: String, _ sql: String, _ types: [String?]) throws -> PreparedQuery {
        if let query = prepared[key] {
            if recent.last != key, let index = recent.firstIndex(of: key) {
                recent.remove(at: index)
                recent.append(key)
            }
            return query
        }
        let query = try connection.prepare(query: Self.typedPlaceholders(sql, types)).wait()
        if recent.count >= Self.maximumPrepared { forget(recent[0]) }
        prepared[key] = query
        recent.append(key)
        return query
    }

    private func forget(_ key: String) {
        recent.removeAll { $0 == key }
        if let old = prepared.removeValue(forKey: key) { _ = old.deallocate() }
    }

    /// `sql`'s `?` as `$1`, `$2`, ..., each followed by its argument's type when it has one.
    static func typedPlaceholders(_ sql: String, _ types: [String?]) -> String {
        PostgresTransaction.numberedPlaceholders(sql) { number in
            let type = number <= types.count ? types[number - 1] : nil
            return "$\(number)" + (type.map { "::" + $0 } ?? "")
        }
    }

    /// The SQL type of an argument postgres-nio encodes as `type` (postgres-nio's name for it);
    /// nil for NULL, whose type the statement decides.
    static func sqlType(_ type: PostgresDataType) -> String? {
        type == .null ? nil : type.knownSQLName
    }
}

extension PostgresConnection {
    /// Starts closing the connection without waiting for it; the connection lives until it
    /// is closed (postgres-nio requires that of every connection it made).
    func closeSoon() {
        let closing: EventLoopFuture<Void> = close()
        closing.whenComplete { _ in withExtendedLifetime(self) {} }
    }
}
