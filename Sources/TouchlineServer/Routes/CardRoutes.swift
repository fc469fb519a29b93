import Club
import Foundation
import Hummingbird
import League
import Reports

/// Player cards: a player's card (PNG or PDF by `Accept`), their season's statistics as the
/// card prints them, and a team's squad sheet (PDF), all from the ``Cards`` service as
/// `touchline card render` and `touchline card sheet` draw them.
struct CardRoutes {
    let api: APIServices
    let cards: Cards

    init(api: APIServices) {
        self.api = api
        cards = Cards(store: api.store)
    }

    func register(on router: Router<APIContext>) {
        let v1 = router.group("api/v1")
        v1.get("players/{id}/statistics") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "player")
            return try APIJSON.response(try await api.run { try cards.player(actor, id: id).statistics })
        }
        v1.get("players/{id}/card") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "player")
            let format = try Negotiation.format(request.headers[.accept], offering: [.png, .pdf])
            let language = try Self.language(request)
            let details = try await api.run { try cards.player(actor, id: id).cardDetails }
            let data = try await api.rendering {
                let card = try PlayerCard(details)
                return format == .pdf ? try card.pdf(language: language) : try card.png(language: language)
            }
            api.metrics.render("card", format: format.rawValue)
            return Rendered.response(data, contentType: format.contentType, request: request)
        }
        v1.get("teams/{id}/squad-sheet") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "team")
            let format = try Negotiation.format(request.headers[.accept], offering: [.pdf])
            let language = try Self.language(request)
            let (team, players) = try await api.run { try cards.squad(actor, team: .id(id)) }
            let data = try await api.rendering {
                let squad = try PlayerCard.squad(players.map(\.cardDetails), team: team.name)
                return try CardSheet(squad: squad, team: team.name, season: team.season, language: language).pdf()
            }
            api.metrics.render("squad-sheet", format: format.rawValue)
            return Rendered.response(data, contentType: format.contentType, request: request)
        }
    }

    /// `lang`: the labels' language, as `--lang` (English unless given).
    static func language(_ request: Request) throws -> CardLanguage {
        try Query(request).choice("lang", CardLanguage.self) ?? .english
    }
}
