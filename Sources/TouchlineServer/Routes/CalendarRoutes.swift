import Club
import Foundation
import Hummingbird

/// Fixtures as iCalendar (RFC 5545) for phone calendars to subscribe to: a league's (public, as
/// leagues are) and a club team's (private: the URL carries the team's calendar token, which
/// its owner rotates with `touchline team calendar --rotate-token`, or, without one, the request
/// a bearer token of someone who may see the team).
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
            let team = try Query(request).string("team", maximumLength: 100)
            let data = try await api.run { try calendars.leagueCalendar(.id(id), team: team) }
            return Rendered.response(data, contentType: "text/calendar; charset=utf-8", request: request)
        }
        // With `?token=` the token decides, as a subscribed phone calendar sends nothing else;
        // without it, a logged-in owner, editor or viewer reads it. Neither: "no team", as for
        // a wrong token, so nothing says whether the team exists.
        v1.get("teams/{id}/calendar.ics") { request, context in
            let id = try PathID.parse(context, "id", kind: "team")
            let token = try Query(request).string("token", maximumLength: 100)
            let data: Data
            if token == nil, request.headers[.authorization] != nil {
                data = try await api.run(for: request) { actor in try calendars.teamCalendar(actor, .id(id)) }
            } else {
                data = try await api.run { try calendars.teamCalendar(teamID: id, token: token) }
            }
            return Rendered.response(data, contentType: "text/calendar; charset=utf-8", request: request)
        }
    }
}
