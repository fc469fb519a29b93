import Club
import Foundation
import Hummingbird
import League
import Support

/// Squads: add players to a team, list a squad by number, show, edit, move to another team
/// and remove players, and their photos (uploaded as the raw body). Who may do what is the
/// ``Squads`` service's to decide.
struct PlayerRoutes {
    let api: APIServices
    let squads: Squads

    init(api: APIServices) {
        self.api = api
        squads = Squads(store: api.store)
    }

    /// `POST /api/v1/teams/{id}/players`: `touchline player add` (the photo goes to
    /// `PUT /api/v1/players/{id}/photo`).
    struct NewPlayer: Decodable, Sendable {
        var firstName: String
        var surnames: String
        var number: Int
        var position: String
        var positionDetail: String?
        var birthDate: String?
        var notes: String?

        /// The player to add; a position other than GK, DF, MF or FW is malformed.
        func draft() throws -> PlayerDraft {
            guard let position = try PlayerRoutes.position(position) else { throw Problem.malformed("field 'position': missing") }
            return PlayerDraft(firstName: firstName, surnames: surnames, number: number, position: position,
                               positionDetail: positionDetail, birthDate: birthDate, notes: notes)
        }
    }

    /// `PATCH /api/v1/players/{id}`: absent fields stay as they are; `null` (or `""`) clears
    /// an optional one.
    struct PlayerPatch: Decodable, Sendable {
        var firstName: String?
        var surnames: String?
        var number: Int?
        var position: String?
        var positionDetail: String??
        var birthDate: String??
        var notes: String??

        enum CodingKeys: String, CodingKey {
            case firstName, surnames, number, position, positionDetail, birthDate, notes
        }

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            firstName = try fields.decodeIfPresent(String.self, forKey: .firstName)
            surnames = try fields.decodeIfPresent(String.self, forKey: .surnames)
            number = try fields.decodeIfPresent(Int.self, forKey: .number)
            position = try fields.decodeIfPresent(String.self, forKey: .position)
            positionDetail = try fields.decodeClearable(String.self, forKey: .positionDetail)
            birthDate = try fields.decodeClearable(String.self, forKey: .birthDate)
            notes = try fields.decodeClearable(String.self, forKey: .notes)
        }

        /// The changes to make; a position other than GK, DF, MF or FW is malformed.
        func changes() throws -> PlayerChanges {
            PlayerChanges(firstName: firstName, surnames: surnames, number: number, position: try PlayerRoutes.position(position),
                          positionDetail: positionDetail, birthDate: birthDate, notes: notes)
        }
    }

    /// `POST /api/v1/players/{id}/moves`: `touchline player move`.
    struct Move: Decodable, Sendable {
        /// The new team's id.
        var team: Int64
        /// The number in the new team.
        var number: Int
    }

    /// Media types a photo may be sent as.
    static let photoTypes = ["image/png", "image/jpeg"]

    /// A position as bodies give it: `GK`, `DF`, `MF` or `FW`.
    static func position(_ text: String?) throws -> PlayerPosition? {
        try BodyChoice.parse(text, field: "position", PlayerPosition.self)
    }

    func register(on router: Router<APIContext>) {
        let v1 = router.group("api/v1")
        v1.post("teams/{id}/players") { request, context in
            let actor = try await api.actor(request)
            let team = try PathID.parse(context, "id", kind: "team")
            let form = try await APIJSON.decode(NewPlayer.self, from: request, limit: api.options.maxJSONBytes)
            let draft = try form.draft()
            let player = try await api.run { try squads.add(actor, to: .id(team), draft) }
            return try APIJSON.response(player, status: .created, headers: [.location: "/api/v1/players/\(player.id)"])
        }
        v1.get("teams/{id}/players") { request, context in
            let actor = try await api.actor(request)
            let team = try PathID.parse(context, "id", kind: "team")
            return try APIJSON.response(Paging(items: try await api.run { try squads.list(actor, team: .id(team)) }, next: nil))
        }
        v1.get("players/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "player")
            return try APIJSON.response(try await api.run { try squads.show(actor, player: id) })
        }
        v1.patch("players/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "player")
            let changes = try await APIJSON.decode(PlayerPatch.self, from: request, limit: api.options.maxJSONBytes).changes()
            return try APIJSON.response(try await api.run { try squads.edit(actor, player: id, changes) })
        }
        v1.delete("players/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "player")
            try await api.run { try squads.delete(actor, player: id) }
            return Response(status: .noContent)
        }
        v1.post("players/{id}/moves") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "player")
            let move = try await APIJSON.decode(Move.self, from: request, limit: api.options.maxJSONBytes)
            return try APIJSON.response(try await api.run { try squads.move(actor, player: id, to: .id(move.team), number: move.number) })
        }
        v1.put("players/{id}/photo") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "player")
            guard let type = MediaTypes.essence(request.headers[.contentType]), Self.photoTypes.contains(type) else {
                throw Problem(.unsupportedMediaType, "send the photo as the body, as image/png or image/jpeg")
            }
            let photo = try await Body.read(request, limit: api.options.maxUploadBytes)
            return try APIJSON.response(try await api.run { try squads.edit(actor, player: id, PlayerChanges(photo: .some(photo))) })
        }
        v1.get("players/{id}/photo") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "player")
            guard let photo = try await api.run({ try squads.photo(actor, player: id) }) else {
                throw Problem.notFound("player \(id) has no photo")
            }
            let format = (try? ImageHeader(photo))?.format
            return Rendered.response(photo, contentType: format == .jpeg ? "image/jpeg" : "image/png", request: request)
        }
        v1.delete("players/{id}/photo") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "player")
            try await api.run { _ = try squads.edit(actor, player: id, PlayerChanges(photo: .some(nil))) }
            return Response(status: .noContent)
        }
    }
}
