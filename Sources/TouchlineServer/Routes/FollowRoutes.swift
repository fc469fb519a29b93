import Club
import Foundation
import Hummingbird

/// Profiles and follows: the profile as the viewer may see it, its photo, editing one's own;
/// following, follow requests, followers. Who may see and do what is ``Follows``'s to decide.
struct FollowRoutes {
    let api: APIServices
    let follows: Follows

    init(api: APIServices) {
        self.api = api
        follows = Follows(store: api.store)
    }

    /// `PATCH /api/v1/me/profile`: `touchline user edit` without the email (the photo has its
    /// own route). An empty detail clears it.
    struct ProfileEdit: Decodable, Sendable {
        var displayName: String?
        var `private`: Bool?
        var city: String?
        var bio: String?
        var sport: String?

        var changes: ProfileChanges {
            ProfileChanges(displayName: displayName, isPrivate: `private`, city: city, bio: bio, sport: sport)
        }
    }

    /// The answer to a follow: the other user and where the actor now stands.
    struct FollowChange: Encodable {
        var user: String
        var state: FollowState
    }

    func register(on router: Router<APIContext>) {
        let v1 = router.group("api/v1")
        v1.patch("me/profile") { request, _ in
            let actor = try await api.actor(request)
            let edit = try await APIJSON.decode(ProfileEdit.self, from: request, limit: api.options.maxJSONBytes)
            return try APIJSON.response(try await api.run { try api.accounts.editProfile(actor, edit.changes) })
        }
        v1.put("me/photo") { request, _ in
            let actor = try await api.actor(request)
            guard let type = MediaTypes.essence(request.headers[.contentType]), PlayerRoutes.photoTypes.contains(type) else {
                throw Problem(.unsupportedMediaType, "send the photo as the body, as image/png or image/jpeg")
            }
            let photo = try await Body.read(request, limit: min(api.options.maxUploadBytes, Squads.photoMaximumBytes))
            try await api.run { try api.accounts.setPhoto(actor, photo) }
            return Response(status: .noContent)
        }
        v1.delete("me/photo") { request, _ in
            let actor = try await api.actor(request)
            try await api.run { try api.accounts.setPhoto(actor, nil) }
            return Response(status: .noContent)
        }
        v1.get("users/{username}/photo") { request, context in
            let username = try context.parameters.require("username")
            let photo = try await api.run { try api.accounts.photo(username: username) }
            return Rendered.response(photo.data, contentType: photo.mediaType, request: request)
        }
        v1.get("users/{username}/followers") { request, context in
            try await list(request, context) { username, viewer, after, limit in
                try follows.followers(of: username, viewer: viewer, after: after, limit: limit)
            }
        }
        v1.get("users/{username}/following") { request, context in
            try await list(request, context) { username, viewer, after, limit in
                try follows.following(of: username, viewer: viewer, after: after, limit: limit)
            }
        }
        v1.put("following/{username}") { request, context in
            let actor = try await api.actor(request)
            let username = try context.parameters.require("username")
            let state = try await api.run { try follows.follow(actor, username) }
            return try APIJSON.response(FollowChange(user: username, state: state))
        }
        v1.delete("following/{username}") { request, context in
            try await change(request, context) { try follows.unfollow($0, $1) }
        }
        v1.get("follow-suggestions") { request, _ in
            let limit = try Query(request).limit()
            let suggestions = try await api.run(for: request) { try follows.suggestions($0, limit: limit) }
            return try APIJSON.response(["items": suggestions])
        }
        v1.get("follow-requests") { request, _ in
            let actor = try await api.actor(request)
            let query = Query(request)
            let direction = try query.choice("direction", Follows.RequestDirection.self) ?? .incoming
            let (after, limit) = (try query.afterKey(), try query.limit())
            return try APIJSON.response(try await api.run { try follows.requests(actor, direction, after: after, limit: limit) })
        }
        v1.post("follow-requests/{username}/accept") { request, context in
            try await change(request, context) { try follows.accept($0, $1) }
        }
        v1.delete("follow-requests/{username}") { request, context in
            try await change(request, context) { try follows.decline($0, $1) }
        }
        v1.delete("followers/{username}") { request, context in
            try await change(request, context) { try follows.removeFollower($0, $1) }
        }
    }

    /// A change of the actor's towards the user the path names, answered 204.
    private func change(_ request: Request, _ context: APIContext,
                        _ body: @escaping @Sendable (ActingUser, String) throws -> Void) async throws -> Response {
        let actor = try await api.actor(request)
        let username = try context.parameters.require("username")
        try await api.run { try body(actor, username) }
        return Response(status: .noContent)
    }

    /// A page of a user's followers or followed users, as the request's viewer may see it.
    private func list(_ request: Request, _ context: APIContext,
                      _ page: @escaping @Sendable (String, ActingUser?, String?, Int) throws -> ListPage<FollowEntry>)
        async throws -> Response {
        let username = try context.parameters.require("username")
        let viewer = try await api.viewer(request)
        let query = Query(request)
        let (after, limit) = (try query.afterKey(), try query.limit())
        return try APIJSON.response(try await api.run { try page(username, viewer, after, limit) })
    }
}
