import CCairo
import Foundation

/// A drawing surface over Cairo: a raster image, a PDF page or an SVG document.
///
/// Coordinates are in user-space units with the origin top-left and y pointing down. A raster
/// canvas of `width` x `height` units at `scale` 2 has twice as many pixels each way and the
/// same drawing; a vector canvas is `width` x `height` points.
///
/// ```swift
/// let canvas = try Canvas(width: 400, height: 300)
/// canvas.paint(.white)
/// canvas.stroke(Path(polyline: [Point(x: 20, y: 20), Point(x: 380, y: 280)]),
///               style: StrokeStyle(color: .black, width: 4, cap: .round))
/// let png = try canvas.encoded()
/// ```
///
/// A canvas is not thread-safe; give each task its own.
public final class Canvas {
    /// The largest side, in pixels, of any canvas.
    public static let maximumSide = 16_384
    /// The largest area, in pixels, of any canvas.
    public static let maximumPixels = 100_000_000

    /// What this canvas produces.
    public let format: OutputFormat
    /// Width in user-space units.
    public let width: Double
    /// Height in user-space units.
    public let height: Double
    /// Device pixels per user-space unit (raster canvases).
    public let scale: Double
    /// Width in device pixels (raster) or points (vector).
    public let pixelWidth: Int
    /// Height in device pixels (raster) or points (vector).
    public let pixelHeight: Int

    /// The page being drawn, from 1; ``newPage()`` moves to the next.
    public internal(set) var pageNumber = 1

    let surface: OpaquePointer
    private(set) var context: OpaquePointer
    private let sink: ByteSink?
    private var isFinished = false

