import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import Logging
import NIOCore
import NIOWebSocket
import Testing
@testable import TouchlineServer

/// Live boards over real WebSockets: the owner publishes, viewers with the view link follow.
@Suite("Live boards over WebSockets")
struct LiveBoardAPITests {
    static let header = #"{"type":"header","format":"touchline.pointer","version":2,"surface":{"width":800,"height":600}}"#
    static func stroke(_ id: Int, at t: Int) -> String {
        [#"{"t":\#(t),"type":"down","id":\#(id),"x":100,"y":100}"#, #"{"t":\#(t + 5),"type":"move","id":\#(id),"x":150,"y":120}"#,
         #"{"t":\#(t + 9),"type":"up","id":\#(id),"x":200,"y":130}"#].joined(separator: "\n")
    }

    /// A board of alice's, shared with a view link: (token, board id, view token).
    static func sharedBoard(_ client: TestClient) async throws -> (token: String, id: Int, view: String) {
        let token = try await client.user("alice")
        let saved = try await client.send(.post, "/api/v1/boards?title=Live", token: token,
                                          body: Data((header + "\n" + stroke(1, at: 0)).utf8), contentType: "application/x-ndjson")
        let id = try #require(try saved.json()["id"] as? Int)
        let link = try await client.send(.post, "/api/v1/boards/\(id)/view-token", token: token)
        #expect(link.status == .created)
        let view = try #require(try link.json()["token"] as? String)
        return (token, id, view)
    }

    static func configuration(token: String? = nil) -> WebSocketClientConfiguration {
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "Bearer \(token)" }
        return WebSocketClientConfiguration(maxFrameSize: 8 << 20, additionalHeaders: headers)
    }

    /// What a viewer received: the updates' lines joined, in order.
    struct Update: Decodable, Sendable {
        var epoch: String
        var from: Int
        var lines: String
    }

    actor Received {
        var updates: [Update] = []
        var lines: String { updates.map(\.lines).joined() }
        func add(_ text: String) {
            if let update = try? JSONDecoder().decode(Update.self, from: Data(text.utf8)) { updates.append(update) }
        }
    }

