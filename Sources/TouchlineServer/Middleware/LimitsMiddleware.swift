import Hummingbird

/// Refuses requests whose target is longer than ``maximumURILength`` before any routing.
/// (Header sizes are bounded by the HTTP decoder, bodies where they are read.)
struct LimitsMiddleware: RouterMiddleware {
    typealias Context = APIContext
    /// The longest request target, in bytes; the API's longest legitimate one is far shorter.
    static let maximumURILength = 8 * 1024

    func handle(_ request: Request, context: APIContext,
                next: (Request, APIContext) async throws -> Response) async throws -> Response {
        guard request.uri.description.utf8.count <= Self.maximumURILength else {
            throw Problem(.uriTooLong, "the request target is longer than \(Self.maximumURILength) bytes")
        }
        return try await next(request, context)
    }
}
