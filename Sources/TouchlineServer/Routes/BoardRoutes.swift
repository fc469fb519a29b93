import Club
import Foundation
import Hummingbird
import NIOCore
import Support
import Tactics

/// Stored boards: upload a stroke log, list, show, fetch the log, render, replace, share with a
/// view link, delete. Boards are their owner's: another user's board is "not found", unless
/// the request carries the board's view token (`?view=TOKEN`), which reads it without logging in.
struct BoardRoutes {
    let api: APIServices
    let boards: Boards

    init(api: APIServices) {
        self.api = api
        boards = Boards(store: api.store, quota: api.options.boardQuota)
    }

    /// The title of a board uploaded without `?title=`.
    static let defaultTitle = "Untitled board"

    func register(on router: Router<APIContext>) {
        let v1 = router.group("api/v1")
        v1.post("boards") { request, _ in
            let actor = try await api.actor(request)
            let (title, log) = try await upload(request)
            let summary = try await api.run { try boards.save(actor, title: title ?? Self.defaultTitle, log: log, source: "body") }
            return try APIJSON.response(summary, status: .created, headers: [.location: "/api/v1/boards/\(summary.id)"])
        }
        v1.get("boards") { request, _ in
            let actor = try await api.actor(request)
            let query = Query(request)
            let (after, limit) = (try query.after(), try query.limit())
            let page = try await api.run { try boards.list(actor, after: after.map(PagingCursor.encode), limit: limit) }
            return try APIJSON.response(page)
        }
        v1.get("boards/{id}") { request, context in
            let reader = try await reader(request, context)
            return try APIJSON.response(try await api.run { try reader.summary(boards) })
        }
        v1.put("boards/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "board")
            let (title, log) = try await upload(request)
            return try APIJSON.response(try await api.run { try boards.replace(actor, id, log: log, title: title, source: "body") })
        }
        v1.get("boards/{id}/log") { request, context in
            let board = try await stored(request, context)
            let type = board.summary.form == "touchline.pointer" ? "application/x-ndjson" : "application/json"
            return Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(bytes: board.log)))
        }
        for format in [ResponseFormat.png, .svg, .pdf] {
            v1.get("boards/{id}.\(format.rawValue)") { request, context in
                let (_, log) = try await board(request, context)
                return try await BoardImage.response(log, request: request, api: api, format: format)
            }
        }
        v1.get("boards/{id}/summary") { request, context in
            try APIJSON.response(try await board(request, context).log.summary)
        }
        v1.get("boards/{id}/frames") { request, context in
            let frames = try BoardFramesArchive(Query(request))
            let (stored, log) = try await board(request, context)
            return try await frames.response(log, name: "\(stored.title) frames", fallback: "board-\(stored.id)-frames",
                                             request: request, api: api)
        }
        // The view link: its owner makes a new token (201 with the link; the old one stops
        // working) or takes it away.
        v1.post("boards/{id}/view-token") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "board")
            let token = try await api.run { try boards.rotateViewToken(actor, id) }
            return try APIJSON.response(BoardViewLink(boardID: id, token: token), status: .created)
        }
        v1.delete("boards/{id}/view-token") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "board")
            try await api.run { try boards.removeViewToken(actor, id) }
            return Response(status: .noContent)
        }
        v1.delete("boards/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "board")
            try await api.run { try boards.delete(actor, id) }
            return Response(status: .noContent)
        }
    }

    /// A stroke log posted to be stored, and its `?title=`.
    private func upload(_ request: Request) async throws -> (title: String?, log: Data) {
        let title = try Query(request).string("title", maximumLength: Boards.maximumTitle * 4)
        let log = try await BoardUpload.data(request, limit: min(api.options.maxUploadBytes, Boards.maximumLogBytes))
        return (title, log)
    }

    /// Who reads board `{id}` (every read goes through here): its owner, logged in, or anyone
    /// with `?view=TOKEN`.
    ///
    /// - Throws: ``Problem`` 401 for a request with neither; what ``BoardReader`` throws.
    private func reader(_ request: Request, _ context: APIContext) async throws -> BoardReader {
        let reader = try await BoardReader(request, context, api: api)
        guard !reader.isNobody else {
            throw Problem(.unauthorized, "log in first (Authorization: Bearer TOKEN, or sign in at /login), "
                + "or give the board's view token as ?view=TOKEN")
        }
        return reader
    }

    /// Board `{id}` with its log as saved, as ``reader(_:_:)``'s reader may read it (another
    /// user's board, or a wrong token, is "not found").
    private func stored(_ request: Request, _ context: APIContext) async throws -> StoredBoard {
        let reader = try await reader(request, context)
        return try await api.run { try reader.show(boards) }
    }

    /// Board `{id}` with its log read for replay, as ``stored(_:_:)`` finds it.
    private func board(_ request: Request, _ context: APIContext) async throws -> (stored: StoredBoardSummary, log: StrokeLog) {
        let reader = try await reader(request, context)
        return try await api.run {
            let board = try reader.show(boards)
            return (board.summary, try StrokeLog(data: board.log, source: "board \(board.summary.id)"))
        }
    }
}
