import Club
import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// What every route works with: the club services over one store, the threads they run on,
/// the gates and limits that protect the server, and its metrics.
struct APIServices: Sendable {
    let options: ServerOptions
    let store: ClubStore
    let accounts: Accounts
    let messaging: Messaging
    let leagues: Leagues
    let matches: Matches
    let workers: Workers
    let metrics: ServerMetrics
    /// Password hashing: ``ServerOptions/concurrentHashes`` at once.
    let hashGate: AdmissionGate
    /// Renders: one per core at once, so memory stays bounded however many ask.
    let renderGate: AdmissionGate
    /// The request bodies held at once.
    let bodyBudget: BodyBudget
    let loginsByAccount: RateLimiter
    let loginsByAddress: RateLimiter

    init(options: ServerOptions, store: ClubStore) {
        self.options = options
        self.store = store
        accounts = Accounts(store: store, hasher: options.passwordHasher)
        messaging = Messaging(store: store)
        leagues = Leagues(store: store, hasher: options.passwordHasher)
        matches = Matches(store: store)
        workers = Workers(threads: options.workerThreads)
        metrics = ServerMetrics()
        hashGate = AdmissionGate(limit: options.concurrentHashes, queueLimit: options.queuedHashes, work: "password checks")
        let cores = ProcessInfo.processInfo.activeProcessorCount
        bodyBudget = BodyBudget(capacity: max(options.bodyBytesInFlight, options.maxUploadBytes))
        renderGate = AdmissionGate(limit: max(1, cores), queueLimit: 64, work: "renders")
        loginsByAccount = RateLimiter(limit: options.loginsPerAccountPerMinute)
        loginsByAddress = RateLimiter(limit: options.loginsPerAddressPerMinute)
    }

    /// Runs a blocking service call on the worker threads.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await workers.run(body)
    }

    /// Runs a call that hashes a password: through the hashing gate, on the worker threads.
    func hashing<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await hashGate.run { try await workers.run(body) }
    }

    /// Runs a render: through the rendering gate, on the worker threads.
    func rendering<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await renderGate.run { try await workers.run(body) }
    }

    /// The user the request acts for, from its session: `Authorization: Bearer TOKEN`, or,
    /// without that header, the session cookie a browser got from `POST /login` (see
    /// ``sessionToken(_:)`` for what a cookie request must also send).
    ///
    /// - Throws: ``Problem`` 401 when there is no session, or it is unknown, revoked, expired
    ///   or its account deleted; 403 for a cookie request refused as cross-site.
    func actor(_ request: Request) async throws -> ActingUser {
        let token = try sessionToken(request)
        return try await run { try accounts.resumeSession(token: token) }
    }

    /// The user a request that needs no login reads for: nil without a session (neither an
    /// `Authorization` header nor the session cookie: nobody logged in), else its user (a bad
    /// token is still refused with 401, not taken for nobody).
    func viewer(_ request: Request) async throws -> ActingUser? {
        guard hasSession(request) else { return nil }
        return try await actor(request)
    }

    /// The user a request signed in as, nil when it has no session or one that has ended
    /// (expired, logged out: a browser keeps a cookie after that). For pages, which send such a
    /// browser to `/login`, and for reads that another credential (a board's view token) allows.
    ///
    /// - Throws: what ``actor(_:)`` throws but 401, such as 403 for a cross-site request.
    func signedInUser(_ request: Request) async throws -> ActingUser? {
        do {
            return try await viewer(request)
        } catch let error as ClubError {
            guard case .invalidCredentials = error else { throw error }
            return nil
        } catch let problem as Problem where problem.kind == .unauthorized {
            return nil
        }
    }

    /// True when the request says who it is: an `Authorization` header or the session cookie.
    func hasSession(_ request: Request) -> Bool {
        request.headers[.authorization] != nil || WebSession.token(request) != nil
    }

    /// The leagues as the request's viewer (``viewer(_:)``) sees them: a private league only
    /// for its owner and editors.
    func leagues(for request: Request) async throws -> Leagues {
        leagues.viewing(as: try await viewer(request))
    }

    /// Runs `body` for the request's user on the worker threads, the session looked up in the
    /// same hop (one thread switch, not two, for the API's busiest reads).
    ///
    /// - Throws: what ``actor(_:)`` throws, or what `body` throws.
    func run<T: Sendable>(for request: Request, _ body: @escaping @Sendable (ActingUser) throws -> T) async throws -> T {
        let token = try sessionToken(request)
        return try await run { try body(try accounts.resumeSession(token: token)) }
    }

    /// The request's session token: its `Authorization: Bearer TOKEN`, which wins, else its
    /// session cookie. A request made with the cookie that may change something (POST, PUT,
    /// PATCH, DELETE) must also be the site's own: the session's CSRF token in `X-CSRF-Token`,
    /// and an `Origin`, when sent, that is this server's (see ``WebSession``).
    ///
    /// - Throws: ``Problem`` 401 without either or for a malformed `Authorization`; 403
    ///   "cross-site request refused: ..." for a cookie request that is not the site's own.
    func sessionToken(_ request: Request) throws -> String {
        if let header = request.headers[.authorization] {
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty, parts[1].utf8.count <= 256 else {
                throw Problem(.unauthorized, "the Authorization header must be 'Bearer TOKEN'")
            }
            return String(parts[1]).trimmingCharacters(in: .whitespaces)
        }
        guard let token = WebSession.token(request) else {
            throw Problem(.unauthorized, "log in first: send Authorization: Bearer TOKEN (POST /api/v1/sessions gives one), "
                + "or sign in at /login")
        }
        try WebSession.checkCrossSite(request, token: token, site: RequestSite.current)
        return token
    }

    /// The client's address for rate limits: the socket's peer, or, when that peer is a
    /// trusted proxy, the last address in `X-Forwarded-For` that is not one.
    func clientAddress(_ request: Request, _ context: APIContext) -> String {
        let peer = context.peerAddress ?? "local"
        guard options.trustedProxies.contains(peer), let forwarded = request.headers[.xForwardedFor] else { return peer }
        let hops = forwarded.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return hops.last { !options.trustedProxies.contains($0) } ?? peer
    }

    /// Counts an attempt against `limiter`, refusing it with 429 and `Retry-After` when over.
    func limit(_ limiter: RateLimiter, key: String, name: String, what: String) throws {
        if let retryAfter = limiter.attempt(key) {
            metrics.rateLimited(name)
            throw Problem(.rateLimited, "too many \(what); try again after Retry-After seconds", retryAfter: retryAfter)
        }
    }
}

extension HTTPField.Name {
    /// `X-Forwarded-For`, as a reverse proxy sets it.
    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
}

/// Answers with rendered bytes: a strong `ETag` (SHA-256 of the bytes, which are the same for
/// the same input) and 304 when the client already has them.
enum Rendered {
    static func response(_ data: Data, contentType: String, request: Request) -> Response {
        response(data, contentType: contentType, etag: etag(of: data), cacheControl: "private, no-cache", request: request)
    }

    /// The strong validator of `data`: its SHA-256 in hex, quoted.
    static func etag(of data: Data) -> String {
        "\"" + SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined() + "\""
    }

    /// `data` with its `etag` and `Cache-Control`, or 304 when `If-None-Match` has the etag.
    static func response(_ data: Data, contentType: String, etag: String, cacheControl: String, request: Request) -> Response {
        var headers: HTTPFields = [.eTag: etag, .cacheControl: cacheControl]
        if let match = request.headers[.ifNoneMatch],
           match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag || $0 == "*" }) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = contentType
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
