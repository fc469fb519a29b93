import Club
import Foundation
import Canvas
import Hummingbird
import Routes
import Stickers

/// Battles between two collectors (propose, accept, reject, cancel, surrender, report a
/// score, claim the card), treasure hunts (start, claim, the hunt as JSON or drawn as a map
/// by `Accept`) and challenge results that an app's mini-game reports, as `touchline battle`,
/// `touchline treasure` and `touchline collection challenge`. The services decide who may.
struct ContestRoutes {
    let api: APIServices
    let battles: Battles
    let hunts: TreasureHunts
    let challenges: Challenges

    init(api: APIServices) {
        self.api = api
        battles = Battles(store: api.store)
        hunts = TreasureHunts(store: api.store)
        challenges = Challenges(store: api.store)
    }

    struct BattleProposal: Decodable, Sendable {
        /// The collection's id.
        var collection: Int64
        var to: String
        var kind: String?
    }

    struct ScoreReport: Decodable, Sendable {
        var score: Int
    }

    struct Claim: Decodable, Sendable {
        var card: Int?
    }

    struct Position: Decodable, Sendable {
        var latitude: Double
        var longitude: Double
    }

    struct ChallengeResult: Decodable, Sendable {
        var collector: String
        var game: String
        var score: Int
        var won: Bool
    }

    func register(on router: Router<APIContext>) {
        let v1 = router.group("api/v1")
        registerBattles(v1)
        registerHunts(v1)
        v1.post("collections/{id}/challenges") { request, context in
            let collection = try CollectionRoutes.collection(context)
            let form = try await APIJSON.decode(ChallengeResult.self, from: request, limit: api.options.maxJSONBytes)
            let result = try await api.run(for: request) {
                try challenges.record($0, collection, collector: form.collector, game: form.game, score: form.score, won: form.won)
            }
            return try APIJSON.response(result, status: .created)
        }
        v1.get("collections/{id}/challenges") { request, context in
            let collection = try CollectionRoutes.collection(context)
            let query = Query(request)
            let collector = try query.string("collector", maximumLength: 100)
            let limit = try query.int("limit", in: 1...Challenges.maximumListed) ?? 100
            let found = try await api.run(for: request) { try challenges.list($0, collection, of: collector, limit: limit) }
            return try APIJSON.response(Paging(items: found, next: nil))
        }
    }

    private func registerBattles(_ v1: RouterGroup<APIContext>) {
        v1.post("battles") { request, _ in
            let form = try await APIJSON.decode(BattleProposal.self, from: request, limit: api.options.maxJSONBytes)
            let kind = try BodyChoice.parse(form.kind, field: "kind", Battle.Kind.self) ?? .random
            let battle = try await api.run(for: request) { try battles.propose($0, .id(form.collection), to: form.to, kind: kind) }
            return try APIJSON.response(battle, status: .created, headers: [.location: "/api/v1/battles/\(battle.id)"])
        }
        v1.get("battles") { request, _ in
            let query = Query(request)
            let collection = try query.int("collection", in: 1...Int.max).map { CollectionReference.id(Int64($0)) }
            let all = try query.bool("all") ?? false
            let limit = try query.int("limit", in: 1...Battles.maximumListed) ?? 100
            let found = try await api.run(for: request) { try battles.list($0, collection: collection, all: all, limit: limit) }
            return try APIJSON.response(Paging(items: found, next: nil))
        }
        v1.get("battles/{id}") { request, context in
            try await answer(request, context) { try battles.show($0, $1) }
        }
        v1.post("battles/{id}/accept") { request, context in
            try await answer(request, context) { try battles.accept($0, $1) }
        }
        v1.post("battles/{id}/reject") { request, context in
            try await answer(request, context) { try battles.reject($0, $1) }
        }
        v1.post("battles/{id}/cancel") { request, context in
            try await answer(request, context) { try battles.cancel($0, $1) }
        }
        v1.post("battles/{id}/surrender") { request, context in
            try await answer(request, context) { try battles.surrender($0, $1) }
        }
        v1.post("battles/{id}/score") { request, context in
            let form = try await APIJSON.decode(ScoreReport.self, from: request, limit: api.options.maxJSONBytes)
            return try await answer(request, context) { try battles.report($0, $1, score: form.score) }
        }
        v1.post("battles/{id}/claim") { request, context in
            let form = try await APIJSON.decode(Claim.self, from: request, limit: api.options.maxJSONBytes)
            return try await answer(request, context) { try battles.claim($0, $1, card: form.card) }
        }
    }

    private func registerHunts(_ v1: RouterGroup<APIContext>) {
        v1.post("collections/{id}/treasure-hunt") { request, context in
            let collection = try CollectionRoutes.collection(context)
            let at = try await APIJSON.decode(Position.self, from: request, limit: api.options.maxJSONBytes)
            let hunt = try await api.run(for: request) {
                try hunts.start($0, collection, latitude: at.latitude, longitude: at.longitude)
            }
            return try APIJSON.response(hunt, status: .created)
        }
        v1.post("collections/{id}/treasure-hunt/claim") { request, context in
            let collection = try CollectionRoutes.collection(context)
            let at = try await APIJSON.decode(Position.self, from: request, limit: api.options.maxJSONBytes)
            return try APIJSON.response(try await api.run(for: request) {
                try hunts.claim($0, collection, latitude: at.latitude, longitude: at.longitude)
            })
        }
        v1.get("collections/{id}/treasure-hunt") { request, context in
            let collection = try CollectionRoutes.collection(context)
            let format = try Negotiation.format(request.headers[.accept], offering: [.json, .png, .svg, .pdf])
            let size = try BoardImage.size(Query(request), "size") ?? Size(width: 800, height: 800)
            let hunt = try await api.run(for: request) { try hunts.show($0, collection) }
            guard format != .json else { return try APIJSON.response(hunt) }
            let options = hunt.mapOptions(size: size)
            try RouteOutput.validate(options)
            let data = try await api.rendering {
                try RouteMapRenderer(document: RouteDocument(), options: options).render(format: RouteOutput.outputFormat(format)).data
            }
            api.metrics.render("treasure-map", format: format.rawValue)
            return Rendered.response(data, contentType: format.contentType, request: request)
        }
    }

    /// Acts on battle `{id}` and answers with it as it now stands.
    private func answer(_ request: Request, _ context: APIContext,
                        _ act: @escaping @Sendable (ActingUser, Int64) throws -> BattleRecord) async throws -> Response {
        let id = try PathID.parse(context, "id", kind: "battle")
        return try APIJSON.response(try await api.run(for: request) { try act($0, id) })
    }
}