    /// Creates a canvas.
    ///
    /// - Parameters:
    ///   - width: width in user-space units.
    ///   - height: height in user-space units.
    ///   - scale: device pixels per unit for PNG; ignored by the page size of PDF and SVG.
    ///   - format: `.png` for a raster image, `.pdf` or `.svg` for a vector document.
    ///   - title: the document title written into a PDF's metadata.
    /// - Throws: ``CanvasError/invalidSize(width:height:)`` or
    ///   ``CanvasError/imageTooLarge(width:height:)`` before allocating anything.
    public convenience init(width: Double, height: Double, scale: Double = 1, format: OutputFormat = .png,
                            title: String? = nil) throws {
        guard width.isFinite, height.isFinite, scale.isFinite, width > 0, height > 0, scale > 0 else {
            throw CanvasError.invalidSize(width: width * scale, height: height * scale)
        }
        let (_, pixelHeight) = try Self.checkedPixelSize(width: width, height: height, scale: scale)
        guard format.isVector else {
            try self.init(width: width, height: height, scale: scale, bandTop: 0, rows: pixelHeight)
            return
        }
        let sink = ByteSink()
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let created = format == .pdf
            ? cairo_pdf_surface_create_for_stream(ByteSink.write, closure, width, height)
            : cairo_svg_surface_create_for_stream(ByteSink.write, closure, width, height)
        guard let surface = created else { throw CanvasError.cairo("could not create a \(format) surface") }
        if format == .pdf {
            // Fixed dates keep the same drawing byte-identical from run to run.
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, "2000-01-01T00:00:00Z")
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Touchline")
            if let title { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title) }
        } else {
            cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
        }
        cairo_surface_set_fallback_resolution(surface, 150 * max(scale, 1), 150 * max(scale, 1))
        try self.init(format: format, width: width, height: height, scale: scale,
                      pixelWidth: Int(width.rounded(.up)), pixelHeight: Int(height.rounded(.up)),
                      surface: surface, sink: sink)
    }

    /// A raster canvas holding only rows `top ..< top + rows` (device pixels) of a picture
    /// `width` x `height` units at `scale`: it reports the whole picture's size, and drawing
    /// outside its rows is clipped away. With `top` 0 and every row, it is the whole picture.
    convenience init(width: Double, height: Double, scale: Double, bandTop top: Int, rows: Int) throws {
        let (pixelWidth, _) = try Self.checkedPixelSize(width: width, height: height, scale: scale)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(rows)) else {
            throw CanvasError.cairo("could not create an image surface")
        }
        cairo_surface_set_device_scale(surface, scale, scale)
        cairo_surface_set_device_offset(surface, 0, -Double(top))
        try self.init(format: .png, width: width, height: height, scale: scale, pixelWidth: pixelWidth,
                      pixelHeight: rows, surface: surface, sink: nil)
    }

    /// Takes ownership of `surface` (destroyed on failure) and opens a context on it.
    private init(format: OutputFormat, width: Double, height: Double, scale: Double, pixelWidth: Int,
                 pixelHeight: Int, surface: OpaquePointer, sink: ByteSink?) throws {
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
            let message = String(cString: cairo_status_to_string(cairo_surface_status(surface)))
            cairo_surface_destroy(surface)
            throw CanvasError.cairo(message)
        }
        self.format = format
        self.width = width
        self.height = height
        self.scale = scale
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.surface = surface
        self.sink = sink
        self.context = context
    }

    deinit {
        cairo_destroy(context)
        if let sink, !isFinished { sink.discard = true }
        cairo_surface_destroy(surface)
    }

    /// Moves a band canvas to rows `top ..< top + pixelHeight` of its picture and makes it
    /// transparent, with a fresh drawing state, so one band's memory serves the next.
    func moveBand(toTop top: Int) throws {
        cairo_surface_flush(surface)
        cairo_surface_set_device_offset(surface, 0, -Double(top))
        guard let fresh = cairo_create(surface) else { throw CanvasError.cairo("could not create a context") }
        cairo_destroy(context)
        context = fresh
        clear()
        try checkStatus()
    }

    /// The pixel size of `width` x `height` units at `scale`, checked against the limits.
    public static func checkedPixelSize(width: Double, height: Double, scale: Double = 1) throws -> (Int, Int) {
        let w = (width * scale).rounded(.up), h = (height * scale).rounded(.up)
        guard w.isFinite, h.isFinite, w >= 1, h >= 1 else {
            throw CanvasError.invalidSize(width: width * scale, height: height * scale)
        }
        guard w <= Double(maximumSide), h <= Double(maximumSide), w * h <= Double(maximumPixels) else {
            throw CanvasError.imageTooLarge(width: Int(min(w, 1e15)), height: Int(min(h, 1e15)))
        }
        return (Int(w), Int(h))
    }

    /// The whole canvas in user space.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// Throws Cairo's sticky error, if any.
    func checkStatus() throws {
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw CanvasError.cairo(String(cString: cairo_status_to_string(status)))
        }
        let surfaceStatus = cairo_surface_status(surface)
        guard surfaceStatus == CAIRO_STATUS_SUCCESS else {
            throw CanvasError.cairo(String(cString: cairo_status_to_string(surfaceStatus)))
        }
    }

    /// The encoded file: PNG bytes for a raster canvas (with `png` options), or the finished
    /// PDF or SVG document. A vector canvas cannot be drawn on after this.
    public func encoded(png options: PNGOptions = .default) throws -> Data {
        switch format {
        case .png:
            return try pngData(options: options)
        case .pdf, .svg:
            guard !isFinished, let sink else { throw CanvasError.finished }
            try checkStatus()
            cairo_surface_finish(surface)
            isFinished = true
            try checkStatus()
            return format == .svg ? SVGIdentifiers.normalized(sink.data) : sink.data
        }
    }

    /// Encodes (see ``encoded(png:)``) and writes the file atomically: on failure no file,
    /// or the previous one, is left at `url`.
    public func write(to url: URL, png options: PNGOptions = .default) throws {
        let data = try encoded(png: options)
        try data.write(to: url, options: .atomic)
    }
}

/// Collects the bytes Cairo streams out of a PDF or SVG surface.
final class ByteSink {
    var data = Data()
    var discard = false

    static let write: cairo_write_func_t = { closure, bytes, length in
        guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
        if !sink.discard, let bytes, length > 0 {
            sink.data.append(bytes, count: Int(length))
        }
        return CAIRO_STATUS_SUCCESS
    }
}
