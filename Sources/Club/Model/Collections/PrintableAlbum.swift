import Foundation

/// What printing a collector's album needs (``Collections/printableAlbum``): the album, the
/// collection's families in order, and the images of the cards the collector owns.
public struct PrintableAlbum: Sendable, Equatable {
    public var album: CollectorAlbum
    /// The families' names, in the order they were added.
    public var families: [String]
    /// The stored image of each owned card that has one, by number.
    public var images: [Int: Data]
}
