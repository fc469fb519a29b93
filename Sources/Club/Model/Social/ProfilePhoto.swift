import Foundation

/// A profile photo's bytes as they were given (PNG or JPEG).
public struct ProfilePhoto: Sendable, Equatable {
    public var data: Data
    /// `image/png` or `image/jpeg`.
    public var mediaType: String

    public init(data: Data, mediaType: String) {
        self.data = data
        self.mediaType = mediaType
    }
}
