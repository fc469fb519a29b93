extension RasterImage {
    /// This image turned and mirrored as EXIF orientation `orientation` says the stored pixels
    /// must be to show them upright (1 or anything outside 1...8 leaves them as they are):
    ///
    /// | value | stored image is shown after |
    /// | --- | --- |
    /// | 2 | a left-right mirror |
    /// | 3 | a half turn |
    /// | 4 | a top-bottom mirror |
    /// | 5 | a transpose (mirror across the top-left to bottom-right diagonal) |
    /// | 6 | a quarter turn clockwise |
    /// | 7 | a transverse (mirror across the other diagonal) |
    /// | 8 | a quarter turn anticlockwise |
    func oriented(_ orientation: Int) -> RasterImage {
        guard (2...8).contains(orientation), width > 0, height > 0, rgba.count == width * height * 4 else { return self }
        let w = width, h = height
        let swapped = orientation >= 5
        let outWidth = swapped ? h : w, outHeight = swapped ? w : h
        // Where the output pixel (x, y) comes from in the stored image.
        let source: (Int, Int) -> (Int, Int)
        switch orientation {
        case 2: source = { x, y in (w - 1 - x, y) }
        case 3: source = { x, y in (w - 1 - x, h - 1 - y) }
        case 4: source = { x, y in (x, h - 1 - y) }
        case 5: source = { x, y in (y, x) }
        case 6: source = { x, y in (y, h - 1 - x) }
        case 7: source = { x, y in (w - 1 - y, h - 1 - x) }
        default: source = { x, y in (w - 1 - y, x) }
        }
        var pixels = [UInt8](repeating: 0, count: rgba.count)
        rgba.withUnsafeBufferPointer { from in
            pixels.withUnsafeMutableBufferPointer { to in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        let (sx, sy) = source(x, y)
                        let target = (y * outWidth + x) * 4, origin = (sy * w + sx) * 4
                        to[target] = from[origin]
                        to[target + 1] = from[origin + 1]
                        to[target + 2] = from[origin + 2]
                        to[target + 3] = from[origin + 3]
                    }
                }
            }
        }
        return RasterImage(width: outWidth, height: outHeight, rgba: pixels)
    }
}
