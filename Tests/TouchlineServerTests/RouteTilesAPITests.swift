import Canvas
import Foundation
import GRDB
import MapTiles
import Routes
import Synchronization
import Testing
@testable import TouchlineServer

/// Route maps over the server's offline tiles (`serve --tiles`), with an MBTiles file built
/// here holding every tile the render asks for, each of one colour.
@Suite("Route maps over map tiles")
struct RouteTilesAPITests {
    static let track = "Tests/RoutesTests/Fixtures/georust/garmin-activity.gpx"
    static let tileColour = RGBA(red: 30, green: 160, blue: 90)

    final class Recorder: TileSource {
        let asked = Mutex<[[Int]]>([])
        func tile(z: Int, x: Int, y: Int) -> RasterImage? {
            asked.withLock { $0.append([z, x, y]) }
            return nil
        }
    }

    /// An MBTiles file with every tile a `size` map of the track needs, all of ``tileColour``.
    static func tiles(at path: String, size: Size) throws {
        let data = try Data(contentsOf: APITest.root.appendingPathComponent(track))
        let document = try RouteReader.read(data, source: "track").document
        let recorder = Recorder()
        _ = try RouteMapRenderer(document: document, options: RouteMapOptions(size: size, tiles: recorder))
        let canvas = try Canvas(width: 256, height: 256)
        var square = Path()
        square.addRect(Rect(x: 0, y: 0, width: 256, height: 256))
        canvas.fill(square, color: Color(red: 30 / 255, green: 160 / 255, blue: 90 / 255))
        let png = try canvas.encoded()
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: """
                CREATE TABLE metadata (name TEXT, value TEXT);
                INSERT INTO metadata VALUES ('name', 'Test'), ('format', 'png'), ('attribution', '© Test Tiles');
                CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
                """)
            for tile in recorder.asked.withLock({ $0 }) {
                try db.execute(sql: "INSERT INTO tiles VALUES (?, ?, ?, ?)",
                               arguments: [tile[0], tile[1], (1 << tile[0]) - 1 - tile[2], png])
            }
        }
    }

    @Test("maps and thumbnails of stored and posted routes are drawn over the tiles; tiles=false leaves them out")
    func overTiles() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchline-tiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("area.mbtiles").path
        try Self.tiles(at: path, size: Size(width: 400, height: 300))
        let source = try MBTilesSource(path: path)
        let gpx = try Data(contentsOf: APITest.root.appendingPathComponent(Self.track))
        try await APITest { $0.tiles = source }.run { client in
            let alice = try await client.user("alice")
            let upload = try await client.send(.post, "/api/v1/routes", token: alice, body: gpx, contentType: "application/gpx+xml")
            let id = try #require(try upload.json()["id"] as? Int)
            for (path, token) in [("/api/v1/routes/\(id).png?size=400x300", alice), ("/api/v1/routes/\(id)/thumbnail.png?size=400x300", alice)] {
                let map = try await client.send(.get, path, token: token)
                #expect(map.status == .ok)
                let image = try RasterImage(pngData: map.body)
                #expect(image.width == 400 && image.height == 300)
                #expect(image.pixel(x: 1, y: 1).distance(to: Self.tileColour) <= 6, "\(path)")
                let plain = try await client.send(.get, path + "&tiles=false", token: token)
                #expect(try RasterImage(pngData: plain.body).pixel(x: 1, y: 1).distance(to: Self.tileColour) > 30, "\(path)")
            }
            let posted = try await client.send(.post, "/api/v1/render/route?size=400x300", body: gpx, contentType: "application/gpx+xml")
            #expect(try RasterImage(pngData: posted.body).pixel(x: 1, y: 1).distance(to: Self.tileColour) <= 6)
        }
    }

    @Test("asking for tiles from a server without any is 422; a bad value 400")
    func noTiles() async throws {
        try await APITest().run { client in
            let gpx = try Data(contentsOf: APITest.root.appendingPathComponent(Self.track))
            let asked = try await client.send(.post, "/api/v1/render/route?tiles=true", body: gpx, contentType: "application/gpx+xml")
            #expect(asked.status == .unprocessableContent)
            #expect(try asked.problem().detail == "query parameter 'tiles': this server has no map tiles")
            let bad = try await client.send(.post, "/api/v1/render/route/thumbnail?tiles=maybe", body: gpx, contentType: "application/gpx+xml")
            #expect(bad.status == .badRequest)
            #expect(try bad.problem().detail == "query parameter 'tiles': expected true or false")
            let without = try await client.send(.post, "/api/v1/render/route", body: gpx, contentType: "application/gpx+xml")
            #expect(without.status == .ok)
        }
    }
}
