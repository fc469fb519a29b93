import Club
import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOWebSocket

/// `GET /api/v1/boards/{id}/live`: a board drawn live over a WebSocket (docs in README,
/// "Watch a board being drawn"). The owner's page publishes (`?role=publish`); anyone with the
/// view link (`?view=TOKEN`), or the owner, watches, resuming with `&epoch=E&from=N`.
///
/// Who may connect is checked before the upgrade, so a refusal is an HTTP status (401, 404,
/// 429); a request that is not an upgrade gets 426 after the same checks.
struct LiveRoutes {
    let api: APIServices
    let boards: Boards

    /// What a connection does.
    enum Role: Equatable {
        case publisher
        /// Watching; `byViewLink` when admitted by the view token rather than as the owner.
        case viewer(byViewLink: Bool)
    }

    /// The largest message a publisher may send: the whole log at once, plus room for framing.
    var maximumMessageBytes: Int { api.live.limits.logBytes + 64 * 1024 }

    /// The WebSocket route, on the router that answers upgrade requests.
    func register(webSocketsOn router: Router<APIContext>) {
        router.ws("api/v1/boards/{id}/live") { request, context in
            _ = try await role(request, context)
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            let request = context.request
            // The upgrade runs after the middleware that set the request's site has returned:
            // set it again, or a browser's publisher (which sends Origin) is refused here.
            let site = RequestSite(request, peer: context.requestContext.peerAddress,
                                   trustedProxies: api.options.trustedProxies)
            guard let (board, role) = try? await RequestSite.$current.withValue(site, operation: {
                try await role(request, context.requestContext)
            }) else {
                try await outbound.close(.policyViolation, reason: "not allowed to follow this board")
                return
            }
            switch role {
            case .publisher:
                try await publish(board: board, inbound: inbound, outbound: outbound)
            case .viewer(let byViewLink):
                let query = Query(request)
                // A resume position that does not parse starts the viewer from the beginning.
                let epoch = (try? query.string("epoch", maximumLength: 32)) ?? nil
                let from = (try? query.int("from", in: 0...Int(Int32.max))) ?? nil
                try await watch(board: board, byViewLink: byViewLink, epoch: epoch, from: from ?? 0,
                                inbound: inbound, outbound: outbound)
            }
        }
    }

    /// The same path on the HTTP router: a client that did not ask to upgrade is told to.
    func register(on router: Router<APIContext>) {
        router.get("api/v1/boards/{id}/live") { request, context -> Response in
            _ = try await role(request, context)
            throw Problem(.upgradeRequired, "connect with a WebSocket (Connection: Upgrade, Upgrade: websocket)")
        }
    }

    /// Who the request connects as, for board `{id}`.
    ///
    /// - Throws: ``Problem``: 400 for a bad `role`, 401 without a login or view token, 404 for
    ///   a board the requester may not read (or a wrong or old token), 429 when the board has
    ///   all the viewers it may have.
    func role(_ request: Request, _ context: APIContext) async throws -> (board: Int64, role: Role) {
        let id = try PathID.parse(context, "id", kind: "board")
        let query = Query(request)
        let role: Role
        switch try query.string("role", maximumLength: 16) {
        case "publish"?:
            // A page of another site may open a socket with the owner's cookie (SameSite
            // keeps it out in today's browsers); its Origin gives it away. A bearer token is
            // no browser's ambient credential, so its clients' Origin is not looked at.
            if request.headers[.authorization] == nil {
                try WebSession.checkOrigin(request, site: RequestSite.current)
            }
            let actor = try await api.actor(request)
            _ = try await api.run { try boards.show(actor, id) }
            return (id, .publisher)
        case nil:
            if let token = try query.string("view", maximumLength: 128) {
                _ = try await api.run { try boards.show(viewToken: token, id) }
                role = .viewer(byViewLink: true)
            } else {
                let actor = try await api.actor(request)
                _ = try await api.run { try boards.show(actor, id) }
                role = .viewer(byViewLink: false)
            }
        case let other?:
            throw Problem.malformed("query parameter 'role': '\(other.prefix(16))' is not a role (expected publish, "
                + "or no role to watch)")
        }
        guard await api.live.hasRoom(board: id) else {
            throw Problem(.rateLimited, "board \(id) has \(api.live.limits.viewersPerBoard) viewers already; try again later",
                          retryAfter: 30)
        }
        return (id, role)
    }

