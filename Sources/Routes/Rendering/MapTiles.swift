import Canvas
import Foundation

/// One fetched tile and where it is drawn (user space).
struct PlacedTile: Sendable {
    var image: RasterImage
    var rect: Rect
}

/// Which tiles cover a map and fetching them, a bounded number per render.
///
/// Tiles are drawn at the fractional zoom of the fit: the tile zoom is the integer just above
/// the fit's zoom at device resolution (`fit.zoom + log2(scale)`), so tiles are only ever
/// scaled down (to between half and all of their size). When that would take more than
/// ``RouteMapRenderer/maximumTiles`` tiles, lower zooms are used instead.
enum MapTiles {
    /// The deepest tile zoom asked for.
    static let maximumZoom = 24

    /// The tile zoom for a fit drawn at `scale` device pixels per unit.
    static func zoom(for fit: MapFit, scale: Double) -> Int {
        let wanted = fit.zoom + log2(max(scale, 1e-9))
        guard wanted.isFinite else { return 0 }
        return min(max(Int((wanted - 1e-9).rounded(.up)), 0), maximumZoom)
    }

    /// The columns and rows of tiles at `zoom` covering `area` (columns may run outside
    /// `0 ..< 2^zoom` on an unwrapped map; rows are kept inside).
    static func range(zoom: Int, fit: MapFit, area: Rect) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        let n = Double(1 << zoom)
        let topLeft = fit.world(at: Point(x: area.minX, y: area.minY))
        let bottomRight = fit.world(at: Point(x: area.maxX, y: area.maxY))
        let x0 = (topLeft.x * n).rounded(.down), x1 = (bottomRight.x * n).rounded(.up) - 1
        let y0 = max((topLeft.y * n).rounded(.down), 0), y1 = min((bottomRight.y * n).rounded(.up) - 1, n - 1)
        guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite, x1 >= x0, y1 >= y0,
              x1 - x0 < 1e6, y1 - y0 < 1e6 else { return nil }
        return (Int(x0)...Int(x1), Int(y0)...Int(y1))
    }

    /// Fetches the tiles covering `area`, in row order, and says what went wrong in notes.
    static func fetch(from source: any TileSource, fit: MapFit, area: Rect, scale: Double)
        -> (tiles: [PlacedTile], zoom: Int, notes: [String]) {
        var notes: [String] = []
        let wanted = zoom(for: fit, scale: scale)
        var zoom = wanted
        var covering = range(zoom: zoom, fit: fit, area: area)
        while zoom > 0, let (columns, rows) = covering, columns.count * rows.count > RouteMapRenderer.maximumTiles {
            zoom -= 1
            covering = range(zoom: zoom, fit: fit, area: area)
        }
        guard let (columns, rows) = covering, columns.count * rows.count <= RouteMapRenderer.maximumTiles else {
            return ([], zoom, ["the map needs too many tiles: drawn without them"])
        }
        if zoom < wanted {
            notes.append("tiles drawn from zoom \(zoom) instead of \(wanted) to stay within \(RouteMapRenderer.maximumTiles) tiles")
        }
        let count = 1 << zoom
        let n = Double(count)
        // Tile edges snapped to device pixels. Each tile is drawn with a border of its own edge
        // pixels, one tile pixel wide, in a rect grown by as much: smoothing then fades out in
        // the border, over the neighbour, rather than letting the background show at the seams.
        func edge(_ user: Double) -> Double { (user * scale).rounded() / scale }
        var cache: [Int: RasterImage?] = [:]
        var placed: [PlacedTile] = []
        var missing: [String] = [], unusable: [String] = [], overBudget: [String] = []
        var reasons: [String] = []
        var asked = 0
        let side = RouteMapRenderer.maximumTileSide
        let budget = RouteMapRenderer.tilePixelBudget(forDevicePixels: area.width * scale * area.height * scale)
        var remaining = budget
        for row in rows {
            for column in columns {
                let wrapped = ((column % count) + count) % count
                let key = row * count + wrapped
                let name = "\(zoom)/\(wrapped)/\(row)"
                let image: RasterImage?
                if let cached = cache[key] {
                    image = cached
                } else {
                    asked += 1
                    var fetched: RasterImage?
                    if remaining <= 0 {
                        overBudget.append(name)
                    } else {
                        // The tile's side and what is left of the budget, checked by the
                        // source from the tile's header before it decodes anything.
                        let limits = ImageLimits(maximumBytes: .max, maximumSide: side,
                                                 maximumPixels: min(side * side, remaining))
                        do {
                            fetched = try source.tile(z: zoom, x: wrapped, y: row, limits: limits)
                            if fetched == nil { missing.append(name) }
                        } catch CanvasError.imageOverLimits(let width, let height, _)
                            where width <= side && height <= side && width * height <= side * side {
                            overBudget.append(name)
                        } catch {
                            unusable.append(name)
                            let reason = (error as? LocalizedError)?.errorDescription ?? "\(error)"
                            if !reasons.contains(reason) { reasons.append(reason) }
                        }
                    }
                    if let tile = fetched {
                        remaining -= tile.width * tile.height
                    }
                    let bordered = fetched.map(bordered)
                    cache[key] = .some(bordered)
                    image = bordered
                }
                guard let image else { continue }
                let topLeft = fit.point(world: Point(x: Double(column) / n, y: Double(row) / n))
                let bottomRight = fit.point(world: Point(x: Double(column + 1) / n, y: Double(row + 1) / n))
                let x = edge(topLeft.x), y = edge(topLeft.y)
                let width = edge(bottomRight.x) - x, height = edge(bottomRight.y) - y
                let borderX = width / Double(image.width - 2), borderY = height / Double(image.height - 2)
                placed.append(PlacedTile(image: image, rect: Rect(x: x - borderX, y: y - borderY,
                                                                  width: width + 2 * borderX, height: height + 2 * borderY)))
            }
        }
        func listed(_ keys: [String]) -> String {
            keys.prefix(5).joined(separator: ", ") + (keys.count > 5 ? ", ..." : "")
        }
        if !missing.isEmpty {
            notes.append("\(missing.count) of \(asked) map tiles missing (\(listed(missing))): the background shows there")
        }
        if !unusable.isEmpty {
            notes.append("\(unusable.count) map tiles unusable (\(listed(unusable))): left out; "
                + reasons.prefix(2).joined(separator: "; ") + (reasons.count > 2 ? "; ..." : ""))
        }
        if !overBudget.isEmpty {
            notes.append("\(overBudget.count) map tiles left out (\(listed(overBudget))): the render's budget of "
                + "\(budget / 1_000_000) megapixels of decoded tiles is spent")
        }
        return (placed, zoom, notes)
    }

    /// `image` with a one-pixel border repeating its edge pixels (as Cairo's "pad" extend would).
    static func bordered(_ image: RasterImage) -> RasterImage {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { return image }
        let paddedWidth = width + 2
        var rgba = [UInt8](repeating: 0, count: paddedWidth * (height + 2) * 4)
        image.rgba.withUnsafeBufferPointer { source in
            rgba.withUnsafeMutableBufferPointer { target in
                for row in 0..<(height + 2) {
                    let from = min(max(row - 1, 0), height - 1) * width * 4
                    let to = row * paddedWidth * 4
                    for channel in 0..<4 {
                        target[to + channel] = source[from + channel]
                        target[to + (paddedWidth - 1) * 4 + channel] = source[from + (width - 1) * 4 + channel]
                    }
                    for offset in 0..<(width * 4) { target[to + 4 + offset] = source[from + offset] }
                }
            }
        }
        return RasterImage(width: paddedWidth, height: height + 2, rgba: rgba)
    }
}
