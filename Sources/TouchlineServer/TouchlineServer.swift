import Club
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import ServiceLifecycle

/// `touchline serve`: the club services as an HTTP API (Hummingbird 2), over the same
/// library calls as the command line.
///
/// ```swift
/// let server = try TouchlineServer(options: ServerOptions(databasePath: "club.sqlite"))
/// try await server.run { port in print("listening on \(port)") }
/// ```
public struct TouchlineServer: Sendable {
    let options: ServerOptions
    let api: APIServices
    let logger: Logger

    /// Opens (and migrates) the database; the server starts with ``run(onListening:)``.
    public init(options: ServerOptions, logger: Logger? = nil) throws {
        self.options = options
        let store = try ClubStore(options.databasePath, options: options.database)
        api = APIServices(options: options, store: store)
        let format = options.logFormat
        self.logger = logger ?? Logger(label: "touchline") { LineLogHandler(label: $0, format: format) }
    }

    /// The routes and middleware, as tests drive them.
    func router() -> Router<APIContext> {
        let router = Router(context: APIContext.self)
        router.add(middleware: ObserveMiddleware(metrics: api.metrics))
        if let origin = options.allowOrigin {
            router.add(middleware: CORSMiddleware(allowOrigin: .custom(origin),
                                                  allowHeaders: [.accept, .authorization, .contentType, .ifNoneMatch],
                                                  allowMethods: [.get, .post, .put, .patch, .delete],
                                                  exposedHeaders: ["ETag", "Location", "Retry-After", "X-Request-Id", "Touchline-Pitch-Rect"]))
        }
        router.add(middleware: ProblemMiddleware())
        router.add(middleware: LimitsMiddleware())
        router.add(middleware: RequestSiteMiddleware(trustedProxies: options.trustedProxies))
        router.add(middleware: RequestRateMiddleware(api: api))
        router.add(middleware: BodyBudgetMiddleware(budget: api.bodyBudget, unknownLength: options.maxUploadBytes,
                                                   metrics: api.metrics))
        HealthRoutes(api: api).register(on: router)
        AccountRoutes(api: api).register(on: router)
        MessageRoutes(api: api).register(on: router)
        FollowRoutes(api: api).register(on: router)
        SocialRoutes(api: api).register(on: router)
        EventRoutes(api: api).register(on: router)
        GuideRoutes(api: api).register(on: router)
        LeagueRoutes(api: api).register(on: router)
        MatchRoutes(api: api).register(on: router)
        RenderRoutes(api: api).register(on: router)
        BoardRoutes(api: api).register(on: router)
        RouteRoutes(api: api).register(on: router)
        CalendarRoutes(api: api).register(on: router)
        TeamRoutes(api: api).register(on: router)
        PlayerRoutes(api: api).register(on: router)
        CardRoutes(api: api).register(on: router)
        PitchRoutes(api: api).register(on: router)
        CollectionRoutes(api: api).register(on: router)
        CatalogueRoutes(api: api).register(on: router)
        SwapRoutes(api: api).register(on: router)
        ContestRoutes(api: api).register(on: router)
        WebRoutes(api: api).register(on: router)
        liveRoutes.register(on: router)
        return router
    }

    var liveRoutes: LiveRoutes { LiveRoutes(api: api, boards: Boards(store: api.store, quota: options.boardQuota)) }

    /// The routes that answer WebSocket upgrade requests (live boards); an upgrade they refuse
    /// goes on to ``router()``, which answers it with the refusal's status.
    func webSocketRouter() -> Router<APIContext> {
        let router = Router(context: APIContext.self)
        router.add(middleware: RequestSiteMiddleware(trustedProxies: options.trustedProxies))
        router.add(middleware: RequestRateMiddleware(api: api))
        liveRoutes.register(webSocketsOn: router)
        return router
    }

    /// The application: the router behind an HTTP/1.1 server with the decoder's header limits,
    /// an idle timeout, and a ``ConnectionGuard`` on every connection for slow and greedy clients.
    func application(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let limits = ConnectionLimits(
            registry: ConnectionRegistry(maximum: options.maximumConnections,
                                         maximumPerClient: options.maximumConnectionsPerClient,
                                         exempt: options.trustedProxies),
            requestPace: options.requestPace, responsePace: options.responsePace, timedWriteBytes: 16 * 1024,
            metrics: api.metrics)
        let http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [ConnectionGuard(limits: limits)],
            idleTimeout: .seconds(Int64(options.idleTimeoutSeconds)),
            httpDecoderConfiguration: .init(maxHeaderFieldSize: 16 * 1024, maxHeaderListSize: 32 * 1024,
                                            maxHeaderFieldCount: 100))
        // Live boards: a publisher's first message is its whole log (up to a stored board's
        // 4 MiB), which browsers send as one frame.
        let webSockets = WebSocketServerConfiguration(maxFrameSize: liveRoutes.maximumMessageBytes,
                                                      autoPing: .enabled(timePeriod: .seconds(30)))
        let logger = logger
        return Application(
            router: router(),
            server: gatedServer(limits: limits, http: http, webSockets: webSockets),
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "touchline"),
            services: [WorkersService(workers: api.workers)],
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                logger.info("listening", metadata: ["address": .string("\(channel.localAddress?.ipAddress ?? "?"):\(port)")])
                await onListening(port)
            },
            logger: logger)
    }

    /// HTTP/1.1 with WebSocket upgrades, a ``ConnectionGate`` first on every connection: the
    /// upgrading channel adds the ``ConnectionGuard`` and the idle timeout only once a first
    /// request's head is read, so the gate holds the connection counts and that head's time.
    func gatedServer(limits: ConnectionLimits, http: HTTP1Channel.Configuration,
                     webSockets: WebSocketServerConfiguration) -> HTTPServerBuilder {
        let responder = webSocketRouter().buildResponder()
        let deadline = TimeAmount.seconds(Int64(options.idleTimeoutSeconds))
        return HTTPServerBuilder { httpResponder in
            GatedChannel(inner: HTTP1WebSocketUpgradeChannel(responder: httpResponder, webSocketResponder: responder,
                                                             configuration: .init(http1: http, ws: webSockets)),
                         limits: limits, headDeadline: deadline)
        }
    }

    /// Serves until SIGTERM or SIGINT, then lets requests in flight finish, stops the worker
    /// threads and closes the database. `onListening` is told the port (useful with port 0).
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        // Closed explicitly, not left to whenever the last reference goes: an SQLite database
        // folds its write-ahead log back in and removes it only when its last connection
        // closes, and a PostgreSQL server sees its connections end cleanly.
        defer { api.store.close() }
        try await application(onListening: onListening).runService()
        logger.info("stopped")
    }
}

/// Stops the worker threads once the server has stopped taking requests (services stop in the
/// reverse order they were given, after the HTTP server).
struct WorkersService: Service {
    let workers: Workers

    func run() async throws {
        try? await gracefulShutdown()
        try await workers.shutdown()
    }
}
