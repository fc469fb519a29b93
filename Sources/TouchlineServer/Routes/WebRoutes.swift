import Club
import Foundation
import HTTPTypes
import Hummingbird

/// The web board's pages: signing in and out with a session cookie, the board list, the board
/// itself, and their static files. Pages that need a signed-in user send a browser without
/// one to `/login?next=PATH`. Every answer carries the pages' security headers
/// (``PageHeadersMiddleware``).
struct WebRoutes {
    let api: APIServices
    let files: WebFiles
    let boards: Boards

    init(api: APIServices) {
        self.api = api
        files = WebFiles(folder: api.options.webRoot)
        boards = Boards(store: api.store, quota: api.options.boardQuota)
    }

    /// The largest sign-in or sign-out form: a username, a password and a path fit many times over.
    static let maximumFormBytes = 8 * 1024

    func register(on router: Router<APIContext>) {
        let pages = router.group().add(middleware: PageHeadersMiddleware())
        pages.get("login") { request, _ in
            // A `next` that is not a path on this site is dropped, not refused: it is a link's.
            let next = request.uri.queryParameters["next"].map(String.init).flatMap(Self.localPath)
            return try LoginPage(next: next).response(status: .ok, files: files)
        }
        pages.post("login") { request, context in
            try await signIn(request, context)
        }
        pages.post("logout") { request, _ in
            try await signOut(request)
        }
        pages.get("boards") { request, _ in
            guard try await api.signedInUser(request) != nil else { return Self.redirect("/login?next=/boards") }
            return try page("boards.html", request)
        }
        pages.get("board") { request, _ in
            guard try await api.signedInUser(request) != nil else { return Self.redirect("/login?next=/board") }
            return try page("board.html", request)
        }
        // The owner's board, or anyone's with its view token; the page asks the API whether
        // it may be changed. A board the request may not read is "not found", as in the API.
        pages.get("board/{id}") { request, context in
            let reader = try await BoardReader(request, context, api: api)
            if reader.isNobody { return Self.redirect("/login?next=/board/\(reader.id)") }
            _ = try await api.run { try reader.summary(boards) }
            return try page("board.html", request)
        }
        pages.get("web/{file}") { request, context in
            let name = context.parameters.get("file") ?? ""
            guard let file = try files.file(name) else { throw Problem.notFound("no file '\(name.prefix(100))' in /web") }
            return Self.response(file, request: request)
        }
    }

    /// `POST /login`: the form's username (or email) and password open a session, as
    /// `POST /api/v1/sessions` does and under its limits; the browser gets the session and
    /// CSRF cookies and goes on to `next` (a path on this site) or `/boards`. Anything wrong
    /// answers the form again with the reason and the problem's status.
    private func signIn(_ request: Request, _ context: APIContext) async throws -> Response {
        var page = LoginPage()
        do {
            let site = RequestSite.current
            try WebSession.checkOrigin(request, site: site)
            let form = try await FormBody.read(request, limit: Self.maximumFormBytes)
            page.next = form["next"].flatMap(Self.localPath)
            page.username = form["username"].map { String($0.prefix(254)) }
            guard let name = form["username"], !name.isEmpty, let password = form["password"], !password.isEmpty else {
                throw Problem.malformed("give your username (or email) and your password")
            }
            let session = try await api.signIn(name: name, password: password, request: request, context: context)
            var response = Self.redirect(page.next ?? "/boards")
            for cookie in WebSession.signInCookies(token: session.token, secure: site?.isSecure ?? false) {
                response.headers.append(HTTPField(name: .setCookie, value: cookie))
            }
            return response
        } catch {
            let problem = Problem(error)
            guard !problem.isServerError else { throw error }
            page.message = problem.detail
            return try page.response(status: problem.kind.status, files: files, retryAfter: problem.retryAfter)
        }
    }

    /// `POST /logout`: ends the cookie's session (a request of the site's own: the CSRF token
    /// as the form's `csrf` field or the `X-CSRF-Token` header), removes the cookies and goes
    /// to `/login`.
    private func signOut(_ request: Request) async throws -> Response {
        let site = RequestSite.current
        if let token = WebSession.token(request) {
            var csrf = request.headers[WebSession.csrfHeader]
            if csrf == nil { csrf = try await FormBody.read(request, limit: Self.maximumFormBytes)["csrf"] }
            try WebSession.checkCrossSite(request, token: token, site: site, csrf: csrf)
            try await api.run { try api.accounts.endSession(token: token) }
        } else {
            try WebSession.checkOrigin(request, site: site)
        }
        var response = Self.redirect("/login")
        for cookie in WebSession.signOutCookies(secure: site?.isSecure ?? false) {
            response.headers.append(HTTPField(name: .setCookie, value: cookie))
        }
        return response
    }

    /// The page `name` of the web files.
    private func page(_ name: String, _ request: Request) throws -> Response {
        guard let file = try files.file(name) else {
            throw Problem(.internalError, "the page \(name) is missing from the web files")
        }
        return Self.response(file, request: request)
    }

    /// A web file with its `ETag`, never used without asking again (`no-cache`); 304 when the
    /// browser has it.
    static func response(_ file: WebFiles.File, request: Request) -> Response {
        Rendered.response(file.data, contentType: file.contentType, etag: file.etag, cacheControl: "no-cache", request: request)
    }

    /// `303 See Other` to `location`.
    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }

    /// `next` when it is a path on this site (``WebSession/isLocalPath(_:)``), else nil.
    static func localPath(_ next: String) -> String? {
        WebSession.isLocalPath(next) ? next : nil
    }
}
