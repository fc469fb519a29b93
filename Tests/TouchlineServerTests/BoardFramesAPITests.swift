import Canvas
import Foundation
import HTTPTypes
import Tactics
import TestSupport
import Testing
@testable import TouchlineServer

/// `touchline board check` and `board frames` over HTTP: a log's summary and its frames as a ZIP
/// archive, for a posted log (`/api/v1/render/board/summary`, `/frames`) and a stored board
/// (`/api/v1/boards/{id}/summary`, `/frames`).
@Suite("Board summaries and frames over HTTP")
struct BoardFramesAPITests {
    static let examples = ["433.json", "multitouch.jsonl"]

    /// A stroke document without timestamps: two strokes and a clear between them.
    static let untimed = Data("""
        {"format":"touchline.strokes","version":1,"surface":{"width":200,"height":150},"events":[
         {"type":"stroke","tool":"red","points":[[10,10],[50,50],[90,60]]},{"type":"clear"},
         {"type":"stroke","tool":"blue","points":[[20,20],[60,30]]}]}
        """.utf8)

    /// The summary `board check --json` prints, as the library gives it.
    static func summary(_ log: Data) throws -> BoardSummary {
        try StrokeLog(data: log, source: "test").summary
    }

    /// The frames `board frames` writes for `log` with these options: names and PNG bytes.
    static func frames(_ log: Data, _ spacing: FrameSpacing, _ options: BoardRenderOptions = BoardRenderOptions())
        throws -> [(name: String, png: Data)] {
        let animator = try BoardAnimator(renderer: try BoardRenderer(log: try StrokeLog(data: log, source: "test"), options: options),
                                         spacing: spacing)
        var frames: [(name: String, png: Data)] = []
        try animator.renderFrames { index, png in frames.append((BoardAnimator.fileName(ofFrame: index), png)) }
        #expect(frames.count == animator.frames.count)
        return frames
    }

    /// `reply`'s archive holds exactly `frames`, in order, each entry stored rather than deflated.
    static func expectArchive(_ reply: Reply, holds frames: [(name: String, png: Data)],
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(reply.status == .ok, "\(reply.text.prefix(300))", sourceLocation: sourceLocation)
        #expect(reply.headers[.contentType] == "application/zip", sourceLocation: sourceLocation)
        let entries = try TestZip.read(reply.body)
        #expect(entries.map(\.path) == frames.map(\.name), sourceLocation: sourceLocation)
        let stored = entries.allSatisfy(\.isStored)
        #expect(stored, sourceLocation: sourceLocation)
        #expect(entries.first?.data == frames.first?.png, sourceLocation: sourceLocation)
        #expect(entries.last?.data == frames.last?.png, sourceLocation: sourceLocation)
        #expect(entries.map(\.data) == frames.map(\.png), sourceLocation: sourceLocation)
    }

    @Test("POST /render/board/summary answers board check --json's summary: the same type, the same JSON")
    func postedSummary() async throws {
        try await APITest().run { client in
            for name in Self.examples {
                let log = try APITest.example("boards/\(name)")
                let reply = try await client.send(.post, "/api/v1/render/board/summary", body: log)
                #expect(reply.status == .ok && reply.headers[.contentType] == "application/json", "\(name): \(reply.text)")
                let expected = try Self.summary(log)
                #expect(try JSONDecoder().decode(BoardSummary.self, from: reply.body) == expected, "\(name)")
                #expect(reply.body == (try APIJSON.encoder.encode(expected)), "\(name)")
                // What `board check --json` prints (pretty, sorted keys) is the same JSON value.
                let cli = JSONEncoder()
                cli.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                let printed = try JSONSerialization.jsonObject(with: try cli.encode(expected)) as? NSDictionary
                #expect(try JSONSerialization.jsonObject(with: reply.body) as? NSDictionary == printed, "\(name)")
            }
            // The pointer log's own counts, from the library, not hard-coded here.
            let pointer = try Self.summary(try APITest.example("boards/multitouch.jsonl"))
            #expect(pointer.form == "touchline.pointer" && pointer.durationMilliseconds != nil)
        }
    }

