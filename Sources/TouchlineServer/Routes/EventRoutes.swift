import Club
import Foundation
import Hummingbird

/// Events, answers and their calendars. Who may see and do what is ``Events``' to decide; an
/// event one may not see is 404, as one that does not exist. A user's agenda is read logged in,
/// or without logging in with the secret token `POST /api/v1/me/agenda-token` gives, as a
/// subscribed phone calendar reads it.
struct EventRoutes {
    let api: APIServices
    let events: Events

    init(api: APIServices) {
        self.api = api
        events = Events(store: api.store)
    }

    /// `PUT /api/v1/events/{id}/rsvp`.
    struct Answer: Decodable, Sendable {
        var answer: String
    }

    /// `POST /api/v1/events/{id}/invitations`.
    struct Invitations: Decodable, Sendable {
        var users: [String]?
        var groups: [String]?
    }

    struct Cancelled: Encodable {
        var cancelled: [Int64]
    }

    func register(on router: Router<APIContext>) {
        let v1 = router.group("api/v1")
        v1.post("events") { request, _ in
            let actor = try await api.actor(request)
            let draft = try await APIJSON.decode(EventDraft.self, from: request, limit: api.options.maxJSONBytes)
            let event = try await api.run { try events.create(actor, draft) }
            return try APIJSON.response(event, status: .created, headers: [.location: "/api/v1/events/\(event.id)"])
        }
        v1.get("events") { request, _ in
            let query = Query(request)
            let (after, limit) = (try query.afterKey(), try query.limit())
            return try APIJSON.response(try await api.run(for: request) { try events.upcoming($0, after: after, limit: limit) })
        }
        v1.get("events/{id}") { request, context in
            let id = try PathID.parse(context, "id", kind: "event")
            let viewer = try await api.viewer(request)
            return try APIJSON.response(try await api.run { try events.show(viewer, id) })
        }
        v1.patch("events/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "event")
            let changes = try await APIJSON.decode(EventChanges.self, from: request, limit: api.options.maxJSONBytes)
            return try APIJSON.response(try await api.run { try events.edit(actor, id, changes) })
        }
        v1.post("events/{id}/cancel") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "event")
            let series = try Query(request).bool("series") ?? false
            return try APIJSON.response(Cancelled(cancelled: try await api.run { try events.cancel(actor, id, series: series) }))
        }
        v1.post("events/{id}/invitations") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "event")
            let form = try await APIJSON.decode(Invitations.self, from: request, limit: api.options.maxJSONBytes)
            return try APIJSON.response(try await api.run {
                try events.invite(actor, id, users: form.users ?? [], groups: form.groups ?? [])
            })
        }
        v1.put("events/{id}/rsvp") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "event")
            let form = try await APIJSON.decode(Answer.self, from: request, limit: api.options.maxJSONBytes)
            guard let answer = EventAnswer(rawValue: form.answer), answer != .waiting else {
                throw Problem.malformed("field 'answer': expected going, maybe or declined")
            }
            return try APIJSON.response(try await api.run { try events.answer(actor, id, answer) })
        }
        v1.get("events/{id}/calendar.ics") { request, context in
            let id = try PathID.parse(context, "id", kind: "event")
            let viewer = try await api.viewer(request)
            let data = try await api.run { try events.calendar(viewer, id) }
            return Rendered.response(data, contentType: "text/calendar; charset=utf-8", request: request)
        }
        v1.get("groups/{id}/events") { request, context in
            let id = try PathID.parse(context, "id", kind: "group")
            let viewer = try await api.viewer(request)
            let query = Query(request)
            let (after, limit) = (try query.afterKey(), try query.limit())
            return try APIJSON.response(try await api.run { try events.groupEvents(viewer, .id(id), after: after, limit: limit) })
        }
        registerAgenda(on: v1)
    }

    private func registerAgenda(on v1: RouterGroup<APIContext>) {
        v1.get("me/agenda.ics") { request, _ in
            let data = try await api.run(for: request) { try events.agenda($0) }
            return Rendered.response(data, contentType: "text/calendar; charset=utf-8", request: request)
        }
        v1.post("me/agenda-token") { request, _ in
            let actor = try await api.actor(request)
            return try APIJSON.response(try await api.run { try events.rotateAgendaToken(actor) }, status: .created)
        }
        v1.delete("me/agenda-token") { request, _ in
            let actor = try await api.actor(request)
            try await api.run { try events.revokeAgendaToken(actor) }
            return Response(status: .noContent)
        }
        // The token alone decides, as a subscribed phone calendar sends nothing else; a wrong or
        // missing one is "no agenda", so nothing says whether the user exists.
        v1.get("users/{username}/agenda.ics") { request, context in
            let username = try context.parameters.require("username")
            let token = try Query(request).string("token", maximumLength: 100)
            let data = try await api.run { try events.agenda(username: username, token: token) }
            return Rendered.response(data, contentType: "text/calendar; charset=utf-8", request: request)
        }
    }
}
