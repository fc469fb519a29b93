import CCairo
import CPNG
import Foundation

extension Canvas {
    /// Encodes the pixels as PNG through libpng: 8-bit RGB when every pixel is opaque,
    /// 8-bit RGBA with straight alpha otherwise.
    public func pngData(options: PNGOptions = .default) throws -> Data {
        guard format == .png else { throw CanvasError.notRaster }
        try checkStatus()
        cairo_surface_flush(surface)
        guard let pixels = cairo_image_surface_get_data(surface) else {
            throw CanvasError.pngEncoding("the image has no pixel data")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let layout = isOpaque(pixels: pixels, stride: stride)
            ? Int32(TL_PNG_CAIRO_OPAQUE) : Int32(TL_PNG_CAIRO_PREMULTIPLIED)
        var buffer = tl_png_buffer(data: nil, size: 0, capacity: 0)
        defer { tl_png_buffer_free(&buffer) }
        var message = [CChar](repeating: 0, count: 256)
        let succeeded = tl_png_encode(pixels, Int32(pixelWidth), Int32(pixelHeight), Int32(stride), layout,
                                      options.filter, options.zlibLevel, options.zlibStrategy, &buffer, &message)
        guard succeeded == 1, let bytes = buffer.data else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw CanvasError.pngEncoding(text.isEmpty ? "libpng failed" : text)
        }
        return Data(bytes: bytes, count: buffer.size)
    }

    /// The pixels as straight 8-bit RGBA: for inspection and tests, and the frames of an
    /// animation (see ``AnimationEncoder``), so this is kept fast.
    public func rasterImage() throws -> RasterImage {
        guard format == .png else { throw CanvasError.notRaster }
        try checkStatus()
        cairo_surface_flush(surface)
        guard let pixels = cairo_image_surface_get_data(surface) else { throw CanvasError.notRaster }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let (width, height) = (pixelWidth, pixelHeight)
        let rgba = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            count = width * height * 4
            guard let base = buffer.baseAddress else { return }
            UnsafeMutableRawPointer(base).withMemoryRebound(to: UInt32.self, capacity: width * height) { destination in
                for y in 0..<height {
                    let row = UnsafeRawPointer(pixels.advanced(by: y * stride)).assumingMemoryBound(to: UInt32.self)
                    Self.straighten(row, into: destination + y * width, width: width)
                }
            }
        }
        return RasterImage(width: width, height: height, rgba: rgba)
    }

    /// One row of Cairo's premultiplied ARGB32 as straight RGBA bytes (each written as one
    /// little-endian `UInt32`): opaque and fully transparent pixels by moving their bytes, the
    /// few translucent ones (antialiased edges over nothing) through libpng's own rule.
    private static func straighten(_ row: UnsafePointer<UInt32>, into destination: UnsafeMutablePointer<UInt32>, width: Int) {
        for x in 0..<width {
            let pixel = row[x]
            let alpha = pixel >> 24
            if alpha == 0xFF || alpha == 0 {
                destination[x] = ((pixel & 0xFF00_FF00) | (pixel >> 16 & 0xFF) | (pixel & 0xFF) << 16).littleEndian
            } else {
                UnsafeMutableRawPointer(destination + x).withMemoryRebound(to: UInt8.self, capacity: 4) { bytes in
                    tl_png_unpremultiply_row(row + x, bytes, 1)
                }
            }
        }
    }

    /// True when no pixel has any transparency.
    private func isOpaque(pixels: UnsafeMutablePointer<UInt8>, stride: Int) -> Bool {
        for y in 0..<pixelHeight {
            let row = UnsafeRawPointer(pixels.advanced(by: y * stride)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<pixelWidth where row[x] < 0xFF00_0000 {
                return false
            }
        }
        return true
    }

    /// Draws `image` scaled to fill `rect` (user space), smoothing when scaled.
    public func draw(_ image: RasterImage, in rect: Rect) throws {
        let pixelCount = image.width * image.height
        guard pixelCount > 0 else { return }
        guard let source = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height)) else {
            throw CanvasError.cairo("could not create an image surface")
        }
        defer { cairo_surface_destroy(source) }
        guard cairo_surface_status(source) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(source) else {
            throw CanvasError.cairo("could not create an image surface")
        }
        let stride = Int(cairo_image_surface_get_stride(source))
        for y in 0..<image.height {
            let row = UnsafeMutableRawPointer(data.advanced(by: y * stride)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                let a = UInt32(p.alpha)
                func premultiplied(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                row[x] = a << 24 | premultiplied(p.red) << 16 | premultiplied(p.green) << 8 | premultiplied(p.blue)
            }
        }
        cairo_surface_mark_dirty(source)
        withSavedState {
            cairo_translate(context, rect.x, rect.y)
            cairo_scale(context, rect.width / Double(image.width), rect.height / Double(image.height))
            cairo_set_source_surface(context, source, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
            cairo_paint(context)
        }
    }
}
