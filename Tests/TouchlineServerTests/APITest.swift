import Club
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import TestSupport
@testable import TouchlineServer

/// A server over a scratch database (an SQLite file, or a PostgreSQL database under
/// `TOUCHLINE_TEST_STORE=postgres`: ``TestDatabase``), driven through HummingbirdTesting: in
/// router mode (no socket) unless a test asks for a live one.
struct APITest {
    let folder: URL
    /// The database, as `--db` names it.
    let database: String
    let server: TouchlineServer

    /// The repository's root, for the examples.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func example(_ path: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent("examples/\(path)"))
    }

    /// A cheap scrypt for tests (stored hashes carry their own parameters).
    static let fastHasher = PasswordHasher(parameters: .init(logN: 8, blockSize: 8, parallelism: 1))

    init(configure: (inout ServerOptions) -> Void = { _ in }) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchline-api-\(UUID().uuidString)")
        database = try TestDatabase.reference(in: folder)
        var options = ServerOptions(databasePath: database)
        options.passwordHasher = Self.fastHasher
        options.port = 0
        options.workerThreads = 4
        configure(&options)
        server = try TouchlineServer(options: options, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    /// Runs `body` against the server, then removes the scratch folder.
    func run<T: Sendable>(_ mode: TestingSetup = .router, _ body: @escaping @Sendable (TestClient) async throws -> T) async throws -> T {
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = server.application()
        let value = try await app.test(mode) { client in try await TestClient(client: client).run(body) }
        try await server.api.workers.shutdown()
        return value
    }

    /// A separate store on the same database, as the CLI would open it.
    func store() throws -> ClubStore {
        try ClubStore(database)
    }
}

/// A response read whole.
struct Reply: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object.
    func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw TestFailure("not a JSON object: \(text)")
        }
        return object
    }

    /// The problem's `type` suffix and `detail`, checking the media type and status field.
    func problem() throws -> (type: String, detail: String) {
        guard headers[.contentType] == "application/problem+json" else {
            throw TestFailure("not a problem (\(headers[.contentType] ?? "no type")): \(text)")
        }
        let object = try json()
        guard let type = object["type"] as? String, let detail = object["detail"] as? String,
              object["status"] as? Int == Int(status.code), object["title"] is String else {
            throw TestFailure("incomplete problem: \(text)")
        }
        return (String(type.dropFirst("urn:touchline:problem:".count)), detail)
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// HummingbirdTesting's client with the API's habits: JSON bodies, bearer tokens.
struct TestClient: Sendable {
    let client: any TestClientProtocol

    func run<T: Sendable>(_ body: @Sendable (TestClient) async throws -> T) async throws -> T { try await body(self) }

    @discardableResult
    func send(_ method: HTTPRequest.Method, _ uri: String, token: String? = nil, json: Any? = nil, body: Data? = nil,
              contentType: String? = nil, headers extra: HTTPFields = [:]) async throws -> Reply {
        var headers = extra
        if let token { headers[.authorization] = "Bearer \(token)" }
        var bytes = body
        if let json {
            bytes = try JSONSerialization.data(withJSONObject: json)
            headers[.contentType] = contentType ?? "application/json"
        } else if let contentType {
            headers[.contentType] = contentType
        }
        let buffer = bytes.map { ByteBuffer(bytes: $0) }
        return try await client.execute(uri: uri, method: method, headers: headers, body: buffer) { response in
            Reply(status: response.status, headers: response.headers, body: Data(response.body.readableBytesView))
        }
    }

    /// Registers `username` (password "correct horse") and logs in; returns the token.
    func user(_ username: String) async throws -> String {
        let created = try await send(.post, "/api/v1/users", json: ["username": username, "email": "\(username)@example.org",
                                                                   "password": "correct horse", "displayName": username.capitalized])
        guard created.status == .created else { throw TestFailure("register \(username): \(created.status) \(created.text)") }
        return try await login(username)
    }

    func login(_ username: String, password: String = "correct horse") async throws -> String {
        let reply = try await send(.post, "/api/v1/sessions", json: ["username": username, "password": password])
        guard reply.status == .created, let token = try reply.json()["token"] as? String else {
            throw TestFailure("login \(username): \(reply.status) \(reply.text)")
        }
        return token
    }
}
