import Canvas
import Foundation
import GRDB
import Routes
import Synchronization
import Testing

/// `touchline route render --tiles`, end to end on the built binary with an MBTiles file built
/// here (`tiles` a view over `map` and `images`, rows in TMS order, one tile missing).
@Suite struct TilesCommandTests {
    static func colour(z: Int, x: Int, y: Int) -> RGBA {
        RGBA(red: UInt8(40 + (x * 37 + z * 11) % 180), green: UInt8(40 + (y * 53 + z * 7) % 180), blue: 200)
    }

    static func png(_ colour: RGBA) throws -> Data {
        let canvas = try Canvas(width: 256, height: 256)
        var path = Path()
        path.addRect(Rect(x: 0, y: 0, width: 256, height: 256))
        canvas.fill(path, color: Color(red: Double(colour.red) / 255, green: Double(colour.green) / 255,
                                       blue: Double(colour.blue) / 255))
        return try canvas.encoded()
    }

    /// An MBTiles file holding `tiles` (XYZ), each of ``colour(z:x:y:)``.
    static func makeMBTiles(at path: String, tiles: [[Int]]) throws {
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: """
                CREATE TABLE metadata (name TEXT, value TEXT);
                INSERT INTO metadata VALUES ('name', 'Test'), ('format', 'png'), ('attribution', '© Test Tiles');
                CREATE TABLE map (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_id TEXT);
                CREATE TABLE images (tile_id TEXT PRIMARY KEY, tile_data BLOB);
                CREATE VIEW tiles AS SELECT zoom_level, tile_column, tile_row, tile_data
                    FROM map JOIN images USING (tile_id);
                """)
            for tile in tiles {
                let id = tile.map(String.init).joined(separator: "/")
                try db.execute(sql: "INSERT INTO images VALUES (?, ?)",
                               arguments: [id, try png(colour(z: tile[0], x: tile[1], y: tile[2]))])
                try db.execute(sql: "INSERT INTO map VALUES (?, ?, ?, ?)",
                               arguments: [tile[0], tile[1], (1 << tile[0]) - 1 - tile[2], id])
            }
        }
    }

    final class Recorder: TileSource {
        let asked = Mutex<[[Int]]>([])
        func tile(z: Int, x: Int, y: Int) -> RasterImage? {
            asked.withLock { $0.append([z, x, y]) }
            return nil
        }
    }

    @Test func renderOverOfflineTilesWithOneMissing() throws {
        let track = RouteCommandTests.track("georust/garmin_with_extensions.gpx")
        let document = try RouteReader.read(contentsOf: URL(fileURLWithPath: track)).document
        // The tiles the command's render will ask for, found by asking a recorder first.
        let recorder = Recorder()
        let probe = try RouteMapRenderer(document: document,
                                         options: RouteMapOptions(size: Size(width: 400, height: 300), tiles: recorder))
        let asked = recorder.asked.withLock { $0 }
        let world = probe.fit.world(at: Point(x: 1, y: 1))
        let n = Double(1 << probe.tileZoom)
        let corner = [probe.tileZoom, Int((world.x * n).rounded(.down)), Int((world.y * n).rounded(.down))]
        let missing = try #require(asked.first { $0 != corner })

        let scratch = try Scratch()
        let tiles = scratch.path("area.mbtiles")
        try Self.makeMBTiles(at: tiles, tiles: asked.filter { $0 != missing })
        let result = try Touchline.run(["route", "render", track, "-o", scratch.path("map.png"), "--size", "400x300",
                                        "--tiles", tiles])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("touchline: note: 1 of \(asked.count) map tiles missing"), "\(result.stderr)")
        #expect(result.stderr.contains(missing.map(String.init).joined(separator: "/")))
        let image = try RasterImage(contentsOf: URL(fileURLWithPath: scratch.path("map.png")))
        #expect(image.width == 400 && image.height == 300)
        #expect(image.pixel(x: 1, y: 1).distance(to: Self.colour(z: corner[0], x: corner[1], y: corner[2])) <= 6)

        let thumbs = try Touchline.run(["route", "thumbs", track, "--out", scratch.path("thumbs"), "--size", "400x300",
                                        "--tiles", tiles, "--quiet"])
        #expect(thumbs.status == 0, "\(thumbs.stderr)")
        let thumb = try RasterImage(contentsOf: URL(fileURLWithPath: scratch.path("thumbs/garmin_with_extensions-400x300.png")))
        #expect(thumb.pixel(x: 1, y: 1).distance(to: Self.colour(z: corner[0], x: corner[1], y: corner[2])) <= 6)
    }

    @Test func notMBTilesIs65AndMissingIs66() throws {
        let scratch = try Scratch()
        let track = RouteCommandTests.track("georust/garmin_with_extensions.gpx")
        let other = scratch.path("other.sqlite")
        try DatabaseQueue(path: other).write { db in try db.execute(sql: "CREATE TABLE things (x INTEGER)") }
        let text = try scratch.write("text.mbtiles", "just some text, not a database of any kind at all\n")
        for file in [other, text] {
            let result = try Touchline.run(["route", "render", track, "-o", scratch.path("x.png"), "--tiles", file])
            #expect(result.status == 65, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("touchline: error: \(file): not an MBTiles file"), "\(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1)
            #expect(!FileManager.default.fileExists(atPath: scratch.path("x.png")))
        }
        let missing = try Touchline.run(["route", "render", track, "-o", scratch.path("x.png"),
                                         "--tiles", scratch.path("missing.mbtiles")])
        #expect(missing.status == 66)
        #expect(missing.stderr == "touchline: error: \(scratch.path("missing.mbtiles")): no such file\n")
        let thumbs = try Touchline.run(["route", "thumbs", track, "--out", scratch.path("t"), "--tiles", other])
        #expect(thumbs.status == 65)
    }

    @Test func aMetadataViewThatNeverEndsIs65Quickly() throws {
        let scratch = try Scratch()
        let track = RouteCommandTests.track("georust/garmin_with_extensions.gpx")
        let forever = scratch.path("forever.mbtiles")
        try DatabaseQueue(path: forever).write { db in
            try db.execute(sql: """
                CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
                CREATE VIEW metadata AS
                    WITH RECURSIVE counter(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM counter)
                    SELECT 'name' AS name, 'value' AS value FROM counter WHERE n < 0;
                """)
        }
        let started = ContinuousClock.now
        let result = try Touchline.run(["route", "render", track, "-o", scratch.path("x.png"), "--tiles", forever])
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(result.status == 65)
        #expect(result.stderr == "touchline: error: \(forever): reading its metadata did not finish within 20 million SQLite "
            + "steps: refused (a view that never ends?)\n", "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("x.png")))
    }
}
