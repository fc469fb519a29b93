import Canvas
import Club
import Foundation
import Hummingbird
import League
import Reports

/// Leagues: list, create, show, rename and delete them, import a season file, the joining
/// password, editors and teams, tables (JSON, or printed as PDF, PNG or SVG by `Accept`) and
/// matches; the rest of the season (fixtures, results, zones, deductions, export, statistics)
/// is in `LeagueRoutes+Season.swift`. Anyone may view a public league, a private one only its
/// owner and editors (a bearer token is optional on reads: none is nobody logged in, a bad one
/// 401); what changes one needs a token, and the `Leagues` service decides who may.
struct LeagueRoutes {
    let api: APIServices

    struct Creation: Decodable, Sendable {
        var name: String
        var season: String
        var kind: String?
        var rules: String?
        /// `W-D-L`.
        var points: String?
        var seed: UInt64?
        /// Seen by its owner and editors only.
        var `private`: Bool?
    }

    /// What PATCH changes: the name and or whether the league is private.
    struct Edit: Decodable, Sendable {
        var name: String?
        var `private`: Bool?
    }

    struct Secret: Decodable, Sendable {
        var password: String
    }

    struct TeamAddition: Decodable, Sendable {
        var name: String?
        /// A club team's id or name, to link.
        var clubTeam: String?
    }

