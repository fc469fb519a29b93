import Canvas
import Foundation
import HTTPTypes
import Tactics
import Testing
@testable import TouchlineServer

/// The web board's pitch and pens, from the renderer: `GET /api/v1/pitch.svg` and `GET /api/v1/board-style`.
@Suite("The pitch picture and the board style")
struct PitchAPITests {
    /// The numbers of a `Touchline-Pitch-Rect` header.
    static func rect(_ reply: Reply) throws -> Rect {
        let text = try #require(reply.headers[HTTPField.Name("Touchline-Pitch-Rect")!])
        let numbers = text.split(separator: ",").compactMap { Double($0) }
        guard numbers.count == 4 else { throw TestFailure("not x,y,w,h: \(text)") }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// The layout the replay fits on a surface when a log gives no pitch rectangle, in the header's wording.
    static func expectedHeader(_ size: Size, _ orientation: PitchOrientation, half: Bool) -> String {
        let area = PitchLayout(fitting: Rect(x: 0, y: 0, width: size.width, height: size.height), dimensions: .standard,
                               orientation: orientation, isHalf: half).area
        return [area.x, area.y, area.width, area.height].map { value in
            var text = String(format: "%.3f", value)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text
        }.joined(separator: ",")
    }

    /// A pointer log's header line (and `lines` after it).
    static func pointerLog(surface: Size, rect: Rect?, orientation: PitchOrientation = .horizontal, _ lines: [String] = []) -> Data {
        let pitch = rect.map { #","pitch":{"rect":[\#($0.x),\#($0.y),\#($0.width),\#($0.height)]}"# } ?? ""
        let header = #"{"type":"header","format":"touchline.pointer","version":1,"surface":{"width":\#(surface.width),"#
            + #""height":\#(surface.height)}\#(pitch),"orientation":"\#(orientation.rawValue)"}"#
        return Data(([header] + lines).joined(separator: "\n").utf8 + [0x0A])
    }

    @Test("GET /pitch.svg: the renderer's pitch at 1130x760 unless asked, its playing area in Touchline-Pitch-Rect, cacheable")
    func defaultPitch() async throws {
        try await APITest().run { client in
            let reply = try await client.send(.get, "/api/v1/pitch.svg")
            #expect(reply.status == .ok)
            #expect(reply.headers[.contentType] == "image/svg+xml")
            let size = Size(width: 1130, height: 760)
            #expect(reply.headers[HTTPField.Name("Touchline-Pitch-Rect")!] == Self.expectedHeader(size, .horizontal, half: false))
            #expect(reply.text.contains(#"viewBox="0 0 1130 760""#))
            // Exactly what the replay draws under a log recorded on this surface with this rectangle.
            let rect = try Self.rect(reply)
            let log = try StrokeLog(data: Self.pointerLog(surface: size, rect: rect), source: "test")
            #expect(reply.body == (try BoardRenderer(log: log).render(format: .svg)))
            // The same bytes every time, a strong ETag, 304 with the rectangle still said.
            let again = try await client.send(.get, "/api/v1/pitch.svg?size=1130x760&orientation=horizontal&background=pitch")
            #expect(again.body == reply.body)
            let etag = try #require(reply.headers[.eTag])
            #expect(again.headers[.eTag] == etag)
            let cached = try await client.send(.get, "/api/v1/pitch.svg", headers: [.ifNoneMatch: etag])
            #expect(cached.status == .notModified)
            #expect(cached.headers[HTTPField.Name("Touchline-Pitch-Rect")!] == reply.headers[HTTPField.Name("Touchline-Pitch-Rect")!])
            // No login needed, and not a page: no page headers.
            #expect(reply.headers[.contentSecurityPolicy] == nil)
        }
    }

    @Test("orientation, background and size change the picture and the rectangle as the replay's layout does")
    func variants() async throws {
        try await APITest().run { client in
            var bodies: Set<Data> = []
            for orientation in PitchOrientation.allCases {
                for background in BoardBackground.allCases {
                    for size in [Size(width: 1130, height: 760), Size(width: 600, height: 900)] {
                        let query = "orientation=\(orientation.rawValue)&background=\(background.rawValue)"
                            + "&size=\(Int(size.width))x\(Int(size.height))"
                        let reply = try await client.send(.get, "/api/v1/pitch.svg?\(query)")
                        #expect(reply.status == .ok, "\(query)")
                        let header = reply.headers[HTTPField.Name("Touchline-Pitch-Rect")!]
                        #expect(header == Self.expectedHeader(size, orientation, half: background == .halfPitch), "\(query)")
                        #expect(reply.text.contains(#"viewBox="0 0 \#(Int(size.width)) \#(Int(size.height))""#), "\(query)")
                        bodies.insert(reply.body)
                    }
                }
            }
            // Pitches differ by orientation and size; a blank or transparent picture only by size.
            #expect(bodies.count == 12)
            let vertical = try Self.rect(try await client.send(.get, "/api/v1/pitch.svg?orientation=vertical&size=600x900"))
            #expect(vertical.height > vertical.width)
            let half = try Self.rect(try await client.send(.get, "/api/v1/pitch.svg?background=half-pitch"))
            let whole = try Self.rect(try await client.send(.get, "/api/v1/pitch.svg"))
            #expect(half.width / half.height < whole.width / whole.height)
        }
    }

    @Test("bad parameters: 400 naming the parameter; a size past the render limits 422")
    func badParameters() async throws {
        try await APITest().run { client in
            for (query, name) in [("orientation=diagonal", "orientation"), ("background=grass", "background"),
                                  ("size=0x10", "size"), ("size=wide", "size"), ("size=-5x10", "size")] {
                let reply = try await client.send(.get, "/api/v1/pitch.svg?\(query)")
                #expect(reply.status == .badRequest, "\(query)")
                #expect(try reply.problem().detail.contains("'\(name)'"), "\(query)")
            }
            let huge = try await client.send(.get, "/api/v1/pitch.svg?size=100000x100000")
            #expect(huge.status == .unprocessableContent)
        }
    }

    @Test("a log recorded over the picture with its rectangle: a dot at the pitch centre lands on the centre spot")
    func inkLandsOnThePitch() async throws {
        try await APITest().run { client in
            let svg = try await client.send(.get, "/api/v1/pitch.svg?size=1130x760")
            let rect = try Self.rect(svg)
            let surface = Size(width: 1130, height: 760)
            let centre = (x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
            let tap = [#"{"t":0,"type":"tool","tool":"red"}"#, #"{"t":0,"type":"down","id":1,"x":\#(centre.x),"y":\#(centre.y)}"#,
                       #"{"t":40,"type":"up","id":1,"x":\#(centre.x),"y":\#(centre.y)}"#]
            // Rendered at another size and shape: the surface is fitted into 800x800, centred.
            let scale = 800.0 / 1130, top = (800 - 760 * scale) / 2
            let spot = (x: Int(centre.x * scale), y: Int(top + centre.y * scale))
            let red = RGBA(Pen.defaults["red"]?.color ?? .black)
            let white = RGBA(.white)

            let blank = try await client.send(.post, "/api/v1/render/board?size=800x800",
                                              body: Self.pointerLog(surface: surface, rect: rect), contentType: "application/x-ndjson")
            let pitch = try RasterImage(pngData: blank.body)
            let grass = RGBA(BoardStyle.standard.grass)
            // The centre spot (on the halfway line) is there, and the touchline where the rectangle says.
            #expect(Self.whitest(pitch, x: spot.x, y: spot.y).distance(to: white) <= 80)
            let left = Int(rect.x * scale), nearCorner = Int(top + (rect.y + rect.height / 10) * scale)
            #expect(Self.whitest(pitch, x: left, y: nearCorner).distance(to: white) <= 80, "the goal line")
            #expect(pitch.pixel(x: left - 5, y: nearCorner).distance(to: grass) <= 8, "outside the pitch")
            #expect(pitch.pixel(x: left + 5, y: nearCorner).distance(to: grass) <= 8, "inside the pitch")
            // Without the rectangle the replay lays the pitch out the same way: the same picture.
            let unstated = try await client.send(.post, "/api/v1/render/board?size=800x800",
                                                 body: Self.pointerLog(surface: surface, rect: nil), contentType: "application/x-ndjson")
            #expect(unstated.body == blank.body)

            let drawn = try await client.send(.post, "/api/v1/render/board?size=800x800",
                                              body: Self.pointerLog(surface: surface, rect: rect, tap), contentType: "application/x-ndjson")
            let ink = try RasterImage(pngData: drawn.body)
            #expect(ink.pixel(x: spot.x, y: spot.y).distance(to: red) <= 8, "\(ink.pixel(x: spot.x, y: spot.y))")
            #expect(ink.pixel(x: spot.x + 20, y: spot.y).distance(to: red) > 100)

            // The same for a vertical pitch.
            let verticalSVG = try await client.send(.get, "/api/v1/pitch.svg?orientation=vertical&size=760x1130")
            let vertical = try Self.rect(verticalSVG)
            let vCentre = (x: vertical.x + vertical.width / 2, y: vertical.y + vertical.height / 2)
            let vTap = [#"{"t":0,"type":"down","id":1,"x":\#(vCentre.x),"y":\#(vCentre.y)}"#,
                        #"{"t":40,"type":"up","id":1,"x":\#(vCentre.x),"y":\#(vCentre.y)}"#]
            let vDrawn = try await client.send(.post, "/api/v1/render/board",
                                               body: Self.pointerLog(surface: Size(width: 760, height: 1130), rect: vertical,
                                                                     orientation: .vertical, vTap),
                                               contentType: "application/x-ndjson")
            let vInk = try RasterImage(pngData: vDrawn.body)
            #expect(vInk.width == 760 && vInk.height == 1130)
            #expect(vInk.pixel(x: Int(vCentre.x), y: Int(vCentre.y)).distance(to: red) <= 8)
        }
    }

    /// The pixel nearest to white within one pixel of (`x`, `y`): lines thinner than two pixels
    /// are shared between neighbours.
    static func whitest(_ image: RasterImage, x: Int, y: Int) -> RGBA {
        var best = image.pixel(x: x, y: y)
        for dx in -1...1 {
            for dy in -1...1 {
                let pixel = image.pixel(x: x + dx, y: y + dy)
                if pixel.distance(to: RGBA(.white)) < best.distance(to: RGBA(.white)) { best = pixel }
            }
        }
        return best
    }

    @Test("GET /board-style: the log's default pens and eraser")
    func boardStyle() async throws {
        try await APITest().run { client in
            let reply = try await client.send(.get, "/api/v1/board-style")
            #expect(reply.status == .ok)
            #expect(reply.headers[.contentType] == "application/json")
            #expect(reply.text == ##"{"eraser":{"width":32},"pens":{"blue":{"color":"#1976D2","width":6},"##
                + ##""red":{"color":"#D32F2F","width":6}}}"##)
        }
    }
}
