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
            return Self.answer(error, request: request, context: context)
        }
    }

    /// The problem answer to `error`, logged with its cause when it is the server's fault.
    static func answer(_ error: any Error, request: Request, context: APIContext) -> Response {
        let problem = Problem(error)
        if problem.isServerError {
            context.logger.error("request failed", metadata: ["error": .string(String(reflecting: error))])
        }
        return problem.response(instance: request.uri.path, requestID: context.requestID)
    }
}
