import CJPEG
import Foundation

extension RasterImage {
    /// The most scans a progressive JPEG may have. Each scan refines the whole image again, so
    /// a small file of thousands of tiny scans costs minutes; real encoders write about ten.
    public static let maximumJPEGScans = 256

    /// Decodes a JPEG with libjpeg-turbo and turns it the right way up.
    ///
    /// Greyscale, YCbCr and RGB JPEGs decode to opaque RGBA; CMYK and YCCK ones (Adobe's
    /// inverted CMYK, as Photoshop writes them, or plain CMYK without the Adobe marker) are
    /// converted naively to RGB. An EXIF orientation (APP1 `Exif`, tag 0x0112, 2 to 8) is
    /// applied to the pixels, so `width` and `height` are those of the upright image.
    ///
    /// The byte count and the size in the header are checked against `limits` before any pixel
    /// memory is allocated. With `frame` (in pixels, upright), the image is decoded at the
    /// smallest of 1/1, 1/2, 1/4 or 1/8 of its size that still covers the image fitted inside
    /// `frame`, which saves most of the memory and time when a large photo is drawn small.
    ///
    /// ```swift
    /// let photo = try RasterImage(jpegData: data, limits: limits, fittingIn: Size(width: 650, height: 500))
    /// ```
    ///
    /// - Throws: ``CanvasError/jpegDecoding(_:)`` for bytes libjpeg cannot read (libjpeg's
    ///   message) or an unsupported colour space, ``CanvasError/imageDataTooLarge(bytes:maximum:)``
    ///   and ``CanvasError/imageOverLimits(width:height:limits:)`` before decoding.
    public init(jpegData data: Data, limits: ImageLimits = .canvas, fittingIn frame: Size? = nil) throws {
        try limits.check(byteCount: data.count)
        self = try JPEGDecoder.decode(data, limits: limits, frame: frame, headerOnly: false).image
    }

    /// Decodes a PNG or a JPEG, told apart by their first bytes (see ``ImageFormat/sniff(_:)``),
    /// within `limits`; `frame` lets a JPEG decode smaller (see ``init(jpegData:limits:fittingIn:)``).
    ///
    /// This is the entry point for every image that input controls: player photos, map tiles,
    /// album images.
    ///
    /// - Throws: ``CanvasError/unsupportedImageFormat(_:)`` for bytes of another format, and
    ///   what ``init(pngData:limits:)`` and ``init(jpegData:limits:fittingIn:)`` throw.
    public init(imageData data: Data, limits: ImageLimits = .canvas, fittingIn frame: Size? = nil) throws {
        switch ImageFormat.sniff(data) {
        case .png: try self.init(pngData: data, limits: limits)
        case .jpeg: try self.init(jpegData: data, limits: limits, fittingIn: frame)
        case nil: throw CanvasError.unsupportedImageFormat(ImageFormat.unsupportedName(of: data))
        }
    }

    /// What the header of a PNG or JPEG says (format, size, EXIF orientation), read without
    /// decoding any pixels: cheap even for an image that would be refused.
    ///
    /// - Throws: ``CanvasError/unsupportedImageFormat(_:)``, ``CanvasError/pngDecoding(_:)`` or
    ///   ``CanvasError/jpegDecoding(_:)`` when the header cannot be read.
    public static func info(of data: Data) throws -> ImageInfo {
        switch ImageFormat.sniff(data) {
        case .png:
            return try pngInfo(data)
        case .jpeg:
            return try JPEGDecoder.decode(data, limits: .canvas, frame: nil, headerOnly: true).info
        case nil:
            throw CanvasError.unsupportedImageFormat(ImageFormat.unsupportedName(of: data))
        }
    }
}

