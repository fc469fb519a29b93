import Foundation

/// The colours of one GIF frame and how its pixels map onto them.
///
/// The rule: the reserved colours first, in the order given (so a style's pens and backgrounds
/// are always exact), then the other colours of the frame's pixels, most frequent first (ties
/// by their bytes, ascending), up to 256. A pixel whose colour did not make it is shown as the
/// nearest colour of the palette (squared distance in RGB; ties to the earlier entry).
///
/// Colours are opaque pixels as their four bytes in memory (red, green, blue, alpha) read as
/// one `UInt32`.
struct GIFPalette: Equatable {
    /// The most colours a GIF palette holds.
    static let maximumColors = 256

    /// The colours, reserved first; at most ``maximumColors``.
    let colors: [UInt32]

    init(colors: [UInt32]) {
        self.colors = colors
    }

    /// The palette of the pixels in `rect` of a `width`-pixel-wide frame.
    ///
    /// - Parameter reserved: distinct colours, at most ``maximumColors``.
    /// - Returns: nil when a pixel in `rect` is not opaque.
    init?(reserved: [UInt32], pixels: UnsafeBufferPointer<UInt32>, width: Int, rect: PixelRect) {
        // Counted run by run: a board is mostly long runs of grass.
        var counts: [UInt32: Int] = [:]
        for y in rect.y..<(rect.y + rect.height) {
            let row = y * width
            var x = rect.x
            let end = rect.x + rect.width
            while x < end {
                let color = pixels[row + x]
                guard color >> 24 == 0xFF else { return nil }
                var run = x + 1
                while run < end, pixels[row + run] == color { run += 1 }
                counts[color, default: 0] += run - x
                x = run
            }
        }
        let isReserved = Set(reserved)
        let others = counts.filter { !isReserved.contains($0.key) }
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .prefix(max(0, Self.maximumColors - reserved.count))
            .map(\.key)
        self.init(colors: reserved + others)
    }

    /// Distinct opaque colours from `colors`, in order, at most ``maximumColors``.
    static func reserved(_ colors: [RGBA]) -> [UInt32] {
        var seen = Set<UInt32>()
        var result: [UInt32] = []
        for color in colors {
            let value = UInt32(color.red) | UInt32(color.green) << 8 | UInt32(color.blue) << 16 | 0xFF00_0000
            if seen.insert(value).inserted { result.append(value) }
        }
        return result
    }

    /// The number of entries a GIF colour table needs for this palette: a power of two, at least 2.
    var tableSize: Int {
        var size = 2
        while size < colors.count { size *= 2 }
        return size
    }

    /// The index of the entry nearest `color` (see the type's rule).
    func nearest(_ color: UInt32) -> UInt8 {
        let (red, green, blue) = (Int(color & 0xFF), Int(color >> 8 & 0xFF), Int(color >> 16 & 0xFF))
        var best = 0, bestDistance = Int.max
        for (index, entry) in colors.enumerated() {
            let dr = Int(entry & 0xFF) - red, dg = Int(entry >> 8 & 0xFF) - green, db = Int(entry >> 16 & 0xFF) - blue
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance {
                best = index
                bestDistance = distance
                if distance == 0 { break }
            }
        }
        return UInt8(best)
    }
}

/// A ``GIFPalette`` with the index found for every colour met so far, since a frame repeats
/// the same few colours over and over.
struct GIFPaletteMapping {
    let palette: GIFPalette
    private var cache: [UInt32: UInt8] = [:]

    init(palette: GIFPalette) {
        self.palette = palette
        // The first entry wins for a colour listed twice, as ``GIFPalette/nearest(_:)`` picks it.
        for (index, color) in palette.colors.enumerated().reversed() { cache[color] = UInt8(index) }
    }

    /// The palette index for `color`.
    mutating func index(of color: UInt32) -> UInt8 {
        if let index = cache[color] { return index }
        let index = palette.nearest(color)
        cache[color] = index
        return index
    }

    /// The indices of the pixels in `rect` of a `width`-pixel-wide frame, row by row, into `indices`.
    mutating func map(_ pixels: UnsafeBufferPointer<UInt32>, width: Int, rect: PixelRect,
                      into indices: UnsafeMutableBufferPointer<UInt8>) {
        var last: UInt32?
        var lastIndex: UInt8 = 0
        var out = 0
        for y in rect.y..<(rect.y + rect.height) {
            let row = y * width
            for x in rect.x..<(rect.x + rect.width) {
                let color = pixels[row + x]
                if color != last {
                    lastIndex = index(of: color)
                    last = color
                }
                indices[out] = lastIndex
                out += 1
            }
        }
    }
}

/// A rectangle of whole pixels.
struct PixelRect: Equatable {
    var x: Int, y: Int, width: Int, height: Int

    /// The smallest rectangle holding every pixel that differs between two frames of
    /// `width` x `height`, or nil when none does.
    static func changed(from old: UnsafeBufferPointer<UInt32>, to new: UnsafeBufferPointer<UInt32>,
                        width: Int, height: Int) -> PixelRect? {
        guard let oldBase = old.baseAddress, let newBase = new.baseAddress else { return nil }
        func rowDiffers(_ y: Int) -> Bool {
            memcmp(oldBase + y * width, newBase + y * width, width * 4) != 0
        }
        guard let top = (0..<height).first(where: rowDiffers) else { return nil }
        let bottom = (top..<height).last(where: rowDiffers) ?? top
        var left = width, right = -1
        for y in top...bottom {
            let row = y * width
            var x = 0
            while x < left, old[row + x] == new[row + x] { x += 1 }
            left = min(left, x)
            var end = width - 1
            while end > right, old[row + end] == new[row + end] { end -= 1 }
            right = max(right, end)
        }
        return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }
}
