import Foundation
import HTTPTypes
import Testing
@testable import TouchlineServer

@Suite("Messages over HTTP")
struct MessageAPITests {
    @Test("send, then the inbox in pages with an opaque cursor, next null on the last page")
    func inboxPages() async throws {
        try await APITest().run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            for number in 1...5 {
                let sent = try await client.send(.post, "/api/v1/messages", token: alice,
                                                 json: ["to": "bob", "subject": "Training \(number)", "body": "See you at 6"])
                #expect(sent.status == .created)
                #expect(sent.headers[.location] == "/api/v1/messages/\(number)")
            }
            var subjects: [String] = []
            var uri = "/api/v1/messages/inbox?limit=2"
            var pages = 0
            while true {
                let page = try await client.send(.get, uri, token: bob)
                #expect(page.status == .ok)
                let object = try page.json()
                let items = try #require(object["items"] as? [[String: Any]])
                subjects += items.compactMap { $0["subject"] as? String }
                pages += 1
                guard let next = object["next"] as? String else {
                    #expect(object.keys.contains("next"))
                    #expect(object["next"] is NSNull)
                    break
                }
                #expect(Int(next) == nil)
                uri = "/api/v1/messages/inbox?limit=2&after=\(next)"
            }
            #expect(pages == 3)
            #expect(subjects == (1...5).reversed().map { "Training \($0)" })

            let unread = try await client.send(.get, "/api/v1/messages/unread-count", token: bob)
            #expect(try unread.json()["unread"] as? Int == 5)
            let read = try await client.send(.get, "/api/v1/messages/3", token: bob)
            #expect(try read.json()["body"] as? String == "See you at 6")
            #expect(try read.json()["from"] as? String == "alice")
            #expect(try await client.send(.get, "/api/v1/messages/unread-count", token: bob).json()["unread"] as? Int == 4)

            let reply = try await client.send(.post, "/api/v1/messages/3/replies", token: bob, json: ["body": "I will be there"])
            #expect(reply.status == .created)
            #expect(try reply.json()["subject"] as? String == "RE: Training 3")
            let sent = try await client.send(.get, "/api/v1/messages/sent", token: bob)
            #expect((try sent.json()["items"] as? [Any])?.count == 1)
        }
    }

    @Test("another user's message is not found; bad ids, cursors and limits are refused")
    func visibility() async throws {
        try await APITest().run { client in
            let alice = try await client.user("alice")
            _ = try await client.user("bob")
            let carol = try await client.user("carol")
            try await client.send(.post, "/api/v1/messages", token: alice, json: ["to": "bob", "subject": "Hi", "body": "Private"])
            let peek = try await client.send(.get, "/api/v1/messages/1", token: carol)
            #expect(peek.status == .notFound)
            #expect(try peek.problem().detail == "no message '1'")
            #expect(try await client.send(.get, "/api/v1/messages/999", token: carol).status == .notFound)
            #expect(try await client.send(.get, "/api/v1/messages/abc", token: carol).status == .notFound)
            #expect(try await client.send(.delete, "/api/v1/messages/1", token: carol).status == .notFound)
            #expect(try await client.send(.get, "/api/v1/messages/inbox?after=zzz", token: carol).status == .badRequest)
            #expect(try await client.send(.get, "/api/v1/messages/inbox?limit=101", token: carol).status == .badRequest)
            #expect(try await client.send(.get, "/api/v1/messages/inbox?limit=0", token: carol).status == .badRequest)
            #expect(try await client.send(.get, "/api/v1/messages/inbox").status == .unauthorized)

            let toNobody = try await client.send(.post, "/api/v1/messages", token: alice,
                                                 json: ["to": "nobody", "subject": "Hi", "body": "x"])
            #expect(toNobody.status == .notFound)
            let empty = try await client.send(.post, "/api/v1/messages", token: alice, json: ["to": "bob", "subject": "Hi", "body": " "])
            #expect(empty.status == .unprocessableContent)
            #expect(try empty.problem().detail == "body: must not be empty")
        }
    }

    @Test("a blocked sender is refused with 403")
    func blocking() async throws {
        try await APITest().run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            #expect(try await client.send(.put, "/api/v1/blocks/alice", token: bob).status == .noContent)
            let blocked = try await client.send(.get, "/api/v1/blocks", token: bob)
            #expect((try blocked.json()["items"] as? [String]) == ["alice"])
            let refused = try await client.send(.post, "/api/v1/messages", token: alice, json: ["to": "bob", "subject": "Hi", "body": "x"])
            #expect(refused.status == .forbidden)
            #expect(try refused.problem().type == "forbidden")
            #expect(try await client.send(.delete, "/api/v1/blocks/alice", token: bob).status == .noContent)
            #expect(try await client.send(.post, "/api/v1/messages", token: alice, json: ["to": "bob", "subject": "Hi", "body": "x"])
                .status == .created)
        }
    }
}
