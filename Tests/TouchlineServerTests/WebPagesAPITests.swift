@testable import Club
import Foundation
import HTTPTypes
import Testing
@testable import TouchlineServer

/// The web board's pages: signing in and out, the pages that need it, and the static files.
@Suite("The web pages: sign-in, sign-out, boards, board and static files")
struct WebPagesAPITests {
    static let csp = "default-src 'self'; img-src 'self' data: blob:; connect-src 'self'; style-src 'self'; script-src 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

    /// Checks the headers every page answer carries.
    static func expectPageHeaders(_ reply: Reply, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reply.headers[.contentSecurityPolicy] == csp, sourceLocation: sourceLocation)
        #expect(reply.headers[.xContentTypeOptions] == "nosniff", sourceLocation: sourceLocation)
        #expect(reply.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin", sourceLocation: sourceLocation)
    }

    /// The number of sessions in the test's database.
    static func sessions(_ test: APITest) throws -> Int {
        try test.store().read { db in try db.value(Int.self, "SELECT count(*) FROM session") } ?? 0
    }

    @Test("GET /login: the form with its hooks, next kept when it is a local path, everything escaped")
    func loginForm() async throws {
        try await APITest().run { client in
            let page = try await client.send(.get, "/login")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            Self.expectPageHeaders(page)
            #expect(page.text.contains(#"<input name="username""#))
            #expect(page.text.contains(#"<input name="password" type="password""#))
            #expect(page.text.contains(#"<button type="submit">"#))
            #expect(page.text.contains(#"<form method="post" action="/login">"#))
            #expect(page.text.contains(#"name="next" value="""#))
            #expect(!page.text.contains("{{") && !page.text.contains("<script") && !page.text.contains("style="))
            #expect(!page.text.contains(#"id="message""#))

            let kept = try await client.send(.get, "/login?next=%2Fboard%2F7")
            #expect(kept.text.contains(#"name="next" value="/board/7""#))
            let hostile = try await client.send(.get, "/login?next=%2Fx%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E")
            #expect(hostile.text.contains(#"value="/x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;""#))
            #expect(!hostile.text.contains("<script>"))
            for away in ["%2F%2Fevil.example", "https%3A%2F%2Fevil.example", "%2F%5Cevil.example", "javascript%3Aalert(1)",
                         String(repeating: "a", count: 3000)] {
                let dropped = try await client.send(.get, "/login?next=\(away)")
                #expect(dropped.status == .ok)
                #expect(dropped.text.contains(#"name="next" value="""#), "\(away)")
            }
        }
    }

    @Test("POST /login: 303 to next or /boards with both cookies, as the contract sets them")
    func signIn() async throws {
        try await APITest { $0.loginsPerAccountPerMinute = 100 }.run { client in
            _ = try await client.user("alice")
            let reply = try await client.postLogin([("username", "alice"), ("password", "correct horse")])
            #expect(reply.status == .seeOther)
            #expect(reply.headers[.location] == "/boards")
            Self.expectPageHeaders(reply)
            let cookies = WebSignIn.setCookies(reply)
            let session = try #require(WebSignIn.value(cookies["touchline_session"]))
            #expect(session.count == 43)
            #expect(cookies["touchline_session"] == "touchline_session=\(session); Path=/; HttpOnly; SameSite=Strict")
            #expect(cookies["touchline_csrf"] == "touchline_csrf=\(WebSession.csrfToken(for: session)); Path=/; SameSite=Strict")
            // The same sessions as the API's: the cookie's token is a bearer token too.
            let me = try await client.send(.get, "/api/v1/me", token: session)
            #expect(try me.json()["username"] as? String == "alice")

            // By email, with next.
            let next = try await client.postLogin([("username", "alice@example.org"), ("password", "correct horse"),
                                                   ("next", "/board/7?view=abc")])
            #expect(next.status == .seeOther)
            #expect(next.headers[.location] == "/board/7?view=abc")
            // A next that is not a path on this site goes to /boards.
            for away in ["https://evil.example/", "//evil.example", "/\\evil.example", "\\\\evil.example", "javascript:alert(1)",
                         "", "boards", "/boards\r\nSet-Cookie: x=y", String(repeating: "/a", count: 1100)] {
                let signedIn = try await client.postLogin([("username", "alice"), ("password", "correct horse"), ("next", away)])
                #expect(signedIn.status == .seeOther)
                #expect(signedIn.headers[.location] == "/boards", "\(away)")
            }
        }
    }

    @Test("POST /login refused: wrong password 401, missing fields 400, another type 415, too large 413, another origin 403; no session")
    func signInRefused() async throws {
        let test = try APITest()
        try await test.run { client in
            _ = try await client.user("alice")
            let before = try Self.sessions(test)

            let wrong = try await client.postLogin([("username", "<b>alice</b>"), ("password", "guess"), ("next", "/board/3")])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.headers[.contentType] == "text/html; charset=utf-8")
            Self.expectPageHeaders(wrong)
            #expect(wrong.text.contains(#"<p id="message" role="alert">wrong username or password</p>"#))
            #expect(wrong.text.contains(#"value="&lt;b&gt;alice&lt;/b&gt;""#))
            #expect(wrong.text.contains(#"name="next" value="/board/3""#))
            #expect(wrong.headers[values: .setCookie].isEmpty)

            for fields in [[("username", "alice")], [("password", "correct horse")], [("username", ""), ("password", "x")], []] {
                let missing = try await client.postLogin(fields)
                #expect(missing.status == .badRequest, "\(fields)")
                #expect(missing.text.contains("give your username (or email) and your password"))
                #expect(missing.text.contains(#"<input name="password" type="password""#))
            }
            let broken = try await client.send(.post, "/login", body: Data("username=%ZZ&password=x".utf8),
                                               contentType: FormBody.mediaType)
            #expect(broken.status == .badRequest)
            #expect(broken.text.contains("broken percent-encoding"))

            let json = try await client.send(.post, "/login", json: ["username": "alice", "password": "correct horse"])
            #expect(json.status == .unsupportedMediaType)
            #expect(json.text.contains("application/x-www-form-urlencoded"))

            let large = try await client.postLogin([("username", "alice"), ("password", "correct horse"),
                                                    ("next", "/" + String(repeating: "a", count: 9000))])
            #expect(large.status == .contentTooLarge)
            #expect(large.text.contains(#"<form method="post""#))

            let crossSite = try await client.postLogin([("username", "alice"), ("password", "correct horse")],
                                                       headers: [.origin: "http://evil.example"])
            #expect(crossSite.status == .forbidden)
            #expect(crossSite.text.contains("cross-site request refused: "))
            #expect(crossSite.headers[values: .setCookie].isEmpty)

            #expect(try Self.sessions(test) == before)
            let sameSite = try await client.postLogin([("username", "alice"), ("password", "correct horse")],
                                                      headers: [.origin: "http://localhost"])
            #expect(sameSite.status == .seeOther)
            #expect(try Self.sessions(test) == before + 1)
        }
    }

    @Test("POST /login shares POST /api/v1/sessions' limits and metrics")
    func signInLimits() async throws {
        let test = try APITest { $0.loginsPerAccountPerMinute = 3 }
        try await test.run { client in
            _ = try await client.user("alice")   // one login through the API
            let wrong = try await client.postLogin([("username", "alice"), ("password", "guess")])
            #expect(wrong.status == .unauthorized)
            _ = try await client.browserSignIn("alice")
            let limited = try await client.postLogin([("username", "ALICE"), ("password", "correct horse")])
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil)
            #expect(limited.text.contains("too many login attempts for this account"))
            #expect(limited.headers[values: .setCookie].isEmpty)
            let api = try await client.send(.post, "/api/v1/sessions", json: ["username": "alice", "password": "correct horse"])
            #expect(api.status == .tooManyRequests)
            let metrics = try await client.send(.get, "/metrics")
            #expect(metrics.text.contains(#"touchline_logins_total{outcome="success"} 2"#))
            #expect(metrics.text.contains(#"touchline_logins_total{outcome="failure"} 1"#))
            #expect(metrics.text.contains(#"touchline_logins_total{outcome="limited"} 2"#))
        }
    }

    @Test("POST /logout: ends the session with the CSRF token (form field or header), clears the cookies, 303 /login")
    func signOut() async throws {
        try await APITest().run { client in
            let alice = try await client.browserUser("alice")
            // Without the token, or from another site: refused, the session lives on.
            let refused = try await client.send(.post, "/logout", body: formBody([]), contentType: FormBody.mediaType,
                                                headers: alice.headers(csrf: false))
            #expect(refused.status == .forbidden)
            Self.expectPageHeaders(refused)
            let wrong = try await client.send(.post, "/logout", body: formBody([("csrf", "nope")]), contentType: FormBody.mediaType,
                                              headers: alice.headers(csrf: false))
            #expect(wrong.status == .forbidden)
            let crossSite = try await client.send(.post, "/logout", body: formBody([("csrf", alice.csrf)]),
                                                  contentType: FormBody.mediaType,
                                                  headers: alice.headers(csrf: false, origin: "http://evil.example"))
            #expect(crossSite.status == .forbidden)
            #expect(try await client.send(.get, "/api/v1/me", headers: alice.headers(csrf: false)).status == .ok)

            let out = try await client.send(.post, "/logout", body: formBody([("csrf", alice.csrf)]), contentType: FormBody.mediaType,
                                            headers: alice.headers(csrf: false, origin: "http://localhost"))
            #expect(out.status == .seeOther)
            #expect(out.headers[.location] == "/login")
            Self.expectPageHeaders(out)
            let cleared = WebSignIn.setCookies(out)
            #expect(cleared["touchline_session"] == "touchline_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict")
            #expect(cleared["touchline_csrf"] == "touchline_csrf=; Path=/; Max-Age=0; SameSite=Strict")
            #expect(try await client.send(.get, "/api/v1/me", headers: alice.headers(csrf: false)).status == .unauthorized)

            // With the header instead of the field; and with no cookie at all, just the way out.
            let again = try await client.browserSignIn("alice")
            let byHeader = try await client.send(.post, "/logout", headers: again.headers())
            #expect(byHeader.status == .seeOther)
            #expect(try await client.send(.get, "/api/v1/me", headers: again.headers(csrf: false)).status == .unauthorized)
            let anonymous = try await client.send(.post, "/logout")
            #expect(anonymous.status == .seeOther && anonymous.headers[.location] == "/login")
        }
    }

    @Test("/boards and /board need a signed-in browser, else 303 to /login with next")
    func signedInPages() async throws {
        try await APITest().run { client in
            let alice = try await client.browserUser("alice")
            for (path, file) in [("/boards", "boards.html"), ("/board", "board.html")] {
                let away = try await client.send(.get, path)
                #expect(away.status == .seeOther)
                #expect(away.headers[.location] == "/login?next=\(path)")
                Self.expectPageHeaders(away)
                let stale = try await client.send(.get, path, headers: [.cookie: "touchline_session=ended"])
                #expect(stale.status == .seeOther && stale.headers[.location] == "/login?next=\(path)")

                let page = try await client.send(.get, path, headers: alice.headers(csrf: false))
                #expect(page.status == .ok)
                #expect(page.headers[.contentType] == "text/html; charset=utf-8")
                let expected = try WebFiles().file(file)?.data
                #expect(page.body == expected)
                #expect(page.headers[.cacheControl] == "no-cache")
                Self.expectPageHeaders(page)
                let etag = try #require(page.headers[.eTag])
                var headers = alice.headers(csrf: false)
                headers[.ifNoneMatch] = etag
                let cached = try await client.send(.get, path, headers: headers)
                #expect(cached.status == .notModified && cached.body.isEmpty)
            }
        }
    }

    @Test("/board/{id}: the owner's, or anyone's with the view token; otherwise /login or 404")
    func boardPage() async throws {
        try await APITest().run { client in
            let alice = try await client.browserUser("alice")
            let bob = try await client.browserUser("bob")
            let saved = try await client.saveBoard("P", try APITest.example("boards/433.json"), headers: alice.headers())
            let id = try #require(try saved.json()["id"] as? Int)
            let link = try await client.send(.post, "/api/v1/boards/\(id)/view-token", headers: alice.headers())
            let token = try #require(try link.json()["token"] as? String)

            let away = try await client.send(.get, "/board/\(id)")
            #expect(away.status == .seeOther && away.headers[.location] == "/login?next=/board/\(id)")
            let owner = try await client.send(.get, "/board/\(id)", headers: alice.headers(csrf: false))
            let boardPage = try WebFiles().file("board.html")?.data
            #expect(owner.status == .ok && owner.body == boardPage)
            Self.expectPageHeaders(owner)
            let stranger = try await client.send(.get, "/board/\(id)", headers: bob.headers(csrf: false))
            #expect(stranger.status == .notFound)
            Self.expectPageHeaders(stranger)
            for headers in [HTTPFields(), bob.headers(csrf: false), [.cookie: "touchline_session=ended"]] {
                let viewer = try await client.send(.get, "/board/\(id)?view=\(token)", headers: headers)
                #expect(viewer.status == .ok, "\(headers)")
            }
            for bad in ["0123456789abcdef0123456789abcdef", "x", token.uppercased()] {
                let wrong = try await client.send(.get, "/board/\(id)?view=\(bad)")
                #expect(wrong.status == .notFound, "\(bad)")
            }
            let missing = try await client.send(.get, "/board/999?view=\(token)")
            #expect(missing.status == .notFound)
            let word = try await client.send(.get, "/board/abc", headers: alice.headers(csrf: false))
            #expect(word.status == .notFound)
            // Rotated: the old token shows nothing.
            _ = try await client.send(.post, "/api/v1/boards/\(id)/view-token", headers: alice.headers())
            let rotated = try await client.send(.get, "/board/\(id)?view=\(token)")
            #expect(rotated.status == .notFound)
        }
    }

    @Test("/web/{file}: the embedded files with their type, ETag and no-cache; 404 for anything else")
    func embeddedFiles() async throws {
        try await APITest().run { client in
            let login = try await client.send(.get, "/web/login.html")
            #expect(login.status == .ok)
            #expect(login.headers[.contentType] == "text/html; charset=utf-8")
            #expect(login.headers[.cacheControl] == "no-cache")
            Self.expectPageHeaders(login)
            let etag = try #require(login.headers[.eTag])
            let cached = try await client.send(.get, "/web/login.html", headers: [.ifNoneMatch: etag])
            #expect(cached.status == .notModified)
            let stale = try await client.send(.get, "/web/login.html", headers: [.ifNoneMatch: "\"other\""])
            #expect(stale.status == .ok)
            for path in ["/web/missing.js", "/web/..%2FPackage.swift", "/web/%2E%2E%2FPackage.swift", "/web/../Package.swift",
                         "/web/..", "/web/.hidden.js", "/web/login.html%00.js", "/web/sub%2Flogin.html", "/web/", "/web",
                         "/web/LOGIN.HTML"] {
                let missing = try await client.send(.get, path)
                #expect(missing.status == .notFound, "\(path)")
            }
        }
    }

    @Test("touchline serve --web-root: the folder's files, read on every request, with their content types")
    func webRoot() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchline-web-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        @Sendable func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        try write("login.html", "<!doctype html><p>{{message}}</p><form><input name=\"next\" value=\"{{next}}\"></form>")
        try write("board.js", "export const answer = 42;\n")
        try write("board.css", "canvas { touch-action: none; }\n")
        try write("pitch.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        try write("notes.xyz", "unknown type")
        try write("sub/inner.js", "nested")
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("linked.js"),
                                                   withDestinationURL: APITest.root.appendingPathComponent("Package.swift"))
        try await APITest { $0.webRoot = folder.path }.run { client in
            for (name, type) in [("board.js", "text/javascript; charset=utf-8"), ("board.css", "text/css; charset=utf-8"),
                                 ("pitch.svg", "image/svg+xml")] {
                let file = try await client.send(.get, "/web/\(name)")
                #expect(file.status == .ok, "\(name)")
                #expect(file.headers[.contentType] == type, "\(name)")
                #expect(file.body == (try Data(contentsOf: folder.appendingPathComponent(name))), "\(name)")
                Self.expectPageHeaders(file)
            }
            for missing in ["notes.xyz", "sub", "sub%2Finner.js", "linked.js", "board.html"] {
                #expect(try await client.send(.get, "/web/\(missing)").status == .notFound, "\(missing)")
            }
            // Read afresh: an edit shows at once, with a new ETag.
            let before = try await client.send(.get, "/web/board.js")
            try write("board.js", "export const answer = 43;\n")
            let after = try await client.send(.get, "/web/board.js")
            #expect(after.text == "export const answer = 43;\n")
            #expect(before.headers[.eTag] != after.headers[.eTag])
            // The sign-in page comes from the folder's template.
            let login = try await client.send(.get, "/login?next=/board")
            #expect(login.text == "<!doctype html><p></p><form><input name=\"next\" value=\"/board\"></form>")
        }
    }

    @Test("Sources/TouchlineServer/WebAssets.swift holds Resources/web exactly (run scripts/embed-web after editing it)")
    func embeddedCopyIsCurrent() throws {
        let folder = APITest.root.appendingPathComponent("Resources/web")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.contains("login.html") && names.contains("board.html") && names.contains("boards.html"))
        #expect(WebAssets.files.keys.sorted() == names, "Resources/web and WebAssets.swift differ: run scripts/embed-web")
        for name in names {
            let onDisk = try Data(contentsOf: folder.appendingPathComponent(name))
            let embedded = WebAssets.files[name].flatMap { Data(base64Encoded: $0, options: .ignoreUnknownCharacters) }
            #expect(embedded == onDisk, "Resources/web/\(name) differs from its embedded copy: run scripts/embed-web")
            #expect(WebFiles.embedded[name]?.data == onDisk, "Resources/web/\(name) is not served: is its type known?")
        }
    }
}
