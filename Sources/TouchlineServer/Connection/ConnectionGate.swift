import NIOCore

/// The first line of defence on every connection, in front of the HTTP decoder: it takes the
/// connection's place in the ``ConnectionRegistry`` as it opens (closing it at once when its
/// client, or the server, has all it may hold) and closes it when the first request's head has
/// not arrived within the idle timeout, however it trickles.
///
/// It is needed because the WebSocket-capable HTTP channel adds the ``ConnectionGuard`` and the
/// idle timeout only once the first request's head is read (to know whether it upgrades). It
/// stays for the connection's life, so an upgraded WebSocket keeps its place in the registry.
final class ConnectionGate: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let limits: ConnectionLimits
    private let headDeadline: TimeAmount
    private var admitted: String?
    private var refused = false
    private var timer: Scheduled<Void>?
    /// The last bytes seen, to find the head's end (`CRLF CRLF`) across reads; nil once found.
    private var tail: [UInt8]? = []

    init(limits: ConnectionLimits, headDeadline: TimeAmount) {
        self.limits = limits
        self.headDeadline = headDeadline
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    private func start(_ context: ChannelHandlerContext) {
        guard admitted == nil, !refused else { return }
        let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
        guard limits.registry.admit(address) else {
            refused = true
            limits.metrics.rateLimited("connections")
            context.close(promise: nil)
            return
        }
        admitted = address
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: headDeadline) { channel.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        if var seen = tail {
            let bytes = unwrapInboundIn(data)
            seen += bytes.readableBytesView.suffix(4096)
            if containsHeadEnd(seen) {
                tail = nil
                timer?.cancel()
                timer = nil
            } else {
                tail = Array(seen.suffix(3))
            }
        }
        context.fireChannelRead(data)
    }

    private func containsHeadEnd(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return true
        }
        return false
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    private func stop() {
        timer?.cancel()
        timer = nil
        if let admitted { limits.registry.release(admitted) }
        admitted = nil
    }
}
