import Club
import Foundation
import Hummingbird
import Stickers

/// A collection's catalogue one part at a time, for its owner and editors: families (add,
/// rename, remove), cards (add, edit, remove, reuse in another collection), a card's image and
/// the collection's cover (uploaded as the raw body, PNG or JPEG). As `touchline collection
/// family|card|cover`; the ``Collections`` service decides who may.
struct CatalogueRoutes {
    let api: APIServices
    let collections: Collections

    init(api: APIServices) {
        self.api = api
        collections = Collections(store: api.store)
    }

    struct Family: Decodable, Sendable {
        var name: String
    }

    struct NewCard: Decodable, Sendable {
        var number: Int
        var title: String
        var family: String
        var description: String?
        var rarity: String?
    }

    struct CardEdit: Decodable, Sendable {
        var title: String?
        var description: String?
        var family: String?
        var rarity: String?
    }

    struct Reuse: Decodable, Sendable {
        /// The other collection's id.
        var collection: Int64
        var number: Int
        var family: String
        var rarity: String?
    }

    /// Media types an image may be sent as.
    static let imageTypes = ["image/png", "image/jpeg"]

    func register(on router: Router<APIContext>) {
        let v1 = router.group("api/v1")
        registerFamilies(v1)
        registerCards(v1)
        v1.put("collections/{id}/cover") { request, context in
            let collection = try CollectionRoutes.collection(context)
            let image = try await Self.image(request, api: api)
            try await api.run(for: request) { try collections.setCover($0, collection, image: image) }
            return Response(status: .noContent)
        }
        v1.delete("collections/{id}/cover") { request, context in
            let collection = try CollectionRoutes.collection(context)
            try await api.run(for: request) { try collections.setCover($0, collection, image: nil) }
            return Response(status: .noContent)
        }
    }

    private func registerFamilies(_ v1: RouterGroup<APIContext>) {
        v1.post("collections/{id}/families") { request, context in
            let collection = try CollectionRoutes.collection(context)
            let form = try await APIJSON.decode(Family.self, from: request, limit: api.options.maxJSONBytes)
            try await api.run(for: request) { try collections.addFamily($0, collection, family: form.name) }
            return Response(status: .noContent)
        }
        v1.patch("collections/{id}/families/{family}") { request, context in
            let collection = try CollectionRoutes.collection(context)
            let family = try PathText.parse(context, "family")
            let form = try await APIJSON.decode(Family.self, from: request, limit: api.options.maxJSONBytes)
            try await api.run(for: request) { try collections.renameFamily($0, collection, family: family, to: form.name) }
            return Response(status: .noContent)
        }
        v1.delete("collections/{id}/families/{family}") { request, context in
            let collection = try CollectionRoutes.collection(context)
            let family = try PathText.parse(context, "family")
            try await api.run(for: request) { try collections.removeFamily($0, collection, family: family) }
            return Response(status: .noContent)
        }
    }

    private func registerCards(_ v1: RouterGroup<APIContext>) {
        v1.post("collections/{id}/cards") { request, context in
            let collection = try CollectionRoutes.collection(context)
            let form = try await APIJSON.decode(NewCard.self, from: request, limit: api.options.maxJSONBytes)
            let rarity = try BodyChoice.parse(form.rarity, field: "rarity", Rarity.self) ?? .common
            try await api.run(for: request) {
                try collections.addCard($0, collection, number: form.number, title: form.title, family: form.family,
                                        description: form.description ?? "", rarity: rarity)
            }
            return Response(status: .noContent)
        }
        v1.patch("collections/{id}/cards/{number}") { request, context in
            let collection = try CollectionRoutes.collection(context)
            let number = try Self.number(context)
            let form = try await APIJSON.decode(CardEdit.self, from: request, limit: api.options.maxJSONBytes)
            let changes = Collections.CardChanges(title: form.title, description: form.description, family: form.family,
                                                  rarity: try BodyChoice.parse(form.rarity, field: "rarity", Rarity.self))
            try await api.run(for: request) { try collections.editCard($0, collection, number: number, changes) }
            return Response(status: .noContent)
        }
        v1.delete("collections/{id}/cards/{number}") { request, context in
            let collection = try CollectionRoutes.collection(context)
            let number = try Self.number(context)
            try await api.run(for: request) { try collections.removeCard($0, collection, number: number) }
            return Response(status: .noContent)
        }
        v1.put("collections/{id}/cards/{number}/image") { request, context in
            let collection = try CollectionRoutes.collection(context)
            let number = try Self.number(context)
            let image = try await Self.image(request, api: api)
            try await api.run(for: request) {
                try collections.editCard($0, collection, number: number, Collections.CardChanges(image: image))
            }
            return Response(status: .noContent)
        }
        v1.post("collections/{id}/cards/{number}/reuse") { request, context in
            let collection = try CollectionRoutes.collection(context)
            let number = try Self.number(context)
            let form = try await APIJSON.decode(Reuse.self, from: request, limit: api.options.maxJSONBytes)
            let rarity = try BodyChoice.parse(form.rarity, field: "rarity", Rarity.self) ?? .common
            try await api.run(for: request) {
                try collections.reuseCard($0, collection, number: number, in: .id(form.collection), as: form.number,
                                          family: form.family, rarity: rarity)
            }
            return Response(status: .noContent)
        }
    }

    /// A card's number in the path: a whole number, else "not found" as for a number the
    /// collection lacks.
    static func number(_ context: APIContext) throws -> Int {
        let text = context.parameters.get("number") ?? ""
        guard let number = Int(text), number > 0 else { throw Problem.notFound("no card '\(text)'") }
        return number
    }

    /// An image sent as the raw body.
    static func image(_ request: Request, api: APIServices) async throws -> Data {
        guard let type = MediaTypes.essence(request.headers[.contentType]), imageTypes.contains(type) else {
            throw Problem(.unsupportedMediaType, "send the image as the body, as image/png or image/jpeg")
        }
        return try await Body.read(request, limit: api.options.maxUploadBytes)
    }
}
