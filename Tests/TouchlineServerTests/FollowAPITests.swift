import Foundation
import HTTPTypes
import Testing
import TestSupport
@testable import Club
@testable import TouchlineServer

@Suite("Profiles and follows over HTTP")
struct FollowAPITests {
    @Test("a private profile: request, accept, decline; details only for followers; public again accepts the rest")
    func requestsAndVisibility() async throws {
        try await APITest().run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let carol = try await client.user("carol")
            let edited = try await client.send(.patch, "/api/v1/me/profile", token: bob,
                                               json: ["private": true, "city": "Bilbao", "bio": "Coach"])
            #expect(edited.status == .ok, "\(edited.text)")
            #expect(try edited.json()["private"] as? Bool == true && edited.json()["city"] as? String == "Bilbao")

            let asked = try await client.send(.put, "/api/v1/following/bob", token: alice)
            #expect(try asked.status == .ok && asked.json()["state"] as? String == "requested")
            #expect(try await client.send(.put, "/api/v1/following/bob", token: carol).status == .ok)
            let requests = try await client.send(.get, "/api/v1/follow-requests", token: bob)
            #expect((try requests.json()["items"] as? [[String: Any]])?.map { $0["username"] as? String } == ["alice", "carol"])
            let outgoing = try await client.send(.get, "/api/v1/follow-requests?direction=outgoing", token: alice)
            #expect((try outgoing.json()["items"] as? [[String: Any]])?.map { $0["username"] as? String } == ["bob"])
            #expect(try await client.send(.post, "/api/v1/follow-requests/alice/accept", token: bob).status == .noContent)
            #expect(try await client.send(.delete, "/api/v1/follow-requests/carol", token: bob).status == .noContent)

            // Who sees what of bob.
            let asFollower = try await client.send(.get, "/api/v1/users/bob", token: alice).json()
            #expect(asFollower["city"] as? String == "Bilbao" && asFollower["relation"] as? String == "following")
            let asStranger = try await client.send(.get, "/api/v1/users/bob", token: carol).json()
            #expect(asStranger["city"] == nil && asStranger["followers"] == nil && asStranger["relation"] as? String == "none")
            let anonymous = try await client.send(.get, "/api/v1/users/bob").json()
            #expect(anonymous["city"] == nil && anonymous["private"] as? Bool == true && anonymous["relation"] == nil)
            #expect(try await client.send(.get, "/api/v1/users/bob/followers", token: carol).status == .forbidden)
            #expect(try await client.send(.get, "/api/v1/users/bob/followers").status == .forbidden)
            let followers = try await client.send(.get, "/api/v1/users/bob/followers", token: alice)
            #expect((try followers.json()["items"] as? [[String: Any]])?.map { $0["username"] as? String } == ["alice"])

            // Public again: carol's new request is a follow.
            #expect(try await client.send(.put, "/api/v1/following/bob", token: carol).status == .ok)
            #expect(try await client.send(.patch, "/api/v1/me/profile", token: bob, json: ["private": false]).status == .ok)
            let all = try await client.send(.get, "/api/v1/users/bob/followers").json()
            #expect((all["items"] as? [[String: Any]])?.map { $0["username"] as? String } == ["alice", "carol"])
            #expect(try await client.send(.delete, "/api/v1/followers/carol", token: bob).status == .noContent)
            #expect(try await client.send(.delete, "/api/v1/following/bob", token: alice).status == .noContent)
            #expect((try await client.send(.get, "/api/v1/users/bob").json()["followers"] as? Int) == 0)
            // Alice follows carol, who follows bob: bob is suggested to alice; no session is 401.
            #expect(try await client.send(.put, "/api/v1/following/carol", token: alice).status == .ok)
            #expect(try await client.send(.put, "/api/v1/following/bob", token: carol).status == .ok)
            let suggested = try await client.send(.get, "/api/v1/follow-suggestions?limit=5", token: alice).json()
            #expect((suggested["items"] as? [[String: Any]])?.map { $0["followedBy"] as? Int } == [1])
            #expect(try await client.send(.get, "/api/v1/follow-suggestions").status == .unauthorized)
        }
    }

    @Test("bad requests: yourself, a blocker, no such request, bad text or photo, no session")
    func badRequests() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            #expect(try await client.send(.put, "/api/v1/blocks/alice", token: bob).status == .noContent)
            let cases: [(HTTPRequest.Method, String, String?, HTTPResponse.Status)] = [
                (.put, "/api/v1/following/alice", alice, .unprocessableContent),
                (.put, "/api/v1/following/bob", alice, .forbidden),
                (.put, "/api/v1/following/ghost", alice, .notFound),
                (.post, "/api/v1/follow-requests/bob/accept", alice, .notFound),
                (.delete, "/api/v1/followers/bob", alice, .notFound),
                (.put, "/api/v1/following/bob", nil, .unauthorized),
                (.get, "/api/v1/follow-requests?direction=sideways", alice, .badRequest),
                (.get, "/api/v1/users/alice/photo", nil, .notFound),
            ]
            for (method, uri, token, status) in cases {
                let reply = try await client.send(method, uri, token: token)
                #expect(reply.status == status, "\(method) \(uri): \(reply.text)")
            }
            let long = try await client.send(.patch, "/api/v1/me/profile", token: alice, json: ["bio": String(repeating: "x", count: 1_001)])
            #expect(long.status == .unprocessableContent)
            #expect(try long.problem().detail == "bio: must be at most 1000 characters")
            let notAPhoto = try await client.send(.put, "/api/v1/me/photo", token: alice, body: Data("GIF89a".utf8),
                                                  contentType: "image/png")
            #expect(notAPhoto.status == .unprocessableContent)
            #expect(try await client.send(.put, "/api/v1/me/photo", token: alice, body: TestImages.smallJPEG,
                                          contentType: "image/gif").status == .unsupportedMediaType)
            let store = try test.store()
            #expect(try store.read { db in try db.value(Int.self, "SELECT count(*) FROM follow") } == 0)
        }
    }

    @Test("a profile photo: set, shown to anyone with an ETag, removed")
    func photo() async throws {
        try await APITest().run { client in
            let alice = try await client.user("alice")
            #expect(try await client.send(.put, "/api/v1/me/photo", token: alice, body: TestImages.smallJPEG,
                                          contentType: "image/jpeg").status == .noContent)
            let shown = try await client.send(.get, "/api/v1/users/alice/photo")
            #expect(shown.status == .ok && shown.body == TestImages.smallJPEG && shown.headers[.contentType] == "image/jpeg")
            let etag = try #require(shown.headers[.eTag])
            #expect(try await client.send(.get, "/api/v1/users/alice/photo", headers: [.ifNoneMatch: etag]).status == .notModified)
            #expect(try await client.send(.get, "/api/v1/users/alice").json()["photo"] as? Bool == true)
            #expect(try await client.send(.delete, "/api/v1/me/photo", token: alice).status == .noContent)
            #expect(try await client.send(.get, "/api/v1/users/alice/photo").status == .notFound)
        }
    }
}
