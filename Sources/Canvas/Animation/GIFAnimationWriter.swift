import CGIF
import Foundation

/// Writes an animated GIF89a through giflib's streaming encoder, into memory.
///
/// The first frame is written whole and its palette becomes the global colour table; every
/// later frame only the rectangle that changed since the frame before, over it (disposal "do
/// not dispose"), with a local colour table unless its palette is the global one. Palettes
/// follow ``GIFPalette``'s rule. The animation loops forever (the NETSCAPE2.0 extension).
/// Delays are hundredths of a second between the rounded start and end times, so the rounding
/// never adds up; a delay over 655.35 s goes on in one-pixel transparent frames.
final class GIFAnimationWriter: AnimationFrameWriter {
    /// The longest delay one frame carries: 16 bits of hundredths of a second.
    static let maximumDelay = 65_535

    private let width: Int
    private let height: Int
    private let reserved: [UInt32]
    private let output = GIFOutput()
    private var file: UnsafeMutablePointer<GifFileType>?
    /// The last frame written, to find what the next one changes.
    private var previous: RasterImage?
    /// The first frame's palette, the file's global colour table.
    private var global: GIFPalette?
    private var mapping: GIFPaletteMapping?
    /// One frame's palette indices, reused.
    private var indices: [UInt8] = []

    init(width: Int, height: Int, reserved colors: [RGBA]) throws {
        self.width = width
        self.height = height
        reserved = GIFPalette.reserved(colors)
        guard reserved.count <= GIFPalette.maximumColors else {
            throw CanvasError.animationEncoding("a GIF reserves at most \(GIFPalette.maximumColors) colours, not \(reserved.count)")
        }
        var error: Int32 = 0
        guard let opened = EGifOpen(Unmanaged.passUnretained(output).toOpaque(), GIFOutput.write, &error) else {
            throw CanvasError.animationEncoding(Self.message(error))
        }
        file = opened
        EGifSetGifVersion(opened, true)
    }

    deinit {
        if let file {
            var error: Int32 = 0
            EGifCloseFile(file, &error)
        }
    }

    func write(_ frame: RasterImage, from start: Double, to end: Double) throws {
        guard let file else { throw CanvasError.finished }
        let delay = Self.centiseconds(end) - Self.centiseconds(start)
        let rect: PixelRect? = try frame.rgba.withUnsafeBytes { raw in
            try raw.withMemoryRebound(to: UInt32.self) { pixels in
                let rect: PixelRect?
                if let previous {
                    rect = previous.rgba.withUnsafeBytes { old in
                        old.withMemoryRebound(to: UInt32.self) { old in
                            PixelRect.changed(from: old, to: pixels, width: width, height: height)
                        }
                    }
                } else {
                    rect = PixelRect(x: 0, y: 0, width: width, height: height)
                }
                if let rect { try map(pixels, rect) }
                return rect
            }
        }
        previous = frame
        var remaining = delay
        if let rect, let mapping {
            if global == nil {
                global = mapping.palette
                try putScreen(file, palette: mapping.palette)
            }
            let shown = min(remaining, Self.maximumDelay)
            try putControl(file, delay: shown, transparent: false)
            try putImage(file, rect, palette: mapping.palette == global ? nil : mapping.palette)
            remaining -= shown
        } else {
            // Nothing changed since the last frame written (one too short to show came between).
            remaining -= try putTransparentPixel(file, delay: remaining)
        }
        // More time than one frame holds.
        while remaining > 0 { remaining -= try putTransparentPixel(file, delay: remaining) }
    }

    func finish() throws -> Data {
        guard let file else { throw CanvasError.finished }
        self.file = nil
        var error: Int32 = 0
        guard EGifCloseFile(file, &error) == GIF_OK else { throw CanvasError.animationEncoding(Self.message(error)) }
        return output.data
    }

    /// Maps the pixels of `rect` to palette indices in ``indices``, through the palette of that
    /// rectangle (the mapping kept while the palette stays the same).
    private func map(_ pixels: UnsafeBufferPointer<UInt32>, _ rect: PixelRect) throws {
        guard let palette = GIFPalette(reserved: reserved, pixels: pixels, width: width, rect: rect) else {
            throw CanvasError.transparentGIFFrame
        }
        if mapping?.palette != palette { mapping = GIFPaletteMapping(palette: palette) }
        let count = rect.width * rect.height
        if indices.count < count { indices = [UInt8](repeating: 0, count: count) }
        indices.withUnsafeMutableBufferPointer { buffer in
            mapping?.map(pixels, width: width, rect: rect, into: buffer)
        }
    }

