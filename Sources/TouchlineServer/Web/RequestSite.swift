import Hummingbird

/// The site a request was made to, as the browser sees it: `https` when a trusted proxy says
/// the request came to it over TLS (`X-Forwarded-Proto: https`), else `http`; and the `Host` it
/// was sent to. Its ``origin`` is what a page of this server sends as `Origin`.
///
/// ``RequestSiteMiddleware`` works it out for every request (it needs the socket's peer, which
/// only the request context knows) and sets ``current`` while the request is handled, so that
/// code given only the request, as ``APIServices/actor(_:)`` is, can check origins.
struct RequestSite: Sendable, Equatable {
    /// `http` or `https`.
    var scheme: String
    /// The `Host` the request was sent to (with its port, when it has one).
    var host: String

    /// `scheme://host`.
    var origin: String { "\(scheme)://\(host)" }
    /// True when the browser reached the site over https (cookies get `Secure`).
    var isSecure: Bool { scheme == "https" }

    /// The site of the request being handled; nil outside one, or for a request without `Host`.
    @TaskLocal static var current: RequestSite?

    /// The site of `request`, which came from `peer` (nil when it has no `Host`).
    /// `X-Forwarded-Proto` is believed only from a proxy in `trustedProxies`.
    init?(_ request: Request, peer: String?, trustedProxies: Set<String>) {
        guard let host = request.head.authority, !host.isEmpty else { return nil }
        let forwarded = request.headers[.xForwardedProto]?.split(separator: ",").first?
            .trimmingCharacters(in: .whitespaces).lowercased()
        let trusted = peer.map(trustedProxies.contains) ?? false
        scheme = trusted && forwarded == "https" ? "https" : "http"
        self.host = host
    }
}

/// Sets ``RequestSite/current`` for the rest of the request's handling.
struct RequestSiteMiddleware: RouterMiddleware {
    typealias Context = APIContext
    let trustedProxies: Set<String>

    func handle(_ request: Request, context: APIContext,
                next: (Request, APIContext) async throws -> Response) async throws -> Response {
        let site = RequestSite(request, peer: context.peerAddress, trustedProxies: trustedProxies)
        return try await RequestSite.$current.withValue(site) { try await next(request, context) }
    }
}
