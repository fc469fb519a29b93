import Canvas
import Foundation
import GRDB
import Routes
import Synchronization
import Testing
@testable import Club

/// ``MBTilesSource`` over small MBTiles files built here: `tiles` is a view over `map` and
/// `images`, as in deduplicated files, and rows are in TMS order.
@Suite struct MBTilesTests {
    /// A temporary folder removed when the test ends.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mbtiles-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    }

    /// A distinct opaque colour for each tile.
    static func colour(z: Int, x: Int, y: Int) -> RGBA {
        RGBA(red: UInt8(40 + (x * 37 + z * 11) % 180), green: UInt8(40 + (y * 53 + z * 7) % 180), blue: 200)
    }

    /// A 256×256 PNG of one colour, drawn with Canvas.
    static func png(_ colour: RGBA) throws -> Data {
        let canvas = try Canvas(width: 256, height: 256)
        var path = Path()
        path.addRect(Rect(x: 0, y: 0, width: 256, height: 256))
        canvas.fill(path, color: Color(red: Double(colour.red) / 255, green: Double(colour.green) / 255,
                                       blue: Double(colour.blue) / 255))
        return try canvas.encoded()
    }

    /// Writes an MBTiles file with `tiles` (XYZ coordinates, stored flipped to TMS rows),
    /// each a PNG of ``colour(z:x:y:)``.
    static func makeMBTiles(at path: String, tiles: [[Int]], metadata: [String: String] = [
        "name": "Test", "format": "png", "attribution": "© Test Tiles", "minzoom": "0", "maxzoom": "18",
    ]) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE metadata (name TEXT, value TEXT);
                CREATE TABLE map (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_id TEXT);
                CREATE TABLE images (tile_id TEXT PRIMARY KEY, tile_data BLOB);
                CREATE VIEW tiles AS SELECT map.zoom_level AS zoom_level, map.tile_column AS tile_column,
                    map.tile_row AS tile_row, images.tile_data AS tile_data
                    FROM map JOIN images ON images.tile_id = map.tile_id;
                """)
            for (name, value) in metadata {
                try db.execute(sql: "INSERT INTO metadata (name, value) VALUES (?, ?)", arguments: [name, value])
            }
            for tile in tiles {
                let (z, x, y) = (tile[0], tile[1], tile[2])
                let id = "\(z)/\(x)/\(y)"
                try db.execute(sql: "INSERT INTO images (tile_id, tile_data) VALUES (?, ?)",
                               arguments: [id, try png(colour(z: z, x: x, y: y))])
                try db.execute(sql: "INSERT INTO map VALUES (?, ?, ?, ?)", arguments: [z, x, (1 << z) - 1 - y, id])
            }
        }
    }

    @Test func readsTilesInTMSOrderThroughAView() throws {
        let folder = try Folder()
        let path = folder.path("world.mbtiles")
        try Self.makeMBTiles(at: path, tiles: [[0, 0, 0], [1, 0, 0], [1, 0, 1], [1, 1, 1]])
        let source = try MBTilesSource(path: path)

        // XYZ (1, 0, 0) is the north-west tile: row 1 in TMS.
        let northWest = try #require(source.tile(z: 1, x: 0, y: 0))
        #expect(northWest.width == 256 && northWest.height == 256)
        #expect(northWest.pixel(x: 128, y: 128).distance(to: Self.colour(z: 1, x: 0, y: 0)) <= 2)
        let stored = try DatabaseQueue(path: path).read { db in
            try Int.fetchOne(db, sql: "SELECT tile_row FROM map WHERE tile_id = '1/0/0'")
        }
        #expect(stored == 1)
        let southWest = try #require(source.tile(z: 1, x: 0, y: 1))
        #expect(southWest.pixel(x: 5, y: 5).distance(to: Self.colour(z: 1, x: 0, y: 1)) <= 2)
        #expect(source.tile(z: 0, x: 0, y: 0) != nil)

        // Missing and out-of-range tiles are nil.
        #expect(source.tile(z: 1, x: 1, y: 0) == nil)
        #expect(source.tile(z: 5, x: 3, y: 3) == nil)
        #expect(source.tile(z: 1, x: 2, y: 0) == nil)
        #expect(source.tile(z: -1, x: 0, y: 0) == nil)
        #expect(source.tile(z: 64, x: 0, y: 0) == nil)
    }

    @Test func metadata() throws {
        let folder = try Folder()
        let path = folder.path("meta.mbtiles")
        try Self.makeMBTiles(at: path, tiles: [[0, 0, 0]])
        let source = try MBTilesSource(path: path)
        #expect(source.attribution == "© Test Tiles")
        #expect(source.name == "Test")
        #expect(source.format == "png" && source.hasDecodableFormat)
        #expect(source.zoomRange == 0...18)
        #expect(source.metadata["minzoom"] == "0" && source.metadata["maxzoom"] == "18")

        let bare = folder.path("bare.mbtiles")
        try Self.makeMBTiles(at: bare, tiles: [], metadata: ["format": "jpg", "attribution": "  "])
        let jpeg = try MBTilesSource(path: bare)
        #expect(jpeg.attribution == nil && jpeg.zoomRange == nil && !jpeg.hasDecodableFormat)
    }

    @Test func undecodableAndOversizedTilesAreNil() throws {
        let folder = try Folder()
        let path = folder.path("odd.mbtiles")
        try Self.makeMBTiles(at: path, tiles: [])
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: """
                INSERT INTO images VALUES ('jpeg', X'FFD8FFE000104A464946');
                INSERT INTO map VALUES (2, 0, 3, 'jpeg');
                INSERT INTO images VALUES ('huge', zeroblob(\(MBTilesSource.maximumTileBytes + 1)));
                INSERT INTO map VALUES (2, 1, 3, 'huge');
                """)
        }
        let source = try MBTilesSource(path: path)
        #expect(source.tile(z: 2, x: 0, y: 0) == nil)
        #expect(source.tile(z: 2, x: 1, y: 0) == nil)
    }

    @Test func refusesWhatIsNotMBTiles() throws {
        let folder = try Folder()
        let other = folder.path("other.sqlite")
        try DatabaseQueue(path: other).write { db in
            try db.execute(sql: "CREATE TABLE tiles (x INTEGER); CREATE TABLE metadata (name TEXT, value TEXT)")
        }
        let noMetadata = folder.path("nometa.sqlite")
        try DatabaseQueue(path: noMetadata).write { db in
            try db.execute(sql: "CREATE TABLE tiles (zoom_level, tile_column, tile_row, tile_data)")
        }
        let text = folder.path("text.mbtiles")
        try Data("not a database at all, just some text that is long enough to be read".utf8)
            .write(to: URL(fileURLWithPath: text))
        for path in [other, noMetadata, text] {
            do {
                _ = try MBTilesSource(path: path)
                Issue.record("\(path) was accepted")
            } catch let error as ClubError {
                guard case .invalid(let field, let message) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(field == path && message.contains("not an MBTiles file"), "\(message)")
            }
        }
        #expect(throws: ClubError.notFound(kind: "MBTiles file", reference: folder.path("missing.mbtiles"))) {
            try MBTilesSource(path: folder.path("missing.mbtiles"))
        }
    }

    /// Records the tiles a render asks for, having none.
    final class Recorder: TileSource {
        let asked = Mutex<[[Int]]>([])
        func tile(z: Int, x: Int, y: Int) -> RasterImage? {
            asked.withLock { $0.append([z, x, y]) }
            return nil
        }
    }

    static func offset(_ lat: Double, _ lon: Double, east: Double, north: Double) -> GeoPoint {
        let radius = 6_371_008.8
        return GeoPoint(latitude: lat + north / radius * 180 / .pi,
                        longitude: lon + east / (radius * cos(lat * .pi / 180)) * 180 / .pi)
    }

    @Test func rendersARouteOverTheTilesWithOneMissing() throws {
        let points = (0..<100).map { i in
            let angle = Double(i) / 99 * 1.5 * .pi
            return Self.offset(48.137, 11.575, east: 1_000 * cos(angle), north: 1_000 * sin(angle))
        }
        let document = RouteDocument(tracks: [Track(segments: [points])])
        let recorder = Recorder()
        let probe = try RouteMapRenderer(document: document, options: RouteMapOptions(tiles: recorder))
        let asked = recorder.asked.withLock { $0 }
        #expect(asked.count >= 2)
        func tile(under point: Point) -> [Int] {
            let world = probe.fit.world(at: point)
            let n = Double(1 << probe.tileZoom)
            return [probe.tileZoom, Int((world.x * n).rounded(.down)), Int((world.y * n).rounded(.down))]
        }
        let corner = tile(under: Point(x: 1, y: 1))
        let missing = try #require(asked.first { $0 != corner })

        let folder = try Folder()
        let path = folder.path("munich.mbtiles")
        try Self.makeMBTiles(at: path, tiles: asked.filter { $0 != missing })
        let source = try MBTilesSource(path: path)
        let renderer = try RouteMapRenderer(document: document,
                                            options: RouteMapOptions(tiles: source, attribution: source.attribution))
        #expect(renderer.tileZoom == probe.tileZoom)
        let result = try renderer.render(format: .png)
        let image = try RasterImage(pngData: result.data)
        #expect(image.pixel(x: 1, y: 1).distance(to: Self.colour(z: corner[0], x: corner[1], y: corner[2])) <= 6)
        #expect(result.notes.count == 1)
        #expect(result.notes.first?.contains("1 of \(asked.count) map tiles missing") == true, "\(result.notes)")
        #expect(result.notes.first?.contains(missing.map(String.init).joined(separator: "/")) == true)
    }
}
