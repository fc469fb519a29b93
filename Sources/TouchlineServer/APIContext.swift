import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The request context of every route: Hummingbird's core storage and the address of the
/// peer the request came over (a client, or a reverse proxy in front).
struct APIContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    /// Where a WebSocket route leaves its handler for the upgrade (live boards).
    let webSocket = WebSocketHandlerReference<APIContext>()
    /// The socket peer's IP address; nil in router tests, which have no socket.
    let peerAddress: String?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
    }

    /// The request's id, as the server's log lines and problem bodies give it (Hummingbird's
    /// own; "-" where no server assigned one).
    var requestID: String {
        logger[metadataKey: "hb.request.id"]?.description ?? "-"
    }
}
