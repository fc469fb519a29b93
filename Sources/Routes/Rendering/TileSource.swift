import Canvas

/// Map tiles in the XYZ scheme (slippy-map order: `y` counts down from the north), drawn
/// under a route map.
///
/// The renderer asks only for tiles it shows (at most ``RouteMapRenderer/maximumTiles`` per
/// render), with `x` wrapped into `0 ..< 2^z` and `y` inside it, through
/// ``tile(z:x:y:limits:)``: the limits hold the largest tile side
/// (``RouteMapRenderer/maximumTileSide``) and what is left of the render's budget of decoded
/// tile pixels (``RouteMapRenderer/tilePixelBudget(forDevicePixels:)``). A tile may be any
/// pixel size within them; it is scaled to its place. Return nil for a tile you do not have:
/// the map's background shows there and the render says so in its notes.
///
/// ```swift
/// struct Solid: TileSource {
///     func tile(z: Int, x: Int, y: Int) -> RasterImage? {
///         RasterImage(width: 1, height: 1, rgba: [200, 220, 200, 255])
///     }
/// }
/// ```
///
/// A source that decodes its tiles (such as `MapTiles.MBTilesSource`) implements
/// ``tile(z:x:y:limits:)`` too, and checks each tile's bytes and header against the limits
/// before decoding it.
public protocol TileSource: Sendable {
    /// The tile at zoom `z`, column `x`, row `y`, or nil when there is none.
    func tile(z: Int, x: Int, y: Int) -> RasterImage?

    /// The tile at zoom `z`, column `x`, row `y` if it is within `limits`, or nil when there is
    /// none.
    ///
    /// - Throws: when the tile is there but cannot be used: over `limits` (best checked from
    ///   the header, before decoding: ``CanvasError/imageOverLimits(width:height:limits:)``) or
    ///   unreadable. The renderer leaves it out and says why in its notes.
    func tile(z: Int, x: Int, y: Int, limits: ImageLimits) throws -> RasterImage?
}

extension TileSource {
    /// Fetches the tile with ``tile(z:x:y:)``, then checks its size against `limits` (for
    /// sources whose tiles are already decoded).
    public func tile(z: Int, x: Int, y: Int, limits: ImageLimits) throws -> RasterImage? {
        guard let image = tile(z: z, x: x, y: y) else { return nil }
        guard image.rgba.count == image.width * image.height * 4 else {
            throw CanvasError.invalidSize(width: Double(image.width), height: Double(image.height))
        }
        try limits.check(width: image.width, height: image.height)
        return image
    }
}
