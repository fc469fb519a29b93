import Club
import Foundation
import Hummingbird
import Tactics

/// Groups, posts, likes, comments and the feed. Who may see and do what is ``Groups``' and
/// ``Posts``' to decide; a post or comment one may not see is 404, as one that does not exist.
struct SocialRoutes {
    let api: APIServices
    let groups: Groups
    let posts: Posts

    init(api: APIServices) {
        self.api = api
        groups = Groups(store: api.store)
        posts = Posts(store: api.store)
    }

    /// `POST /api/v1/groups`.
    struct NewGroup: Decodable, Sendable {
        var name: String
        var description: String?
        var joinPolicy: String?
    }

    /// `PATCH /api/v1/groups/{id}`: an empty description clears it.
    struct GroupEdit: Decodable, Sendable {
        var name: String?
        var description: String?
        var joinPolicy: String?
    }

    struct Joined: Encodable {
        var role: GroupRole
    }

    struct RoleChange: Decodable, Sendable {
        var role: String
    }

    struct Transfer: Decodable, Sendable {
        var to: String
    }

    /// `POST /api/v1/posts`: `touchline post note|route|board|event`.
    struct NewPost: Decodable, Sendable {
        var kind: String?
        var audience: String
        var text: String?
        var routeId: Int64?
        var boardId: Int64?
        var eventId: Int64?

        func draft() throws -> PostDraft {
            let kind = try BodyChoice.parse(kind, field: "kind", PostKind.self) ?? .note
            guard let audience = PostAudience(audience) else {
                throw Problem.malformed("field 'audience': expected public, followers, me or group:NAME")
            }
            return PostDraft(kind: kind, audience: audience, text: text, routeID: routeId, boardID: boardId, eventID: eventId)
        }
    }

    struct Likes: Encodable {
        var likes: Int
    }

    struct CommentText: Decodable, Sendable {
        var text: String
    }

    func register(on router: Router<APIContext>) {
        registerGroups(on: router.group("api/v1"))
        registerPosts(on: router.group("api/v1"))
    }

