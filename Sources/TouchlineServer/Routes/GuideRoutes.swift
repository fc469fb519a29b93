import Club
import Foundation
import GuideOffline
import Hummingbird
import Routes

/// City guides: guides, their places, itineraries, photos, votes and comments. Who may do
/// what is ``Guides``' to decide; anyone reads guides without logging in.
struct GuideRoutes {
    let api: APIServices
    let guides: Guides

    init(api: APIServices) {
        self.api = api
        guides = Guides(store: api.store)
    }

    /// `POST /api/v1/guides` and `PATCH /api/v1/guides/{id}`.
    struct GuideForm: Decodable, Sendable {
        var name: String?
        var country: String?
        var description: String?
    }

    /// `POST /api/v1/guides/{id}/places` and `PATCH /api/v1/places/{id}`: an empty text clears
    /// a description, opening hours, price or address.
    struct PlaceForm: Decodable, Sendable {
        var name: String?
        var description: String?
        var category: PlaceCategory?
        var openingHours: String?
        var priceRange: String?
        var address: String?
        var latitude: Double?
        var longitude: Double?

        var fields: PlaceFields {
            PlaceFields(name: name, description: description, category: category, openingHours: openingHours,
                        priceRange: priceRange, address: address, latitude: latitude, longitude: longitude)
        }
    }

    /// `POST /api/v1/guides/{id}/itineraries` and `PATCH /api/v1/itineraries/{id}`.
    struct ItineraryForm: Decodable, Sendable {
        var name: String?
        var days: Int?
        var description: String?
        var stops: [[Int64]]?
    }

    /// `POST /api/v1/places/{id}/comments`.
    struct CommentForm: Decodable, Sendable {
        var title: String
        var text: String
    }

    /// A vote's outcome.
    struct VoteOutcome: Encodable {
        var kind: String
        var id: Int64
        var score: Int
        var voted: Bool
    }

    func register(on router: Router<APIContext>) {
        let v1 = router.group("api/v1")
        registerGuides(on: v1)
        registerPlaces(on: v1)
        registerItineraries(on: v1)
        registerPhotosAndVotes(on: v1)
    }

