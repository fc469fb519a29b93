import Foundation
import HTTPTypes
import Testing
@testable import TouchlineServer

/// The API with a browser's session cookie: it authenticates when there is no `Authorization`
/// header, and whatever may change something must also carry the session's CSRF token and come
/// from the server's own origin. Router tests are sent to `localhost`, so that is the origin.
@Suite("The API with the session cookie: authentication and cross-site protection")
struct CookieSessionAPITests {
    static let origin = "http://localhost"

    /// True when `reply` is the cross-site refusal.
    static func refused(_ reply: Reply) throws -> Bool {
        let problem = try reply.problem()
        return reply.status == .forbidden && problem.type == "forbidden" && problem.detail.hasPrefix("cross-site request refused: ")
    }

    @Test("every unsafe method: no or a wrong CSRF token, or another origin, is 403 and changes nothing; the right one works")
    func unsafeMethods() async throws {
        try await APITest().run { client in
            let alice = try await client.browserUser("alice")
            let bob = try await client.browserUser("bob")
            let log = try APITest.example("boards/433.json")
            let wrongHeaders = [alice.headers(csrf: false), alice.headers(token: bob.csrf), alice.headers(token: "0"),
                                alice.headers(token: alice.csrf.uppercased()), alice.headers(origin: "http://evil.example"),
                                alice.headers(origin: "null"), alice.headers(origin: "https://localhost"),
                                alice.headers(origin: "http://localhost.evil.example"), alice.headers(origin: "http://localhost:8080")]

            // POST
            for headers in wrongHeaders {
                let post = try await client.send(.post, "/api/v1/boards?title=x", body: log, contentType: "application/json",
                                                 headers: headers)
                #expect(try Self.refused(post), "\(headers)")
            }
            let listed = try await client.send(.get, "/api/v1/boards", headers: alice.headers(csrf: false))
            #expect(try (listed.json()["items"] as? [Any])?.isEmpty == true)
            let saved = try await client.send(.post, "/api/v1/boards?title=Pressing", body: log, contentType: "application/json",
                                              headers: alice.headers(origin: Self.origin))
            #expect(saved.status == .created)
            let id = try #require(try saved.json()["id"] as? Int)
            let withoutOrigin = try await client.send(.post, "/api/v1/boards?title=Second", body: log,
                                                      contentType: "application/json", headers: alice.headers())
            #expect(withoutOrigin.status == .created)

            // PUT
            let redrawn = try APITest.example("boards/multitouch.jsonl")
            for headers in wrongHeaders {
                let put = try await client.send(.put, "/api/v1/boards/\(id)?title=Changed", body: redrawn,
                                                contentType: "application/x-ndjson", headers: headers)
                #expect(try Self.refused(put), "\(headers)")
            }
            let unchanged = try await client.send(.get, "/api/v1/boards/\(id)/log", headers: alice.headers(csrf: false))
            #expect(unchanged.body == log)
            let put = try await client.send(.put, "/api/v1/boards/\(id)?title=Changed", body: redrawn,
                                            contentType: "application/x-ndjson", headers: alice.headers(origin: Self.origin))
            #expect(put.status == .ok)
            #expect(try put.json()["title"] as? String == "Changed")

            // PATCH
            for headers in wrongHeaders {
                let patch = try await client.send(.patch, "/api/v1/me", json: ["displayName": "Mallory"], headers: headers)
                #expect(try Self.refused(patch), "\(headers)")
            }
            let me = try await client.send(.get, "/api/v1/me", headers: alice.headers(csrf: false))
            #expect(try me.json()["displayName"] as? String == "Alice")
            let patched = try await client.send(.patch, "/api/v1/me", json: ["displayName": "Alice B"], headers: alice.headers())
            #expect(patched.status == .ok)
            #expect(try patched.json()["displayName"] as? String == "Alice B")

            // DELETE
            for headers in wrongHeaders {
                let delete = try await client.send(.delete, "/api/v1/boards/\(id)", headers: headers)
                #expect(try Self.refused(delete), "\(headers)")
            }
            let stillThere = try await client.send(.get, "/api/v1/boards/\(id)", headers: alice.headers(csrf: false))
            #expect(stillThere.status == .ok)
            let deleted = try await client.send(.delete, "/api/v1/boards/\(id)", headers: alice.headers(origin: Self.origin))
            #expect(deleted.status == .noContent)
        }
    }

    @Test("GET with the cookie needs no CSRF token; a bearer token wins over the cookie and needs none")
    func safeReadsAndBearer() async throws {
        try await APITest().run { client in
            let alice = try await client.browserUser("alice")
            let bobToken = try await client.user("bob")
            let me = try await client.send(.get, "/api/v1/me", headers: alice.headers(csrf: false, origin: "http://evil.example"))
            #expect(me.status == .ok)
            #expect(try me.json()["username"] as? String == "alice")

            // Bearer: no CSRF token, any origin; with a cookie beside it, the bearer's user acts.
            var headers = alice.headers(csrf: false, origin: "http://evil.example")
            headers[.authorization] = "Bearer \(bobToken)"
            let posted = try await client.send(.post, "/api/v1/boards?title=Bob", body: try APITest.example("boards/433.json"),
                                               contentType: "application/json", headers: headers)
            #expect(posted.status == .created)
            #expect(try posted.json()["owner"] as? String == "bob")
            // A bad bearer token is refused, not overlooked for the cookie.
            headers[.authorization] = "Bearer nonsense"
            let bad = try await client.send(.get, "/api/v1/me", headers: headers)
            #expect(bad.status == .unauthorized)
        }
    }