    @Test("a log that cannot be replayed is the reader's error, as render/board gives it; ?surface= for a headerless log")
    func postedSummaryErrors() async throws {
        try await APITest().run { client in
            let truncated = try await client.send(.post, "/api/v1/render/board/summary",
                                                  body: try APITest.example("boards/433.json").prefix(300), contentType: "application/json")
            #expect(try truncated.status == .badRequest && truncated.problem().detail.hasPrefix("body"), "\(truncated.text)")
            let wrongValue = try await client.send(
                .post, "/api/v1/render/board/summary",
                body: Data(#"{"format":"touchline.strokes","version":1,"surface":{"width":-5,"height":100},"events":[]}"#.utf8))
            #expect(try wrongValue.status == .unprocessableContent && wrongValue.problem().detail.hasPrefix("body"), "\(wrongValue.text)")
            let image = try await client.send(.post, "/api/v1/render/board/summary", body: Data("x".utf8), contentType: "image/png")
            #expect(image.status == .unsupportedMediaType)

            let lines = try APITest.example("boards/multitouch.jsonl").split(separator: UInt8(ascii: "\n")).dropFirst()
            let headerless = Data(lines.joined(separator: [UInt8(ascii: "\n")]))
            let refused = try await client.send(.post, "/api/v1/render/board/summary", body: headerless, contentType: "application/x-ndjson")
            #expect(try refused.status == .badRequest && refused.problem().detail.contains("?surface=WxH"), "\(refused.text)")
            let given = try await client.send(.post, "/api/v1/render/board/summary?surface=640x480", body: headerless,
                                              contentType: "application/x-ndjson")
            #expect(given.status == .ok, "\(given.text)")
            let summary = try JSONDecoder().decode(BoardSummary.self, from: given.body)
            #expect(summary.surface.width == 640 && summary.surface.height == 480)
            #expect(summary == (try StrokeLog(data: headerless, source: "test", surface: .init(width: 640, height: 480)).summary))
        }
    }

    @Test("POST /render/board/frames: board frames' PNGs, byte for byte, in a ZIP archive with an ETag")
    func postedFrames() async throws {
        try await APITest().run { client in
            let stepped = try APITest.example("boards/433.json")
            let everyFive = try await client.send(.post, "/api/v1/render/board/frames?every=5", body: stepped,
                                                  contentType: "application/json")
            try Self.expectArchive(everyFive, holds: try Self.frames(stepped, .everyEvents(5)))
            #expect(try TestZip.read(everyFive.body).count == 4)
            #expect(everyFive.headers[.contentDisposition] == "attachment; filename=\"board-frames.zip\"")
            // Without fps or every, a frame after every event, as the command line.
            let everyEvent = try await client.send(.post, "/api/v1/render/board/frames", body: stepped)
            try Self.expectArchive(everyEvent, holds: try Self.frames(stepped, .everyEvents(1)))

            // The look options, as board render takes them, on a timed pointer log at 10 fps.
            let pointer = try APITest.example("boards/multitouch.jsonl")
            let look = BoardRenderOptions(size: Size(width: 400, height: 300), scale: 1.5, background: .halfPitch,
                                          orientation: .vertical, stripes: true)
            let query = "fps=10&size=400x300&scale=1.5&background=half-pitch&vertical=true&stripes=true"
            let timed = try await client.send(.post, "/api/v1/render/board/frames?\(query)", body: pointer,
                                              contentType: "application/x-ndjson")
            try Self.expectArchive(timed, holds: try Self.frames(pointer, .perSecond(10), look))

            // The same input is the same bytes: a strong ETag, and 304 for it.
            let etag = try #require(timed.headers[.eTag])
            let again = try await client.send(.post, "/api/v1/render/board/frames?\(query)", body: pointer)
            #expect(again.status == .ok && again.body == timed.body && again.headers[.eTag] == etag)
            let cached = try await client.send(.post, "/api/v1/render/board/frames?\(query)", body: pointer,
                                               headers: [.ifNoneMatch: etag])
            #expect(cached.status == .notModified && cached.body.isEmpty)

            // A log without timestamps has no time to space by: one frame per event, as board frames notes.
            let untimed = try await client.send(.post, "/api/v1/render/board/frames?fps=25", body: Self.untimed)
            try Self.expectArchive(untimed, holds: try Self.frames(Self.untimed, .everyEvents(1)))
            #expect(try TestZip.read(untimed.body).count == 3)
        }
    }

    @Test("fps and every outside FrameSpacing's rule, or both, are 400 naming the parameter, before the body is read",
          arguments: [
              ("fps=0", "query parameter 'fps': expected a number above 0 and at most 1000"),
              ("fps=1001", "query parameter 'fps': expected a number above 0 and at most 1000"),
              ("fps=nan", "query parameter 'fps': expected a number above 0 and at most 1000"),
              ("fps=ten", "query parameter 'fps': expected a number above 0 and at most 1000"),
              ("every=0", "query parameter 'every': expected a whole number from 1 to 1000000 (a log holds at most that many events)"),
              ("every=1000001", "query parameter 'every': expected a whole number from 1 to 1000000 (a log holds at most that many events)"),
              ("every=2.5", "query parameter 'every': expected a whole number from 1 to 1000000 (a log holds at most that many events)"),
              ("every=9223372036854775807", "query parameter 'every': expected a whole number from 1 to 1000000 (a log holds at most that many events)"),
              ("fps=10&every=2", "query parameters 'fps' and 'every': give one or the other, not both"),
          ])
    func badSpacing(_ query: String, _ detail: String) async throws {
        try await APITest().run { client in
            let token = try await client.user("alice")
            let saved = try await client.send(.post, "/api/v1/boards", token: token, body: try APITest.example("boards/433.json"))
            let id = try #require(try saved.json()["id"] as? Int)
            let posted = try await client.send(.post, "/api/v1/render/board/frames?\(query)", body: Data("not a log".utf8))
            #expect(try posted.status == .badRequest && posted.problem().detail == detail, "\(posted.text)")
            let stored = try await client.send(.get, "/api/v1/boards/\(id)/frames?\(query)", token: token)
            #expect(try stored.status == .badRequest && stored.problem().detail == detail, "\(stored.text)")
        }
    }

    @Test("more frames than the API takes is 422 in the API's words (?fps, ?every), before any is drawn")
    func tooManyFrames() async throws {
        let pointer = try APITest.example("boards/multitouch.jsonl")
        // At 1000 fps the pointer log has more frames than the 600 a request may have.
        let planned = try BoardAnimator(renderer: try BoardRenderer(log: try StrokeLog(data: pointer, source: "test")),
                                        spacing: .perSecond(1000)).frames.count
        #expect(planned > 600)
        try await APITest().run { client in
            let reply = try await client.send(.post, "/api/v1/render/board/frames?fps=1000", body: pointer)
            #expect(reply.status == .unprocessableContent)
            #expect(try reply.problem().detail
                    == "the animation would have \(planned) frames; at most 600 are written (lower ?fps or raise ?every)")
        }
        try await APITest { $0.maxFrames = 5 }.run { client in
            let log = try APITest.example("boards/433.json")
            let events = try StrokeLog(data: log, source: "test").events.count
            let reply = try await client.send(.post, "/api/v1/render/board/frames?every=1", body: log)
            #expect(reply.status == .unprocessableContent)
            #expect(try reply.problem().detail
                    == "the animation would have \(events) frames; at most 5 are written (lower ?fps or raise ?every)")
            let fewer = try await client.send(.post, "/api/v1/render/board/frames?every=\((events + 4) / 5)", body: log)
            #expect(try fewer.status == .ok && TestZip.read(fewer.body).count == 5)
        }
    }

