import Hummingbird

/// Holds every request with a body to the server's ``BodyBudget`` while it is handled: 503 with
/// `Retry-After` when the bodies in flight already take the budget.
struct BodyBudgetMiddleware: RouterMiddleware {
    typealias Context = APIContext
    let budget: BodyBudget
    /// What a body of unknown length (chunked) reserves: the largest one any endpoint takes.
    let unknownLength: Int
    let metrics: ServerMetrics

    func handle(_ request: Request, context: APIContext,
                next: (Request, APIContext) async throws -> Response) async throws -> Response {
        let bytes = Self.reservation(request, unknownLength: unknownLength)
        guard bytes > 0 else { return try await next(request, context) }
        guard budget.reserve(bytes) else {
            metrics.rateLimited("body-bytes")
            throw Problem.overloaded("the server is receiving too many request bodies at once; try again in a moment")
        }
        defer { budget.release(bytes) }
        return try await next(request, context)
    }

    /// The bytes a request reserves: its `Content-Length` up to `unknownLength` (a longer one
    /// is refused with 413 when read), `unknownLength` for a chunked body, 0 without a body.
    static func reservation(_ request: Request, unknownLength: Int) -> Int {
        if let text = request.headers[.contentLength] {
            guard let length = Int(text), length >= 0 else { return unknownLength }
            return min(length, unknownLength)
        }
        return request.headers[.transferEncoding] == nil ? 0 : unknownLength
    }
}
