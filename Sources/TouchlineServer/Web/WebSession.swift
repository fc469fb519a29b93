import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// The rules of signing in from a browser: the cookies `POST /login` sets, the CSRF token that
/// goes with a session, and which requests made with the cookie count as the site's own.
///
/// The session cookie holds the same session token `POST /api/v1/sessions` gives, `HttpOnly`
/// so scripts never see it. The CSRF cookie holds hex(SHA-256("touchline-csrf:" + token)):
/// pages read it and send it back as `X-CSRF-Token` on every request that changes something,
/// which a page of another site cannot do (it cannot read the cookie), and the server checks it
/// against the session without storing anything.
enum WebSession {
    /// The cookie that holds the session token.
    static let sessionCookie = "touchline_session"
    /// The cookie that holds the session's CSRF token (readable by the pages' scripts).
    static let csrfCookie = "touchline_csrf"
    /// The header a request made with the session cookie sends the CSRF token in.
    static let csrfHeader = HTTPField.Name("X-CSRF-Token")!
    /// Methods that may change something: with cookie authentication they need the CSRF token.
    static let unsafeMethods: Set<HTTPRequest.Method> = [.post, .put, .patch, .delete]
    /// The longest session cookie looked at (a real token has 43 characters).
    static let maximumTokenLength = 256

    /// The CSRF token of session `token`: hex(SHA-256("touchline-csrf:" + token)).
    static func csrfToken(for token: String) -> String {
        SHA256.hash(data: Data(("touchline-csrf:" + token).utf8)).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// True when `sent` is session `token`'s CSRF token, compared in constant time.
    static func csrfMatches(_ sent: String?, session token: String) -> Bool {
        guard let sent else { return false }
        let expected = Array(csrfToken(for: token).utf8), given = Array(sent.utf8)
        guard given.count == expected.count else { return false }
        return zip(given, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The session token of the request's cookie, nil without one (or with one too long to be a token).
    static func token(_ request: Request) -> String? {
        guard let value = request.cookies[sessionCookie]?.value, !value.isEmpty,
              value.utf8.count <= maximumTokenLength else { return nil }
        return value
    }

    /// Refuses a request that is not the site's own: an `Origin` header, when there is one,
    /// must be the server's origin (`site`).
    ///
    /// - Throws: ``Problem`` 403 "cross-site request refused: ...".
    static func checkOrigin(_ request: Request, site: RequestSite?) throws {
        guard let origin = request.headers[.origin] else { return }
        guard let site, origin == site.origin else {
            throw refusal("the Origin \(origin.prefix(100)) is not this server's (\(site?.origin ?? "unknown"))")
        }
    }

    /// Refuses a cookie-authenticated request that may change something unless it is the site's
    /// own (``checkOrigin(_:site:)``) and carries session `token`'s CSRF token: `csrf`, or the
    /// `X-CSRF-Token` header when `csrf` is nil. Safe methods pass as they are.
    static func checkCrossSite(_ request: Request, token: String, site: RequestSite?, csrf: String? = nil) throws {
        guard unsafeMethods.contains(request.method) else { return }
        try checkOrigin(request, site: site)
        guard csrfMatches(csrf ?? request.headers[csrfHeader], session: token) else {
            throw refusal("send the touchline_csrf cookie's value as the X-CSRF-Token header")
        }
    }

    static func refusal(_ reason: String) -> Problem {
        Problem(.forbidden, "cross-site request refused: \(reason)")
    }

    /// The `Set-Cookie` values that sign a browser in with session `token`; `Secure` when the
    /// site is served over https.
    static func signInCookies(token: String, secure: Bool) -> [String] {
        let tail = secure ? "; Secure" : ""
        return ["\(sessionCookie)=\(token); Path=/; HttpOnly; SameSite=Strict" + tail,
                "\(csrfCookie)=\(csrfToken(for: token)); Path=/; SameSite=Strict" + tail]
    }

    /// The `Set-Cookie` values that remove both cookies.
    static func signOutCookies(secure: Bool) -> [String] {
        let tail = secure ? "; Secure" : ""
        return ["\(sessionCookie)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict" + tail,
                "\(csrfCookie)=; Path=/; Max-Age=0; SameSite=Strict" + tail]
    }

    /// True when `next` is a path on this site to go to after signing in: it starts with one
    /// `/` (not `//`, which a browser reads as another host), has no `\` (which some read as
    /// `/`), and only visible ASCII characters, at most 2,048 of them.
    static func isLocalPath(_ next: String) -> Bool {
        next.hasPrefix("/") && !next.hasPrefix("//") && !next.contains("\\") && next.utf8.count <= 2048
            && next.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}

extension HTTPField.Name {
    /// `X-Forwarded-Proto`, as a reverse proxy that terminates TLS sets it.
    static let xForwardedProto = HTTPField.Name("X-Forwarded-Proto")!
}
