import Club
import Foundation
import Hummingbird
import Reports
import Stickers

/// Sticker collections: the catalogue, creating one from a manifest, exporting it as a ZIP
/// archive of the folder `collection import` reads, starting, leaving,
/// envelopes (opened, granted), cards given as prizes, the album (JSON, or printed as PDF or
/// PNG by `Accept`), the odds of finishing it, the record of draws, editors and deleting. A
/// collection is named by its id in paths (names may hold `/`); the ``Collections`` service
/// decides who may do what. The catalogue's families, cards and cover are in
/// ``CatalogueRoutes``.
struct CollectionRoutes {
    let api: APIServices
    let collections: Collections

    init(api: APIServices) {
        self.api = api
        collections = Collections(store: api.store)
    }

    struct Grant: Decodable, Sendable {
        var to: String
        var envelopes: Int
    }

    struct Gift: Decodable, Sendable {
        var to: String
        var cards: [Int]
    }

    func register(on router: Router<APIContext>) {
        let v1 = router.group("api/v1")
        v1.get("collections") { request, _ in
            let notStarted = try Query(request).bool("notStarted") ?? false
            let found = try await api.run(for: request) { try collections.catalogue($0, notStarted: notStarted) }
            return try APIJSON.response(Paging(items: found, next: nil))
        }
        // The manifest as JSON, its images uploaded one by one afterwards; or the whole import
        // folder as a ZIP archive, in one transaction.
        v1.post("collections") { request, _ in
            let actor = try await api.actor(request)
            let summary: CollectionImportSummary
            if let type = MediaTypes.essence(request.headers[.contentType]), CollectionImportArchive.mediaTypes.contains(type) {
                let details = try CollectionImportArchive.details(request)
                let data = try await Body.read(request, limit: api.options.maxUploadBytes)
                let uploadBytes = api.options.maxUploadBytes
                summary = try await api.run {
                    let (manifest, images) = try CollectionImportArchive.read(data, details: details, uploadBytes: uploadBytes)
                    let source = "body: " + (details == nil ? CollectionManifest.jsonFileName : CollectionManifest.csvFileName)
                    return try collections.importCollection(actor, manifest: manifest, images: images, source: source)
                }
            } else {
                if let declared = request.headers[.contentType], !MediaTypes.isJSON(declared) {
                    throw Problem(.unsupportedMediaType, "send the collection's manifest as application/json, or the import folder "
                                  + "as a ZIP archive (application/zip)")
                }
                if try CollectionImportArchive.details(request) != nil {
                    throw Problem.malformed("query parameter 'name': goes with a ZIP archive holding collection.csv; "
                                            + "a JSON manifest names its collection itself")
                }
                let data = try await Body.read(request, limit: api.options.maxJSONBytes)
                summary = try await api.run {
                    let manifest = try CollectionManifest.read(data, source: "body")
                    return try collections.importCollection(actor, manifest: manifest, images: [:], source: "body")
                }
            }
            return try APIJSON.response(summary, status: .created, headers: [.location: "/api/v1/collections/\(summary.id)"])
        }
        v1.get("collections/{id}") { request, context in
            let collection = try Self.collection(context)
            return try APIJSON.response(try await api.run(for: request) { try collections.show($0, collection) })
        }
        v1.delete("collections/{id}") { request, context in
            let collection = try Self.collection(context)
            try await api.run(for: request) { try collections.delete($0, collection) }
            return Response(status: .noContent)
        }
        v1.post("collections/{id}/start") { request, context in
            let collection = try Self.collection(context)
            return try APIJSON.response(try await api.run(for: request) { try collections.start($0, collection) }, status: .created)
        }
        v1.post("collections/{id}/leave") { request, context in
            let collection = try Self.collection(context)
            try await api.run(for: request) { try collections.leave($0, collection) }
            return Response(status: .noContent)
        }
        v1.post("collections/{id}/envelopes/open") { request, context in
            let collection = try Self.collection(context)
            return try APIJSON.response(try await api.run(for: request) { try collections.open($0, collection) }, status: .created)
        }
        v1.post("collections/{id}/grants") { request, context in
            let collection = try Self.collection(context)
            let form = try await APIJSON.decode(Grant.self, from: request, limit: api.options.maxJSONBytes)
            let grant = try await api.run(for: request) { try collections.grant($0, collection, to: form.to, envelopes: form.envelopes) }
            return try APIJSON.response(grant, status: .created)
        }
        v1.post("collections/{id}/gifts") { request, context in
            let collection = try Self.collection(context)
            let form = try await APIJSON.decode(Gift.self, from: request, limit: api.options.maxJSONBytes)
            let gift = try await api.run(for: request) { try collections.give($0, collection, to: form.to, cards: form.cards) }
            return try APIJSON.response(gift, status: .created)
        }
        v1.get("collections/{id}/export") { request, context in
            let collection = try Self.collection(context)
            let limit = api.options.maxFrameArchiveBytes
            let export = try await api.run(for: request) { try collections.export($0, collection, maximumImageBytes: limit) }
            let data = try await api.rendering { try CollectionExportArchive.data(export) }
            return Rendered.response(data, contentType: "application/zip", request: request)
        }
        v1.get("collections/{id}/album") { request, context in
            try await album(request, context)
        }
        v1.get("collections/{id}/odds") { request, context in
            let collection = try Self.collection(context)
            let envelopes = try Query(request).int("envelopes", in: 1...CompletionOdds.maximumEnvelopes)
            return try APIJSON.response(try await api.run(for: request) { try collections.odds($0, collection, envelopes: envelopes) })
        }
        v1.get("collections/{id}/draws") { request, context in
            let collection = try Self.collection(context)
            let query = Query(request)
            let collector = try query.string("collector", maximumLength: 100)
            let limit = try query.int("limit", in: 1...Collections.maximumDrawsListed) ?? 100
            let draws = try await api.run(for: request) { try collections.draws($0, collection, of: collector, limit: limit) }
            return try APIJSON.response(Paging(items: draws, next: nil))
        }
        v1.put("collections/{id}/editors/{username}") { request, context in
            let collection = try Self.collection(context)
            let username = try PathText.parse(context, "username")
            try await api.run(for: request) { try collections.addEditor($0, collection, username) }
            return Response(status: .noContent)
        }
        v1.delete("collections/{id}/editors/{username}") { request, context in
            let collection = try Self.collection(context)
            let username = try PathText.parse(context, "username")
            try await api.run(for: request) { try collections.removeEditor($0, collection, username) }
            return Response(status: .noContent)
        }
    }

    /// The collector's album as JSON, or printed (every page as a PDF, or page `page` as a PNG
    /// at 144 dpi) with copies promised in swaps shown, by `Accept`.
    private func album(_ request: Request, _ context: APIContext) async throws -> Response {
        let collection = try Self.collection(context)
        let format = try Negotiation.format(request.headers[.accept], offering: [.json, .pdf, .png])
        let page = try AlbumUpload.page(request, format: format)
        guard format != .json else {
            return try APIJSON.response(try await api.run(for: request) { try collections.album($0, collection) })
        }
        let printable = try await api.run(for: request) { try collections.printableAlbum($0, collection) }
        let data = try await api.rendering { try AlbumUpload.printed(try Album(collector: printable), as: format, page: page) }
        api.metrics.render("collection-album", format: format.rawValue)
        return Rendered.response(data, contentType: format.contentType, request: request)
    }

    /// The collection the path names by id.
    static func collection(_ context: APIContext) throws -> CollectionReference {
        .id(try PathID.parse(context, "id", kind: "collection"))
    }
}