    @Test("an archive past its byte cap is 422 naming the limit, at the frame that passes it; up to it, the whole archive")
    func archiveByteCap() async throws {
        let log = try APITest.example("boards/433.json")
        let frames = try Self.frames(log, .everyEvents(5))
        // The archive's size, as a ZIP of stored entries: headers, names twice, data, end record.
        let exact = 22 + frames.reduce(0) { $0 + 76 + 2 * $1.name.utf8.count + $1.png.count }
        try await APITest { $0.maxFrameArchiveBytes = exact }.run { client in
            let whole = try await client.send(.post, "/api/v1/render/board/frames?every=5", body: log)
            try Self.expectArchive(whole, holds: frames)
            #expect(whole.body.count == exact)
        }
        try await APITest { $0.maxFrameArchiveBytes = exact - 1 }.run { client in
            let refused = try await client.send(.post, "/api/v1/render/board/frames?every=5", body: log)
            #expect(refused.status == .unprocessableContent)
            #expect(try refused.problem().detail == "the frames come to more than \(exact - 1) bytes, the most one archive holds "
                    + "(frame 4 of 4 passes it): lower ?size or ?scale, or send fewer frames (lower ?fps or raise ?every)")
        }
    }

    @Test("a stored board's summary and frames: its owner's alone (404 for others, 401 without a token)")
    func storedBoards() async throws {
        try await APITest().run { client in
            let alice = try await client.user("alice")
            let bob = try await client.user("bob")
            let log = try APITest.example("boards/multitouch.jsonl")
            let saved = try await client.send(.post, "/api/v1/boards?title=Pressing%20(v2)", token: alice, body: log)
            let id = try #require(try saved.json()["id"] as? Int)

            let summary = try await client.send(.get, "/api/v1/boards/\(id)/summary", token: alice)
            #expect(summary.status == .ok)
            #expect(try JSONDecoder().decode(BoardSummary.self, from: summary.body) == Self.summary(log))
            let posted = try await client.send(.post, "/api/v1/render/board/summary", body: log)
            #expect(summary.body == posted.body)

            let frames = try await client.send(.get, "/api/v1/boards/\(id)/frames?fps=10&size=320x240", token: alice)
            try Self.expectArchive(frames, holds: try Self.frames(log, .perSecond(10),
                                                                   BoardRenderOptions(size: Size(width: 320, height: 240))))
            #expect(frames.headers[.contentDisposition]
                    == "attachment; filename=\"Pressing-v2-frames.zip\"; filename*=UTF-8''Pressing%20%28v2%29%20frames.zip")
            let postedFrames = try await client.send(.post, "/api/v1/render/board/frames?fps=10&size=320x240", body: log)
            #expect(postedFrames.body == frames.body && postedFrames.headers[.eTag] == frames.headers[.eTag])
            let etag = try #require(frames.headers[.eTag])
            let cached = try await client.send(.get, "/api/v1/boards/\(id)/frames?fps=10&size=320x240", token: alice,
                                               headers: [.ifNoneMatch: etag])
            #expect(cached.status == .notModified)

            for path in ["summary", "frames"] {
                let peek = try await client.send(.get, "/api/v1/boards/\(id)/\(path)", token: bob)
                #expect(try peek.status == .notFound && peek.problem().detail == "no board '\(id)'", "\(path)")
                let missing = try await client.send(.get, "/api/v1/boards/\(id + 100)/\(path)", token: alice)
                #expect(try missing.status == .notFound && missing.problem().detail == "no board '\(id + 100)'", "\(path)")
                let anonymous = try await client.send(.get, "/api/v1/boards/\(id)/\(path)")
                #expect(anonymous.status == .unauthorized, "\(path)")
            }
        }
    }
}
