import CCairo
import Canvas
import Foundation

/// Cairo's own PNG writer, for comparison with Canvas's libpng encoder.
///
/// A canvas's Cairo surface is internal to Canvas, so this holds a copy of a rendered board's
/// pixels (taken through the public `rasterImage()`) in a Cairo image surface of its own. Only
/// ``encode()`` is meant to be timed: it is the same work as `cairo_surface_write_to_png` on
/// the canvas's surface would be, into memory instead of a file.
final class CairoReference {
    private let surface: OpaquePointer

    /// Copies `image` into a new surface: RGB24 when every pixel is opaque (Cairo then writes
    /// 8-bit RGB, as Canvas does), premultiplied ARGB32 otherwise.
    init(_ image: RasterImage) throws {
        let opaque = stride(from: 3, to: image.rgba.count, by: 4).allSatisfy { image.rgba[$0] == 255 }
        guard let surface = cairo_image_surface_create(opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32,
                                                       Int32(image.width), Int32(image.height)) else {
            throw CanvasError.cairo("could not create an image surface")
        }
        self.surface = surface
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              let data = cairo_image_surface_get_data(surface) else {
            throw CanvasError.cairo("could not create an image surface")
        }
        let rowBytes = Int(cairo_image_surface_get_stride(surface))
        image.rgba.withUnsafeBufferPointer { rgba in
            for y in 0..<image.height {
                let row = UnsafeMutableRawPointer(data.advanced(by: y * rowBytes)).assumingMemoryBound(to: UInt32.self)
                for x in 0..<image.width {
                    let i = (y * image.width + x) * 4
                    let alpha = UInt32(rgba[i + 3])
                    func channel(_ value: UInt8) -> UInt32 { (UInt32(value) * alpha + 127) / 255 }
                    row[x] = alpha << 24 | channel(rgba[i]) << 16 | channel(rgba[i + 1]) << 8 | channel(rgba[i + 2])
                }
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    deinit { cairo_surface_destroy(surface) }

    /// The PNG that `cairo_surface_write_to_png_stream` writes (libpng defaults: adaptive
    /// filtering, zlib level 6).
    func encode() throws -> Data {
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw CanvasError.pngEncoding(String(cString: cairo_status_to_string(status)))
        }
        return sink.data
    }

    /// Collects the stream's bytes.
    private final class Sink {
        var data = Data()
    }
}
