import Canvas
import Foundation
import GRDB
import GRDBSQLite
import Routes

/// Offline raster map tiles from an [MBTiles 1.3](https://github.com/mapbox/mbtiles-spec/blob/master/1.3/spec.md)
/// file, for drawing under a route map.
///
/// ```swift
/// let tiles = try MBTilesSource(path: "alps.mbtiles")
/// var options = RouteMapOptions(tiles: tiles, attribution: tiles.attribution)
/// let result = try RouteMapRenderer(document: document, options: options).render(format: .png)
/// ```
///
/// The file is opened read-only and never written. `tiles` and `metadata` may be tables or
/// views (many MBTiles files deduplicate images through a `map`/`images` pair joined by a
/// `tiles` view). Rows are in TMS order (`tile_row` counts up from the south); ``tile(z:x:y:)``
/// takes XYZ coordinates like every ``TileSource`` and flips the row.
///
/// PNG and JPEG tiles decode (`format` `png` or `jpg` in the metadata). A WebP or vector tile,
/// or a tile that is not there, gives nil: the renderer leaves its background there and says so
/// in its notes.
///
/// **Hostile files.** An MBTiles file is a database whose views can run any query, and whose
/// blobs can claim any size. So every statement runs under a budget of
/// ``statementStepBudget`` SQLite steps (a progress handler interrupts it past that: a
/// `metadata` view that never returns a row is refused when the file is opened), no string or
/// blob over ``maximumValueBytes`` is ever built, a tile's blob is measured before it is read
/// (``maximumTileBytes``), and its header is checked against ``tileLimits`` and the render's
/// budget before it is decoded.
///
/// **Thread safety.** Every read goes through one GRDB `DatabaseQueue`, which is `Sendable`
/// and runs its accesses one at a time on its own serial queue; the step budget is reset and
/// spent only inside those accesses, and every other stored property is an immutable value. So
/// one source may be shared by renders on several threads (they take turns at the file).
public final class MBTilesSource: TileSource, Sendable {
    /// The largest tile blob read, 1 MiB (a 512 px tile is a few hundred kB at most); larger
    /// ones are unusable.
    public static let maximumTileBytes = 1 << 20
    /// What a tile may be: within ``maximumTileBytes`` and 1024 px a side (tiles are 256 or
    /// 512 px; 1024 leaves room for high-density ones).
    public static let tileLimits = ImageLimits(maximumBytes: maximumTileBytes, maximumSide: RouteMapRenderer.maximumTileSide,
                                               maximumPixels: RouteMapRenderer.maximumTileSide * RouteMapRenderer.maximumTileSide)
    /// The most SQLite virtual-machine steps one statement may take: 20 million, a few tenths of
    /// a second. Reading the metadata of a real file takes a few thousand; a tile, a few hundred.
    public static let statementStepBudget = 20_000_000
    /// The longest string or blob SQLite may build on this connection (`SQLITE_LIMIT_LENGTH`).
    public static let maximumValueBytes = 8 << 20
    /// The most metadata rows read, and the longest value kept.
    static let maximumMetadataRows = 1_000
    static let maximumMetadataValue = 64 << 10
    /// SQLite calls the progress handler every this many steps.
    static let stepsPerCallback: Int32 = 1_000

    /// The file's path.
    public let path: String
    /// The `metadata` table's name/value pairs (`name`, `format`, `attribution`, `minzoom`,
    /// `maxzoom`, `bounds`, ...), as text.
    public let metadata: [String: String]
    private let queue: DatabaseQueue
    private let budget: StepBudget

