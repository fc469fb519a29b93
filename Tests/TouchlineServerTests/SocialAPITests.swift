import Canvas
import Foundation
import HTTPTypes
import Testing
import TestSupport
@testable import Club
@testable import TouchlineServer

@Suite("Groups, posts, comments and the feed over HTTP")
struct SocialAPITests {
    @Test("a group's members post to it; the feed, likes and comments; outsiders get 404 and 403")
    func groupsPostsAndTheFeed() async throws {
        try await APITest().run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let carol = try await client.user("carol")
            let created = try await client.send(.post, "/api/v1/groups", token: alice,
                                                json: ["name": "Under-12 parents", "joinPolicy": "request"])
            #expect(created.status == .created, "\(created.text)")
            let group = try #require(try created.json()["id"] as? Int)
            #expect(created.headers[.location] == "/api/v1/groups/\(group)")
            let asked = try await client.send(.post, "/api/v1/groups/\(group)/join", token: bob)
            #expect(try asked.json()["role"] as? String == "requested")
            #expect(try await client.send(.post, "/api/v1/groups/\(group)/requests/bob/approve", token: alice).status == .noContent)

            let posted = try await client.send(.post, "/api/v1/posts", token: bob,
                                               json: ["audience": "group:Under-12 parents", "text": "Lifts on Saturday?"])
            #expect(posted.status == .created, "\(posted.text)")
            let post = try #require(try posted.json()["id"] as? Int)
            let open = try await client.send(.post, "/api/v1/posts", token: alice, json: ["audience": "public", "text": "Hello"])
            let publicPost = try #require(try open.json()["id"] as? Int)

            // Alice's feed holds both; carol's (no follows, no groups) neither; nobody's is 401.
            let feed = try await client.send(.get, "/api/v1/feed?limit=1", token: alice)
            let firstPage = try feed.json()
            #expect((firstPage["items"] as? [[String: Any]])?.map { $0["id"] as? Int } == [publicPost])
            let next = try #require(firstPage["next"] as? String)
            let second = try await client.send(.get, "/api/v1/feed?limit=1&after=\(next)", token: alice).json()
            #expect((second["items"] as? [[String: Any]])?.map { $0["id"] as? Int } == [post] && second["next"] is NSNull)
            #expect((try await client.send(.get, "/api/v1/feed", token: carol).json()["items"] as? [Any])?.isEmpty == true)
            #expect(try await client.send(.get, "/api/v1/feed").status == .unauthorized)

            // The group's post: 404 to carol and to nobody; its page 403 to them.
            #expect(try await client.send(.get, "/api/v1/posts/\(post)", token: carol).status == .notFound)
            #expect(try await client.send(.get, "/api/v1/posts/\(post)").status == .notFound)
            #expect(try await client.send(.get, "/api/v1/groups/\(group)/posts", token: carol).status == .forbidden)
            #expect(try await client.send(.get, "/api/v1/groups/\(group)/members").status == .forbidden)
            #expect(try await client.send(.get, "/api/v1/groups/\(group)").json()["members"] as? Int == 2)
            let members = try await client.send(.get, "/api/v1/groups/\(group)/members", token: bob).json()
            #expect((members["items"] as? [[String: Any]])?.map { $0["username"] as? String } == ["alice", "bob"])

            // Likes once per user; comments counted, edited by their author only.
            #expect(try await client.send(.put, "/api/v1/posts/\(post)/like", token: alice).json()["likes"] as? Int == 1)
            #expect(try await client.send(.put, "/api/v1/posts/\(post)/like", token: alice).json()["likes"] as? Int == 1)
            #expect(try await client.send(.put, "/api/v1/posts/\(post)/like", token: carol).status == .notFound)
            let comment = try await client.send(.post, "/api/v1/posts/\(post)/comments", token: alice, json: ["text": "Yes, two seats"])
            #expect(comment.status == .created)
            let commentID = try #require(try comment.json()["id"] as? Int)
            #expect(try await client.send(.patch, "/api/v1/comments/\(commentID)", token: bob, json: ["text": "no"]).status == .forbidden)
            #expect(try await client.send(.patch, "/api/v1/comments/\(commentID)", token: alice, json: ["text": "Three seats"])
                .json()["text"] as? String == "Three seats")
            let shown = try await client.send(.get, "/api/v1/posts/\(post)", token: bob).json()
            #expect(shown["likes"] as? Int == 1 && shown["comments"] as? Int == 1 && shown["liked"] as? Bool == false)
            // The post's author deletes the comment, then the post.
            #expect(try await client.send(.delete, "/api/v1/comments/\(commentID)", token: bob).status == .noContent)
            #expect(try await client.send(.delete, "/api/v1/posts/\(post)", token: bob).status == .noContent)
            #expect(try await client.send(.get, "/api/v1/posts/\(post)", token: bob).status == .notFound)
        }
    }

    @Test("bad posts and group changes: 400, 403, 404, 409, 415 and 422, nothing stored")
    func badRequests() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let group = try #require(try await client.send(.post, "/api/v1/groups", token: alice,
                                                            json: ["name": "Squad", "joinPolicy": "invite"]).json()["id"] as? Int)
            let cases: [(HTTPRequest.Method, String, String?, [String: Any]?, HTTPResponse.Status)] = [
                (.post, "/api/v1/posts", bob, ["audience": "friends", "text": "hi"], .badRequest),
                (.post, "/api/v1/posts", bob, ["audience": "public"], .unprocessableContent),
                (.post, "/api/v1/posts", bob, ["audience": "group:Squad", "text": "hi"], .unprocessableContent),
                (.post, "/api/v1/posts", bob, ["audience": "public", "kind": "route", "routeId": 7], .notFound),
                (.post, "/api/v1/posts", bob, ["audience": "public", "kind": "poll", "text": "?"], .badRequest),
                (.post, "/api/v1/groups", bob, ["name": "SQUAD"], .conflict),
                (.post, "/api/v1/groups/\(group)/join", bob, nil, .forbidden),
                (.delete, "/api/v1/groups/\(group)", bob, nil, .forbidden),
                (.put, "/api/v1/groups/\(group)/members/bob/role", alice, ["role": "owner"], .badRequest),
                (.get, "/api/v1/groups/999", nil, nil, .notFound),
                (.get, "/api/v1/feed?after=garbage", bob, nil, .badRequest),
                (.get, "/api/v1/feed/routes", bob, nil, .badRequest),
                (.get, "/api/v1/feed/routes?near=91,0", nil, nil, .badRequest),
                (.get, "/api/v1/feed/routes?near=43,-2&after=garbage", nil, nil, .badRequest),
            ]
            for (method, uri, token, json, status) in cases {
                let reply = try await client.send(method, uri, token: token, json: json)
                #expect(reply.status == status, "\(method) \(uri) \(json ?? [:]): \(reply.text)")
            }
            let post = try #require(try await client.send(.post, "/api/v1/posts", token: bob,
                                                           json: ["audience": "me", "text": "pic"]).json()["id"] as? Int)
            #expect(try await client.send(.put, "/api/v1/posts/\(post)/image", token: bob, body: Data("GIF89a".utf8),
                                          contentType: "image/gif").status == .unsupportedMediaType)
            #expect(try await client.send(.put, "/api/v1/posts/\(post)/image", token: bob, body: Data("GIF89a".utf8),
                                          contentType: "image/png").status == .unprocessableContent)
            #expect(try await client.send(.put, "/api/v1/posts/\(post)/image", token: alice, body: TestImages.smallJPEG,
                                          contentType: "image/jpeg").status == .notFound)
            #expect(try await client.send(.put, "/api/v1/posts/\(post)/image", token: bob, body: TestImages.smallJPEG,
                                          contentType: "image/jpeg").status == .noContent)
            let image = try await client.send(.get, "/api/v1/posts/\(post)/image", token: bob)
            #expect(image.status == .ok && image.body == TestImages.smallJPEG)
            #expect(try await client.send(.get, "/api/v1/posts/\(post)/image").status == .notFound)
            // The route feed answers anyone, with what they may see: none of bob's "me" post.
            let nearby = try await client.send(.get, "/api/v1/feed/routes?near=43.26,-2.93")
            #expect(nearby.status == .ok)
            #expect(try (nearby.json()["items"] as? [Any])?.isEmpty == true)
            let store = try test.store()
            #expect(try store.read { db in try db.value(Int.self, "SELECT count(*) FROM post") } == 1)
            #expect(try store.read { db in try db.value(Int.self, "SELECT count(*) FROM socialGroup") } == 1)
        }
    }
}