    private func registerGroups(on v1: RouterGroup<APIContext>) {
        v1.post("groups") { request, _ in
            let actor = try await api.actor(request)
            let form = try await APIJSON.decode(NewGroup.self, from: request, limit: api.options.maxJSONBytes)
            let policy = try BodyChoice.parse(form.joinPolicy, field: "joinPolicy", JoinPolicy.self) ?? .request
            let group = try await api.run { try groups.create(actor, name: form.name, description: form.description, policy: policy) }
            return try APIJSON.response(group, status: .created, headers: [.location: "/api/v1/groups/\(group.id)"])
        }
        v1.get("groups") { request, _ in
            let actor = try await api.actor(request)
            let query = Query(request)
            let (after, limit) = (try query.afterKey(), try query.limit())
            return try APIJSON.response(try await api.run { try groups.mine(actor, after: after, limit: limit) })
        }
        v1.get("groups/{id}") { request, context in
            let id = try PathID.parse(context, "id", kind: "group")
            let viewer = try await api.viewer(request)
            return try APIJSON.response(try await api.run { try groups.show(viewer, .id(id)) })
        }
        v1.patch("groups/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "group")
            let form = try await APIJSON.decode(GroupEdit.self, from: request, limit: api.options.maxJSONBytes)
            let policy = try BodyChoice.parse(form.joinPolicy, field: "joinPolicy", JoinPolicy.self)
            return try APIJSON.response(try await api.run {
                try groups.edit(actor, .id(id), newName: form.name, description: form.description, policy: policy)
            })
        }
        v1.delete("groups/{id}") { request, context in
            try await groupChange(request, context) { actor, group in try groups.delete(actor, group) }
        }
        v1.put("groups/{id}/avatar") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "group")
            let avatar = try await Self.picture(request, limit: api.options.maxUploadBytes)
            try await api.run { try groups.setAvatar(actor, .id(id), avatar) }
            return Response(status: .noContent)
        }
        v1.delete("groups/{id}/avatar") { request, context in
            try await groupChange(request, context) { actor, group in try groups.setAvatar(actor, group, nil) }
        }
        v1.get("groups/{id}/avatar") { request, context in
            let id = try PathID.parse(context, "id", kind: "group")
            let avatar = try await api.run { try groups.avatar(.id(id)) }
            return Rendered.response(avatar.data, contentType: avatar.mediaType, request: request)
        }
        v1.post("groups/{id}/join") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "group")
            return try APIJSON.response(Joined(role: try await api.run { try groups.join(actor, .id(id)) }))
        }
        v1.post("groups/{id}/leave") { request, context in
            try await groupChange(request, context) { actor, group in try groups.leave(actor, group) }
        }
        v1.get("groups/{id}/members") { request, context in
            let id = try PathID.parse(context, "id", kind: "group")
            let viewer = try await api.viewer(request)
            let query = Query(request)
            let (pending, after, limit) = (try query.bool("pending") ?? false, try query.afterKey(), try query.limit())
            return try APIJSON.response(try await api.run {
                try groups.members(viewer, .id(id), pending: pending, after: after, limit: limit)
            })
        }
        v1.put("groups/{id}/invitations/{username}") { request, context in
            try await memberChange(request, context) { actor, group, user in try groups.invite(actor, group, user) }
        }
        v1.post("groups/{id}/requests/{username}/approve") { request, context in
            try await memberChange(request, context) { actor, group, user in try groups.approve(actor, group, user) }
        }
        v1.delete("groups/{id}/members/{username}") { request, context in
            try await memberChange(request, context) { actor, group, user in try groups.remove(actor, group, user) }
        }
        v1.put("groups/{id}/members/{username}/role") { request, context in
            let change = try await APIJSON.decode(RoleChange.self, from: request, limit: api.options.maxJSONBytes)
            guard let role = GroupRole(rawValue: change.role), role == .admin || role == .member else {
                throw Problem.malformed("field 'role': expected admin or member")
            }
            return try await memberChange(request, context) { actor, group, user in try groups.setRole(actor, group, user, role) }
        }
        v1.post("groups/{id}/transfer") { request, context in
            let transfer = try await APIJSON.decode(Transfer.self, from: request, limit: api.options.maxJSONBytes)
            return try await groupChange(request, context) { actor, group in try groups.transfer(actor, group, to: transfer.to) }
        }
        v1.get("groups/{id}/posts") { request, context in
            let id = try PathID.parse(context, "id", kind: "group")
            let viewer = try await api.viewer(request)
            let query = Query(request)
            let (after, limit) = (try query.afterID(), try query.limit())
            return try APIJSON.response(try await api.run { try posts.groupPosts(viewer, .id(id), after: after, limit: limit) })
        }
    }

    private func registerPosts(on v1: RouterGroup<APIContext>) {
        v1.post("posts") { request, _ in
            let actor = try await api.actor(request)
            let draft = try await APIJSON.decode(NewPost.self, from: request, limit: api.options.maxJSONBytes).draft()
            let post = try await api.run { try posts.publish(actor, draft) }
            return try APIJSON.response(post, status: .created, headers: [.location: "/api/v1/posts/\(post.id)"])
        }
        v1.get("posts/{id}") { request, context in
            let id = try PathID.parse(context, "id", kind: "post")
            let viewer = try await api.viewer(request)
            return try APIJSON.response(try await api.run { try posts.show(viewer, id) })
        }
        v1.delete("posts/{id}") { request, context in
            try await postChange(request, context) { actor, id in try posts.delete(actor, id) }
        }
        v1.put("posts/{id}/image") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "post")
            let image = try await Self.picture(request, limit: api.options.maxUploadBytes)
            try await api.run { try posts.setImage(actor, id, image) }
            return Response(status: .noContent)
        }
        // A note's image as uploaded; a route post's thumbnail (`size`, `scale`, `tiles` as
        // the route thumbnail's); a board post's PNG (the board image's look).
        v1.get("posts/{id}/image") { request, context in
            let id = try PathID.parse(context, "id", kind: "post")
            let viewer = try await api.viewer(request)
            switch try await api.run({ try posts.picture(viewer, id) }) {
            case .image(let image):
                return Rendered.response(image.data, contentType: image.mediaType, request: request)
            case .route(let document):
                let options = try RouteOutput.thumbnailOptions(Query(request), tiles: api.options.tiles)
                return try await RouteOutput.image(options, format: .png, kind: "post-route", request: request, api: api) { document }
            case .board(let log):
                let board = try await api.run { try StrokeLog(data: log, source: "post \(id)") }
                return try await BoardImage.response(board, request: request, api: api, format: .png)
            }
        }
        v1.put("posts/{id}/like") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "post")
            return try APIJSON.response(Likes(likes: try await api.run { try posts.like(actor, id) }))
        }
        v1.delete("posts/{id}/like") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "post")
            return try APIJSON.response(Likes(likes: try await api.run { try posts.unlike(actor, id) }))
        }
        v1.get("posts/{id}/comments") { request, context in
            let id = try PathID.parse(context, "id", kind: "post")
            let viewer = try await api.viewer(request)
            let query = Query(request)
            let (after, limit) = (try query.afterID(), try query.limit())
            return try APIJSON.response(try await api.run { try posts.comments(viewer, on: id, after: after, limit: limit) })
        }
        v1.post("posts/{id}/comments") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "post")
            let form = try await APIJSON.decode(CommentText.self, from: request, limit: api.options.maxJSONBytes)
            let comment = try await api.run { try posts.comment(actor, on: id, text: form.text) }
            return try APIJSON.response(comment, status: .created, headers: [.location: "/api/v1/comments/\(comment.id)"])
        }
        v1.patch("comments/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "comment")
            let form = try await APIJSON.decode(CommentText.self, from: request, limit: api.options.maxJSONBytes)
            return try APIJSON.response(try await api.run { try posts.editComment(actor, id, text: form.text) })
        }
        v1.delete("comments/{id}") { request, context in
            let actor = try await api.actor(request)
            let id = try PathID.parse(context, "id", kind: "comment")
            try await api.run { try posts.deleteComment(actor, id) }
            return Response(status: .noContent)
        }
        // The route feed: route posts nearest first, for anyone (public ones without a login).
        v1.get("feed/routes") { request, _ in
            let query = Query(request)
            guard let near = try RouteRoutes.near(query) else { throw Problem.malformed("query parameter 'near' is required: LAT,LON") }
            let (after, limit) = (try query.afterKey(), try query.limit())
            let viewer = try await api.viewer(request)
            return try APIJSON.response(try await api.run { try posts.routeFeed(viewer, near: near, after: after, limit: limit) })
        }
        v1.get("feed") { request, _ in
            let query = Query(request)
            let (after, limit) = (try query.afterID(), try query.limit())
            return try APIJSON.response(try await api.run(for: request) { try posts.feed($0, after: after, limit: limit) })
        }
    }

    /// A PNG or JPEG body, declared as such.
    private static func picture(_ request: Request, limit: Int) async throws -> Data {
        guard let type = MediaTypes.essence(request.headers[.contentType]), PlayerRoutes.photoTypes.contains(type) else {
            throw Problem(.unsupportedMediaType, "send the picture as the body, as image/png or image/jpeg")
        }
        return try await Body.read(request, limit: min(limit, Squads.photoMaximumBytes))
    }

    /// A change to the group the path names, answered 204.
    private func groupChange(_ request: Request, _ context: APIContext,
                             _ body: @escaping @Sendable (ActingUser, GroupReference) throws -> Void) async throws -> Response {
        let actor = try await api.actor(request)
        let id = try PathID.parse(context, "id", kind: "group")
        try await api.run { try body(actor, .id(id)) }
        return Response(status: .noContent)
    }

    /// A change to one user of the group the path names, answered 204.
    private func memberChange(_ request: Request, _ context: APIContext,
                              _ body: @escaping @Sendable (ActingUser, GroupReference, String) throws -> Void) async throws -> Response {
        let username = try context.parameters.require("username")
        return try await groupChange(request, context) { actor, group in try body(actor, group, username) }
    }

    /// A change to the post the path names, answered 204.
    private func postChange(_ request: Request, _ context: APIContext,
                            _ body: @escaping @Sendable (ActingUser, Int64) throws -> Void) async throws -> Response {
        let actor = try await api.actor(request)
        let id = try PathID.parse(context, "id", kind: "post")
        try await api.run { try body(actor, id) }
        return Response(status: .noContent)
    }
}