    /// A frame of one transparent pixel, which changes nothing on the screen: it carries up to
    /// `delay` hundredths of a second, and returns how many.
    private func putTransparentPixel(_ file: UnsafeMutablePointer<GifFileType>, delay: Int) throws -> Int {
        let shown = min(delay, Self.maximumDelay)
        try putControl(file, delay: shown, transparent: true)
        if indices.isEmpty { indices = [0] } else { indices[0] = 0 }
        try putImage(file, PixelRect(x: 0, y: 0, width: 1, height: 1), palette: GIFPalette(colors: [0xFF00_0000]))
        return shown
    }

    /// The logical screen with `palette` as the global colour table, then the loop extension.
    private func putScreen(_ file: UnsafeMutablePointer<GifFileType>, palette: GIFPalette) throws {
        try withColorMap(palette) { map in
            try check(file, EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, map))
        }
        // NETSCAPE2.0: sub-block 1, loop count 0 (forever), little-endian.
        try check(file, EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE))
        try check(file, EGifPutExtensionBlock(file, 11, "NETSCAPE2.0"))
        let loop: [UInt8] = [1, 0, 0]
        try check(file, EGifPutExtensionBlock(file, 3, loop))
        try check(file, EGifPutExtensionTrailer(file))
    }

    /// A graphics control extension: `delay` hundredths of a second, the frame left in place
    /// afterwards, palette index 0 transparent when `transparent`.
    private func putControl(_ file: UnsafeMutablePointer<GifFileType>, delay: Int, transparent: Bool) throws {
        var control = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(delay),
                                           TransparentColor: transparent ? 0 : NO_TRANSPARENT_COLOR)
        var bytes = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &bytes)
        try check(file, EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), bytes))
    }

    /// An image descriptor for `rect` (with a local colour table when `palette` is given) and
    /// the first `rect.width * rect.height` entries of ``indices``, row by row.
    private func putImage(_ file: UnsafeMutablePointer<GifFileType>, _ rect: PixelRect, palette: GIFPalette?) throws {
        let describe = { (map: UnsafeMutablePointer<ColorMapObject>?) in
            try self.check(file, EGifPutImageDesc(file, Int32(rect.x), Int32(rect.y), Int32(rect.width),
                                                  Int32(rect.height), false, map))
        }
        if let palette { try withColorMap(palette, describe) } else { try describe(nil) }
        try indices.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for row in 0..<rect.height {
                try check(file, EGifPutLine(file, base + row * rect.width, Int32(rect.width)))
            }
        }
    }

    /// Calls `body` with a giflib colour map of `palette` (padded with black to a power of two).
    private func withColorMap(_ palette: GIFPalette, _ body: (UnsafeMutablePointer<ColorMapObject>) throws -> Void) throws {
        var colors = palette.colors.map { GifColorType(Red: UInt8($0 & 0xFF), Green: UInt8($0 >> 8 & 0xFF), Blue: UInt8($0 >> 16 & 0xFF)) }
        colors += Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: palette.tableSize - colors.count)
        guard let map = GifMakeMapObject(Int32(colors.count), colors) else {
            throw CanvasError.animationEncoding("giflib could not make a colour map")
        }
        defer { GifFreeMapObject(map) }
        try body(map)
    }

    private func check(_ file: UnsafeMutablePointer<GifFileType>, _ status: Int32) throws {
        guard status == GIF_OK else { throw CanvasError.animationEncoding(Self.message(file.pointee.Error)) }
    }

    /// `milliseconds` in whole hundredths of a second, rounded half up.
    static func centiseconds(_ milliseconds: Double) -> Int {
        Int((milliseconds / 10).rounded())
    }

    static func message(_ error: Int32) -> String {
        GifErrorString(error).map { "giflib: " + String(cString: $0) } ?? "giflib failed (error \(error))"
    }
}

/// Collects the bytes giflib writes.
final class GIFOutput {
    var data = Data()

    static let write: OutputFunc = { file, bytes, count in
        guard let file, let user = file.pointee.UserData else { return 0 }
        let output = Unmanaged<GIFOutput>.fromOpaque(user).takeUnretainedValue()
        if let bytes, count > 0 { output.data.append(bytes, count: Int(count)) }
        return count
    }
}
