import Canvas
import Club
import Foundation
import HTTPTypes
import Testing
@testable import TouchlineServer

@Suite("Leagues, tables and renders over HTTP")
struct RenderAPITests {
    static let pngSignature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    @Test("importing a season file answers 201 with the league's id; its table as JSON rows and as a printed PDF")
    func leagueTable() async throws {
        let season = try APITest.example("leagues/laliga-2022-23.json")
        try await APITest().run { client in
            let alice = try await client.user("alice")
            let imported = try await client.send(.post, "/api/v1/leagues/import?name=Liga&rules=la-liga", token: alice,
                                                 body: season, contentType: "application/json")
            #expect(imported.status == .created)
            let id = try #require(try imported.json()["id"] as? Int)
            #expect(imported.headers[.location] == "/api/v1/leagues/\(id)")
            #expect(try imported.json()["teams"] as? Int == 20)

            let table = try await client.send(.get, "/api/v1/leagues/\(id)/table")
            #expect(table.status == .ok)
            let rows = try #require(try table.json()["rows"] as? [[String: Any]])
            #expect(rows.count == 20)
            // LaLiga 2022-23: Barcelona champions on 88 points, Real Madrid second.
            #expect(rows[0]["position"] as? Int == 1)
            #expect(rows[0]["team"] as? String == "FC Barcelona")
            #expect(rows[0]["points"] as? Int == 88)
            #expect(rows[1]["team"] as? String == "Real Madrid CF")

            let pdf = try await client.send(.get, "/api/v1/leagues/\(id)/table", headers: [.accept: "application/pdf"])
            #expect(pdf.status == .ok)
            #expect(pdf.headers[.contentType] == "application/pdf")
            #expect(pdf.body.starts(with: Data("%PDF-".utf8)))
            let etag = try #require(pdf.headers[.eTag])
            let again = try await client.send(.get, "/api/v1/leagues/\(id)/table",
                                              headers: [.accept: "application/pdf", .ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(again.body.isEmpty)

            let png = try await client.send(.get, "/api/v1/leagues/\(id)/table", headers: [.accept: "image/png"])
            #expect(png.body.starts(with: Self.pngSignature))
            let html = try await client.send(.get, "/api/v1/leagues/\(id)/table", headers: [.accept: "text/html"])
            #expect(html.status == .notAcceptable)
            #expect(try await client.send(.get, "/api/v1/leagues/999/table").status == .notFound)
            #expect(try await client.send(.get, "/api/v1/leagues/\(id)/table?venue=sideways").status == .badRequest)
        }
    }

    @Test("a season file that is not one is refused and nothing is stored")
    func badImport() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            let garbage = try await client.send(.post, "/api/v1/leagues/import?name=X", token: alice,
                                                body: Data("{\"name\": \"x\", \"matches\": [".utf8), contentType: "application/json")
            #expect(garbage.status == .badRequest)
            #expect(try await client.send(.post, "/api/v1/leagues/import", body: Data("{}".utf8), contentType: "application/json")
                .status == .unauthorized)
            let leagues = try await client.send(.get, "/api/v1/leagues")
            #expect((try leagues.json()["items"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("uploads over --max-upload are refused with 413")
    func uploadLimit() async throws {
        try await APITest { $0.maxUploadBytes = 1000 }.run { client in
            let alice = try await client.user("alice")
            let big = try await client.send(.post, "/api/v1/leagues/import?name=X", token: alice,
                                            body: Data(repeating: 0x20, count: 5000), contentType: "text/plain")
            #expect(big.status == .contentTooLarge)
            let board = try await client.send(.post, "/api/v1/render/board", body: Data(repeating: 0x20, count: 5000),
                                              contentType: "application/json")
            #expect(board.status == .contentTooLarge)
        }
    }

    @Test("POST /render/board: a stroke log in, PNG out with a strong ETag; the same log gives the same bytes")
    func renderBoard() async throws {
        let log = try APITest.example("boards/433.json")
        try await APITest().run { client in
            let first = try await client.send(.post, "/api/v1/render/board?size=525x340", body: log, contentType: "application/json")
            #expect(first.status == .ok)
            #expect(first.headers[.contentType] == "image/png")
            #expect(first.body.starts(with: Self.pngSignature))
            let image = try RasterImage(pngData: first.body)
            #expect(image.width == 525)
            #expect(image.height == 340)
            let etag = try #require(first.headers[.eTag])
            #expect(etag.hasPrefix("\"") && etag.count == 66)
            let second = try await client.send(.post, "/api/v1/render/board?size=525x340", body: log, contentType: "application/json")
            #expect(second.body == first.body)
            let cached = try await client.send(.post, "/api/v1/render/board?size=525x340", body: log, contentType: "application/json",
                                               headers: [.ifNoneMatch: etag])
            #expect(cached.status == .notModified)

            let svg = try await client.send(.post, "/api/v1/render/board", body: log, contentType: "application/json",
                                            headers: [.accept: "image/svg+xml"])
            #expect(svg.headers[.contentType] == "image/svg+xml")
            #expect(svg.text.contains("<svg"))
        }
    }

    @Test("bad stroke logs and options: 400, 415 and 422 naming the place; the server goes on serving")
    func badBoards() async throws {
        try await APITest().run { client in
            let notJSON = try await client.send(.post, "/api/v1/render/board", body: Data("hello".utf8), contentType: "application/json")
            #expect(notJSON.status == .badRequest)
            let wrongValue = try await client.send(
                .post, "/api/v1/render/board",
                body: Data(#"{"format":"touchline-strokes","version":1,"surface":{"width":1000,"height":650},"events":[{"type":"stroke","tool":"pen","color":"home","width":4,"points":[[1e999,2,0]]}]}"#.utf8),
                contentType: "application/json")
            #expect([HTTPResponse.Status.badRequest, .unprocessableContent].contains(wrongValue.status))
            #expect(try wrongValue.problem().detail.hasPrefix("body"))
            let image = try await client.send(.post, "/api/v1/render/board", body: Data("x".utf8), contentType: "image/png")
            #expect(image.status == .unsupportedMediaType)
            let log = try APITest.example("boards/433.json")
            let tooBig = try await client.send(.post, "/api/v1/render/board?size=100000x100000", body: log,
                                               contentType: "application/json")
            #expect(tooBig.status == .unprocessableContent)
            let badScale = try await client.send(.post, "/api/v1/render/board?scale=nan", body: log, contentType: "application/json")
            #expect(badScale.status == .badRequest)
            #expect(try badScale.problem().detail.contains("scale"))
            // A scale next to zero once made Cairo abort the whole server while drawing frames.
            for path in ["/api/v1/render/board/frames?scale=5e-324", "/api/v1/render/board?scale=5e-324"] {
                let tiny = try await client.send(.post, path, body: log, contentType: "application/json")
                #expect(tiny.status == .badRequest)
                #expect(try tiny.problem().detail == "query parameter 'scale': expected a number from 0.01 to 16")
            }
            #expect(try await client.send(.get, "/healthz").status == .ok)
        }
    }

    @Test("health, readiness, metrics by route pattern, unknown routes as problems, request ids")
    func health() async throws {
        try await APITest().run { client in
            let health = try await client.send(.get, "/healthz")
            #expect(health.status == .ok)
            #expect(health.headers[.requestID]?.isEmpty == false)
            #expect(try await client.send(.get, "/readyz").status == .ok)
            let missing = try await client.send(.get, "/api/v1/nothing-here")
            #expect(missing.status == .notFound)
            #expect(try missing.problem().type == "not-found")
            _ = try await client.send(.get, "/api/v1/messages/42")
            let long = try await client.send(.get, "/api/v1/leagues?x=" + String(repeating: "a", count: 9000))
            #expect(long.status == .uriTooLong)
            let metrics = try await client.send(.get, "/metrics")
            #expect(metrics.headers[.contentType]?.hasPrefix("text/plain") == true)
            #expect(metrics.text.contains(#"touchline_http_requests_total{route="/healthz",method="GET",status="200"} 1"#))
            #expect(metrics.text.contains(#"route="/api/v1/messages/{id}""#))
            #expect(!metrics.text.contains("/api/v1/messages/42"))
            #expect(metrics.text.contains("touchline_http_request_duration_seconds_bucket"))
        }
    }
}

@Suite("Stored boards over HTTP")
struct BoardAPITests {
    @Test("POST /boards stores the log (201 with id); list, show, the log byte for byte, PNG, delete")
    func storedBoards() async throws {
        let log = try APITest.example("boards/433.json")
        try await APITest().run { client in
            let alice = try await client.user("alice")
            let saved = try await client.send(.post, "/api/v1/boards?title=4-3-3", token: alice, body: log, contentType: "application/json")
            #expect(saved.status == .created)
            let id = try #require(try saved.json()["id"] as? Int)
            #expect(saved.headers[.location] == "/api/v1/boards/\(id)")
            #expect(try saved.json()["title"] as? String == "4-3-3")
            let untitled = try await client.send(.post, "/api/v1/boards", token: alice, body: log, contentType: "application/json")
            #expect(try untitled.json()["title"] as? String == "Untitled board")

            let list = try await client.send(.get, "/api/v1/boards?limit=1", token: alice)
            let page = try list.json()
            #expect((page["items"] as? [[String: Any]])?.first?["title"] as? String == "Untitled board")
            let next = try #require(page["next"] as? String)
            let rest = try await client.send(.get, "/api/v1/boards?limit=1&after=\(next)", token: alice)
            #expect((try rest.json()["items"] as? [[String: Any]])?.first?["id"] as? Int == id)
            #expect(try rest.json()["next"] is NSNull)

            let stored = try await client.send(.get, "/api/v1/boards/\(id)/log", token: alice)
            #expect(stored.body == log)
            let png = try await client.send(.get, "/api/v1/boards/\(id).png?size=525x340", token: alice)
            #expect(png.status == .ok)
            #expect(png.headers[.contentType] == "image/png")
            let posted = try await client.send(.post, "/api/v1/render/board?size=525x340", body: log, contentType: "application/json")
            #expect(png.body == posted.body)
            #expect(png.headers[.eTag] == posted.headers[.eTag])
            let pdf = try await client.send(.get, "/api/v1/boards/\(id).pdf", token: alice)
            #expect(pdf.body.starts(with: Data("%PDF".utf8)))

            let bob = try await client.user("bob")
            let peek = try await client.send(.get, "/api/v1/boards/\(id).png", token: bob)
            #expect(peek.status == .notFound)
            #expect(try peek.problem().detail == "no board '\(id)'")
            let steal = try await client.send(.delete, "/api/v1/boards/\(id)", token: bob)
            #expect(steal.status == .notFound)
            let anonymous = try await client.send(.get, "/api/v1/boards/\(id)")
            #expect(anonymous.status == .unauthorized)

            let deleted = try await client.send(.delete, "/api/v1/boards/\(id)", token: alice)
            #expect(deleted.status == .noContent)
            let gone = try await client.send(.get, "/api/v1/boards/\(id)", token: alice)
            #expect(gone.status == .notFound)
        }
    }

    @Test("a log that cannot be replayed is refused with the reader's message and nothing is stored")
    func badLogs() async throws {
        try await APITest().run { client in
            let alice = try await client.user("alice")
            let bad = try await client.send(.post, "/api/v1/boards", token: alice,
                                            body: Data(#"{"format":"touchline-strokes","version":99,"events":[]}"#.utf8),
                                            contentType: "application/json")
            #expect([HTTPResponse.Status.badRequest, .unprocessableContent].contains(bad.status))
            #expect(try bad.problem().detail.hasPrefix("body"))
            let truncated = try await client.send(.post, "/api/v1/boards", token: alice,
                                                  body: try APITest.example("boards/433.json").prefix(300), contentType: "application/json")
            #expect(truncated.status == .badRequest)
            let list = try await client.send(.get, "/api/v1/boards", token: alice)
            #expect((try list.json()["items"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("an account over its board quota gets 422 naming the limit, and nothing is stored")
    func quota() async throws {
        try await APITest { $0.boardQuota = StorageQuota(items: 1, bytes: 1 << 20) }.run { client in
            let alice = try await client.user("alice")
            let log = try APITest.example("boards/433.json")
            let first = try await client.send(.post, "/api/v1/boards", token: alice, body: log, contentType: "application/json")
            #expect(first.status == .created)
            let second = try await client.send(.post, "/api/v1/boards", token: alice, body: log, contentType: "application/json")
            #expect(second.status == .unprocessableContent)
            #expect(try second.problem().detail == "boards: an account keeps at most 1 boards; delete one first")
            let list = try await client.send(.get, "/api/v1/boards", token: alice)
            #expect((try list.json()["items"] as? [Any])?.count == 1)
        }
    }
}

@Suite("Bodies without a Content-Type")
struct UndeclaredBodyTests {
    @Test("a body sent without Content-Type is read for what it is; a declared wrong type is 415")
    func undeclared() async throws {
        try await APITest().run { client in
            let created = try await client.send(.post, "/api/v1/users",
                                                body: Data(#"{"username":"alice","email":"alice@example.org","password":"correct horse"}"#.utf8))
            #expect(created.status == .created)
            let token = try await client.login("alice")
            let log = try APITest.example("boards/433.json")
            let saved = try await client.send(.post, "/api/v1/boards", token: token, body: log)
            #expect(saved.status == .created)
            let pointer = try APITest.example("boards/multitouch.jsonl")
            let rendered = try await client.send(.post, "/api/v1/render/board", body: pointer)
            #expect(rendered.status == .ok)
            #expect(rendered.headers[.contentType] == "image/png")
            let declared = try await client.send(.post, "/api/v1/boards", token: token, body: log, contentType: "image/gif")
            #expect(declared.status == .unsupportedMediaType)
        }
    }

    @Test("a pointer log without its header line is told to give ?surface=, the API's parameter, not the CLI's --surface")
    func headerlessPointerLog() async throws {
        try await APITest().run { client in
            let lines = try APITest.example("boards/multitouch.jsonl").split(separator: UInt8(ascii: "\n")).dropFirst()
            let headerless = Data(lines.joined(separator: [UInt8(ascii: "\n")]))
            let refused = try await client.send(.post, "/api/v1/render/board", body: headerless, contentType: "application/x-ndjson")
            #expect(refused.status == .badRequest)
            #expect(try refused.problem().detail
                == "body:1: the pointer log has no header line; give the surface as ?surface=WxH (for example ?surface=1024x768)")
            let given = try await client.send(.post, "/api/v1/render/board?surface=1024x768", body: headerless,
                                              contentType: "application/x-ndjson")
            #expect(given.status == .ok && given.headers[.contentType] == "image/png")
        }
    }
}
