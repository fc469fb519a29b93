import Canvas
import Foundation
import GRDB
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
/// Only PNG tiles can be decoded here. A JPEG or WebP tile (`format` `jpg` or `webp` in the
/// metadata), a blob larger than ``maximumTileBytes``, a tile that is not there or a read that
/// fails all give nil: the renderer leaves its background there and says so in its notes.
///
/// **Thread safety.** Every read goes through one GRDB `DatabaseQueue`, which is `Sendable`
/// and runs its accesses one at a time on its own serial queue; every other stored property
/// is an immutable value. So one source may be shared by renders on several threads (they
/// take turns at the file).
public final class MBTilesSource: TileSource, Sendable {
    /// The largest tile blob read; larger ones are treated as missing.
    public static let maximumTileBytes = 4 << 20
    /// The most metadata rows read, and the longest value kept.
    static let maximumMetadataRows = 1_000
    static let maximumMetadataValue = 64 << 10

    /// The file's path.
    public let path: String
    /// The `metadata` table's name/value pairs (`name`, `format`, `attribution`, `minzoom`,
    /// `maxzoom`, `bounds`, ...), as text.
    public let metadata: [String: String]
    private let queue: DatabaseQueue

    /// Opens the MBTiles file at `path` read-only and reads its metadata.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` when there is no file at `path`;
    ///   ``ClubError/invalid(field:message:)`` naming the file when it is not SQLite or lacks
    ///   a `tiles` or `metadata` table or view with the MBTiles columns.
    public init(path: String) throws {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else {
            throw ClubError.notFound(kind: "MBTiles file", reference: path)
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "mbtiles"
        func notMBTiles(_ reason: String) -> ClubError {
            .invalid(field: path, message: "not an MBTiles file: \(reason)")
        }
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            metadata = try queue.read { db in
                for (name, columns) in [("tiles", "zoom_level, tile_column, tile_row, tile_data"), ("metadata", "name, value")] {
                    let kind = try String.fetchOne(db, sql: "SELECT type FROM sqlite_master WHERE name = ? AND type IN ('table', 'view')",
                                                   arguments: [name])
                    guard kind != nil else { throw notMBTiles("no '\(name)' table or view") }
                    do {
                        _ = try Row.fetchAll(db, sql: "SELECT \(columns) FROM \(name) LIMIT 0")
                    } catch let error as DatabaseError {
                        throw notMBTiles("'\(name)' lacks \(columns) (\(error.message ?? "SQLite error"))")
                    }
                }
                var metadata: [String: String] = [:]
                let rows = try Row.fetchAll(db, sql: "SELECT CAST(name AS TEXT), CAST(value AS TEXT) FROM metadata LIMIT ?",
                                            arguments: [Self.maximumMetadataRows])
                for row in rows {
                    guard let name: String = row[0], let value: String = row[1], metadata[name] == nil else { continue }
                    metadata[name] = String(value.prefix(Self.maximumMetadataValue))
                }
                return metadata
            }
        } catch let error as ClubError {
            throw error
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
    /// True unless the metadata names a format other than PNG (only PNG tiles decode here).
    public var hasDecodableFormat: Bool { format.map { $0 == "png" } ?? true }
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

    /// The tile at XYZ `z`/`x`/`y` (row `2^z - 1 - y` in the file), decoded from PNG; nil when
    /// it is missing, not PNG, over ``maximumTileBytes`` or unreadable.
    public func tile(z: Int, x: Int, y: Int) -> RasterImage? {
        guard (0...30).contains(z) else { return nil }
        let count = 1 << z
        guard (0..<count).contains(x), (0..<count).contains(y) else { return nil }
        let row = count - 1 - y
        let data: Data?
        do {
            data = try queue.read { db -> Data? in
                // The size is checked before the blob is read, so a huge one is never loaded.
                guard let found = try Row.fetchOne(db, sql: """
                    SELECT length(tile_data) AS size,
                           CASE WHEN length(tile_data) <= ? THEN tile_data END AS data
                    FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?
                    LIMIT 1
                    """, arguments: [Self.maximumTileBytes, z, x, row]) else { return nil }
                return found["data"]
            }
        } catch {
            return nil
        }
        guard let data, !data.isEmpty else { return nil }
        return try? RasterImage(pngData: data)
    }
}