@Suite("Route and board posts' pictures over HTTP")
struct PostPictureAPITests {
    @Test("a route post's image is its route's thumbnail, a board post's its board's PNG; to the post's audience alone")
    func routeAndBoardPictures() async throws {
        try await APITest().run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let gpx = try Data(contentsOf: APITest.root.appendingPathComponent("examples/routes/garmin-hike.gpx"))
            let route = try #require(try await client.send(.post, "/api/v1/routes", token: alice, body: gpx,
                                                            contentType: "application/gpx+xml").json()["id"] as? Int)
            let board = try #require(try await client.send(.post, "/api/v1/boards", token: alice,
                                                            body: try APITest.example("boards/433.json")).json()["id"] as? Int)
            func publish(_ json: [String: Any]) async throws -> Int {
                try #require(try await client.send(.post, "/api/v1/posts", token: alice, json: json).json()["id"] as? Int)
            }
            let routePost = try await publish(["kind": "route", "audience": "public", "routeId": route])
            let boardPost = try await publish(["kind": "board", "audience": "followers", "boardId": board])

            let thumbnail = try await client.send(.get, "/api/v1/posts/\(routePost)/image?size=160x100")
            #expect(thumbnail.status == .ok && thumbnail.headers[.contentType] == "image/png")
            let direct = try await client.send(.get, "/api/v1/routes/\(route)/thumbnail.png?size=160x100", token: alice)
            #expect(thumbnail.body == direct.body)
            #expect(try RasterImage(pngData: thumbnail.body).width == 160)

            // The board post is for followers: 404 to bob until he follows alice.
            #expect(try await client.send(.get, "/api/v1/posts/\(boardPost)/image", token: bob).status == .notFound)
            #expect(try await client.send(.put, "/api/v1/following/alice", token: bob).status == .ok)
            let image = try await client.send(.get, "/api/v1/posts/\(boardPost)/image", token: bob)
            let rendered = try await client.send(.get, "/api/v1/boards/\(board).png", token: alice)
            #expect(image.status == .ok && image.body == rendered.body)
        }
    }
}
