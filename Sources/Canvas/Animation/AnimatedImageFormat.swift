import Foundation

/// The animated image formats Canvas writes (see ``AnimationEncoder``).
public enum AnimatedImageFormat: String, Sendable, CaseIterable, Codable {
    /// GIF89a through giflib: at most 256 colours a frame, delays in hundredths of a second.
    case gif
    /// Animated WebP through libwebp's animation encoder, every frame lossless.
    case webp

    /// The format named by a file's extension (`.gif`, `.webp`, any case), or nil.
    public init?(fileExtensionOf url: URL) {
        self.init(rawValue: url.pathExtension.lowercased())
    }

    /// The media type: `image/gif` or `image/webp`.
    public var mediaType: String {
        switch self {
        case .gif: return "image/gif"
        case .webp: return "image/webp"
        }
    }

    /// The largest side a frame of this format may have, in pixels: WebP stores sides in 14
    /// bits (16,383), GIF in 16 bits (65,535).
    public var maximumSide: Int {
        switch self {
        case .gif: return 65_535
        case .webp: return 16_383
        }
    }
}
