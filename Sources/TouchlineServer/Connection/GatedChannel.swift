import HummingbirdCore
import Logging
import NIOCore

/// An HTTP channel (here the WebSocket-capable one) with a ``ConnectionGate`` put first on
/// every connection before the channel sets up its own handlers.
struct GatedChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value

    let inner: Inner
    let limits: ConnectionLimits
    let headDeadline: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        do {
            try channel.pipeline.syncOperations.addHandler(ConnectionGate(limits: limits, headDeadline: headDeadline))
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return inner.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
