import Foundation
import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing
@testable import TouchlineServer

/// The connection guard on an embedded channel, whose clock the tests move.
@Suite("Slow and greedy connections")
struct ConnectionGuardTests {
    /// Holds the writes that reach it, as a socket whose client reads nothing would.
    final class StalledSocket: ChannelOutboundHandler {
        typealias OutboundIn = HTTPResponsePart
        var held: [EventLoopPromise<Void>] = []

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            if let promise { held.append(promise) }
        }

        func flush(context: ChannelHandlerContext) {}
    }

    static func limits(registry: ConnectionRegistry = ConnectionRegistry(maximum: 10, maximumPerClient: 10, exempt: [])) -> ConnectionLimits {
        ConnectionLimits(registry: registry,
                         requestPace: TransferPace(graceSeconds: 2, minimumBytesPerSecond: 100),
                         responsePace: TransferPace(graceSeconds: 3, minimumBytesPerSecond: 1000),
                         timedWriteBytes: 1024, metrics: ServerMetrics())
    }

    /// A connected channel from `address` with a guard on it (and `front` before it, if given).
    static func channel(_ limits: ConnectionLimits, from address: String = "192.0.2.7",
                        front: (any ChannelHandler)? = nil) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        if let front { try channel.pipeline.syncOperations.addHandler(front) }
        try channel.pipeline.syncOperations.addHandler(ConnectionGuard(limits: limits))
        // An embedded channel's peer is the address it connects to.
        try channel.connect(to: SocketAddress(ipAddress: address, port: 40000)).wait()
        return channel
    }

    static func head(_ method: HTTPRequest.Method = .post, _ path: String = "/api/v1/boards") -> HTTPRequestPart {
        .head(HTTPRequest(method: method, scheme: nil, authority: "localhost", path: path))
    }

    @Test("a body that trickles in is answered 408 with a problem, and the connection closes")
    func slowBody() throws {
        let channel = try Self.channel(Self.limits())
        try channel.writeInbound(Self.head())
        try channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: String(repeating: "x", count: 100))))
        #expect(try channel.readInbound(as: HTTPRequestPart.self) != nil)
        // 2 s of grace and 1 s for the 100 bytes: still open at 2.9 s.
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(2900))
        #expect(channel.isActive)
        #expect(try channel.readOutbound(as: HTTPResponsePart.self) == nil)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(200))
        guard case .head(let head) = try channel.readOutbound(as: HTTPResponsePart.self) else {
            Issue.record("no response head")
            return
        }
        #expect(head.status == .requestTimeout)
        #expect(head.headerFields[.connection] == "close")
        #expect(head.headerFields[.contentType] == "application/problem+json")
        guard case .body(let body) = try channel.readOutbound(as: HTTPResponsePart.self) else {
            Issue.record("no response body")
            return
        }
        let problem = try #require(try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any])
        #expect(problem["type"] as? String == "urn:touchline:problem:timeout")
        #expect(problem["status"] as? Int == 408)
        #expect(problem["instance"] as? String == "/api/v1/boards")
        #expect((problem["detail"] as? String)?.contains("did not arrive in time") == true)
        guard case .end = try channel.readOutbound(as: HTTPResponsePart.self) else {
            Issue.record("no response end")
            return
        }
        #expect(!channel.isActive)
    }

    @Test("a body that keeps the pace is never cut, however long it takes")
    func steadyBody() throws {
        let channel = try Self.channel(Self.limits())
        try channel.writeInbound(Self.head())
        for _ in 0..<20 {
            channel.embeddedEventLoop.advanceTime(by: .seconds(1))
            try channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: String(repeating: "x", count: 150))))
        }
        try channel.writeInbound(HTTPRequestPart.end(nil))
        channel.embeddedEventLoop.advanceTime(by: .seconds(60))
        #expect(channel.isActive)
        #expect(try channel.readOutbound(as: HTTPResponsePart.self) == nil)
        // The handler's own answer goes through.
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .created)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        guard case .head(let head) = try channel.readOutbound(as: HTTPResponsePart.self) else {
            Issue.record("no response head")
            return
        }
        #expect(head.status == .created)
        _ = try channel.finish()
    }

    @Test("a request answered before its body came (a 401) is closed, not answered twice, when the body stalls")
    func answeredEarly() throws {
        let channel = try Self.channel(Self.limits())
        try channel.writeInbound(Self.head())
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .unauthorized)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        _ = try channel.readOutbound(as: HTTPResponsePart.self)
        _ = try channel.readOutbound(as: HTTPResponsePart.self)
        channel.embeddedEventLoop.advanceTime(by: .seconds(3))
        #expect(try channel.readOutbound(as: HTTPResponsePart.self) == nil)
        #expect(!channel.isActive)
    }

    @Test("a large response the client does not take closes the connection after its allowance")
    func stalledResponse() throws {
        let socket = StalledSocket()
        let channel = try Self.channel(Self.limits(), front: socket)
        try channel.writeInbound(Self.head(.get, "/api/v1/boards/1.png"))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        channel.writeAndFlush(HTTPResponsePart.head(HTTPResponse(status: .ok)), promise: nil)
        // 3 s of grace and 2 s for the 2,000 bytes.
        channel.writeAndFlush(HTTPResponsePart.body(ByteBuffer(repeating: 1, count: 2000)), promise: nil)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(4900))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(200))
        #expect(!channel.isActive)
        for promise in socket.held { promise.fail(ChannelError.ioOnClosedChannel) }
    }

    @Test("a large response taken in time leaves the connection open")
    func takenResponse() throws {
        let socket = StalledSocket()
        let channel = try Self.channel(Self.limits(), front: socket)
        try channel.writeInbound(Self.head(.get, "/api/v1/boards/1.png"))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        channel.writeAndFlush(HTTPResponsePart.body(ByteBuffer(repeating: 1, count: 2000)), promise: nil)
        channel.embeddedEventLoop.advanceTime(by: .seconds(4))
        for promise in socket.held { promise.succeed(()) }
        socket.held.removeAll()
        channel.embeddedEventLoop.advanceTime(by: .seconds(60))
        #expect(channel.isActive)
    }

    @Test("connections over the client's limit or the server's are closed as they come, and their places come back")
    func admission() throws {
        let registry = ConnectionRegistry(maximum: 3, maximumPerClient: 2, exempt: ["10.0.0.1"])
        let limits = Self.limits(registry: registry)
        func channel(from address: String = "192.0.2.7") throws -> EmbeddedChannel {
            try Self.channel(limits, from: address, front: ConnectionGate(limits: limits, headDeadline: .seconds(30)))
        }
        let first = try channel()
        let second = try channel()
        let third = try channel()
        #expect(first.isActive && second.isActive)
        #expect(!third.isActive)
        // A trusted proxy is held only to the total: one place is left.
        let proxied = try channel(from: "10.0.0.1")
        #expect(proxied.isActive)
        let overTotal = try channel(from: "10.0.0.1")
        #expect(!overTotal.isActive)
        #expect(registry.openCount == 3)
        _ = try first.finish()
        #expect(registry.openCount == 2)
        let again = try channel()
        #expect(again.isActive)
        for channel in [second, proxied, again] { _ = try channel.finish() }
        #expect(registry.openCount == 0)
    }

    @Test("the pace: grace, a second per rate's bytes, clamped inputs")
    func pace() {
        let pace = TransferPace(graceSeconds: 20, minimumBytesPerSecond: 8192)
        let start = NIODeadline.uptimeNanoseconds(1_000_000_000)
        #expect(pace.deadline(from: start, bytes: 0) == start + .seconds(20))
        #expect(pace.deadline(from: start, bytes: 81920) == start + .seconds(30))
        let odd = TransferPace(graceSeconds: .nan, minimumBytesPerSecond: -.infinity)
        #expect(odd.graceSeconds == 0.001)
        #expect(odd.minimumBytesPerSecond == 1)
        // A day at most, whatever the byte count.
        #expect(odd.allowance(for: Int.max) == .seconds(86_400))
    }
}
