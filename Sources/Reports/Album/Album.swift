import Canvas
import Foundation
import Stickers

/// A collection of numbered cards laid out as an album to print: every family a section under
/// its name, every card a slot with its number. An owned card shows its image (or, without
/// one, its number and title on a filled slot); a missing card a dashed outline with its number
/// large and its title small; a card owned more than once a round red badge "×N", N being the
/// copies owned (so N − 1 to swap); a card with copies promised in swaps a slate band "N in
/// swaps" along its top. Sections follow the families' order, slots the card
/// numbers; families without cards are left out. The same album always gives the same bytes.
///
/// ```swift
/// let album = try Album(contentsOf: URL(fileURLWithPath: "examples/cards/album.json"))
/// try album.pdf().write(to: URL(fileURLWithPath: "album.pdf"))
/// ```
public struct Album: PrintSection {
    /// The largest image file of one card, in bytes.
    public static let maximumImageBytes = 16 << 20
    /// The most image bytes one album reads.
    public static let maximumTotalImageBytes = 512 << 20
    /// What one card's image may be (PNG or JPEG): 16 MiB, 2048 px a side and 4 megapixels,
    /// checked from its header when the album is read, before anything is decoded. A slot
    /// prints at about 300 x 400 px, so a scanned card at 300 dpi (750 x 1050) fits with room to
    /// spare, and 2,000 such images still decode in minutes, not the better part of an hour.
    /// A sticker collection's images are held to the same side and pixels when stored.
    public static let imageLimits = ImageLimits(maximumBytes: maximumImageBytes, maximumSide: CollectionManifest.imageMaximumSide,
                                                maximumPixels: CollectionManifest.imageMaximumPixels)

    /// One card's place in the album.
    public struct Slot: Sendable, Equatable {
        /// The card's number, printed on its slot.
        public var number: Int
        /// The card's title, printed small under the number when there is no image.
        public var title: String
        /// Copies owned; 0 when missing.
        public var copies: Int
        /// Copies promised in swaps (at most `copies`).
        public var blocked: Int = 0
        /// The image's path as the album gives it, and its bytes (read for owned cards only).
        public var imagePath: String?
        public var image: Data?
    }

    /// A family's cards, by number.
    public struct Section: Sendable, Equatable {
        /// The family's name: the section's heading.
        public var name: String
        /// The family's cards, by number.
        public var slots: [Slot]
    }

    /// The collection's title.
    public let title: String
    /// The families with cards, in the document's order.
    public let sections: [Section]
    /// The album file's name, for messages.
    public let source: String
    /// The sheet of paper, portrait.
    public let paper: PaperSize
    let layout: AlbumLayout

    /// An album from a document; `image` returns the bytes of the image of an owned card
    /// that names one (it is not called for missing cards), given the card and its path.
    ///
    /// - Throws: ``AlbumError`` naming the field or card, including the errors `image` throws
    ///   for a card (as ``AlbumError/unreadableImage(source:card:path:reason:)``).
    public init(document: AlbumDocument, source: String, paper: PaperSize = .a4,
                image: (_ card: AlbumDocument.Card, _ path: String) throws -> Data) throws {
        try document.validate(source: source)
        var total = 0
        var byFamily: [String: [Slot]] = [:]
        for card in document.cards.sorted(by: { $0.number < $1.number }) {
            let copies = document.copies(of: card.number)
            var data: Data?
            if copies > 0, let path = card.image {
                do {
                    data = try image(card, path)
                } catch let error as AlbumError {
                    throw error
                } catch {
                    throw AlbumError.unreadableImage(source: source, card: card.number, path: path,
                                                     reason: (error as? LocalizedError)?.errorDescription ?? "\(error)")
                }
                total += data?.count ?? 0
                if (data?.count ?? 0) > Self.maximumImageBytes || total > Self.maximumTotalImageBytes {
                    throw AlbumError.unreadableImage(source: source, card: card.number, path: path,
                                                     reason: "images may take at most 16 MiB each and 512 MiB in all")
                }
                if let data {
                    do {
                        let info = try RasterImage.info(of: data)
                        try Self.imageLimits.check(width: info.width, height: info.height)
                    } catch {
                        throw AlbumError.unreadableImage(source: source, card: card.number, path: path,
                                                         reason: (error as? LocalizedError)?.errorDescription ?? "\(error)")
                    }
                }
            }
            byFamily[card.family, default: []].append(Slot(number: card.number, title: card.title, copies: copies,
                                                           blocked: document.blockedCopies(of: card.number),
                                                           imagePath: card.image, image: data))
        }
        title = document.collection
        sections = document.families.compactMap { family in
            byFamily[family.id].map { Section(name: family.name, slots: $0) }
        }
        self.source = source
        self.paper = paper
        layout = try AlbumLayout(paper: paper, sectionSizes: sections.map(\.slots.count))
    }

