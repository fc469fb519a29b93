import HTTPTypes
import Hummingbird
import Logging

/// Outermost: one log line per request (method, path without its query, status, duration,
/// request id) and the request metrics. The query is never logged: calendar tokens travel in it.
struct ObserveMiddleware: RouterMiddleware {
    typealias Context = APIContext
    let metrics: ServerMetrics

    func handle(_ request: Request, context: APIContext,
                next: (Request, APIContext) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            // ProblemMiddleware answers every error; this is a last guard.
            response = Problem(error).response(instance: request.uri.path, requestID: context.requestID)
        }
        let duration = ContinuousClock.now - start
        response.headers[.requestID] = context.requestID
        let route = context.endpointPath ?? "unmatched"
        metrics.request(route: route, method: request.method.rawValue, status: response.status.code, duration: duration)
        let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        context.logger.info("request", metadata: [
            "method": .string(request.method.rawValue),
            "path": .string(request.uri.path),
            "status": .stringConvertible(response.status.code),
            "duration_ms": .string(String(format: "%.2f", milliseconds)),
        ])
        return response
    }
}

extension HTTPField.Name {
    /// `X-Request-Id`: the id of the request in the server's log, also in problem bodies.
    static let requestID = HTTPField.Name("X-Request-Id")!
}