    func register(on router: Router<APIContext>) {
        let v1 = router.group("api/v1")
        v1.get("leagues") { request, _ in
            let query = Query(request)
            let (after, limit) = (try query.afterKey(), try query.limit())
            let leagues = try await api.leagues(for: request)
            return try APIJSON.response(try await api.run { try leagues.list(after: after, limit: limit) })
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
        v1.get("leagues/{id}") { request, context in
            let id = try PathID.parse(context, "id", kind: "league")
            let leagues = try await api.leagues(for: request)
            return try APIJSON.response(try await api.run { try leagues.show(.id(id)) })
        }
        v1.get("leagues/{id}/matches") { request, context in
            try await matches(request, context, results: false)
        }
        v1.get("leagues/{id}/table") { request, context in
            let id = try PathID.parse(context, "id", kind: "league")
            return try await table(request, league: id)
        }
        registerChanges(v1)
        registerMembers(v1)
        registerTeams(v1)
        registerSeason(v1)
    }

    /// Creating, renaming and deleting a league.
    private func registerChanges(_ v1: RouterGroup<APIContext>) {
        v1.post("leagues") { request, _ in
            let actor = try await api.actor(request)
            let form = try await APIJSON.decode(Creation.self, from: request, limit: api.options.maxJSONBytes)
            let kind = try BodyChoice.parse(form.kind, field: "kind", LeagueKind.self) ?? .friends
            let points = try form.points.map { text in
                guard let points = PointsSystem(text) else {
                    throw Problem.malformed("field 'points': expected W-D-L, points for a win, a draw and a loss from 0 to 10, "
                                            + "a win worth more than a draw (3-1-0)")
                }
                return points
            } ?? .threeForAWin
            let league = try await api.run {
                try api.leagues.create(actor, name: form.name, season: form.season, kind: kind,
                                       rules: form.rules ?? "premier-league", points: points, seed: form.seed ?? 0,
                                       private: form.private ?? false)
            }
            return try APIJSON.response(league, status: .created, headers: [.location: "/api/v1/leagues/\(league.id)"])
        }
        v1.patch("leagues/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "league")
            let form = try await APIJSON.decode(Edit.self, from: request, limit: api.options.maxJSONBytes)
            guard form.name != nil || form.private != nil else {
                throw Problem.malformed("field 'name': missing (or give 'private')")
            }
            return try APIJSON.response(try await api.run {
                try api.leagues.edit(actor, .id(id), name: form.name, private: form.private)
            })
        }
        v1.delete("leagues/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "league")
            try await api.run { try api.leagues.delete(actor, .id(id)) }
            return Response(status: .noContent)
        }
    }

    /// The joining password, joining with it, and the owner's grants.
    private func registerMembers(_ v1: RouterGroup<APIContext>) {
        v1.put("leagues/{id}/password") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "league")
            let form = try await APIJSON.decode(Secret.self, from: request, limit: api.options.maxJSONBytes)
            // Who may is checked before the hashing gate: a stranger neither waits for it nor takes a place.
            try await api.run { try api.leagues.checkPasswordChange(actor, .id(id), to: form.password) }
            try await api.hashing { try api.leagues.setPassword(actor, .id(id), to: form.password) }
            return Response(status: .noContent)
        }
        v1.delete("leagues/{id}/password") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "league")
            try await api.run { try api.leagues.setPassword(actor, .id(id), to: nil) }
            return Response(status: .noContent)
        }
        v1.post("leagues/{id}/join") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "league")
            let form = try await APIJSON.decode(Secret.self, from: request, limit: api.options.maxJSONBytes)
            // Guessing a league's password is guessing a password: limited as logins are.
            try api.limit(api.loginsByAccount, key: "join \(id) \(actor.userID)", name: "league-join",
                          what: "attempts to join this league")
            try await api.run { try api.leagues.checkJoin(actor, .id(id)) }
            try await api.hashing { try api.leagues.join(actor, .id(id), password: form.password) }
            return Response(status: .noContent)
        }
        v1.put("leagues/{id}/editors/{username}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "league")
            let username = try PathText.parse(context, "username")
            try await api.run { try api.leagues.grant(actor, .id(id), to: username) }
            return Response(status: .noContent)
        }
        v1.delete("leagues/{id}/editors/{username}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "league")
            let username = try PathText.parse(context, "username")
            try await api.run { try api.leagues.revoke(actor, .id(id), from: username) }
            return Response(status: .noContent)
        }
    }

    /// The league's teams: list, add (a name, or a club team linked), remove.
    private func registerTeams(_ v1: RouterGroup<APIContext>) {
        v1.get("leagues/{id}/teams") { request, context in
            let id = try PathID.parse(context, "id", kind: "league")
            let leagues = try await api.leagues(for: request)
            return try APIJSON.response(Paging(items: try await api.run { try leagues.teams(.id(id)) }, next: nil))
        }
        v1.post("leagues/{id}/teams") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "league")
            let form = try await APIJSON.decode(TeamAddition.self, from: request, limit: api.options.maxJSONBytes)
            guard form.name != nil || form.clubTeam != nil else {
                throw Problem.malformed("field 'name': missing (or give 'clubTeam')")
            }
            let team = try await api.run {
                try api.leagues.addTeam(actor, .id(id), name: form.name, team: form.clubTeam.map { TeamReference($0) })
            }
            return try APIJSON.response(team, status: .created)
        }
        v1.delete("leagues/{id}/teams/{team}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "league")
            let team = try PathText.parse(context, "team")
            let force = try Query(request).bool("force") ?? false
            try await api.run { _ = try api.leagues.removeTeam(actor, .id(id), team: team, force: force) }
            return Response(status: .noContent)
        }
    }

    /// A page of the league's matches (of one `matchday` when given), or of its results.
    func matches(_ request: Request, _ context: APIContext, results: Bool) async throws -> Response {
        let id = try PathID.parse(context, "id", kind: "league")
        let query = Query(request)
        let (matchday, after, limit) = (try query.int("matchday", in: 1...10_000), try query.afterKey(), try query.limit())
        let leagues = try await api.leagues(for: request)
        return try APIJSON.response(try await api.run {
            try leagues.matches(.id(id), matchday: matchday, results: results, after: after, limit: limit)
        })
    }

    /// The table as JSON rows, or printed when `Accept` asks for a PDF, PNG or SVG.
    private func table(_ request: Request, league id: Int64) async throws -> Response {
        let query = Query(request)
        let rules = try query.string("rules", maximumLength: 40)
        let venue = try query.choice("venue", Venue.self) ?? .all
        let matchday = try query.int("matchday", in: 1...10_000)
        let asOf = try query.string("asOf", maximumLength: 10)
        let format = try Negotiation.format(request.headers[.accept], offering: [.json, .pdf, .png, .svg])
        let leagues = try await api.leagues(for: request)
        guard format != .json else {
            let standings = try await api.run {
                try leagues.table(.id(id), rules: rules, venue: venue, matchday: matchday, asOf: asOf)
            }
            return try APIJSON.response(standings)
        }
        let dossier = try await api.run { try leagues.dossier(.id(id), rules: rules) }
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
