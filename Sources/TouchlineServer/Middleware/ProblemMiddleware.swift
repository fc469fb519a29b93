import Hummingbird
import Logging

/// Turns whatever a handler throws into an RFC 9457 problem answer, so that no request
/// fails without one and the server goes on serving. Server faults are logged with their cause.
struct ProblemMiddleware: RouterMiddleware {
    typealias Context = APIContext

    func handle(_ request: Request, context: APIContext,
                next: (Request, APIContext) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let problem = Problem(error)
            if problem.isServerError {
                context.logger.error("request failed", metadata: ["error": .string(String(reflecting: error))])
            }
            return problem.response(instance: request.uri.path, requestID: context.requestID)
        }
    }
}
