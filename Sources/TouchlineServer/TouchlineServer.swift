import Club
import Foundation
import Hummingbird
import HummingbirdCore
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
        let store = try ClubStore(path: options.databasePath)
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
        WebRoutes(api: api).register(on: router)
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
        let logger = logger
        return Application(
            router: router(),
            server: .http1(configuration: http),
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "touchline"),
            services: [WorkersService(workers: api.workers)],
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                logger.info("listening", metadata: ["address": .string("\(channel.localAddress?.ipAddress ?? "?"):\(port)")])
                await onListening(port)
            },
            logger: logger)
    }

    /// Serves until SIGTERM or SIGINT, then lets requests in flight finish, stops the worker
    /// threads and closes the database. `onListening` is told the port (useful with port 0).
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
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
