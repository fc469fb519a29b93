import Club
import Foundation
import Hummingbird

/// Messages: send, the inbox and sent folders (keyset pages), read, reply, delete, the unread
/// count, and blocking.
struct MessageRoutes {
    let api: APIServices

    struct Outgoing: Decodable, Sendable {
        var to: String
        var subject: String
        var body: String
        var replyTo: Int64?
    }

    struct Reply: Decodable, Sendable {
        var body: String
    }

    struct Unread: Encodable {
        var unread: Int
    }

    func register(on router: Router<APIContext>) {
        let v1 = router.group("api/v1")
        v1.post("messages") { request, _ in
            let actor = try await api.actor(request)
            let form = try await APIJSON.decode(Outgoing.self, from: request, limit: api.options.maxJSONBytes)
            let message = try await api.run {
                try api.messaging.send(actor, OutgoingMessage(to: form.to, subject: form.subject, body: form.body,
                                                              replyTo: form.replyTo))
            }
            return try APIJSON.response(message, status: .created, headers: [.location: "/api/v1/messages/\(message.id)"])
        }
        v1.get("messages/inbox") { request, _ in
            try await folder(request) { actor, after, limit in try api.messaging.inbox(actor, before: after, limit: limit) }
        }
        v1.get("messages/sent") { request, _ in
            try await folder(request) { actor, after, limit in try api.messaging.sent(actor, before: after, limit: limit) }
        }
        v1.get("messages/unread-count") { request, _ in
            try APIJSON.response(Unread(unread: try await api.run(for: request) { try api.messaging.unreadCount($0) }))
        }
        v1.get("messages/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "message")
            return try APIJSON.response(try await api.run { try api.messaging.read(actor, id: id) })
        }
        v1.post("messages/{id}/replies") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "message")
            let reply = try await APIJSON.decode(Reply.self, from: request, limit: api.options.maxJSONBytes)
            let message = try await api.run { try api.messaging.reply(actor, to: id, body: reply.body) }
            return try APIJSON.response(message, status: .created, headers: [.location: "/api/v1/messages/\(message.id)"])
        }
        v1.delete("messages/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "message")
            try await api.run { try api.messaging.delete(actor, id: id) }
            return Response(status: .noContent)
        }
        v1.get("blocks") { request, _ in
            let actor = try await api.actor(request)
            let query = Query(request)
            let (after, limit) = (try query.afterKey(), try query.limit())
            return try APIJSON.response(try await api.run { try api.messaging.blocked(actor, after: after, limit: limit) })
        }
        v1.put("blocks/{username}") { request, context in
            let actor = try await api.actor(request)
            let username = try context.parameters.require("username")
            try await api.run { try api.messaging.block(actor, username) }
            return Response(status: .noContent)
        }
        v1.delete("blocks/{username}") { request, context in
            let actor = try await api.actor(request)
            let username = try context.parameters.require("username")
            try await api.run { try api.messaging.unblock(actor, username) }
            return Response(status: .noContent)
        }
    }

    /// A page of a folder, newest first.
    private func folder(_ request: Request,
                        _ page: @escaping @Sendable (ActingUser, Int64?, Int) throws -> MessagePage) async throws -> Response {
        let query = Query(request)
        let (after, limit) = (try query.after(), try query.limit())
        let found = try await api.run(for: request) { try page($0, after, limit) }
        return try APIJSON.response(Paging(items: found.messages, next: found.nextBefore))
    }
}

/// Ids in paths: a positive whole number, else "not found" naming the kind, as for an id that
/// does not exist.
enum PathID {
    static func parse(_ context: APIContext, _ name: String, kind: String) throws -> Int64 {
        let text = context.parameters.get(name) ?? ""
        guard let id = Int64(text), id > 0 else { throw Problem.notFound("no \(kind) '\(text)'") }
        return id
    }
}