    /// Opens the MBTiles file at `path` read-only and reads its metadata.
    ///
    /// - Throws: ``MBTilesError/notFound(path:)`` when there is no file at `path`;
    ///   ``MBTilesError/notMBTiles(path:reason:)`` when it is not SQLite or lacks a `tiles` or
    ///   `metadata` table or view with the MBTiles columns; ``MBTilesError/tooSlow(path:what:)``
    ///   when reading them does not finish within ``statementStepBudget``.
    public init(path: String) throws {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else { throw MBTilesError.notFound(path: path) }
        let budget = StepBudget()
        self.budget = budget
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "mbtiles"
        configuration.prepareDatabase { db in
            guard let connection = db.sqliteConnection else { return }
            sqlite3_limit(connection, SQLITE_LIMIT_LENGTH, Int32(MBTilesSource.maximumValueBytes))
            sqlite3_progress_handler(connection, MBTilesSource.stepsPerCallback, { context in
                guard let context else { return 1 }
                return Unmanaged<StepBudget>.fromOpaque(context).takeUnretainedValue().spend() ? 0 : 1
            }, Unmanaged.passUnretained(budget).toOpaque())
        }
        func notMBTiles(_ reason: String) -> MBTilesError { .notMBTiles(path: path, reason: reason) }
        var reading = "schema"
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            metadata = try queue.read { db in
                for (name, columns) in [("tiles", "zoom_level, tile_column, tile_row, tile_data"), ("metadata", "name, value")] {
                    budget.reset()
                    let kind = try String.fetchOne(db, sql: "SELECT type FROM sqlite_master WHERE name = ? AND type IN ('table', 'view')",
                                                   arguments: [name])
                    guard kind != nil else { throw notMBTiles("no '\(name)' table or view") }
                    do {
                        budget.reset()
                        _ = try Row.fetchAll(db, sql: "SELECT \(columns) FROM \(name) LIMIT 0")
                    } catch let error as DatabaseError where error.resultCode != .SQLITE_INTERRUPT {
                        throw notMBTiles("'\(name)' lacks \(columns) (\(error.message ?? "SQLite error"))")
                    }
                }
                reading = "metadata"
                budget.reset()
                var metadata: [String: String] = [:]
                let rows = try Row.fetchAll(db, sql: "SELECT CAST(name AS TEXT), CAST(value AS TEXT) FROM metadata LIMIT ?",
                                            arguments: [Self.maximumMetadataRows])
                for row in rows {
                    guard let name: String = row[0], let value: String = row[1], metadata[name] == nil else { continue }
                    metadata[name] = String(value.prefix(Self.maximumMetadataValue))
                }
                return metadata
            }
        } catch let error as MBTilesError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
            throw MBTilesError.tooSlow(path: path, what: reading)
        } catch let error as DatabaseError {
            throw notMBTiles(error.message ?? "SQLite error \(error.resultCode.rawValue)")
        }
    }

    /// The credit for the tiles (`attribution` in the metadata), or nil when empty or absent.
    public var attribution: String? { nonEmpty("attribution") }
    /// The tileset's name, or nil.
    public var name: String? { nonEmpty("name") }
    /// The tiles' image format (`png`, `jpg`, `webp`, `pbf`), or nil when the metadata does not say.
    public var format: String? { nonEmpty("format")?.lowercased() }
    /// True unless the metadata names a format other than PNG or JPEG (only those decode here).
    public var hasDecodableFormat: Bool { format.map { ["png", "jpg", "jpeg"].contains($0) } ?? true }
    /// The zooms the metadata says the file covers, or nil when it does not say.
    public var zoomRange: ClosedRange<Int>? {
        guard let low = nonEmpty("minzoom").flatMap({ Int($0) }), let high = nonEmpty("maxzoom").flatMap({ Int($0) }),
              low <= high else { return nil }
        return low...high
    }

    private func nonEmpty(_ key: String) -> String? {
        guard let value = metadata[key]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    /// The tile at XYZ `z`/`x`/`y` within ``tileLimits``, or nil when it is missing, of
    /// another format than PNG or JPEG, or unusable (see ``tile(z:x:y:limits:)``).
    public func tile(z: Int, x: Int, y: Int) -> RasterImage? {
        (try? tile(z: z, x: x, y: y, limits: Self.tileLimits)) ?? nil
    }

    /// The tile at XYZ `z`/`x`/`y` (row `2^z - 1 - y` in the file), decoded from PNG or JPEG,
    /// or nil when it is not there or is of another format (WebP, vector tiles).
    ///
    /// The blob's size is read before the blob, and its header checked against `limits` (and
    /// ``tileLimits``) before anything is decoded.
    ///
    /// - Throws: ``CanvasError/imageDataTooLarge(bytes:maximum:)`` for a blob over the limit,
    ///   ``CanvasError/imageOverLimits(width:height:limits:)`` for a tile whose header claims too
    ///   many pixels, ``CanvasError`` for one that does not decode, and `DatabaseError` when the
    ///   read fails or takes more than ``statementStepBudget`` steps.
    public func tile(z: Int, x: Int, y: Int, limits: ImageLimits) throws -> RasterImage? {
        guard (0...30).contains(z) else { return nil }
        let count = 1 << z
        guard (0..<count).contains(x), (0..<count).contains(y) else { return nil }
        let row = count - 1 - y
        let maximumBytes = min(limits.maximumBytes, Self.maximumTileBytes)
        let found: (size: Int, data: Data?)? = try queue.read { db in
            budget.reset()
            // The size is checked before the blob is read, so a huge one is never loaded.
            guard let found = try Row.fetchOne(db, sql: """
                SELECT length(tile_data) AS size,
                       CASE WHEN length(tile_data) <= ? THEN tile_data END AS data
                FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?
                LIMIT 1
                """, arguments: [maximumBytes, z, x, row]) else { return nil }
            return (found["size"] ?? 0, found["data"])
        }
        guard let found, found.size > 0 else { return nil }
        guard let data = found.data else { throw CanvasError.imageDataTooLarge(bytes: found.size, maximum: maximumBytes) }
        guard ImageFormat.sniff(data) != nil else { return nil }
        let tileLimits = ImageLimits(maximumBytes: maximumBytes,
                                     maximumSide: min(limits.maximumSide, Self.tileLimits.maximumSide),
                                     maximumPixels: min(limits.maximumPixels, Self.tileLimits.maximumPixels))
        return try RasterImage(imageData: data, limits: tileLimits)
    }
}

/// What is left of the current statement's step budget, in progress-handler calls.
///
/// `@unchecked Sendable`: it is reset and spent only inside the accesses of the source's
/// `DatabaseQueue`, which runs them one at a time (the progress handler runs on the thread of
/// the statement it interrupts).
final class StepBudget: @unchecked Sendable {
    private var remaining = 0

    init() { reset() }

    /// Gives the next statement the whole budget.
    func reset() {
        remaining = Int(MBTilesSource.statementStepBudget / Int(MBTilesSource.stepsPerCallback))
    }

    /// Takes one callback's worth of steps; false once the budget is spent.
    func spend() -> Bool {
        remaining -= 1
        return remaining >= 0
    }
}