/// The steps of one libjpeg decoding, in the order the shim allows them.
enum JPEGDecoder {
    /// Reads the header, checks it against `limits`, then (unless `headerOnly`) decodes at the
    /// chosen scale and applies the orientation.
    static func decode(_ data: Data, limits: ImageLimits, frame: Size?, headerOnly: Bool)
        throws -> (info: ImageInfo, image: RasterImage) {
        guard let decoder = tl_jpeg_new() else { throw CanvasError.jpegDecoding("out of memory") }
        defer { tl_jpeg_free(decoder) }
        func failure() -> CanvasError {
            let message = withUnsafeBytes(of: decoder.pointee.message) { raw in
                Array(raw.bindMemory(to: CChar.self))
            }
            return .jpegDecoding(RasterImage.text(message, library: "libjpeg"))
        }
        return try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), !bytes.isEmpty else {
                throw CanvasError.jpegDecoding("the file is empty")
            }
            guard tl_jpeg_read_header(decoder, base, UInt(bytes.count), Int32(RasterImage.maximumJPEGScans)) == 1 else {
                throw failure()
            }
            let width = Int(decoder.pointee.info.image_width), height = Int(decoder.pointee.info.image_height)
            let orientation = exifOrientation(decoder)
            let info = ImageInfo(format: .jpeg, width: width, height: height, orientation: orientation)
            try limits.check(width: width, height: height)
            if headerOnly { return (info, RasterImage(width: 0, height: 0, rgba: [])) }

            let layout: Int32
            let components = Int(decoder.pointee.info.num_components)
            switch (decoder.pointee.info.jpeg_color_space, components) {
            case (JCS_GRAYSCALE, 1), (JCS_YCbCr, 3), (JCS_RGB, 3): layout = Int32(TL_JPEG_OUT_RGBA)
            case (JCS_CMYK, 4), (JCS_YCCK, 4): layout = Int32(TL_JPEG_OUT_CMYK)
            case (let space, _):
                throw CanvasError.jpegDecoding("colour space \(space.rawValue) with \(components) components is not supported "
                    + "(only greyscale, YCbCr, RGB, CMYK and YCCK)")
            }
            let denominator = scaleDenominator(width: width, height: height, orientation: orientation, frame: frame)
            // libjpeg's own buffers: a progressive image keeps every coefficient (2 bytes each,
            // up to 4 components), so allow that for the largest image the limits let through.
            let memory = min(limits.maximumPixels, width * height) * 8 + (32 << 20)
            guard tl_jpeg_start(decoder, Int32(denominator), layout, memory) == 1 else { throw failure() }
            let outputWidth = Int(decoder.pointee.info.output_width), outputHeight = Int(decoder.pointee.info.output_height)
            guard outputWidth > 0, outputHeight > 0, outputWidth <= width, outputHeight <= height else {
                throw CanvasError.jpegDecoding("libjpeg gave an unexpected size \(outputWidth)x\(outputHeight)")
            }
            var rgba = [UInt8](repeating: 0, count: outputWidth * outputHeight * 4)
            let read = rgba.withUnsafeMutableBufferPointer { buffer in
                tl_jpeg_read_rgba(decoder, buffer.baseAddress, outputWidth * 4, layout)
            }
            guard read == 1 else { throw failure() }
            let image = RasterImage(width: outputWidth, height: outputHeight, rgba: rgba)
            return (info, image.oriented(orientation))
        }
    }

    /// The EXIF orientation in the first saved `Exif` APP1 segment, or 1.
    static func exifOrientation(_ decoder: UnsafeMutablePointer<tl_jpeg_decoder>) -> Int {
        var bytes: UnsafePointer<UInt8>?
        var length: UInt32 = 0
        guard tl_jpeg_exif(decoder, &bytes, &length) == 1, let bytes else { return 1 }
        return ExifOrientation.read(UnsafeBufferPointer(start: bytes, count: Int(length)))
    }

    /// The largest of 1, 2, 4 and 8 that keeps a `width` x `height` image (stored; `frame` is
    /// upright) at least as large as it is drawn fitted inside `frame`.
    static func scaleDenominator(width: Int, height: Int, orientation: Int, frame: Size?) -> Int {
        guard let frame, frame.width.isFinite, frame.height.isFinite, frame.width > 0, frame.height > 0 else { return 1 }
        let (frameWidth, frameHeight) = orientation >= 5 ? (frame.height, frame.width) : (frame.width, frame.height)
        // The image fitted inside the frame is `fit` times its size.
        let fit = min(frameWidth / Double(width), frameHeight / Double(height))
        var denominator = 1
        while denominator < 8, fit * Double(denominator * 2) <= 1 { denominator *= 2 }
        return denominator
    }
}
