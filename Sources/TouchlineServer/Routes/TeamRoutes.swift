import Club
import Foundation
import Hummingbird

/// Teams: create, the user's teams with their role, show, edit, delete, the editor and
/// viewer roles the owner grants, and the secret token of the team's calendar
/// (`touchline team calendar --rotate-token|--revoke-token`). Who may do what is the
/// ``Teams`` and ``Calendars`` services' to decide.
struct TeamRoutes {
    let api: APIServices
    let teams: Teams
    let calendars: Calendars

    init(api: APIServices) {
        self.api = api
        teams = Teams(store: api.store)
        calendars = Calendars(store: api.store)
    }

    /// `POST /api/v1/teams`: `touchline team add`.
    struct NewTeam: Decodable, Sendable {
        var name: String
        var season: String
        var category: String?
        var region: String?
        var primaryColor: String?
        var secondaryColor: String?
        /// The IANA time zone its friendlies' kick-off times are local to (UTC unless given).
        var timeZone: String?
    }

    /// `PATCH /api/v1/teams/{id}`: absent fields stay as they are; `null` (or `""`) clears
    /// an optional one.
    struct TeamPatch: Decodable, Sendable {
        var changes: TeamChanges

        enum CodingKeys: String, CodingKey {
            case name, season, category, region, primaryColor, secondaryColor, timeZone
        }

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            changes = TeamChanges(name: try fields.decodeIfPresent(String.self, forKey: .name),
                                  season: try fields.decodeIfPresent(String.self, forKey: .season),
                                  category: try fields.decodeClearable(String.self, forKey: .category),
                                  region: try fields.decodeClearable(String.self, forKey: .region),
                                  primaryColor: try fields.decodeClearable(String.self, forKey: .primaryColor),
                                  secondaryColor: try fields.decodeClearable(String.self, forKey: .secondaryColor),
                                  timeZone: try fields.decodeIfPresent(String.self, forKey: .timeZone))
        }
    }

    /// `PUT /api/v1/teams/{id}/members/{username}`: `touchline team grant`.
    struct Grant: Decodable, Sendable {
        /// `editor` or `viewer` (the service refuses `owner`, naming the rule).
        var role: String
    }

    func register(on router: Router<APIContext>) {
        let v1 = router.group("api/v1")
        v1.post("teams") { request, _ in
            let actor = try await api.actor(request)
            let form = try await APIJSON.decode(NewTeam.self, from: request, limit: api.options.maxJSONBytes)
            let team = try await api.run {
                try teams.add(actor, name: form.name, season: form.season, category: form.category, region: form.region,
                              primaryColor: form.primaryColor, secondaryColor: form.secondaryColor,
                              timeZone: form.timeZone ?? Calendars.defaultTimeZone)
            }
            return try APIJSON.response(team, status: .created, headers: [.location: "/api/v1/teams/\(team.id)"])
        }
        v1.get("teams") { request, _ in
            let actor = try await api.actor(request)
            let query = Query(request)
            let (after, limit) = (try query.afterKey(), try query.limit())
            return try APIJSON.response(try await api.run { try teams.list(actor, after: after, limit: limit) })
        }
        v1.get("teams/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "team")
            return try APIJSON.response(try await api.run { try teams.show(actor, .id(id)) })
        }
        v1.patch("teams/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "team")
            let patch = try await APIJSON.decode(TeamPatch.self, from: request, limit: api.options.maxJSONBytes)
            return try APIJSON.response(try await api.run { try teams.edit(actor, .id(id), patch.changes) })
        }
        v1.delete("teams/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "team")
            try await api.run { try teams.delete(actor, .id(id)) }
            return Response(status: .noContent)
        }
        v1.get("teams/{id}/members") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "team")
            return try APIJSON.response(Paging(items: try await api.run { try teams.show(actor, .id(id)).members }, next: nil))
        }
        v1.put("teams/{id}/members/{username}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "team")
            let username = try PathText.parse(context, "username")
            let grant = try await APIJSON.decode(Grant.self, from: request, limit: api.options.maxJSONBytes)
            guard let role = try BodyChoice.parse(grant.role, field: "role", TeamRole.self) else {
                throw Problem.malformed("field 'role': missing")
            }
            try await api.run { try teams.grant(actor, .id(id), to: username, role: role) }
            return Response(status: .noContent)
        }
        v1.delete("teams/{id}/members/{username}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "team")
            let username = try PathText.parse(context, "username")
            try await api.run { try teams.revoke(actor, .id(id), from: username) }
            return Response(status: .noContent)
        }
        v1.post("teams/{id}/calendar-token") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "team")
            let subscription = try await api.run { try calendars.rotateToken(actor, team: .id(id)) }
            return try APIJSON.response(subscription, status: .created)
        }
        v1.delete("teams/{id}/calendar-token") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "team")
            try await api.run { try calendars.revokeToken(actor, team: .id(id)) }
            return Response(status: .noContent)
        }
    }
}
