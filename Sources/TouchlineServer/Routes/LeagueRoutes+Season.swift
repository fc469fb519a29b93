import Club
import Foundation
import Hummingbird
import League

/// The season of a league: generating fixtures, adding matches, results, the table's zones,
/// deductions, exports, scorers and discipline.
extension LeagueRoutes {
    struct FixtureRequest: Decodable, Sendable {
        /// `single` or `double`.
        var rounds: String?
        /// `mirrored`, `french` or `english`.
        var secondHalf: String?
        var seed: UInt64?
        /// `YYYY-MM-DD`.
        var startDate: String?
        var intervalDays: Int?
    }

    /// A league's zones, as shown and as set (an empty list removes them).
    struct ZoneList: Codable, Sendable {
        var zones: [LeagueZone]
    }

    struct Deduction: Decodable, Sendable {
        var team: String
        var points: Int
        var reason: String
        var date: String?
    }

    /// What `GET .../export` writes, and in which format.
    enum ExportFormat: String, CaseIterable { case csv, json }
    enum ExportContent: String, CaseIterable { case table, fixtures }

    func registerSeason(_ v1: RouterGroup<APIContext>) {
        v1.post("leagues/{id}/fixtures") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "league")
            let form = try await APIJSON.decode(FixtureRequest.self, from: request, limit: api.options.maxJSONBytes)
            let defaults = FixtureOptions()
            let options = FixtureOptions(
                rounds: try BodyChoice.parse(form.rounds, field: "rounds", FixtureOptions.Rounds.self) ?? defaults.rounds,
                secondHalf: try BodyChoice.parse(form.secondHalf, field: "secondHalf", FixtureOptions.SecondHalf.self)
                    ?? defaults.secondHalf,
                seed: form.seed, startDate: form.startDate, intervalDays: form.intervalDays ?? defaults.intervalDays)
            let report = try await api.run {
                let leagues = api.leagues.viewing(as: actor)
                let fixtures = try leagues.generateFixtures(actor, .id(id), options: options)
                return FixturesReport(fixtures, matches: try leagues.matches(.id(id)))
            }
            return try APIJSON.response(report)
        }
        v1.post("leagues/{id}/matches") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "league")
            let form = try await APIJSON.decode(MatchRoutes.MatchCreation.self, from: request, limit: api.options.maxJSONBytes)
            let stored = try await api.run {
                try api.matches.add(actor, league: .id(id), home: form.home, away: form.away, matchday: form.matchday,
                                    date: form.date, time: form.time, venue: form.venue,
                                    allowRepeat: form.allowRepeat ?? false)
            }
            return try APIJSON.response(stored, status: .created, headers: [.location: "/api/v1/matches/\(stored.id)"])
        }
        v1.get("leagues/{id}/results") { request, context in
            try await matches(request, context, results: true)
        }
        v1.get("leagues/{id}/results-grid") { request, context in
            let id = try PathID.parse(context, "id", kind: "league")
            let leagues = try await api.leagues(for: request)
            return try APIJSON.response(try await api.run { try leagues.resultsGrid(.id(id)) })
        }
        registerSeasonSettings(v1)
        v1.get("leagues/{id}/export") { request, context in
            let id = try PathID.parse(context, "id", kind: "league")
            return try await export(request, league: id)
        }
        v1.get("leagues/{id}/scorers") { request, context in
            let id = try PathID.parse(context, "id", kind: "league")
            let leagues = try await api.leagues(for: request)
            return try APIJSON.response(Paging(items: try await api.run { try leagues.scorers(.id(id)) }, next: nil))
        }
        v1.get("leagues/{id}/discipline") { request, context in
            let id = try PathID.parse(context, "id", kind: "league")
            let leagues = try await api.leagues(for: request)
            return try APIJSON.response(Paging(items: try await api.run { try leagues.discipline(.id(id)) }, next: nil))
        }
    }

    /// Zones and deductions.
    private func registerSeasonSettings(_ v1: RouterGroup<APIContext>) {
        v1.get("leagues/{id}/zones") { request, context in
            let id = try PathID.parse(context, "id", kind: "league")
            let leagues = try await api.leagues(for: request)
            return try APIJSON.response(ZoneList(zones: try await api.run { try leagues.zones(.id(id)) }))
        }
        v1.put("leagues/{id}/zones") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "league")
            let form = try await APIJSON.decode(ZoneList.self, from: request, limit: api.options.maxJSONBytes)
            let zones = try await api.run {
                let leagues = api.leagues.viewing(as: actor)
                try leagues.setZones(actor, .id(id), form.zones)
                return try leagues.zones(.id(id))
            }
            return try APIJSON.response(ZoneList(zones: zones))
        }
        v1.get("leagues/{id}/deductions") { request, context in
            let id = try PathID.parse(context, "id", kind: "league")
            let leagues = try await api.leagues(for: request)
            return try APIJSON.response(Paging(items: try await api.run { try leagues.deductions(.id(id)) }, next: nil))
        }
        v1.post("leagues/{id}/deductions") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "league")
            let form = try await APIJSON.decode(Deduction.self, from: request, limit: api.options.maxJSONBytes)
            let deduction = try await api.run {
                try api.leagues.deduct(actor, .id(id), team: form.team, points: form.points, reason: form.reason, date: form.date)
            }
            return try APIJSON.response(deduction, status: .created)
        }
    }

    /// The table or the fixtures as a CSV or JSON file: the JSON is what the table and
    /// matches routes answer, the fixtures CSV one `touchline league import` reads back.
    private func export(_ request: Request, league id: Int64) async throws -> Response {
        let query = Query(request)
        guard let format = try query.choice("format", ExportFormat.self) else {
            throw Problem.malformed("query parameter 'format': give csv or json")
        }
        let what = try query.choice("what", ExportContent.self) ?? .table
        let leagues = try await api.leagues(for: request)
        let data: Data = try await api.run {
            switch (what, format) {
            case (.table, .csv): return Data(LeagueCSV.table(try leagues.table(.id(id))).utf8)
            case (.table, .json): return try APIJSON.encoder.encode(try leagues.table(.id(id)))
            case (.fixtures, .csv): return Data(LeagueCSV.matches(try leagues.matches(.id(id)).map(\.match)).utf8)
            case (.fixtures, .json): return try APIJSON.encoder.encode(try leagues.matches(.id(id)))
            }
        }
        let headers: HTTPFields = [
            .contentType: format == .csv ? "text/csv; charset=utf-8" : "application/json",
            .contentDisposition: "attachment; filename=\"league-\(id)-\(what.rawValue).\(format.rawValue)\"",
        ]
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
