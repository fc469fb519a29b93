import Club
import Foundation
import Hummingbird
import League

/// Matches by id: show, results, line-ups, events and deletion, for league matches (their
/// league's owner and editors change them, anyone sees them) and friendlies (only who recorded
/// one sees and changes it); the user's friendlies; statistics over every competition. A
/// league's own matches are listed and added under `/api/v1/leagues/{id}/matches`.
struct MatchRoutes {
    let api: APIServices

    /// A new match: a friendly, or one of a league (`POST /api/v1/leagues/{id}/matches`).
    struct MatchCreation: Decodable, Sendable {
        var home: String
        var away: String
        var matchday: Int?
        var date: String?
        var time: String?
        var venue: String?
        /// In a league: let the two teams meet again on the same matchday.
        var allowRepeat: Bool?
    }

    struct Result: Decodable, Sendable {
        var fullTime: Score
        var halfTime: Score?
        /// The score after extra time (cumulative).
        var extraTime: Score?
        /// The shoot-out alone.
        var penalties: Score?
        /// A ``MatchStatus``; `played` when absent.
        var status: String?
    }

    /// Moving or calling off a match: each field absent is kept, `null` clears it.
    struct Edit: Decodable, Sendable {
        var changes: MatchChanges

        enum CodingKeys: String, CodingKey { case date, time, venue, status }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            func field(_ key: CodingKeys) throws -> String?? {
                guard container.contains(key) else { return nil }
                return .some(try container.decodeNil(forKey: key) ? nil : try container.decode(String.self, forKey: key))
            }
            let status = try container.decodeIfPresent(String.self, forKey: .status)
            changes = MatchChanges(date: try field(.date), time: try field(.time), venue: try field(.venue),
                                   status: try BodyChoice.parse(status, field: "status", MatchStatus.self))
        }
    }

    struct Lineup: Decodable, Sendable {
        var players: [String]
    }

    func register(on router: Router<APIContext>) {
        let v1 = router.group("api/v1")
        v1.get("matches") { request, _ in
            let actor = try await api.actor(request)
            let query = Query(request)
            let (after, limit) = (try query.afterKey(), try query.limit())
            return try APIJSON.response(try await api.run { try api.matches.friendlies(actor, after: after, limit: limit) })
        }
        v1.post("matches") { request, _ in
            let actor = try await api.actor(request)
            let form = try await APIJSON.decode(MatchCreation.self, from: request, limit: api.options.maxJSONBytes)
            let stored = try await api.run {
                try api.matches.add(actor, league: nil, home: form.home, away: form.away, matchday: form.matchday,
                                    date: form.date, time: form.time, venue: form.venue,
                                    allowRepeat: form.allowRepeat ?? false)
            }
            return try APIJSON.response(stored, status: .created, headers: [.location: "/api/v1/matches/\(stored.id)"])
        }
        v1.get("matches/statistics") { request, _ in
            let viewer = try await api.viewer(request)
            let query = Query(request)
            let (player, team) = (try query.string("player", maximumLength: 100), try query.string("team", maximumLength: 100))
            return try APIJSON.response(try await api.run { try api.matches.statistics(viewer, player: player, team: team) })
        }
        v1.get("matches/{id}") { request, context in
            let viewer = try await api.viewer(request)
            let id = try PathID.parse(context, "id", kind: "match")
            return try APIJSON.response(try await api.run { try api.matches.show(viewer, match: id) })
        }
        v1.patch("matches/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "match")
            let edit = try await APIJSON.decode(Edit.self, from: request, limit: api.options.maxJSONBytes)
            return try APIJSON.response(try await api.run { try api.matches.edit(actor, match: id, edit.changes) })
        }
        v1.delete("matches/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "match")
            try await api.run { try api.matches.delete(actor, match: id) }
            return Response(status: .noContent)
        }
        registerDetails(v1)
    }

    /// A match's result, line-ups and events.
    private func registerDetails(_ v1: RouterGroup<APIContext>) {
        v1.put("matches/{id}/result") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "match")
            let form = try await APIJSON.decode(Result.self, from: request, limit: api.options.maxJSONBytes)
            let status = try BodyChoice.parse(form.status, field: "status", MatchStatus.self) ?? .played
            let stored = try await api.run {
                try api.matches.result(actor, match: id, fullTime: form.fullTime, halfTime: form.halfTime,
                                       extraTime: form.extraTime, penalties: form.penalties, status: status)
            }
            return try APIJSON.response(stored)
        }
        v1.put("matches/{id}/lineups/{team}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "match")
            let team = try PathText.parse(context, "team")
            let form = try await APIJSON.decode(Lineup.self, from: request, limit: api.options.maxJSONBytes)
            return try APIJSON.response(try await api.run {
                try api.matches.setLineup(actor, match: id, team: team, players: form.players)
            })
        }
        // The event as the match shows it: {"team", "minute", "stoppage", "kind": {"goal": {...}}}.
        v1.post("matches/{id}/events") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "match")
            let event = try await APIJSON.decode(MatchEvent.self, from: request, limit: api.options.maxJSONBytes)
            let stored = try await api.run { try api.matches.addEvent(actor, match: id, event) }
            return try APIJSON.response(stored, status: .created)
        }
        v1.delete("matches/{id}/events/{event}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "match")
            let event = try PathID.parse(context, "event", kind: "event of match \(id)")
            try await api.run { _ = try api.matches.deleteEvent(actor, match: id, event: event) }
            return Response(status: .noContent)
        }
    }
}
