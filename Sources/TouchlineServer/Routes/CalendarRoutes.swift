import Club
import Foundation
import Hummingbird

/// Fixtures as iCalendar (RFC 5545) for phone calendars to subscribe to: a league's (a public
/// league's open to anyone; a private one's read with the league's calendar token in the URL,
/// which its owner rotates with `touchline league calendar --rotate-token`, or a bearer token of
/// its owner or an editor) and a club team's (private: the URL carries the team's calendar
/// token, which its owner rotates with `touchline team calendar --rotate-token`, or, without
/// one, the request a bearer token of someone who may see the team).
struct CalendarRoutes {
    let api: APIServices
    let calendars: Calendars

    init(api: APIServices) {
        self.api = api
        calendars = Calendars(store: api.store)
    }

    func register(on router: Router<APIContext>) {
        let v1 = router.group("api/v1")
        v1.get("leagues/{id}/calendar.ics") { request, context in
            let id = try PathID.parse(context, "id", kind: "league")
            let query = Query(request)
            let (team, token) = (try query.string("team", maximumLength: 100), try query.string("token", maximumLength: 100))
            let viewer = try await api.viewer(request)
            let data = try await api.run { try calendars.leagueCalendar(.id(id), team: team, as: viewer, token: token) }
            return Rendered.response(data, contentType: "text/calendar; charset=utf-8", request: request)
        }
        // A league's calendar token: its owner makes a new one (201 with the subscription path) or removes it.
        v1.post("leagues/{id}/calendar-token") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "league")
            let subscription = try await api.run { try calendars.rotateToken(actor, league: .id(id)) }
            return try APIJSON.response(subscription, status: .created)
        }
        v1.delete("leagues/{id}/calendar-token") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "league")
            try await api.run { try calendars.revokeToken(actor, league: .id(id)) }
            return Response(status: .noContent)
        }
        // With `?token=` the token decides, as a subscribed phone calendar sends nothing else;
        // without it, a logged-in owner, editor or viewer reads it. Neither: "no team", as for
        // a wrong token, so nothing says whether the team exists.
        v1.get("teams/{id}/calendar.ics") { request, context in
            let id = try PathID.parse(context, "id", kind: "team")
            let token = try Query(request).string("token", maximumLength: 100)
            let data: Data
            if token == nil, api.hasSession(request) {
                data = try await api.run(for: request) { actor in try calendars.teamCalendar(actor, .id(id)) }
            } else {
                data = try await api.run { try calendars.teamCalendar(teamID: id, token: token) }
            }
            return Rendered.response(data, contentType: "text/calendar; charset=utf-8", request: request)
        }
    }
}
