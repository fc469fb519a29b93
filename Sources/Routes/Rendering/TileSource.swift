import Canvas

/// Map tiles in the XYZ scheme (slippy-map order: `y` counts down from the north), drawn
/// under a route map.
///
/// The renderer asks only for tiles it shows (at most ``RouteMapRenderer/maximumTiles`` per
/// render), with `x` wrapped into `0 ..< 2^z` and `y` inside it. A tile may be any pixel size
/// up to ``RouteMapRenderer/maximumTileSide``; it is scaled to its place. Return nil for a
/// tile you do not have: the map's background shows there and the render says so in its notes.
///
/// ```swift
/// struct Solid: TileSource {
///     func tile(z: Int, x: Int, y: Int) -> RasterImage? {
///         RasterImage(width: 1, height: 1, rgba: [200, 220, 200, 255])
///     }
/// }
/// ```
public protocol TileSource: Sendable {
    /// The tile at zoom `z`, column `x`, row `y`, or nil when there is none.
    func tile(z: Int, x: Int, y: Int) -> RasterImage?
}
