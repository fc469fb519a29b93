import Foundation

/// What printing a collector's album needs (what the club service `Collections.printableAlbum` gives and Reports' `Album(collector:)` prints): the album, the
/// collection's families in order, and the images of the cards the collector owns.
public struct PrintableAlbum: Sendable, Equatable {
    public var album: CollectorAlbum
    /// The families' names, in the order they were added.
    public var families: [String]
    /// The stored image of each owned card that has one, by number.
    public var images: [Int: Data]

    /// An album to print, its families in order and its owned cards' images by number.
    public init(album: CollectorAlbum, families: [String], images: [Int: Data]) {
        self.album = album
        self.families = families
        self.images = images
    }
}
