import Canvas
import Foundation
import GRDB
@testable import Routes
import Synchronization
import TestSupport
import Testing
@testable import MapTiles

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
        #expect(jpeg.attribution == nil && jpeg.zoomRange == nil && jpeg.hasDecodableFormat)
        let webp = folder.path("webp.mbtiles")
        try Self.makeMBTiles(at: webp, tiles: [], metadata: ["format": "webp"])
        #expect(try !MBTilesSource(path: webp).hasDecodableFormat)
    }

    @Test func jpegTilesDecodeAndOtherFormatsAreMissing() throws {
        let folder = try Folder()
        let path = folder.path("odd.mbtiles")
        try Self.makeMBTiles(at: path, tiles: [])
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: """
                INSERT INTO images VALUES ('webp', CAST('RIFF0000WEBPVP8 ' AS BLOB));
                INSERT INTO map VALUES (2, 2, 3, 'webp');
                """)
            try db.execute(sql: "INSERT INTO images VALUES ('jpeg', ?)", arguments: [TestImages.quadrantsOrientation6])
            try db.execute(sql: "INSERT INTO map VALUES (2, 0, 3, 'jpeg')")
        }
        let source = try MBTilesSource(path: path)
        // The JPEG decodes, upright by its EXIF orientation: red top-left.
        let jpeg = try #require(source.tile(z: 2, x: 0, y: 0))
        #expect(jpeg.width == 48 && jpeg.height == 32)
        let red = TestImages.quadrantColours[0]
        #expect(jpeg.pixel(x: 5, y: 5).distance(to: RGBA(red: red.red, green: red.green, blue: red.blue)) <= 16)
        // WebP: missing, not an error.
        #expect(try source.tile(z: 2, x: 2, y: 0, limits: MBTilesSource.tileLimits) == nil)
    }

    @Test func oversizedAndBombTilesAreRefusedBeforeDecoding() throws {
        let folder = try Folder()
        let path = folder.path("bombs.mbtiles")
        try Self.makeMBTiles(at: path, tiles: [])
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: """
                INSERT INTO images VALUES ('huge', zeroblob(\(MBTilesSource.maximumTileBytes + 1)));
                INSERT INTO map VALUES (2, 1, 3, 'huge');
                """)
            try db.execute(sql: "INSERT INTO images VALUES ('png-bomb', ?)", arguments: [TestImages.png(claimingWidth: 16_384, height: 16_384)])
            try db.execute(sql: "INSERT INTO images VALUES ('jpeg-bomb', ?)", arguments: [TestImages.jpeg(claimingWidth: 60_000, height: 60_000)])
            try db.execute(sql: "INSERT INTO images VALUES ('broken', ?)", arguments: [TestImages.png(claimingWidth: 256, height: 256)])
            try db.execute(sql: "INSERT INTO map VALUES (2, 2, 3, 'png-bomb'), (2, 3, 3, 'jpeg-bomb'), (2, 0, 2, 'broken')")
        }
        let source = try MBTilesSource(path: path)
        let limits = MBTilesSource.tileLimits
        let started = ContinuousClock.now
        #expect(throws: CanvasError.imageDataTooLarge(bytes: MBTilesSource.maximumTileBytes + 1, maximum: MBTilesSource.maximumTileBytes)) {
            try source.tile(z: 2, x: 1, y: 0, limits: limits)
        }
        #expect(throws: CanvasError.imageOverLimits(width: 16_384, height: 16_384, limits: limits)) {
            try source.tile(z: 2, x: 2, y: 0, limits: limits)
        }
        #expect(throws: CanvasError.imageOverLimits(width: 60_000, height: 60_000, limits: limits)) {
            try source.tile(z: 2, x: 3, y: 0, limits: limits)
        }
        #expect(throws: CanvasError.self) { try source.tile(z: 2, x: 0, y: 1, limits: limits) }
        // A render's remaining budget is a limit like the others.
        let small = ImageLimits(maximumBytes: .max, maximumSide: 1_024, maximumPixels: 100)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO images VALUES ('tile', ?)", arguments: [try Self.png(Self.colour(z: 2, x: 0, y: 0))])
            try db.execute(sql: "INSERT INTO map VALUES (2, 0, 3, 'tile')")
        }
        #expect(throws: CanvasError.imageOverLimits(width: 256, height: 256, limits: ImageLimits(maximumBytes: MBTilesSource.maximumTileBytes, maximumSide: 1_024, maximumPixels: 100))) {
            try source.tile(z: 2, x: 0, y: 0, limits: small)
        }
        #expect(source.tile(z: 2, x: 0, y: 0) != nil)
        #expect(ContinuousClock.now - started < .seconds(2))
    }

    @Test func aMetadataViewThatNeverReturnsIsRefusedWithinTheStepBudget() throws {
        let folder = try Folder()
        let path = folder.path("forever.mbtiles")
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: """
                CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
                CREATE VIEW metadata AS
                    WITH RECURSIVE counter(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM counter)
                    SELECT 'name' AS name, 'value' AS value FROM counter WHERE n < 0;
                """)
        }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size <= 8_192)
        let started = ContinuousClock.now
        #expect(throws: MBTilesError.tooSlow(path: path, what: "metadata")) { try MBTilesSource(path: path) }
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(MBTilesError.tooSlow(path: "x.mbtiles", what: "metadata").localizedDescription
            == "x.mbtiles: reading its metadata did not finish within 20 million SQLite steps: refused (a view that never ends?)")
    }

    @Test func aTilesViewThatNeverReturnsGivesAnErrorNotAHang() throws {
        let folder = try Folder()
        let path = folder.path("slow-tiles.mbtiles")
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: """
                CREATE TABLE metadata (name TEXT, value TEXT);
                CREATE VIEW tiles AS
                    WITH RECURSIVE counter(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM counter)
                    SELECT 0 AS zoom_level, 0 AS tile_column, 0 AS tile_row, randomblob(10) AS tile_data
                    FROM counter WHERE n < 0;
                """)
        }
        let source = try MBTilesSource(path: path)
        let started = ContinuousClock.now
        #expect(throws: DatabaseError.self) { try source.tile(z: 0, x: 0, y: 0, limits: MBTilesSource.tileLimits) }
        #expect(source.tile(z: 0, x: 0, y: 0) == nil)
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func aRenderDecodesTilesWithinItsPixelBudget() throws {
        // 256 tiles of 1024 px, all one plain PNG (a few kB) through the deduplicating view:
        // without a budget a small map would decode 1 GB of them.
        let points = (0..<100).map { i in
            let angle = Double(i) / 99 * 1.5 * .pi
            return Self.offset(48.137, 11.575, east: 3_000 * cos(angle), north: 3_000 * sin(angle))
        }
        let document = RouteDocument(tracks: [Track(segments: [points])])
        let recorder = Recorder()
        let options = RouteMapOptions(size: Size(width: 1_600, height: 1_200), tiles: recorder)
        let probe = try RouteMapRenderer(document: document, options: options)
        let asked = recorder.asked.withLock { $0 }
        #expect(asked.count > 16)

        let folder = try Folder()
        let path = folder.path("big.mbtiles")
        try Self.makeMBTiles(at: path, tiles: [])
        let canvas = try Canvas(width: 1_024, height: 1_024)
        canvas.paint(Color(red: 0.6, green: 0.8, blue: 0.6))
        let big = try canvas.encoded()
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO images VALUES ('big', ?)", arguments: [big])
            for tile in asked {
                try db.execute(sql: "INSERT INTO map VALUES (?, ?, ?, 'big')", arguments: [tile[0], tile[1], (1 << tile[0]) - 1 - tile[2]])
            }
        }
        var tiled = options
        tiled.tiles = try MBTilesSource(path: path)
        let renderer = try RouteMapRenderer(document: document, options: tiled)
        #expect(renderer.tileZoom == probe.tileZoom)
        let budget = RouteMapRenderer.tilePixelBudget(forDevicePixels: renderer.mapArea.width * renderer.mapArea.height)
        let decoded = budget / (1_024 * 1_024) + (budget % (1_024 * 1_024) == 0 ? 0 : 1)
        #expect(renderer.scene.tiles.count == min(decoded, asked.count))
        #expect(renderer.notes.contains { $0.contains("\(asked.count - decoded) map tiles left out") && $0.contains("budget") },
                "\(renderer.notes)")
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
            } catch let error as MBTilesError {
                guard case .notMBTiles(let file, _) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(file == path && error.localizedDescription.hasPrefix("\(path): not an MBTiles file"), "\(error)")
            }
        }
        #expect(throws: MBTilesError.notFound(path: folder.path("missing.mbtiles"))) {
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
