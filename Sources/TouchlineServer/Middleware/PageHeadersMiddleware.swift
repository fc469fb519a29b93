import HTTPTypes
import Hummingbird

/// Gives every answer of the web pages (pages, redirects, static files, their errors) the
/// browser protections they rely on: a Content Security Policy that allows the site's own
/// scripts, styles, images and connections only (no inline script or style, no framing, forms
/// posting only to the site), `nosniff`, and the referrer kept within the site.
struct PageHeadersMiddleware: RouterMiddleware {
    typealias Context = APIContext

    static let contentSecurityPolicy = "default-src 'self'; img-src 'self' data: blob:; connect-src 'self'; style-src 'self'; "
        + "script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

    func handle(_ request: Request, context: APIContext,
                next: (Request, APIContext) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            response = ProblemMiddleware.answer(error, request: request, context: context)
        }
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.referrerPolicy] = "same-origin"
        return response
    }
}

extension HTTPField.Name {
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
}
