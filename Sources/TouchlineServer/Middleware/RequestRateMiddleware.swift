import Hummingbird

/// Limits the requests one client address makes a minute (``ServerOptions/requestsPerClientPerMinute``),
/// answering 429 with `Retry-After` beyond; health checks and metrics are not counted, since load
/// balancers and scrapers poll them.
struct RequestRateMiddleware: RouterMiddleware {
    typealias Context = APIContext
    /// Paths polled by infrastructure, never limited.
    static let exempt: Set<String> = ["/healthz", "/readyz", "/metrics"]

    let api: APIServices
    let limiter: RateLimiter

    init(api: APIServices) {
        self.api = api
        limiter = RateLimiter(limit: api.options.requestsPerClientPerMinute)
    }

    func handle(_ request: Request, context: APIContext,
                next: (Request, APIContext) async throws -> Response) async throws -> Response {
        if api.options.requestsPerClientPerMinute > 0, !Self.exempt.contains(request.uri.path) {
            try api.limit(limiter, key: api.clientAddress(request, context), name: "requests", what: "requests from this address")
        }
        return try await next(request, context)
    }
}
