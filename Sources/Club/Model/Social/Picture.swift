import Foundation

/// A picture as it was given, PNG or JPEG: a profile photo, a group's avatar, a note's image.
public struct Picture: Sendable, Equatable {
    public var data: Data
    /// `image/png` or `image/jpeg`.
    public var mediaType: String

    public init(data: Data, mediaType: String) {
        self.data = data
        self.mediaType = mediaType
    }

    /// A stored picture of format `png` or `jpeg`.
    init(data: Data, format: String) {
        self.init(data: data, mediaType: format == "png" ? "image/png" : "image/jpeg")
    }
}
