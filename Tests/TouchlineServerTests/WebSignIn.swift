import Foundation
import HTTPTypes
@testable import TouchlineServer

/// A browser's sign-in, as the tests hold it: the cookies `POST /login` set.
struct WebSignIn: Sendable {
    var session: String
    var csrf: String

    /// The `Cookie` header a browser sends with both cookies.
    var cookie: String { "touchline_session=\(session); touchline_csrf=\(csrf)" }

    /// Headers for a request made with the cookie: with the CSRF header unless `csrf` is false,
    /// or with `token` as the CSRF header; `origin` when given.
    func headers(csrf sendsToken: Bool = true, token: String? = nil, origin: String? = nil) -> HTTPFields {
        var headers: HTTPFields = [.cookie: cookie]
        if let value = token ?? (sendsToken ? csrf : nil) { headers[WebSession.csrfHeader] = value }
        if let origin { headers[.origin] = origin }
        return headers
    }

    /// The cookies a reply set, by name (each `Set-Cookie` value whole).
    static func setCookies(_ reply: Reply) -> [String: String] {
        var cookies: [String: String] = [:]
        for value in reply.headers[values: .setCookie] {
            let name = String(value.prefix { $0 != "=" })
            cookies[name] = value
        }
        return cookies
    }

    /// The value of cookie `name` in a `Set-Cookie` value.
    static func value(_ setCookie: String?) -> String? {
        guard let setCookie, let equals = setCookie.firstIndex(of: "=") else { return nil }
        return String(setCookie[setCookie.index(after: equals)...].prefix { $0 != ";" })
    }
}

/// An HTML form body, `name=value&...`, percent-encoded.
func formBody(_ fields: [(String, String)]) -> Data {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    let pairs = fields.map { name, value in
        (name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name) + "="
            + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
    }
    return Data(pairs.joined(separator: "&").utf8)
}

extension TestClient {
    /// Stores `log` as a board titled `title` for the user `headers` authenticate.
    func saveBoard(_ title: String, _ log: Data, headers: HTTPFields) async throws -> Reply {
        try await send(.post, "/api/v1/boards?title=\(title)", body: log, contentType: "application/json", headers: headers)
    }

    /// Posts the sign-in form.
    func postLogin(_ fields: [(String, String)], headers: HTTPFields = [:]) async throws -> Reply {
        try await send(.post, "/login", body: formBody(fields), contentType: FormBody.mediaType, headers: headers)
    }

    /// Registers `username` (password "correct horse") and signs in through the sign-in page.
    func browserUser(_ username: String) async throws -> WebSignIn {
        _ = try await user(username)
        return try await browserSignIn(username)
    }

    /// Signs `username` in through the sign-in page.
    func browserSignIn(_ username: String, headers: HTTPFields = [:]) async throws -> WebSignIn {
        let reply = try await postLogin([("username", username), ("password", "correct horse")], headers: headers)
        let cookies = WebSignIn.setCookies(reply)
        guard reply.status == .seeOther, let session = WebSignIn.value(cookies["touchline_session"]),
              let csrf = WebSignIn.value(cookies["touchline_csrf"]) else {
            throw TestFailure("sign in \(username): \(reply.status) \(reply.text)")
        }
        return WebSignIn(session: session, csrf: csrf)
    }
}