    private func registerGuides(on v1: RouterGroup<APIContext>) {
        v1.post("guides") { request, _ in
            let actor = try await api.actor(request)
            let form = try await APIJSON.decode(GuideForm.self, from: request, limit: api.options.maxJSONBytes)
            guard let name = form.name, let country = form.country else { throw Problem.malformed("fields 'name' and 'country' are required") }
            let guide = try await api.run { try guides.create(actor, name: name, country: country, description: form.description) }
            return try APIJSON.response(guide, status: .created, headers: [.location: "/api/v1/guides/\(guide.id)"])
        }
        v1.get("guides") { request, _ in
            let query = Query(request)
            let (search, after, limit) = (try query.string("search"), try query.afterKey(), try query.limit())
            let viewer = try await api.viewer(request)
            return try APIJSON.response(try await api.run { try guides.list(viewer, search: search, after: after, limit: limit) })
        }
        v1.get("guides/top") { request, _ in
            let limit = try Query(request).int("limit", in: 1...100) ?? 5
            let viewer = try await api.viewer(request)
            return try APIJSON.response(try await api.run { try guides.top(viewer, limit: limit) })
        }
        v1.get("guides/{id}") { request, context in
            let id = try PathID.parse(context, "id", kind: "guide")
            let viewer = try await api.viewer(request)
            return try APIJSON.response(try await api.run { try guides.show(viewer, .id(id)) })
        }
        v1.patch("guides/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "guide")
            let form = try await APIJSON.decode(GuideForm.self, from: request, limit: api.options.maxJSONBytes)
            return try APIJSON.response(try await api.run {
                try guides.edit(actor, .id(id), name: form.name, country: form.country, description: form.description)
            })
        }
        v1.delete("guides/{id}") { request, context in
            try await change(request, context, kind: "guide") { try guides.delete($0, .id($1)) }
        }
        v1.put("guides/{id}/editors/{username}") { request, context in
            let username = try context.parameters.require("username")
            return try await change(request, context, kind: "guide") { _ = try guides.addEditor($0, .id($1), username) }
        }
        v1.delete("guides/{id}/editors/{username}") { request, context in
            let username = try context.parameters.require("username")
            return try await change(request, context, kind: "guide") { _ = try guides.removeEditor($0, .id($1), username) }
        }
        // Offline: the booklet and the self-contained copy (`guide export`), and reading a copy
        // back as the caller's (`guide import`). A logged-in caller's export is their offline copy.
        v1.get("guides/{id}/export.pdf") { request, context in
            try await export(request, context, contentType: "application/pdf") { try $0.bookletPDF() }
        }
        v1.get("guides/{id}/export.zip") { request, context in
            try await export(request, context, contentType: "application/zip") { try $0.withMaps().zip() }
        }
        v1.post("guides/import") { request, _ in
            let actor = try await api.actor(request)
            let name = try Query(request).string("name", maximumLength: 400)
            let data = try await Body.read(request, limit: api.options.maxFrameArchiveBytes)
            let guide = try await api.rendering {
                try guides.importGuide(actor, try GuideArchive(zip: data, source: "the request body"), name: name)
            }
            return try APIJSON.response(guide, status: .created, headers: [.location: "/api/v1/guides/\(guide.id)"])
        }
        for kind in GuidePictureKind.allCases {
            v1.put("guides/{id}/\(kind.rawValue)") { request, context in
                let picture = try await Self.picture(request, limit: api.options.maxUploadBytes)
                return try await change(request, context, kind: "guide") { try guides.setPicture($0, .id($1), kind, picture) }
            }
            v1.delete("guides/{id}/\(kind.rawValue)") { request, context in
                try await change(request, context, kind: "guide") { try guides.setPicture($0, .id($1), kind, nil) }
            }
            v1.get("guides/{id}/\(kind.rawValue)") { request, context in
                let id = try PathID.parse(context, "id", kind: "guide")
                let picture = try await api.run { try guides.picture(.id(id), kind) }
                return Rendered.response(picture.data, contentType: picture.mediaType, request: request)
            }
        }
    }