    /// Reads an album file and the images of its owned cards, whose paths are relative to
    /// the file's folder.
    ///
    /// - Throws: ``AlbumError`` naming the field or card; ``AlbumError/missingImage(source:card:path:)``
    ///   for an owned card whose image file does not exist.
    public init(contentsOf url: URL, paper: PaperSize = .a4) throws {
        try self.init(data: try Data(contentsOf: url), source: url.lastPathComponent,
                      imagesRelativeTo: url.deletingLastPathComponent(), paper: paper)
    }

    /// Reads an album from its file's bytes, and the images of its owned cards from files
    /// whose paths are relative to `folder` and stay inside it: an absolute path, a `..` step or
    /// a symbolic link leading out is refused, so an album shared with others reads no other file.
    ///
    /// - Throws: as ``init(contentsOf:paper:)``; ``AlbumError/invalid(source:field:message:)``
    ///   for an image path leading out of `folder`.
    public init(data: Data, source: String, imagesRelativeTo folder: URL, paper: PaperSize = .a4) throws {
        let document = try AlbumDocument(data: data, source: source)
        try self.init(document: document, source: source, paper: paper) { card, path in
            func outside() -> AlbumError {
                .invalid(source: source, field: "card \(card.number) image",
                         message: "'\(path)' leads out of the album's folder: give a path relative to it, inside it")
            }
            guard !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else { throw outside() }
            let file = folder.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: file.path) else {
                throw AlbumError.missingImage(source: source, card: card.number, path: path)
            }
            let base = folder.resolvingSymlinksInPath().standardizedFileURL.path
            let real = file.resolvingSymlinksInPath().standardizedFileURL.path
            guard real.hasPrefix(base.hasSuffix("/") ? base : base + "/") else { throw outside() }
            // A FIFO or a device would block or never end: only plain files are read.
            let attributes = try? FileManager.default.attributesOfItem(atPath: real)
            guard attributes?[.type] as? FileAttributeType == .typeRegular else {
                throw AlbumError.unreadableImage(source: source, card: card.number, path: path, reason: "not a regular file")
            }
            let size = attributes?[.size] as? Int ?? 0
            guard size <= Self.maximumImageBytes else {
                throw AlbumError.unreadableImage(source: source, card: card.number, path: path, reason: "larger than 16 MiB")
            }
            do {
                return try Data(contentsOf: file)
            } catch {
                throw AlbumError.unreadableImage(source: source, card: card.number, path: path,
                                                 reason: "the file cannot be read")
            }
        }
    }

    /// The number of pages.
    public var pageCount: Int { layout.pages.count }
    /// Cards in the collection.
    public var cardCount: Int { sections.reduce(0) { $0 + $1.slots.count } }
    /// Cards owned at least once.
    public var ownedCount: Int { sections.reduce(0) { $0 + $1.slots.filter { $0.copies > 0 }.count } }
    /// Copies beyond the first, over all cards: what there is to swap.
    public var spareCount: Int { sections.reduce(0) { $0 + $1.slots.reduce(0) { $0 + max(0, $1.copies - 1) } } }

    public var bookmark: String { title }
    /// The album numbers its pages itself.
    public var wantsPageNumbers: Bool { false }
}