    // MARK: - Connections

    /// A close code and its reason.
    typealias Closing = (code: WebSocketErrorCode, reason: String)

    /// Takes the owner's page's log: the whole log first, then lines as they are drawn.
    private func publish(board: Int64, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let live = api.live
        let publisher = UUID()
        let signals = await live.startPublishing(board: board, publisher: publisher)
        let maximum = maximumMessageBytes
        await withTaskGroup(of: Closing?.self) { group in
            group.addTask {
                var first = true
                do {
                    for try await message in inbound.messages(maxSize: maximum) {
                        guard case .text(let text) = message else {
                            return (.unacceptableData, "send the log as text: JSON Lines of a touchline.pointer log")
                        }
                        do {
                            try await live.publish(board: board, publisher: publisher, text: text, first: first)
                        } catch {
                            return Self.closing(for: error)
                        }
                        first = false
                    }
                } catch {
                    return nil // the socket went
                }
                return nil
            }
            group.addTask {
                for await signal in signals {
                    if case .close(let reason) = signal { return (.policyViolation, reason) }
                }
                return nil
            }
            let first = await group.next() ?? nil
            if let first { try? await outbound.close(first.code, reason: Self.closeReason(first.reason)) }
            group.cancelAll()
        }
        await live.stopPublishing(board: board, publisher: publisher)
    }

    /// Sends a viewer every line it has not seen, as the publisher sends them; closes it when
    /// it sends anything (viewers cannot draw) or its view link changes.
    private func watch(board: Int64, byViewLink: Bool, epoch: String?, from: Int,
                       inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let live = api.live
        let viewer = UUID()
        let signals: AsyncStream<LiveBoards.Signal>
        do {
            signals = try await live.join(board: board, viewer: viewer, byViewLink: byViewLink)
        } catch {
            try await outbound.close(.policyViolation, reason: Self.closeReason(Self.closing(for: error).reason))
            return
        }
        await withTaskGroup(of: Closing?.self) { group in
            group.addTask {
                do {
                    for try await _ in inbound.messages(maxSize: 1024) {
                        return (.policyViolation, "viewers cannot draw: this board is read-only here")
                    }
                } catch {
                    return nil
                }
                return nil
            }
            group.addTask {
                var epoch = epoch, from = from
                for await signal in signals {
                    switch signal {
                    case .close(let reason):
                        return (.policyViolation, reason)
                    case .changed:
                        while let update = await live.update(board: board, epoch: epoch, from: from) {
                            guard let text = try? String(decoding: JSONEncoder().encode(update), as: UTF8.self),
                                  (try? await outbound.write(.text(text))) != nil else { return nil }
                            epoch = update.epoch
                            from = update.from + update.lines.utf8.count(of: UInt8(ascii: "\n"))
                        }
                    }
                }
                return nil
            }
            let first = await group.next() ?? nil
            if let first { try? await outbound.close(first.code, reason: Self.closeReason(first.reason)) }
            group.cancelAll()
        }
        await live.leave(board: board, viewer: viewer)
    }

    /// The close code and reason for a refusal of the hub.
    static func closing(for error: any Error) -> Closing {
        switch error as? LiveBoards.Refusal {
        case .invalidLog(let message)?: return (.dataInconsistentWithMessage, message)
        case .tooLarge(let limit)?: return (.messageTooLarge, "the log would pass \(limit) bytes, the most a board may hold")
        case .replaced?: return (.policyViolation, "the board is being drawn on another page")
        case .tooManyViewers(let limit)?: return (.policyViolation, "the board has \(limit) viewers already")
        case nil: return (.unexpectedServerError, "the server could not take the message")
        }
    }

    /// A close frame's reason holds at most 123 bytes of UTF-8: longer ones are cut at a
    /// character and end with an ellipsis.
    static func closeReason(_ text: String) -> String {
        guard text.utf8.count > 123 else { return text }
        var cut = ""
        for character in text {
            guard cut.utf8.count + character.utf8.count <= 120 else { break }
            cut.append(character)
        }
        return cut + "…"
    }
}

extension String.UTF8View {
    /// How many times `byte` occurs.
    func count(of byte: UInt8) -> Int { reduce(0) { $0 + ($1 == byte ? 1 : 0) } }
}
