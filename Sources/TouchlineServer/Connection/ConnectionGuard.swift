import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// What every connection is held to, shared by all of them: the connection counts, the pace
/// a request must arrive at and a response be taken at, and where refusals are counted.
struct ConnectionLimits: Sendable {
    let registry: ConnectionRegistry
    let requestPace: TransferPace
    let responsePace: TransferPace
    /// Response body parts at least this large have their delivery timed; smaller ones go
    /// straight into the socket's buffer.
    let timedWriteBytes: Int
    let metrics: ServerMetrics
}

/// Keeps one connection from holding the server (``ConnectionGate``, in front of it, takes the
/// connection's place in the registry): it answers 408 and closes when a request (its head
/// and body) does not arrive at ``ConnectionLimits/requestPace``, and closes when the client
/// does not take a large response at ``ConnectionLimits/responsePace``. The HTTP codec's idle
/// timeout still closes connections that send nothing.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let limits: ConnectionLimits
    private var timedOut = false

    /// The request being read: when its head came, its path, and the body bytes so far.
    private var request: (start: NIODeadline, path: String, bytes: Int)?
    private var requestTimer: Scheduled<Void>?
    /// Requests whose head was read, response heads written, and responses ended, to tell
    /// whether a 408 can still be the answer to the request being read.
    private var requestsRead = 0
    private var responsesStarted = 0
    private var responsesEnded = 0

    /// Timed writes not yet in the socket, oldest first, with their deadlines.
    private var pendingWrites: [(id: Int, deadline: NIODeadline)] = []
    private var nextWriteID = 0
    private var writeTimer: Scheduled<Void>?

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    /// Cancels the timers.
    private func stop() {
        requestTimer?.cancel()
        requestTimer = nil
        writeTimer?.cancel()
        writeTimer = nil
    }

    // MARK: - Requests

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !timedOut else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            requestsRead += 1
            request = (context.eventLoop.now, head.path ?? "/", 0)
        case .body(let buffer):
            request?.bytes += buffer.readableBytes
        case .end:
            request = nil
            requestTimer?.cancel()
            requestTimer = nil
        }
        context.fireChannelRead(data)
    }

    /// Times the request still being read once this batch of reads is done (most requests
    /// without a body arrive whole in one batch, and need no timer).
    func channelReadComplete(context: ChannelHandlerContext) {
        if let request, requestTimer == nil, !timedOut {
            scheduleRequestTimer(context, at: limits.requestPace.deadline(from: request.start, bytes: request.bytes))
        }
        context.fireChannelReadComplete()
    }

    private func scheduleRequestTimer(_ context: ChannelHandlerContext, at deadline: NIODeadline) {
        requestTimer?.cancel()
        requestTimer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            requestTimer = nil
            guard let request else { return }
            let deadline = limits.requestPace.deadline(from: request.start, bytes: request.bytes)
            if deadline > context.eventLoop.now {
                scheduleRequestTimer(context, at: deadline)
            } else {
                requestTooSlow(context, path: request.path)
            }
        }
    }

    /// Answers 408 when nothing of the response to the request being read was written yet
    /// (else the answer is already under way, and the connection just closes), then closes.
    private func requestTooSlow(_ context: ChannelHandlerContext, path: String) {
        timedOut = true
        limits.metrics.rateLimited("request-time")
        let answerable = responsesStarted == requestsRead - 1 && responsesEnded == responsesStarted
        guard answerable else {
            context.close(promise: nil)
            return
        }
        let problem = Problem(.timeout, "the request did not arrive in time: it may take "
            + "\(Int(limits.requestPace.graceSeconds)) s and a second more for every "
            + "\(Int(limits.requestPace.minimumBytesPerSecond)) bytes")
        let body = problem.body(instance: path, requestID: "-")
        let head = HTTPResponse(status: problem.kind.status, headerFields: [
            .contentType: "application/problem+json", .contentLength: String(body.count), .connection: "close",
        ])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(ByteBuffer(bytes: body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    // MARK: - Responses

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !timedOut else {
            // The connection answered 408: what the handler writes now has nowhere to go.
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        switch unwrapOutboundIn(data) {
        case .head: responsesStarted += 1
        case .end: responsesEnded += 1
        case .body(let buffer) where buffer.readableBytes >= limits.timedWriteBytes:
            return timedWrite(context, data: data, bytes: buffer.readableBytes, promise: promise)
        case .body: break
        }
        context.write(data, promise: promise)
    }

    /// Writes a large part, closing the connection if it is not taken by its deadline (the
    /// previous timed write's deadline, or now plus the grace, plus its own size's allowance).
    private func timedWrite(_ context: ChannelHandlerContext, data: NIOAny, bytes: Int, promise: EventLoopPromise<Void>?) {
        let id = nextWriteID
        nextWriteID += 1
        let deadline = (pendingWrites.last?.deadline ?? limits.responsePace.deadline(from: context.eventLoop.now, bytes: 0))
            + limits.responsePace.allowance(for: bytes)
        pendingWrites.append((id, deadline))
        let written = context.eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenComplete { [self] _ in
            pendingWrites.removeAll { $0.id == id }
        }
        written.futureResult.cascade(to: promise)
        context.write(data, promise: written)
        if writeTimer == nil { scheduleWriteTimer(context, at: deadline) }
    }

    private func scheduleWriteTimer(_ context: ChannelHandlerContext, at deadline: NIODeadline) {
        writeTimer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            writeTimer = nil
            guard let oldest = pendingWrites.first else { return }
            if oldest.deadline > context.eventLoop.now {
                scheduleWriteTimer(context, at: oldest.deadline)
            } else {
                limits.metrics.rateLimited("response-time")
                context.close(promise: nil)
            }
        }
    }
}