    private func registerPlaces(on v1: RouterGroup<APIContext>) {
        v1.post("guides/{id}/places") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "guide")
            let form = try await APIJSON.decode(PlaceForm.self, from: request, limit: api.options.maxJSONBytes)
            let place = try await api.run { try guides.addPlace(actor, to: .id(id), form.fields) }
            return try APIJSON.response(place, status: .created, headers: [.location: "/api/v1/places/\(place.id)"])
        }
        v1.get("guides/{id}/places") { request, context in
            let id = try PathID.parse(context, "id", kind: "guide")
            let query = Query(request)
            let order = try query.choice("order", PlaceOrder.self) ?? .name
            let (search, after, limit) = (try query.string("search"), try query.afterKey(), try query.limit())
            let viewer = try await api.viewer(request)
            return try APIJSON.response(try await api.run {
                try guides.places(viewer, in: .id(id), order: order, search: search, after: after, limit: limit)
            })
        }
        // Places within `within` km of `near`, nearest first; of one guide with `guide`.
        v1.get("places/near") { request, _ in
            let query = Query(request)
            guard let near = try RouteRoutes.near(query) else { throw Problem.malformed("query parameter 'near' is required: LAT,LON") }
            guard let text = try query.string("within", maximumLength: 40), let within = Double(text) else {
                throw Problem.malformed("query parameter 'within' is required: a distance in kilometres")
            }
            let guide = try query.int("guide", in: 1...Int.max).map { GuideReference.id(Int64($0)) }
            let (after, limit) = (try query.afterKey(), try query.limit())
            let viewer = try await api.viewer(request)
            return try APIJSON.response(try await api.run {
                try guides.near(viewer, near, within: within, guide: guide, after: after, limit: limit)
            })
        }
        v1.get("places/search") { request, _ in
            let query = Query(request)
            guard let text = try query.string("q") else { throw Problem.malformed("query parameter 'q' is required") }
            let (after, limit) = (try query.afterKey(), try query.limit())
            let viewer = try await api.viewer(request)
            return try APIJSON.response(try await api.run { try guides.searchPlaces(viewer, text, after: after, limit: limit) })
        }
        v1.get("places/{id}") { request, context in
            let id = try PathID.parse(context, "id", kind: "place")
            let viewer = try await api.viewer(request)
            return try APIJSON.response(try await api.run { try guides.place(viewer, id) })
        }
        v1.patch("places/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "place")
            let form = try await APIJSON.decode(PlaceForm.self, from: request, limit: api.options.maxJSONBytes)
            return try APIJSON.response(try await api.run { try guides.editPlace(actor, id, form.fields) })
        }
        v1.delete("places/{id}") { request, context in
            try await change(request, context, kind: "place") { try guides.deletePlace($0, $1) }
        }
        v1.put("places/{id}/picture") { request, context in
            let picture = try await Self.picture(request, limit: api.options.maxUploadBytes)
            return try await change(request, context, kind: "place") { try guides.setPlacePicture($0, $1, picture) }
        }
        v1.delete("places/{id}/picture") { request, context in
            try await change(request, context, kind: "place") { try guides.setPlacePicture($0, $1, nil) }
        }
        v1.get("places/{id}/picture") { request, context in
            let id = try PathID.parse(context, "id", kind: "place")
            let picture = try await api.run { try guides.placePicture(id) }
            return Rendered.response(picture.data, contentType: picture.mediaType, request: request)
        }
        v1.get("places/{id}/comments") { request, context in
            let id = try PathID.parse(context, "id", kind: "place")
            let query = Query(request)
            let (after, limit) = (try query.afterKey(), try query.limit())
            let viewer = try await api.viewer(request)
            return try APIJSON.response(try await api.run { try guides.comments(viewer, on: id, after: after, limit: limit) })
        }
        v1.post("places/{id}/comments") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "place")
            let form = try await APIJSON.decode(CommentForm.self, from: request, limit: api.options.maxJSONBytes)
            let comment = try await api.run { try guides.comment(actor, on: id, title: form.title, text: form.text) }
            return try APIJSON.response(comment, status: .created)
        }
        v1.delete("place-comments/{id}") { request, context in
            try await change(request, context, kind: "comment") { try guides.deleteComment($0, $1) }
        }
    }

    private func registerItineraries(on v1: RouterGroup<APIContext>) {
        v1.post("guides/{id}/itineraries") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "guide")
            let form = try await APIJSON.decode(ItineraryForm.self, from: request, limit: api.options.maxJSONBytes)
            guard let name = form.name, let days = form.days else { throw Problem.malformed("fields 'name' and 'days' are required") }
            let itinerary = try await api.run {
                try guides.createItinerary(actor, in: .id(id), name: name, days: days, description: form.description,
                                           stops: form.stops ?? [])
            }
            return try APIJSON.response(itinerary, status: .created, headers: [.location: "/api/v1/itineraries/\(itinerary.id)"])
        }
        v1.get("guides/{id}/itineraries") { request, context in
            let id = try PathID.parse(context, "id", kind: "guide")
            let top = try Query(request).bool("top") ?? false
            let viewer = try await api.viewer(request)
            return try APIJSON.response(try await api.run { try guides.itineraries(viewer, in: .id(id), mostVoted: top) })
        }
        v1.get("itineraries/{id}") { request, context in
            let id = try PathID.parse(context, "id", kind: "itinerary")
            let viewer = try await api.viewer(request)
            return try APIJSON.response(try await api.run { try guides.itinerary(viewer, id) })
        }
        v1.patch("itineraries/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "itinerary")
            let form = try await APIJSON.decode(ItineraryForm.self, from: request, limit: api.options.maxJSONBytes)
            return try APIJSON.response(try await api.run {
                try guides.editItinerary(actor, id, name: form.name, days: form.days, description: form.description, stops: form.stops)
            })
        }
        v1.delete("itineraries/{id}") { request, context in
            try await change(request, context, kind: "itinerary") { try guides.deleteItinerary($0, $1) }
        }
    }

    private func registerPhotosAndVotes(on v1: RouterGroup<APIContext>) {
        v1.post("guides/{id}/photos") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "guide")
            let query = Query(request)
            let place = try query.int("place", in: 1...Int.max).map(Int64.init)
            let caption = try query.string("caption", maximumLength: 400)
            let data = try await Self.picture(request, limit: api.options.maxUploadBytes)
            let photo = try await api.run { try guides.addPhoto(actor, to: .id(id), place: place, data, caption: caption) }
            return try APIJSON.response(photo, status: .created, headers: [.location: "/api/v1/photos/\(photo.id)"])
        }
        v1.get("guides/{id}/photos") { request, context in
            let id = try PathID.parse(context, "id", kind: "guide")
            let query = Query(request)
            let place = try query.int("place", in: 1...Int.max).map(Int64.init)
            let all = try query.bool("all") ?? false
            let viewer = try await api.viewer(request)
            return try APIJSON.response(try await api.run { try guides.photos(viewer, in: .id(id), place: place, all: all) })
        }
        v1.get("photos/{id}") { request, context in
            let id = try PathID.parse(context, "id", kind: "photo")
            let picture = try await api.run { try guides.photo(id) }
            return Rendered.response(picture.data, contentType: picture.mediaType, request: request)
        }
        v1.delete("photos/{id}") { request, context in
            try await change(request, context, kind: "photo") { try guides.deletePhoto($0, $1) }
        }
        for (path, kind) in [("places", "place"), ("itineraries", "itinerary"), ("photos", "photo")] {
            v1.put("\(path)/{id}/vote") { request, context in
                let actor = try await api.actor(request)
                let id = try PathID.parse(context, "id", kind: kind)
                guard let target = VoteTarget(kind: kind, id: id) else { throw Problem.notFound("no \(kind) '\(id)'") }
                let score = try await api.run { try guides.vote(actor, target) }
                return try APIJSON.response(VoteOutcome(kind: kind, id: id, score: score, voted: true))
            }
            v1.delete("\(path)/{id}/vote") { request, context in
                let actor = try await api.actor(request)
                let id = try PathID.parse(context, "id", kind: kind)
                guard let target = VoteTarget(kind: kind, id: id) else { throw Problem.notFound("no \(kind) '\(id)'") }
                let score = try await api.run { try guides.unvote(actor, target) }
                return try APIJSON.response(VoteOutcome(kind: kind, id: id, score: score, voted: false))
            }
        }
        v1.get("users/{username}/votes") { request, context in
            let username = try context.parameters.require("username")
            let query = Query(request)
            let (after, limit) = (try query.afterKey(), try query.limit())
            let viewer = try await api.viewer(request)
            return try APIJSON.response(try await api.run { try guides.votes(viewer, of: username, after: after, limit: limit) })
        }
    }

    /// Guide `id` as the caller may see it, made into `contentType` by `make` on a rendering slot.
    private func export(_ request: Request, _ context: APIContext, contentType: String,
                        _ make: @escaping @Sendable (GuideArchive) throws -> Data) async throws -> Response {
        let id = try PathID.parse(context, "id", kind: "guide")
        let viewer = try await api.viewer(request)
        let archive = try await api.run { try guides.export(viewer, .id(id)) }
        let data = try await api.rendering { try make(archive) }
        if let viewer { try await api.run { try guides.recordDownload(viewer, .id(id)) } }
        return Rendered.response(data, contentType: contentType, request: request)
    }

    /// A change by the logged-in user to the thing the path's `id` names, answered 204.
    private func change(_ request: Request, _ context: APIContext, kind: String,
                        _ body: @escaping @Sendable (ActingUser, Int64) throws -> Void) async throws -> Response {
        let actor = try await api.actor(request)
        let id = try PathID.parse(context, "id", kind: kind)
        try await api.run { try body(actor, id) }
        return Response(status: .noContent)
    }

    /// A PNG or JPEG body, declared as such, of at most ``Guides/pictureMaximumBytes``.
    private static func picture(_ request: Request, limit: Int) async throws -> Data {
        guard let type = MediaTypes.essence(request.headers[.contentType]), PlayerRoutes.photoTypes.contains(type) else {
            throw Problem(.unsupportedMediaType, "send the picture as the body, as image/png or image/jpeg")
        }
        return try await Body.read(request, limit: min(limit, Guides.pictureMaximumBytes))
    }
}
