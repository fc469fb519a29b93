import CWebP
import Foundation

/// Writes an animated WebP through libwebp's `WebPAnimEncoder`, every frame lossless (so
/// every colour is exact), looping forever.
///
/// The animation encoder finds what changed between frames itself and encodes only that. Its
/// settings are fixed (no key frames inserted, no mixed lossy frames, one thread), so the same
/// frames give the same bytes. Timestamps are the frames' start times rounded to milliseconds.
final class WebPAnimationWriter: AnimationFrameWriter {
    /// libwebp's lossless effort, 0 (fastest) to 9 (smallest). Most of an animation's time goes
    /// to the animation encoder's own comparison of frames, not to this (bench/BASELINE.md).
    static let losslessLevel: Int32 = 2

    private var encoder: OpaquePointer?
    private var config = WebPConfig()
    private let width: Int
    private let height: Int
    /// When the last frame written ends, in milliseconds.
    private var end = 0.0

    init(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0, WebPConfigInit(&config) != 0,
              WebPConfigLosslessPreset(&config, Self.losslessLevel) != 0 else {
            throw CanvasError.animationEncoding("libwebp: the library's version does not match its headers")
        }
        options.anim_params.loop_count = 0
        options.allow_mixed = 0
        options.minimize_size = 0
        // No key frames beyond the first: every frame but the first is what changed.
        options.kmin = Int32.max - 1
        options.kmax = Int32.max
        config.exact = 1
        config.thread_level = 0
        guard WebPValidateConfig(&config) != 0 else { throw CanvasError.animationEncoding("libwebp: invalid settings") }
        guard let made = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw CanvasError.animationEncoding("libwebp could not start an animation (out of memory?)")
        }
        encoder = made
    }

    deinit {
        if let encoder { WebPAnimEncoderDelete(encoder) }
    }

    func write(_ frame: RasterImage, from start: Double, to end: Double) throws {
        guard let encoder else { throw CanvasError.finished }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw CanvasError.animationEncoding("libwebp: version mismatch") }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        let imported = frame.rgba.withUnsafeBufferPointer { pixels in
            WebPPictureImportRGBA(&picture, pixels.baseAddress, Int32(width * 4))
        }
        guard imported != 0 else { throw CanvasError.animationEncoding("libwebp could not take a frame (out of memory?)") }
        guard WebPAnimEncoderAdd(encoder, &picture, Self.milliseconds(start), &config) != 0 else {
            throw CanvasError.animationEncoding(message(encoder))
        }
        self.end = end
    }

    func finish() throws -> Data {
        guard let encoder else { throw CanvasError.finished }
        defer {
            WebPAnimEncoderDelete(encoder)
            self.encoder = nil
        }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        // The end of the last frame, which gives its duration.
        guard WebPAnimEncoderAdd(encoder, nil, Self.milliseconds(end), nil) != 0,
              WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw CanvasError.animationEncoding(message(encoder))
        }
        return Data(bytes: bytes, count: data.size)
    }

    /// libwebp's message for the last failure.
    private func message(_ encoder: OpaquePointer) -> String {
        let text = WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? ""
        return "libwebp: " + (text.isEmpty ? "encoding failed" : text)
    }

    /// `milliseconds` rounded half up to a whole number.
    static func milliseconds(_ milliseconds: Double) -> Int32 {
        Int32(milliseconds.rounded())
    }
}