    /// Waits until `condition` holds, polling, for at most 10 s.
    static func eventually(_ condition: @Sendable () async -> Bool) async throws {
        for _ in 0..<200 {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("timed out waiting")
    }

    @Test("a viewer who joins late gets the log so far, then each stroke as the owner draws it")
    func publishAndFollow() async throws {
        try await APITest().run(.live) { client in
            let (token, id, view) = try await Self.sharedBoard(client)
            let port = try #require(client.client.port)
            let viewerGot = Received()
            try await withThrowingTaskGroup(of: Void.self) { group in
                let publisherReady = AsyncStream<Void>.makeStream()
                let done = AsyncStream<Void>.makeStream()
                group.addTask {
                    try await WebSocketClient.connect(url: "ws://localhost:\(port)/api/v1/boards/\(id)/live?role=publish",
                                                      configuration: Self.configuration(token: token),
                                                      logger: Logger(label: "publisher")) { _, outbound, _ in
                        try await outbound.write(.text(Self.header + "\n" + Self.stroke(1, at: 0) + "\n"))
                        publisherReady.continuation.yield()
                        // Draw another stroke once the viewer has the first part.
                        try await Self.eventually { await viewerGot.lines.contains(#""id":1"#) }
                        try await outbound.write(.text(Self.stroke(2, at: 100)))
                        for await _ in done.stream { break }
                        try await outbound.close(.normalClosure, reason: nil)
                    }
                }
                for await _ in publisherReady.stream { break }
                try await Task.sleep(for: .milliseconds(100))
                group.addTask {
                    try await WebSocketClient.connect(url: "ws://localhost:\(port)/api/v1/boards/\(id)/live?view=\(view)",
                                                      configuration: Self.configuration(), logger: Logger(label: "viewer")) { inbound, outbound, _ in
                        for try await message in inbound.messages(maxSize: 1 << 20) {
                            if case .text(let text) = message { await viewerGot.add(text) }
                            if await viewerGot.lines.contains(#""id":2"#) { break }
                        }
                        done.continuation.yield()
                        try await outbound.close(.normalClosure, reason: nil)
                    }
                }
                try await group.waitForAll()
            }
            let expected = Self.header + "\n" + Self.stroke(1, at: 0) + "\n" + Self.stroke(2, at: 100) + "\n"
            #expect(await viewerGot.lines == expected)
            let first = try #require(await viewerGot.updates.first)
            #expect(first.from == 0)
            #expect(!first.epoch.isEmpty)
        }
    }

    @Test("a viewer who resumes with its epoch and line gets only what it had not seen")
    func resumeWithoutDuplicates() async throws {
        try await APITest().run(.live) { client in
            let (token, id, view) = try await Self.sharedBoard(client)
            let port = try #require(client.client.port)
            let firstVisit = Received(), secondVisit = Received()
            try await withThrowingTaskGroup(of: Void.self) { group in
                let stop = AsyncStream<Void>.makeStream()
                let published = AsyncStream<Void>.makeStream()
                group.addTask {
                    try await WebSocketClient.connect(url: "ws://localhost:\(port)/api/v1/boards/\(id)/live?role=publish",
                                                      configuration: Self.configuration(token: token), logger: Logger(label: "p")) { _, outbound, _ in
                        try await outbound.write(.text(Self.header + "\n" + Self.stroke(1, at: 0)))
                        published.continuation.yield()
                        for await _ in stop.stream { break }
                        try await outbound.write(.text(Self.stroke(3, at: 300)))
                        try await Self.eventually { await secondVisit.lines.contains(#""id":3"#) }
                        try await outbound.close(.normalClosure, reason: nil)
                    }
                }
                for await _ in published.stream { break }
                try await Task.sleep(for: .milliseconds(100))
                // First visit: take the log, then drop the connection.
                try await WebSocketClient.connect(url: "ws://localhost:\(port)/api/v1/boards/\(id)/live?view=\(view)",
                                                  configuration: Self.configuration(), logger: Logger(label: "v1")) { inbound, outbound, _ in
                    for try await message in inbound.messages(maxSize: 1 << 20) {
                        if case .text(let text) = message { await firstVisit.add(text) }
                        if await firstVisit.lines.contains(#""type":"up""#) { break }
                    }
                    try await outbound.close(.goingAway, reason: nil)
                }
                let update = try #require(await firstVisit.updates.last)
                let epoch = update.epoch
                let seen = await firstVisit.lines.split(separator: "\n").count
                stop.continuation.yield()
                try await WebSocketClient.connect(url: "ws://localhost:\(port)/api/v1/boards/\(id)/live?view=\(view)&epoch=\(epoch)&from=\(seen)",
                                                  configuration: Self.configuration(), logger: Logger(label: "v2")) { inbound, outbound, _ in
                    for try await message in inbound.messages(maxSize: 1 << 20) {
                        if case .text(let text) = message { await secondVisit.add(text) }
                        if await secondVisit.lines.contains(#""id":3"#) { break }
                    }
                    try await outbound.close(.normalClosure, reason: nil)
                }
                try await group.waitForAll()
            }
            #expect(await secondVisit.lines == Self.stroke(3, at: 300) + "\n")
            #expect(await secondVisit.updates.first?.from == 4)
        }
    }

    @Test("the owner's page publishes with its session cookie and its own Origin, as a browser sends them; another origin is refused")
    func publisherFromTheSitesOwnPage() async throws {
        let test = try APITest()
        try await test.run(.live) { client in
            let (token, id, _) = try await Self.sharedBoard(client)
            let port = try #require(client.client.port)
            // A browser's handshake, by hand: WebSocketClient always sends an Origin of its own.
            let page = try RawConnection(port: port, timeout: 60)
            try page.send("GET /api/v1/boards/\(id)/live?role=publish HTTP/1.1\r\nHost: localhost:\(port)\r\n"
                + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\nOrigin: http://localhost:\(port)\r\nCookie: touchline_session=\(token)\r\n\r\n")
            let answer = page.readSome()
            #expect(answer.hasPrefix("HTTP/1.1 101"), "\(answer.prefix(200))")
            // It publishes: its header, in one masked text frame, is what a viewer then gets.
            let payload = Array(Self.header.utf8), mask: [UInt8] = [1, 2, 3, 4]
            try page.send(bytes: [0x81, 0x80 | UInt8(payload.count)] + mask
                + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] })
            try await Self.eventually {
                await test.server.api.live.update(board: Int64(id), epoch: nil, from: 0)?.lines == Self.header + "\n"
            }
            let foreign = try await client.send(.get, "/api/v1/boards/\(id)/live?role=publish",
                                                headers: [.cookie: "touchline_session=\(token)", .origin: "https://elsewhere.example"])
            #expect(foreign.status == .forbidden)
        }
    }

    @Test("viewers cannot draw; a publisher sending garbage is closed with the line at fault")
    func misbehavingClients() async throws {
        try await APITest().run(.live) { client in
            let (token, id, view) = try await Self.sharedBoard(client)
            let port = try #require(client.client.port)
            let viewerClose = try await WebSocketClient.connect(
                url: "ws://localhost:\(port)/api/v1/boards/\(id)/live?view=\(view)", configuration: Self.configuration(),
                logger: Logger(label: "v")) { inbound, outbound, _ in
                    try await outbound.write(.text(Self.stroke(9, at: 0)))
                    for try await _ in inbound.messages(maxSize: 1 << 20) {}
                }
            #expect(viewerClose?.closeCode == .policyViolation)
            #expect(viewerClose?.reason?.contains("viewers cannot draw") == true)
            let garbage = try await WebSocketClient.connect(
                url: "ws://localhost:\(port)/api/v1/boards/\(id)/live?role=publish", configuration: Self.configuration(token: token),
                logger: Logger(label: "p")) { inbound, outbound, _ in
                    try await outbound.write(.text(Self.header + "\n{\"t\":1,\"type\":\"move\",\"id\":4,\"x\":1,\"y\":1}"))
                    for try await _ in inbound.messages(maxSize: 1 << 20) {}
                }
            #expect(garbage?.closeCode == .dataInconsistentWithMessage)
            #expect(garbage?.reason == "live board:2: id: move for pointer 4 with no down before it")
            let binary = try await WebSocketClient.connect(
                url: "ws://localhost:\(port)/api/v1/boards/\(id)/live?role=publish", configuration: Self.configuration(token: token),
                logger: Logger(label: "p")) { inbound, outbound, _ in
                    try await outbound.write(.binary(ByteBuffer(bytes: [0, 1, 2])))
                    for try await _ in inbound.messages(maxSize: 1 << 20) {}
                }
            #expect(binary?.closeCode == .unacceptableData)
            // The server is still up and the board unchanged.
            let board = try await client.send(.get, "/api/v1/boards/\(id)/log", token: token)
            #expect(board.text == Self.header + "\n" + Self.stroke(1, at: 0))
        }
    }

    @Test("refusals before the upgrade: no login 401, wrong or rotated token and others' boards 404, full board 429, no upgrade 426")
    func refusals() async throws {
        try await APITest { $0.viewersPerBoard = 1 }.run(.live) { client in
            let (token, id, view) = try await Self.sharedBoard(client)
            let bob = try await client.user("bob")
            #expect(try await client.send(.get, "/api/v1/boards/\(id)/live").status == .unauthorized)
            #expect(try await client.send(.get, "/api/v1/boards/\(id)/live?view=0123456789abcdef0123456789abcdef").status == .notFound)
            #expect(try await client.send(.get, "/api/v1/boards/\(id)/live?role=publish", token: bob).status == .notFound)
            #expect(try await client.send(.get, "/api/v1/boards/\(id)/live", token: bob).status == .notFound)
            #expect(try await client.send(.get, "/api/v1/boards/\(id)/live?role=draw", token: token).status == .badRequest)
            let plain = try await client.send(.get, "/api/v1/boards/\(id)/live?view=\(view)")
            #expect(plain.status.code == 426)
            let port = try #require(client.client.port)
            // An upgrade refused is no socket at all.
            await #expect(throws: (any Error).self) {
                try await WebSocketClient.connect(url: "ws://localhost:\(port)/api/v1/boards/\(id)/live?view=nope",
                                                  configuration: Self.configuration(), logger: Logger(label: "x")) { _, _, _ in }
            }
            // One viewer is the board's fill here; rotating the link closes that viewer.
            let closed = try await withThrowingTaskGroup(of: WebSocketCloseFrame?.self) { group in
                let joined = AsyncStream<Void>.makeStream()
                group.addTask {
                    try await WebSocketClient.connect(url: "ws://localhost:\(port)/api/v1/boards/\(id)/live?view=\(view)",
                                                      configuration: Self.configuration(), logger: Logger(label: "v")) { inbound, _, _ in
                        joined.continuation.yield()
                        for try await _ in inbound.messages(maxSize: 1 << 20) {}
                    }
                }
                for await _ in joined.stream { break }
                try await Self.eventually { (try? await client.send(.get, "/api/v1/boards/\(id)/live?view=\(view)"))?.status == .tooManyRequests }
                let rotated = try await client.send(.post, "/api/v1/boards/\(id)/view-token", token: token)
                #expect(rotated.status == .created)
                let frame = try await group.next() ?? nil
                // The old token reads nothing any more.
                #expect(try await client.send(.get, "/api/v1/boards/\(id)/live?view=\(view)").status == .notFound)
                return frame
            }
            #expect(closed?.closeCode == .policyViolation)
            #expect(closed?.reason == "the view link was changed")
        }
    }
}
