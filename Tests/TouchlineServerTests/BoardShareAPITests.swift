import Club
import Foundation
import HTTPTypes
import Testing
@testable import TouchlineServer

/// Replacing a stored board's log, its view link, and reading a board with `?view=TOKEN`.
@Suite("Stored boards: replace, view links and reads with a view token")
struct BoardShareAPITests {
    /// Every read a view token opens, with what each answers.
    static let reads: [(path: String, type: String)] = [
        ("", "application/json"), ("/log", "application/json"), (".png", "image/png"), (".svg", "image/svg+xml"),
        (".pdf", "application/pdf"), ("/summary", "application/json"), ("/frames?every=9", "application/zip"),
    ]

    /// `/api/v1/boards/ID` + `suffix` with `?view=TOKEN` (or `&view=` after a query).
    static func path(_ id: Int, _ suffix: String, view token: String) -> String {
        "/api/v1/boards/\(id)" + suffix + (suffix.contains("?") ? "&" : "?") + "view=\(token)"
    }

    @Test("PUT /boards/{id}: the owner replaces the log (and title); others get 404 and nothing changes")
    func replace() async throws {
        try await APITest().run { client in
            let (alice, bob) = (try await client.user("alice"), try await client.user("bob"))
            let log = try APITest.example("boards/433.json")
            let saved = try await client.saveBoard("Pressing", log, headers: [.authorization: "Bearer \(alice)"])
            let id = try #require(try saved.json()["id"] as? Int)
            let redrawn = try APITest.example("boards/multitouch.jsonl")

            let replaced = try await client.send(.put, "/api/v1/boards/\(id)", token: alice, body: redrawn,
                                                 contentType: "application/x-ndjson")
            #expect(replaced.status == .ok)
            let summary = try replaced.json()
            #expect(summary["id"] as? Int == id && summary["title"] as? String == "Pressing")
            #expect(summary["form"] as? String == "touchline.pointer" && summary["bytes"] as? Int == redrawn.count)
            #expect(summary["editable"] as? Bool == true && summary["viewLink"] as? Bool == false)
            #expect(summary["createdAt"] as? String == (try saved.json()["createdAt"] as? String))
            #expect(try await client.send(.get, "/api/v1/boards/\(id)/log", token: alice).body == redrawn)
            let renamed = try await client.send(.put, "/api/v1/boards/\(id)?title=Redrawn", token: alice, body: log)
            #expect(try renamed.json()["title"] as? String == "Redrawn")

            // Refused: another user's board, nobody, no such board, bad logs, a bad title, too large.
            let steal = try await client.send(.put, "/api/v1/boards/\(id)?title=Bob", token: bob, body: redrawn)
            #expect(steal.status == .notFound)
            #expect(try steal.problem().detail == "no board '\(id)'")
            #expect(try await client.send(.put, "/api/v1/boards/\(id)", body: redrawn).status == .unauthorized)
            #expect(try await client.send(.put, "/api/v1/boards/99999", token: alice, body: redrawn).status == .notFound)
            let truncated = try await client.send(.put, "/api/v1/boards/\(id)", token: alice, body: redrawn.prefix(200),
                                                  contentType: "application/x-ndjson")
            #expect(truncated.status == .badRequest || truncated.status == .unprocessableContent)
            let bare = try await client.send(.put, "/api/v1/boards/\(id)", token: alice,
                                             body: Data(#"{"t":0,"type":"down","id":1,"x":1,"y":1}"#.utf8))
            #expect(bare.status == .badRequest)
            #expect(try bare.problem().detail.contains("a stored board needs one"))
            let untitled = try await client.send(.put, "/api/v1/boards/\(id)?title=%20", token: alice, body: redrawn)
            #expect(untitled.status == .unprocessableContent)
            let large = try await client.send(.put, "/api/v1/boards/\(id)", token: alice,
                                              body: Data(repeating: 0x20, count: (4 << 20) + 1), contentType: "application/json")
            #expect(large.status == .contentTooLarge)
            let gif = try await client.send(.put, "/api/v1/boards/\(id)", token: alice, body: redrawn, contentType: "image/gif")
            #expect(gif.status == .unsupportedMediaType)
            #expect(try await client.send(.get, "/api/v1/boards/\(id)/log", token: alice).body == log)
            #expect(try await client.send(.get, "/api/v1/boards/\(id)", token: alice).json()["title"] as? String == "Redrawn")
        }
    }

    @Test("PUT counts the new log in place of the old against the quota")
    func replaceQuota() async throws {
        let small = try APITest.example("boards/mistake.json")
        let big = try APITest.example("boards/433.json")
        try await APITest { $0.boardQuota = StorageQuota(items: 1, bytes: big.count) }.run { client in
            let alice = try await client.user("alice")
            let saved = try await client.send(.post, "/api/v1/boards", token: alice, body: small, contentType: "application/json")
            let id = try #require(try saved.json()["id"] as? Int)
            let replaced = try await client.send(.put, "/api/v1/boards/\(id)", token: alice, body: big, contentType: "application/json")
            #expect(replaced.status == .ok)
            let over = try await client.send(.put, "/api/v1/boards/\(id)", token: alice, body: big + Data(" ".utf8),
                                             contentType: "application/json")
            #expect(over.status == .unprocessableContent)
            #expect(try over.problem().detail.hasPrefix("boards: an account keeps at most"))
        }
    }

    @Test("the view token: 201 with the link, every read with ?view= works without login; wrong, rotated or removed is 404")
    func viewToken() async throws {
        try await APITest().run { client in
            let (alice, bob) = (try await client.user("alice"), try await client.user("bob"))
            let log = try APITest.example("boards/433.json")
            let saved = try await client.saveBoard("Pressing", log, headers: [.authorization: "Bearer \(alice)"])
            let id = try #require(try saved.json()["id"] as? Int)
            let bobs = try await client.saveBoard("Bob", log, headers: [.authorization: "Bearer \(bob)"])
            let bobsID = try #require(try bobs.json()["id"] as? Int)

            // Only the owner makes one.
            #expect(try await client.send(.post, "/api/v1/boards/\(id)/view-token", token: bob).status == .notFound)
            #expect(try await client.send(.post, "/api/v1/boards/\(id)/view-token").status == .unauthorized)
            #expect(try await client.send(.delete, "/api/v1/boards/\(id)/view-token", token: bob).status == .notFound)
            let made = try await client.send(.post, "/api/v1/boards/\(id)/view-token", token: alice)
            #expect(made.status == .created)
            let link = try made.json()
            let token = try #require(link["token"] as? String)
            #expect(token.count == 32 && token.allSatisfy { "0123456789abcdef".contains($0) })
            #expect(link["url"] as? String == "/board/\(id)?view=\(token)")
            #expect(Set(link.keys) == ["token", "url"])
            let owned = try await client.send(.get, "/api/v1/boards/\(id)", token: alice).json()
            #expect(owned["editable"] as? Bool == true && owned["viewLink"] as? Bool == true)

            // Every read, without login, and for bob; the same bytes as the owner's.
            for read in Self.reads {
                for headers: HTTPFields in [[:], [.authorization: "Bearer \(bob)"], [.cookie: "touchline_session=ended"]] {
                    let reply = try await client.send(.get, Self.path(id, read.path, view: token), headers: headers)
                    #expect(reply.status == .ok, "\(read.path) \(headers): \(reply.text.prefix(200))")
                    #expect(reply.headers[.contentType] == read.type, "\(read.path)")
                }
                if read.path != "" {
                    let owners = try await client.send(.get, "/api/v1/boards/\(id)\(read.path)", token: alice)
                    let viewers = try await client.send(.get, Self.path(id, read.path, view: token))
                    #expect(owners.body == viewers.body, "\(read.path)")
                }
            }
            let shared = try await client.send(.get, Self.path(id, "", view: token)).json()
            #expect(shared["editable"] as? Bool == false && shared["viewLink"] == nil && shared["title"] as? String == "Pressing")
            #expect(try await client.send(.get, Self.path(id, "/log", view: token)).body == log)

            // A token opens reads only.
            #expect(try await client.send(.put, Self.path(id, "", view: token), body: log).status == .unauthorized)
            #expect(try await client.send(.delete, Self.path(id, "", view: token)).status == .unauthorized)
            #expect(try await client.send(.post, Self.path(id, "/view-token", view: token)).status == .unauthorized)

            // Wrong tokens, another board's id: 404 on every read.
            let wrongs = ["0123456789abcdef0123456789abcdef", token.uppercased(), "x", String(repeating: "a", count: 64)]
            for read in Self.reads {
                for wrong in wrongs {
                    let reply = try await client.send(.get, Self.path(id, read.path, view: wrong))
                    #expect(reply.status == .notFound, "\(read.path) \(wrong)")
                }
                #expect(try await client.send(.get, Self.path(bobsID, read.path, view: token)).status == .notFound, "\(read.path)")
            }
            let tooLong = try await client.send(.get, Self.path(id, "", view: String(repeating: "a", count: 65)))
            #expect(tooLong.status == .badRequest)

            // Rotated: the old token stops at once.
            let rotated = try await client.send(.post, "/api/v1/boards/\(id)/view-token", token: alice)
            let second = try #require(try rotated.json()["token"] as? String)
            #expect(second != token)
            for read in Self.reads {
                #expect(try await client.send(.get, Self.path(id, read.path, view: token)).status == .notFound, "\(read.path)")
            }
            #expect(try await client.send(.get, Self.path(id, ".png", view: second)).status == .ok)

            // Removed: 204, then no token reads it; the owner sees no view link.
            let removed = try await client.send(.delete, "/api/v1/boards/\(id)/view-token", token: alice)
            #expect(removed.status == .noContent)
            for read in Self.reads {
                #expect(try await client.send(.get, Self.path(id, read.path, view: second)).status == .notFound, "\(read.path)")
            }
            #expect(try await client.send(.get, "/api/v1/boards/\(id)", token: alice).json()["viewLink"] as? Bool == false)
        }
    }
}
