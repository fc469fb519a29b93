import Canvas
import Club
import Foundation
import Hummingbird
import NIOCore
import Support
import Tactics

/// Stored boards: upload a stroke log, list, show, fetch the log, render, animate, delete. Boards are
/// their owner's alone: another user's board is "not found".
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
            let title = try Query(request).string("title", maximumLength: Boards.maximumTitle * 4) ?? Self.defaultTitle
            let limit = min(api.options.maxUploadBytes, Boards.maximumLogBytes)
            let log = try await BoardUpload.data(request, limit: limit)
            let summary = try await api.run { try boards.save(actor, title: title, log: log, source: "body") }
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
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "board")
            return try APIJSON.response(try await api.run { try boards.show(actor, id).summary })
        }
        v1.get("boards/{id}/log") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "board")
            let board = try await api.run { try boards.show(actor, id) }
            let type = board.summary.form == "touchline.pointer" ? "application/x-ndjson" : "application/json"
            return Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(bytes: board.log)))
        }
        for format in [ResponseFormat.png, .svg, .pdf] {
            v1.get("boards/{id}.\(format.rawValue)") { request, context in
                let (_, log) = try await board(request, context)
                return try await BoardImage.response(log, request: request, api: api, format: format)
            }
        }
        for format in AnimatedImageFormat.allCases {
            v1.get("boards/{id}.\(format.rawValue)") { request, context in
                let (_, log) = try await board(request, context)
                return try await BoardAnimationImage(Query(request), format: format).response(log, request: request, api: api)
            }
        }
        v1.get("boards/{id}/summary") { request, context in
            try APIJSON.response(try await board(request, context).log.summary)
        }
        v1.get("boards/{id}/frames") { request, context in
            let actor = try await api.actor(request)
            let frames = try BoardFramesArchive(Query(request))
            let (stored, log) = try await board(actor, try PathID.parse(context, "id", kind: "board"))
            return try await frames.response(log, name: "\(stored.title) frames", fallback: "board-\(stored.id)-frames",
                                             request: request, api: api)
        }
        v1.delete("boards/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "board")
            try await api.run { try boards.delete(actor, id) }
            return Response(status: .noContent)
        }
    }

    /// The request's user's stored board `{id}`, its log read (another user's is "not found").
    private func board(_ request: Request, _ context: APIContext) async throws -> (stored: StoredBoardSummary, log: StrokeLog) {
        let actor = try await api.actor(request)
        return try await board(actor, try PathID.parse(context, "id", kind: "board"))
    }

    private func board(_ actor: ActingUser, _ id: Int64) async throws -> (stored: StoredBoardSummary, log: StrokeLog) {
        try await api.run {
            let board = try boards.show(actor, id)
            return (board.summary, try StrokeLog(data: board.log, source: "board \(id)"))
        }
    }
}
