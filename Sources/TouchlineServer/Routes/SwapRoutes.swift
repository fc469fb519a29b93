import Club
import Foundation
import Hummingbird
import Stickers

/// Swaps: proposing one card for another, accepting, rejecting and cancelling proposals, the
/// user's proposals, who to swap with, the swap day's plan and the rings it proposes, as
/// `touchline swap`. The ``Swaps`` service decides who may and keeps every promised copy blocked.
struct SwapRoutes {
    let api: APIServices
    let swaps: Swaps

    init(api: APIServices) {
        self.api = api
        swaps = Swaps(store: api.store)
    }

    struct Proposal: Decodable, Sendable {
        /// The collection's id.
        var collection: Int64
        var to: String
        var give: Int
        var get: Int
    }

    func register(on router: Router<APIContext>) {
        let v1 = router.group("api/v1")
        v1.post("swaps") { request, _ in
            let form = try await APIJSON.decode(Proposal.self, from: request, limit: api.options.maxJSONBytes)
            let proposal = try await api.run(for: request) {
                try swaps.propose($0, .id(form.collection), to: form.to, give: form.give, get: form.get)
            }
            return try APIJSON.response(proposal, status: .created, headers: [.location: "/api/v1/swaps/\(proposal.id)"])
        }
        v1.get("swaps") { request, _ in
            let query = Query(request)
            let collection = try query.int("collection", in: 1...Int.max).map { CollectionReference.id(Int64($0)) }
            let all = try query.bool("all") ?? false
            let limit = try query.int("limit", in: 1...Swaps.maximumListed) ?? 100
            let found = try await api.run(for: request) { try swaps.list($0, collection: collection, all: all, limit: limit) }
            return try APIJSON.response(Paging(items: found, next: nil))
        }
        v1.get("swaps/{id}") { request, context in
            let id = try PathID.parse(context, "id", kind: "swap")
            return try APIJSON.response(try await api.run(for: request) { try swaps.show($0, id) })
        }
        v1.post("swaps/{id}/accept") { request, context in
            try await answer(request, context, kind: "swap") { try swaps.accept($0, $1) }
        }
        v1.post("swaps/{id}/reject") { request, context in
            try await answer(request, context, kind: "swap") { try swaps.reject($0, $1) }
        }
        v1.post("swaps/{id}/cancel") { request, context in
            try await answer(request, context, kind: "swap") { try swaps.cancel($0, $1) }
        }
        v1.get("swap-rings") { request, _ in
            let query = Query(request)
            let collection = try query.int("collection", in: 1...Int.max).map { CollectionReference.id(Int64($0)) }
            let all = try query.bool("all") ?? false
            let limit = try query.int("limit", in: 1...Swaps.maximumListed) ?? 100
            let found = try await api.run(for: request) { try swaps.listRings($0, collection: collection, all: all, limit: limit) }
            return try APIJSON.response(Paging(items: found, next: nil))
        }
        v1.get("swap-rings/{id}") { request, context in
            let id = try PathID.parse(context, "id", kind: "swap ring")
            return try APIJSON.response(try await api.run(for: request) { try swaps.showRing($0, id) })
        }
        v1.post("swap-rings/{id}/accept") { request, context in
            try await answer(request, context, kind: "swap ring") { try swaps.acceptRing($0, $1) }
        }
        v1.post("swap-rings/{id}/reject") { request, context in
            try await answer(request, context, kind: "swap ring") { try swaps.rejectRing($0, $1) }
        }
        v1.post("swap-rings/{id}/cancel") { request, context in
            try await answer(request, context, kind: "swap ring") { try swaps.cancelRing($0, $1) }
        }
        v1.get("collections/{id}/swap-matches") { request, context in
            let collection = try CollectionRoutes.collection(context)
            return try APIJSON.response(Paging(items: try await api.run(for: request) { try swaps.matches($0, collection) }, next: nil))
        }
        v1.get("collections/{id}/swap-plan") { request, context in
            let collection = try CollectionRoutes.collection(context)
            let cap = try Self.maximumCycle(request)
            return try APIJSON.response(try await api.run(for: request) { try swaps.plan($0, collection, maximumCycleLength: cap) })
        }
        v1.post("collections/{id}/swap-plan/proposals") { request, context in
            let collection = try CollectionRoutes.collection(context)
            let cap = try Self.maximumCycle(request)
            let proposed = try await api.run(for: request) { try swaps.proposePlan($0, collection, maximumCycleLength: cap) }
            return try APIJSON.response(proposed, status: .created)
        }
    }

    /// `maxCycle`: the longest cycle the plan may hold, as `--max-cycle`.
    static func maximumCycle(_ request: Request) throws -> Int? {
        try Query(request).int("maxCycle", in: 2...1_000_000)
    }

    /// Acts on proposal or ring `{id}` (`kind` names it when there is no such id) and answers
    /// with it as it now stands.
    private func answer<Record: Encodable & Sendable>(_ request: Request, _ context: APIContext, kind: String,
                                                      _ act: @escaping @Sendable (ActingUser, Int64) throws -> Record) async throws -> Response {
        let id = try PathID.parse(context, "id", kind: kind)
        return try APIJSON.response(try await api.run(for: request) { try act($0, id) })
    }
}
