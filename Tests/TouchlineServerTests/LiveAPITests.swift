import Club
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import Testing
@testable import TouchlineServer

@Suite("The API over a real socket")
struct LiveAPITests {
    @Test("register, log in, me and a render over TCP, with the socket's peer as the client address")
    func liveSession() async throws {
        try await APITest { $0.loginsPerAddressPerMinute = 3 }.run(.live) { client in
            let token = try await client.user("alice")
            let me = try await client.send(.get, "/api/v1/me", token: token)
            #expect(me.status == .ok)
            #expect(try me.json()["username"] as? String == "alice")
            let png = try await client.send(.post, "/api/v1/render/board", body: try APITest.example("boards/433.json"),
                                            contentType: "application/json")
            #expect(png.status == .ok)
            #expect(png.headers[.contentType] == "image/png")
            // user() spent one sign-up and one login of the address's 3; the peer is 127.0.0.1
            // whatever X-Forwarded-For says, since no proxy is trusted.
            for _ in 0..<2 {
                let attempt = try await client.send(.post, "/api/v1/sessions", json: ["username": "alice", "password": "guess guess"],
                                                    headers: [.xForwardedFor: "203.0.113.\(Int.random(in: 1...200))"])
                #expect(attempt.status == .unauthorized)
            }
            let limited = try await client.send(.post, "/api/v1/sessions", json: ["username": "alice", "password": "correct horse"])
            #expect(limited.status == .tooManyRequests)
        }
    }

    @Test("many logins at once: at most the gate's hashes run, a short queue waits, the rest get 503; nothing crashes")
    func simultaneousLogins() async throws {
        let test = try APITest {
            $0.passwordHasher = PasswordHasher(parameters: .init(logN: 14, blockSize: 8, parallelism: 1))
            $0.concurrentHashes = 2
            $0.queuedHashes = 2
            $0.loginsPerAddressPerMinute = 1000
            $0.loginsPerAccountPerMinute = 1000
        }
        try await test.run(.live) { client in
            _ = try await client.user("alice")
            // HummingbirdTesting's live client has one connection; many at once need URLSession.
            let port = try #require(client.client.port)
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpMaximumConnectionsPerHost = 24
            let session = URLSession(configuration: configuration)
            let url = try #require(URL(string: "http://127.0.0.1:\(port)/api/v1/sessions"))
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<24 {
                    group.addTask {
                        var request = URLRequest(url: url)
                        request.httpMethod = "POST"
                        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                        request.httpBody = Data(#"{"username":"alice","password":"correct horse"}"#.utf8)
                        let (_, response) = try await session.data(for: request)
                        return (response as? HTTPURLResponse)?.statusCode ?? 0
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.count == 24)
            #expect(statuses.allSatisfy { $0 == 201 || $0 == 503 })
            #expect(statuses.contains(201))
            #expect(statuses.contains(503))
            let health = try await client.send(.get, "/healthz")
            #expect(health.status == .ok)
        }
    }
}
