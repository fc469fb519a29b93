import Club
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import Hummingbird
import NIOCore
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

@Suite("Slow and greedy clients over a real socket")
struct LiveLimitTests {
    @Test("a trickled body gets 408 over TCP and the connection closes; other clients are served meanwhile")
    func slowBody() async throws {
        let test = try APITest { $0.requestPace = TransferPace(graceSeconds: 1, minimumBytesPerSecond: 1_000_000) }
        try await test.run(.live) { client in
            let port = try #require(client.client.port)
            let slow = try RawConnection(port: port)
            try slow.send("POST /api/v1/render/board HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Content-Length: 5000\r\n\r\n{\"format\"")
            let health = try await client.send(.get, "/healthz")
            #expect(health.status == .ok)
            let (text, closed) = slow.readToEnd()
            #expect(text.hasPrefix("HTTP/1.1 408"))
            #expect(text.contains("urn:touchline:problem:timeout"))
            #expect(text.lowercased().contains("connection: close"))
            #expect(closed)
        }
    }

    @Test("headers that never finish are dropped after the idle timeout, however they trickle")
    func slowHeaders() async throws {
        let test = try APITest { $0.idleTimeoutSeconds = 1 }
        try await test.run(.live) { client in
            let port = try #require(client.client.port)
            let slow = try RawConnection(port: port, timeout: 0.4)
            try slow.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n")
            let started = Date()
            var closed = false
            while !closed, Date().timeIntervalSince(started) < 10 {
                try? slow.send("X-Trickle: 1\r\n")
                closed = slow.readToEnd().closed
            }
            #expect(closed)
        }
    }

    @Test("a client's connections over its limit are closed at once; its others keep working")
    func connectionsPerClient() async throws {
        let test = try APITest { $0.maximumConnectionsPerClient = 3 }
        try await test.run(.live) { client in
            let port = try #require(client.client.port)
            // The test client holds one connection; two more fill the address's three.
            _ = try await client.send(.get, "/healthz")
            // Generous read timeouts: a loaded machine (the whole suite on two cores) can take
            // seconds to answer; the checks are about what comes back, not how fast.
            let held = try (0..<2).map { _ in try RawConnection(port: port, timeout: 60) }
            // Each answers a request, so both are admitted before the next one comes.
            for connection in held {
                try connection.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
                #expect(connection.readSome().hasPrefix("HTTP/1.1 200"))
            }
            let refused = try RawConnection(port: port, timeout: 60)
            let (text, closed) = refused.readToEnd()
            #expect(text.isEmpty && closed)
            try held[0].send("GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            #expect(held[0].readToEnd().text.hasPrefix("HTTP/1.1 200"))
            // The server counts a closed connection off when it has seen it close; until then a
            // new connection of the test client's own may still be over the limit and reset.
            var metrics: String?
            for _ in 0..<50 where metrics == nil {
                do {
                    metrics = try await client.send(.get, "/metrics").text
                } catch {
                    try await Task.sleep(for: .milliseconds(200))
                }
            }
            #expect(metrics?.contains(#"touchline_rate_limited_total{limit="connections"} 1"#) == true)
        }
    }
}

@Suite("Requests per client")
struct RequestRateTests {
    @Test("a client over its requests a minute gets 429 with Retry-After; health checks never count")
    func requestRate() async throws {
        try await APITest { $0.requestsPerClientPerMinute = 3 }.run { client in
            for _ in 0..<5 { #expect(try await client.send(.get, "/healthz").status == .ok) }
            for _ in 0..<3 {
                let reply = try await client.send(.get, "/api/v1/me")
                #expect(reply.status == .unauthorized)
            }
            let limited = try await client.send(.get, "/api/v1/me")
            #expect(limited.status == .tooManyRequests)
            #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 >= 1)
            #expect(try limited.problem().type == "rate-limited")
            #expect(try limited.problem().detail == "too many requests from this address; try again after Retry-After seconds")
            #expect(try await client.send(.get, "/readyz").status == .ok)
        }
    }

    @Test("0 turns the limit off")
    func unlimited() async throws {
        try await APITest { $0.requestsPerClientPerMinute = 0 }.run { client in
            for _ in 0..<50 {
                let reply = try await client.send(.get, "/api/v1/openapi.json")
                #expect(reply.status == .ok)
            }
        }
    }
}

@Suite("Request bodies in flight")
struct BodyBudgetTests {
    @Test("bodies beyond the budget get 503 while others hold it; small ones fit; the budget comes back when a request ends")
    func budget() async throws {
        let test = try APITest {
            $0.maxUploadBytes = 64 * 1024
            $0.bodyBytesInFlight = 100 * 1024
            // The slow request must hold its reservation however long a loaded machine takes
            // to get to the others: with the default pace it is answered 408 after about 27 s,
            // its reservation goes with it, and the refused body fits.
            $0.requestPace = TransferPace(graceSeconds: 600, minimumBytesPerSecond: 8192)
            $0.idleTimeoutSeconds = 600
        }
        try await test.run(.live) { client in
            let port = try #require(client.client.port)
            let slow = try RawConnection(port: port)
            try slow.send("POST /api/v1/render/board HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Content-Length: 60000\r\n\r\n{\"format\"")
            // The server reserves once it has read the head (later under a loaded machine).
            for _ in 0..<100 where test.server.api.bodyBudget.held != 60000 {
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(test.server.api.bodyBudget.held == 60000)
            let log = Data(#"{"format":"touchline.strokes","version":1,"surface":{"width":1024,"height":768},"events":[]}"#.utf8)
            let padded = log + Data(repeating: 0x20, count: 50000)
            let refused = try await client.send(.post, "/api/v1/render/board", body: padded, contentType: "application/json")
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.headers[.retryAfter] == "1")
            #expect(try refused.problem().detail == "the server is receiving too many request bodies at once; try again in a moment")
            // A small body fits beside the held one.
            let small = try await client.send(.post, "/api/v1/render/board", body: log, contentType: "application/json")
            #expect(small.status == .ok)
            // The slow request ends (its client goes), and its reservation with it.
            slow.close()
            var held = test.server.api.bodyBudget.held
            for _ in 0..<50 where held != 0 {
                try await Task.sleep(for: .milliseconds(100))
                held = test.server.api.bodyBudget.held
            }
            #expect(held == 0)
            let accepted = try await client.send(.post, "/api/v1/render/board", body: padded, contentType: "application/json")
            #expect(accepted.status == .ok)
            let metrics = try await client.send(.get, "/metrics")
            #expect(metrics.text.contains(#"touchline_rate_limited_total{limit="body-bytes"} 1"#))
        }
    }

    @Test("what a request reserves: its length up to the largest upload, the largest for a chunked body, nothing without one")
    func reservation() {
        func request(_ fields: HTTPFields) -> Request {
            Request(head: HTTPRequest(method: .post, scheme: "http", authority: "localhost", path: "/", headerFields: fields),
                    body: .init(buffer: ByteBuffer()))
        }
        #expect(BodyBudgetMiddleware.reservation(request([.contentLength: "500"]), unknownLength: 1000) == 500)
        #expect(BodyBudgetMiddleware.reservation(request([.contentLength: "5000"]), unknownLength: 1000) == 1000)
        #expect(BodyBudgetMiddleware.reservation(request([.contentLength: "-3"]), unknownLength: 1000) == 1000)
        #expect(BodyBudgetMiddleware.reservation(request([.transferEncoding: "chunked"]), unknownLength: 1000) == 1000)
        #expect(BodyBudgetMiddleware.reservation(request([:]), unknownLength: 1000) == 0)
    }
}
