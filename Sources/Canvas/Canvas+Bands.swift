import CCairo
import CPNG
import Foundation

extension Canvas {
    /// The height, in device pixels, of the bands ``bandedPNG(width:height:scale:opaque:options:draw:)``
    /// draws. It is fixed, never derived from the machine, so the output never depends on it.
    public static let bandRows = 128

    /// Draws a raster picture band by band on a worker thread while the calling thread
    /// encodes the bands already drawn, so drawing and PNG encoding overlap on two cores.
    ///
    /// `draw` is called once per band of ``bandRows`` rows, top to bottom, with a canvas whose
    /// user space is the whole picture's (`width` x `height` units at `scale`, and `bounds`
    /// says so); only the band's rows exist, so what falls outside them is clipped. A `draw`
    /// that depends only on user space gives the same bytes as drawing the whole picture on
    /// one canvas and calling ``pngData(options:)``.
    ///
    /// - Parameter opaque: the caller's promise that every pixel will be opaque (then the PNG
    ///   is RGB; otherwise RGBA).
    public static func bandedPNG(width: Double, height: Double, scale: Double = 1, opaque: Bool,
                                 options: PNGOptions = .default,
                                 draw: @escaping @Sendable (Canvas) -> Void) throws -> Data {
        let (pixelWidth, pixelHeight) = try checkedPixelSize(width: width, height: height, scale: scale)
        let pipeline = BandPipeline(width: width, height: height, scale: scale, pixelHeight: pixelHeight)
        let worker = Thread { pipeline.drawAll(draw) }
        worker.stackSize = 1 << 22
        worker.start()

        var buffer = tl_png_buffer(data: nil, size: 0, capacity: 0)
        defer { tl_png_buffer_free(&buffer) }
        var message = [CChar](repeating: 0, count: 256)
        let source: tl_png_row_source = { context, y in
            guard let context else { return nil }
            return Unmanaged<BandPipeline>.fromOpaque(context).takeUnretainedValue().row(Int(y))
        }
        let layout = opaque ? Int32(TL_PNG_CAIRO_OPAQUE) : Int32(TL_PNG_CAIRO_PREMULTIPLIED)
        let succeeded = tl_png_encode_rows(Int32(pixelWidth), Int32(pixelHeight), layout, options.filter,
                                           options.zlibLevel, options.zlibStrategy, source,
                                           Unmanaged.passUnretained(pipeline).toOpaque(), &buffer, &message)
        pipeline.finish()
        if let failure = pipeline.failure { throw failure }
        guard succeeded == 1, let bytes = buffer.data else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw CanvasError.pngEncoding(text.isEmpty ? "libpng failed" : text)
        }
        return Data(bytes: bytes, count: buffer.size)
    }
}

/// Hands bands from the drawing thread to the encoding thread.
///
/// A few band canvases are used in turn: the drawing thread may run at most ``depth`` bands
/// ahead of the encoder, so memory stays small and is reused rather than freshly mapped.
///
/// Thread safety: band `k`'s slot (canvas, row pointer) and any failure are written only by
/// the drawing thread before it signals `ready[k]`, and read only by the encoding thread after
/// it has waited on `ready[k]`; the drawing thread touches a slot again only after the encoder
/// has signalled `free[slot]`, once it is done with the slot's rows.
final class BandPipeline: @unchecked Sendable {
    /// How many bands may be drawn and not yet encoded.
    static let depth = 3

    private let width: Double, height: Double, scale: Double
    private let pixelHeight: Int
    private let count: Int
    private var slots: [Canvas?] = Array(repeating: nil, count: BandPipeline.depth)
    private var pixels: [UnsafeMutablePointer<UInt8>?] = Array(repeating: nil, count: BandPipeline.depth)
    private var strides: [Int] = Array(repeating: 0, count: BandPipeline.depth)
    private let ready: [DispatchSemaphore]
    private let free = (0..<BandPipeline.depth).map { _ in DispatchSemaphore(value: 1) }
    private let done = DispatchSemaphore(value: 0)
    private var current = -1
    /// Set by the drawing thread when a band cannot be drawn; later bands are then skipped.
    private(set) var failure: (any Error)?

    init(width: Double, height: Double, scale: Double, pixelHeight: Int) {
        self.width = width
        self.height = height
        self.scale = scale
        self.pixelHeight = pixelHeight
        count = (pixelHeight + Canvas.bandRows - 1) / Canvas.bandRows
        ready = (0..<count).map { _ in DispatchSemaphore(value: 0) }
    }

    /// On the drawing thread: draws every band in order.
    func drawAll(_ draw: (Canvas) -> Void) {
        defer { done.signal() }
        for index in 0..<count {
            let slot = index % Self.depth
            free[slot].wait()
            defer { ready[index].signal() }
            guard failure == nil else {
                pixels[slot] = nil
                continue
            }
            do {
                let top = index * Canvas.bandRows
                let band: Canvas
                if let reused = slots[slot] {
                    try reused.moveBand(toTop: top)
                    band = reused
                } else {
                    band = try Canvas(width: width, height: height, scale: scale, bandTop: top,
                                      rows: min(Canvas.bandRows, pixelHeight))
                    slots[slot] = band
                }
                draw(band)
                try band.checkStatus()
                cairo_surface_flush(band.surface)
                pixels[slot] = cairo_image_surface_get_data(band.surface)
                strides[slot] = Int(cairo_image_surface_get_stride(band.surface))
            } catch {
                failure = error
                pixels[slot] = nil
            }
        }
    }

    /// On the encoding thread: row `y`, waiting for its band; nil when it could not be drawn.
    func row(_ y: Int) -> UnsafePointer<UInt8>? {
        let index = y / Canvas.bandRows
        guard index < count else { return nil }
        while current < index {
            if current >= 0 { free[current % Self.depth].signal() } // its rows are encoded
            current += 1
            ready[current].wait()
        }
        let slot = index % Self.depth
        guard let base = pixels[slot] else { return nil }
        return UnsafePointer(base.advanced(by: (y - index * Canvas.bandRows) * strides[slot]))
    }

    /// On the encoding thread: lets the drawing thread run out (skipping what is left when
    /// encoding stopped early) and waits until it has stopped. After that, ``failure`` may be
    /// read.
    func finish() {
        // Release the slots as often as the drawer could still ask, so it never waits forever.
        for slot in 0..<Self.depth {
            for _ in 0..<count { free[slot].signal() }
        }
        done.wait()
    }
}
