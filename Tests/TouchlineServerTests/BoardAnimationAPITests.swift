import Canvas
import Foundation
import HTTPTypes
import Tactics
import TestSupport
import Testing
@testable import TouchlineServer

/// `touchline board render -o drill.gif|.webp` over HTTP: `POST /api/v1/render/board.gif|.webp`
/// and `GET /api/v1/boards/{id}.gif|.webp`, read back with Pillow.
@Suite("Animated boards over HTTP")
struct BoardAnimationAPITests {
    /// The library's animation of `log` with these settings: what every front end must send.
    static func expected(_ log: Data, _ format: AnimatedImageFormat, fps: Double = 15, speed: Double = 1,
                         _ options: BoardRenderOptions = BoardRenderOptions()) throws -> Data {
        let renderer = try BoardRenderer(log: try StrokeLog(data: log, source: "test"), options: options)
        return try BoardAnimation(renderer: renderer, format: format, framesPerSecond: fps, speed: speed).encode().data
    }

    /// A pointer log with one red stroke from 0 ms to `end` ms.
    static func pointerLog(endingAt end: Int) -> Data {
        Data("""
            {"type":"header","format":"touchline.pointer","version":1,"surface":{"width":1024,"height":768}}
            {"t":0,"type":"tool","tool":"red"}
            {"t":0,"type":"down","id":1,"x":300,"y":300}
            {"t":\(end),"type":"up","id":1,"x":700,"y":400}

            """.utf8)
    }

    @Test("POST /render/board.gif|.webp: the library's animation byte for byte, decodable, with an ETag",
          arguments: AnimatedImageFormat.allCases)
    func posted(_ format: AnimatedImageFormat) async throws {
        let log = try APITest.example("boards/multitouch.jsonl")
        let look = BoardRenderOptions(size: Size(width: 400, height: 300), stripes: true)
        try await APITest().run { client in
            let uri = "/api/v1/render/board.\(format.rawValue)?fps=10&speed=0.5&size=400x300&stripes=true"
            let reply = try await client.send(.post, uri, body: log, contentType: "application/x-ndjson")
            #expect(reply.status == .ok, "\(reply.text.prefix(300))")
            #expect(reply.headers[.contentType] == format.mediaType)
            #expect(reply.body == (try Self.expected(log, format, fps: 10, speed: 0.5, look)))
            let read = try AnimationProbe.read(reply.body)
            #expect(read.format == (format == .gif ? "GIF" : "WEBP") && read.width == 400 && read.height == 300)
            // The log ends at 974 ms: 1948 ms at half speed, then the 2 s hold.
            #expect(read.durations.last == 2000)
            #expect(read.durations.reduce(0, +) == (format == .gif ? 3950 : 3948))

            let etag = try #require(reply.headers[.eTag])
            let cached = try await client.send(.post, uri, body: log, headers: [.ifNoneMatch: etag])
            #expect(cached.status == .notModified && cached.body.isEmpty)
            // Defaults: 15 frames a second at the recorded speed.
            let plain = try await client.send(.post, "/api/v1/render/board.\(format.rawValue)", body: log)
            let expected = try Self.expected(log, format)
            #expect(plain.status == .ok && plain.body == expected)
        }
    }