    @Test("a cookie whose session ended is 401; DELETE /api/v1/sessions/current with the cookie ends it")
    func endedSessions() async throws {
        try await APITest().run { client in
            let alice = try await client.browserUser("alice")
            let refused = try await client.send(.delete, "/api/v1/sessions/current", headers: alice.headers(csrf: false))
            #expect(try Self.refused(refused))
            let ended = try await client.send(.delete, "/api/v1/sessions/current", headers: alice.headers())
            #expect(ended.status == .noContent)
            let me = try await client.send(.get, "/api/v1/me", headers: alice.headers(csrf: false))
            #expect(me.status == .unauthorized)
            let unknown = try await client.send(.get, "/api/v1/me", headers: [.cookie: "touchline_session=nonsense"])
            #expect(unknown.status == .unauthorized)
            let nothing = try await client.send(.get, "/api/v1/me")
            #expect(nothing.status == .unauthorized)
            #expect(try nothing.problem().detail.contains("/login"))
            // A public read with an ended cookie is refused too, as with a bad bearer token.
            let leagues = try await client.send(.get, "/api/v1/leagues", headers: alice.headers(csrf: false))
            #expect(leagues.status == .unauthorized)
        }
    }

    @Test("X-Forwarded-Proto is believed only from a trusted proxy: here there is none, so https is another origin")
    func forwardedProtoFromStrangers() async throws {
        try await APITest().run { client in
            let alice = try await client.browserUser("alice")
            var headers = alice.headers(origin: "https://localhost")
            headers[.xForwardedProto] = "https"
            let refused = try await client.send(.delete, "/api/v1/sessions/current", headers: headers)
            #expect(try Self.refused(refused))
        }
    }

    @Test("the CSRF token is hex(SHA-256(\"touchline-csrf:\" + session token))")
    func csrfToken() {
        // Worked out independently: python3 -c "import hashlib; print(hashlib.sha256(b'touchline-csrf:k3Y-session_token').hexdigest())"
        let token = "k3Y-session_token"
        #expect(WebSession.csrfToken(for: token) == "36a9f056b624c533b4bc949640fc6663be081d2e7e08701e806aae1e7b12f3a1")
        #expect(WebSession.csrfMatches(WebSession.csrfToken(for: token), session: token))
        #expect(!WebSession.csrfMatches(WebSession.csrfToken(for: token + "x"), session: token))
        #expect(!WebSession.csrfMatches(nil, session: token))
        #expect(!WebSession.csrfMatches("", session: token))
    }
}

@Suite("The browser's session over a real socket")
struct LiveCookieSessionTests {
    @Test("sign in at /login, then a CSRF-protected PUT with the cookie over TCP; https through a trusted proxy")
    func signInAndReplace() async throws {
        try await APITest { $0.trustedProxies = ["127.0.0.1"] }.run(.live) { client in
            _ = try await client.user("alice")
            let alice = try await client.browserSignIn("alice")
            let log = try APITest.example("boards/433.json")
            let saved = try await client.send(.post, "/api/v1/boards?title=Live", body: log, contentType: "application/json",
                                              headers: alice.headers(origin: "http://localhost"))
            #expect(saved.status == .created)
            let id = try #require(try saved.json()["id"] as? Int)
            let redrawn = try APITest.example("boards/multitouch.jsonl")
            let refused = try await client.send(.put, "/api/v1/boards/\(id)", body: redrawn, contentType: "application/x-ndjson",
                                                headers: alice.headers(csrf: false))
            #expect(refused.status == .forbidden)
            let replaced = try await client.send(.put, "/api/v1/boards/\(id)", body: redrawn, contentType: "application/x-ndjson",
                                                 headers: alice.headers(origin: "http://localhost"))
            #expect(replaced.status == .ok)
            #expect(try await client.send(.get, "/api/v1/boards/\(id)/log", headers: alice.headers(csrf: false)).body == redrawn)

            // Behind a TLS proxy the server trusts: Secure cookies, and the https origin is its own.
            let proxied: HTTPFields = [.xForwardedProto: "https"]
            let login = try await client.postLogin([("username", "alice"), ("password", "correct horse")], headers: proxied)
            let cookies = WebSignIn.setCookies(login)
            #expect(cookies["touchline_session"]?.hasSuffix("; HttpOnly; SameSite=Strict; Secure") == true)
            #expect(cookies["touchline_csrf"]?.hasSuffix("; SameSite=Strict; Secure") == true)
            let secure = WebSignIn(session: try #require(WebSignIn.value(cookies["touchline_session"])),
                                   csrf: try #require(WebSignIn.value(cookies["touchline_csrf"])))
            var https = secure.headers(origin: "https://localhost")
            https[.xForwardedProto] = "https"
            let viaProxy = try await client.send(.put, "/api/v1/boards/\(id)?title=Proxied", body: log, contentType: "application/json",
                                                 headers: https)
            #expect(viaProxy.status == .ok)
            var plain = secure.headers(origin: "http://localhost")
            plain[.xForwardedProto] = "https"
            let mixed = try await client.send(.put, "/api/v1/boards/\(id)", body: redrawn, contentType: "application/json",
                                              headers: plain)
            #expect(mixed.status == .forbidden)
            let out = try await client.send(.post, "/logout", headers: https)
            #expect(WebSignIn.setCookies(out)["touchline_session"]?.hasSuffix("; Secure") == true)
        }
    }
}
