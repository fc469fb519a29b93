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

    /// The user the request acts for, from its `Authorization: Bearer TOKEN`.
    ///
    /// - Throws: ``Problem`` 401 when there is no bearer token, or the session is unknown,
    ///   revoked, expired or its account deleted.
    func actor(_ request: Request) async throws -> ActingUser {
        let token = try bearerToken(request)
        return try await run { try accounts.resumeSession(token: token) }
    }

    /// The user a request that needs no login reads for: nil without `Authorization` (nobody
    /// logged in), else its token's user (a bad token is still refused with 401, not taken for
    /// nobody).
    func viewer(_ request: Request) async throws -> ActingUser? {
        guard request.headers[.authorization] != nil else { return nil }
        return try await actor(request)
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
        let token = try bearerToken(request)
        return try await run { try body(try accounts.resumeSession(token: token)) }
    }

    /// The bearer token of the request.
    func bearerToken(_ request: Request) throws -> String {
        guard let header = request.headers[.authorization] else {
            throw Problem(.unauthorized, "log in first: send Authorization: Bearer TOKEN (POST /api/v1/sessions gives one)")
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty, parts[1].utf8.count <= 256 else {
            throw Problem(.unauthorized, "the Authorization header must be 'Bearer TOKEN'")
        }
        return String(parts[1]).trimmingCharacters(in: .whitespaces)
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
        let etag = "\"" + SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined() + "\""
        var headers: HTTPFields = [.eTag: etag, .cacheControl: "private, no-cache"]
        if let match = request.headers[.ifNoneMatch],
           match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag || $0 == "*" }) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = contentType
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