    @Test("a stored board's animation: its owner's alone (404 for others, 401 without a token)",
          arguments: AnimatedImageFormat.allCases)
    func stored(_ format: AnimatedImageFormat) async throws {
        let log = try APITest.example("boards/mistake.json")
        try await APITest().run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let saved = try await client.send(.post, "/api/v1/boards?title=Mistake", token: alice, body: log)
            let id = try #require(try saved.json()["id"] as? Int)
            let path = "/api/v1/boards/\(id).\(format.rawValue)"
            let reply = try await client.send(.get, path + "?fps=5&size=320x240", token: alice)
            #expect(reply.status == .ok && reply.headers[.contentType] == format.mediaType, "\(reply.text.prefix(300))")
            #expect(reply.body == (try Self.expected(log, format, fps: 5, BoardRenderOptions(size: Size(width: 320, height: 240)))))
            let read = try AnimationProbe.read(reply.body)
            #expect(read.width == 320 && read.loop == 0 && read.durations.last == 2000)
            let posted = try await client.send(.post, "/api/v1/render/board.\(format.rawValue)?fps=5&size=320x240", body: log)
            #expect(posted.body == reply.body && posted.headers[.eTag] == reply.headers[.eTag])

            let peek = try await client.send(.get, path, token: bob)
            #expect(try peek.status == .notFound && peek.problem().detail == "no board '\(id)'")
            let missing = try await client.send(.get, "/api/v1/boards/\(id + 100).\(format.rawValue)", token: alice)
            #expect(missing.status == .notFound)
            let anonymous = try await client.send(.get, path)
            #expect(anonymous.status == .unauthorized)
        }
    }

    @Test("fps and speed outside BoardAnimation's rules, and a GIF of no background, are 400 naming the parameter",
          arguments: [
              ("fps=0", "query parameter 'fps': expected a number from 1 to 50"),
              ("fps=51", "query parameter 'fps': expected a number from 1 to 50"),
              ("fps=nan", "query parameter 'fps': expected a number from 1 to 50"),
              ("fps=inf", "query parameter 'fps': expected a number from 1 to 50"),
              ("fps=ten", "query parameter 'fps': expected a number from 1 to 50"),
              ("speed=0", "query parameter 'speed': expected a number from 0.1 to 100"),
              ("speed=-1", "query parameter 'speed': expected a number from 0.1 to 100"),
              ("speed=1e300", "query parameter 'speed': expected a number from 0.1 to 100"),
              ("background=none", "query parameter 'background': a GIF cannot show background=none (transparent); "
                  + "choose another background, or ask for the .webp"),
          ])
    func badSettings(_ query: String, _ detail: String) async throws {
        try await APITest().run { client in
            let token = try await client.user("alice")
            let saved = try await client.send(.post, "/api/v1/boards", token: token, body: try APITest.example("boards/433.json"))
            let id = try #require(try saved.json()["id"] as? Int)
            let posted = try await client.send(.post, "/api/v1/render/board.gif?\(query)", body: Data("not a log".utf8))
            #expect(try posted.status == .badRequest && posted.problem().detail == detail, "\(posted.text)")
            let stored = try await client.send(.get, "/api/v1/boards/\(id).gif?\(query)", token: token)
            #expect(try stored.status == .badRequest && stored.problem().detail == detail, "\(stored.text)")
        }
    }

    @Test("WebP keeps a transparent background; a bad log is the reader's error")
    func transparentAndBadLogs() async throws {
        try await APITest().run { client in
            let log = try APITest.example("boards/multitouch.jsonl")
            let clear = try await client.send(.post, "/api/v1/render/board.webp?background=none&size=200x150", body: log)
            #expect(clear.status == .ok, "\(clear.text.prefix(300))")
            let last = try RasterImage(pngData: try #require(try AnimationProbe.read(clear.body).frames.last))
            #expect(last.pixel(x: 1, y: 1).alpha == 0)
            let broken = try await client.send(.post, "/api/v1/render/board.gif", body: log.prefix(150),
                                               contentType: "application/x-ndjson")
            #expect(broken.status == .badRequest || broken.status == .unprocessableContent, "\(broken.text)")
            #expect(try broken.problem().detail.hasPrefix("body"))
            let image = try await client.send(.post, "/api/v1/render/board.webp", body: Data("x".utf8), contentType: "image/png")
            #expect(image.status == .unsupportedMediaType)
        }
    }

    @Test("more frames or pixels than a request may draw is 422 in the API's words, before any is drawn")
    func tooMuch() async throws {
        try await APITest().run { client in
            // 100 s at 15 frames a second: 1501 frames, more than the 600 a request may have.
            let reply = try await client.send(.post, "/api/v1/render/board.gif", body: Self.pointerLog(endingAt: 100_000))
            #expect(reply.status == .unprocessableContent)
            #expect(try reply.problem().detail
                    == "the animation would have 1501 frames; at most 600 are drawn (lower ?fps or raise ?speed)")
            let faster = try await client.send(.post, "/api/v1/render/board.gif?speed=3&fps=5&size=64x48",
                                               body: Self.pointerLog(endingAt: 100_000))
            #expect(faster.status == .ok, "\(faster.text.prefix(300))")
        }
        try await APITest { $0.maxAnimationPixels = 1_000_000 }.run { client in
            let log = try APITest.example("boards/multitouch.jsonl")
            let reply = try await client.send(.post, "/api/v1/render/board.webp?fps=10", body: log)
            #expect(reply.status == .unprocessableContent)
            #expect(try reply.problem().detail == "the animation would draw \(11 * 1024 * 768) pixels over its frames; "
                    + "at most 1000000 are drawn (lower the size or ?fps, or raise ?speed)")
            let smaller = try await client.send(.post, "/api/v1/render/board.webp?fps=10&size=100x75", body: log)
            #expect(smaller.status == .ok)
        }
    }
}
