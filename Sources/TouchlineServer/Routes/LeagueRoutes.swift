import Canvas
import Club
import Foundation
import Hummingbird
import League
import Reports

/// Leagues: list, show, import a season file, tables (JSON, or printed as PDF, PNG or SVG by
/// `Accept`) and matches.
struct LeagueRoutes {
    let api: APIServices

    func register(on router: Router<APIContext>) {
        let v1 = router.group("api/v1")
        v1.get("leagues") { _, _ in
            try APIJSON.response(Paging(items: try await api.run { try api.leagues.list() }, next: nil))
        }
        v1.post("leagues/import") { request, _ in
            let actor = try await api.actor(request)
            let query = Query(request)
            let name = try query.string("name", maximumLength: 100)
            let season = try query.string("season", maximumLength: 20)
            let rules = try query.string("rules", maximumLength: 40) ?? "premier-league"
            let kind = try query.choice("kind", LeagueKind.self) ?? .federation
            let source = try query.string("filename", maximumLength: 200) ?? "upload"
            let data = try await Body.read(request, limit: api.options.maxUploadBytes)
            let summary = try await api.run {
                let (league, result) = try api.leagues.importSeason(actor, data: data, source: source, name: name,
                                                                     season: season, kind: kind, rules: rules)
                return LeagueImportSummary(league: league, result: result)
            }
            return try APIJSON.response(summary, status: .created, headers: [.location: "/api/v1/leagues/\(summary.id)"])
        }
        v1.get("leagues/{id}") { _, context in
            let id = try PathID.parse(context, "id", kind: "league")
            return try APIJSON.response(try await api.run { try api.leagues.show(.id(id)) })
        }
        v1.get("leagues/{id}/matches") { request, context in
            let id = try PathID.parse(context, "id", kind: "league")
            let matchday = try Query(request).int("matchday", in: 1...10_000)
            return try APIJSON.response(Paging(items: try await api.run { try api.leagues.matches(.id(id), matchday: matchday) },
                                               next: nil))
        }
        v1.get("leagues/{id}/table") { request, context in
            let id = try PathID.parse(context, "id", kind: "league")
            return try await table(request, league: id)
        }
    }

    /// The table as JSON rows, or printed when `Accept` asks for a PDF, PNG or SVG.
    private func table(_ request: Request, league id: Int64) async throws -> Response {
        let query = Query(request)
        let rules = try query.string("rules", maximumLength: 40)
        let venue = try query.choice("venue", Venue.self) ?? .all
        let matchday = try query.int("matchday", in: 1...10_000)
        let asOf = try query.string("asOf", maximumLength: 10)
        let format = try Negotiation.format(request.headers[.accept], offering: [.json, .pdf, .png, .svg])
        guard format != .json else {
            let standings = try await api.run {
                try api.leagues.table(.id(id), rules: rules, venue: venue, matchday: matchday, asOf: asOf)
            }
            return try APIJSON.response(standings)
        }
        let dossier = try await api.run { try api.leagues.dossier(.id(id), rules: rules) }
        let data = try await api.rendering {
            let book = try LeagueBook(venue: venue, matchday: matchday, asOf: asOf).book([dossier])
            switch format {
            case .pdf: return try book.pdf()
            case .svg: return try book.svg(page: 0)
            default: return try book.png(page: 0)
            }
        }
        api.metrics.render("table", format: format.rawValue)
        return Rendered.response(data, contentType: format.contentType, request: request)
    }
}
