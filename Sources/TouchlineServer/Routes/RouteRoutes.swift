import Club
import Foundation
import Hummingbird
import Routes

/// Stored routes: upload a GPS file, list them (nearest first from a point), show, edit,
/// delete, their statistics, export as GPX, GeoJSON or KML, and maps and thumbnails. Routes
/// are their owner's alone: another user's route is "not found", as in the CLI.
struct RouteRoutes {
    let api: APIServices
    let routes: StoredRoutes

    init(api: APIServices) {
        self.api = api
        routes = StoredRoutes(store: api.store, quota: api.options.routeQuota)
    }

    /// The name of a route uploaded without `?name=` from a file that names none.
    static let defaultName = "Untitled route"

    /// `PATCH /api/v1/routes/{id}`: absent fields stay as they are; `null` (or `""`) clears
    /// the category or note, `null` clears the heart rate.
    struct RoutePatch: Decodable, Sendable {
        var name: String?
        var category: String??
        var note: String??
        var heartRate: Int??

        enum CodingKeys: String, CodingKey {
            case name, category, note, heartRate
        }

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            name = try fields.decodeIfPresent(String.self, forKey: .name)
            category = try fields.decodeClearable(String.self, forKey: .category)
            note = try fields.decodeClearable(String.self, forKey: .note)
            heartRate = try fields.decodeClearable(Int.self, forKey: .heartRate)
        }
    }

    func register(on router: Router<APIContext>) {
        let v1 = router.group("api/v1")
        v1.post("routes") { request, _ in
            let actor = try await api.actor(request)
            let query = Query(request)
            let name = try query.string("name", maximumLength: StoredRoutes.maximumName * 4)
            let category = try query.string("category", maximumLength: StoredRoutes.maximumCategory * 4)
            let note = try query.string("note", maximumLength: StoredRoutes.maximumNote * 4)
            let heartRate = try Self.heartRate(query)
            let data = try await RouteUpload.data(request, api: api)
            let reply = try await api.rendering {
                let result = try RouteUpload.read(data)
                let document = result.document
                let summary = try routes.add(actor, document: document,
                                             name: StoredRoutes.name(name, of: document, otherwise: Self.defaultName),
                                             category: category, note: note, heartRate: heartRate)
                return RouteUploadReply(route: summary, format: result.format, report: result.report)
            }
            return try APIJSON.response(reply, status: .created, headers: [.location: "/api/v1/routes/\(reply.route.id)"])
        }
        v1.get("routes") { request, _ in
            let actor = try await api.actor(request)
            let query = Query(request)
            let (near, after, limit) = (try Self.near(query), try Self.after(query), try query.limit())
            return try APIJSON.response(try await api.run { try routes.list(actor, near: near, after: after, limit: limit) })
        }
        v1.get("routes/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "route")
            return try APIJSON.response(try await api.run { try routes.summary(actor, id) })
        }
        v1.patch("routes/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "route")
            let patch = try await APIJSON.decode(RoutePatch.self, from: request, limit: api.options.maxJSONBytes)
            let route = try await api.run {
                // The service clears the category or note when given "", as `route edit --note ''`.
                try routes.edit(actor, id, name: patch.name, category: patch.category.map { $0 ?? "" },
                                note: patch.note.map { $0 ?? "" }, heartRate: patch.heartRate ?? nil,
                                clearHeartRate: patch.heartRate == .some(nil))
            }
            return try APIJSON.response(route)
        }
        v1.delete("routes/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "route")
            try await api.run { try routes.delete(actor, id) }
            return Response(status: .noContent)
        }
        v1.get("routes/{id}/statistics") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "route")
            let split = try RouteOutput.split(Query(request))
            return try await RouteOutput.statistics(split: split, source: "route \(id)", api: api) { try routes.show(actor, id).1 }
        }
        for format in RouteExportFormat.allCases {
            v1.get("routes/{id}.\(format.fileExtension)") { request, context in
                let actor = try await api.actor(request)
                let id = try PathID.parse(context, "id", kind: "route")
                return try await RouteOutput.export(request, api: api, format: format, id: id) { try routes.export(actor, id) }
            }
        }
        for format in [ResponseFormat.png, .svg, .pdf] {
            v1.get("routes/{id}.\(format.rawValue)") { request, context in
                let actor = try await api.actor(request)
                let id = try PathID.parse(context, "id", kind: "route")
                let options = try RouteOutput.mapOptions(Query(request), tiles: api.options.tiles)
                return try await RouteOutput.image(options, format: format, kind: "route", request: request, api: api) {
                    try routes.show(actor, id).1
                }
            }
        }
        v1.get("routes/{id}/thumbnail.png") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "route")
            let options = try RouteOutput.thumbnailOptions(Query(request), tiles: api.options.tiles)
            return try await RouteOutput.image(options, format: .png, kind: "route-thumbnail", request: request, api: api) {
                try routes.show(actor, id).1
            }
        }
    }

    /// `near=LAT,LON`, as `route list --near` takes it.
    static func near(_ query: Query) throws -> GeoPoint? {
        guard let text = try query.string("near", maximumLength: 60) else { return nil }
        guard let point = GeoPoint(coordinates: text) else {
            throw Problem.malformed("query parameter 'near': expected LAT,LON in decimal degrees, for example 43.263,-2.935")
        }
        return point
    }

    /// `after`: the previous page's `next`.
    static func after(_ query: Query) throws -> RouteCursor? {
        guard let text = try query.string("after", maximumLength: RouteCursor.maximumLength) else { return nil }
        guard let cursor = RouteCursor(text: text) else { throw Problem.malformed("query parameter 'after': not a cursor this API gave") }
        return cursor
    }

    /// `heartRate`: a whole number; the service decides which are heart rates (0 to 250, a 422
    /// with the CLI's message otherwise).
    static func heartRate(_ query: Query) throws -> Int? {
        guard let text = try query.string("heartRate", maximumLength: 20) else { return nil }
        guard let value = Int(text) else { throw Problem.malformed("query parameter 'heartRate': expected a whole number of beats per minute") }
        return value
    }
}
