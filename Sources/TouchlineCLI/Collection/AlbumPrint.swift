import ArgumentParser
import Canvas
import Club
import Foundation
import Reports

/// Albums printed by Reports' album renderer, from a file (`card album`) or, for a collector,
/// from the database (`collection album -o`): the
/// collection's families as sections, its cards with the collector's copies (at most
/// `AlbumDocument.maximumCopies` printed) and copies promised in swaps, and the stored images.
enum AlbumPrint {
    /// The format of an album output file: PDF or PNG.
    static func format(_ path: String) -> OutputFormat? {
        OutputFormat(fileExtensionOf: URL(fileURLWithPath: path)).flatMap { $0 == .svg ? nil : $0 }
    }

    /// Checks an album's output file name and `--page`, before anything is read.
    static func validate(output: String, page: Int?) throws {
        guard let format = format(output) else {
            throw ValidationError("cannot tell the format of '\(output)': use a .pdf or .png file name")
        }
        if let page {
            guard format == .png else { throw ValidationError("--page goes with a .png output; a PDF holds every page") }
            guard page >= 1 else { throw ValidationError("--page must be 1 or more") }
        }
    }

    /// The collector's album as Reports lays it out.
    static func album(_ printable: PrintableAlbum) throws -> Album {
        let cards = printable.album.cards
        let document = AlbumDocument(
            collection: printable.album.collection,
            families: printable.families.map { AlbumDocument.Family(id: $0, name: $0) },
            cards: cards.map { card in
                AlbumDocument.Card(number: card.number, title: card.title, family: card.family,
                                   image: printable.images[card.number] == nil ? nil : "card \(card.number)")
            },
            owned: Dictionary(uniqueKeysWithValues: cards.filter { $0.owned > 0 }.map {
                (String($0.number), min($0.owned, AlbumDocument.maximumCopies))
            }),
            blocked: Dictionary(uniqueKeysWithValues: cards.filter { $0.blocked > 0 }.map {
                (String($0.number), min($0.blocked, $0.owned, AlbumDocument.maximumCopies))
            }))
        return try Album(document: document, source: printable.album.collection) { card, _ in
            printable.images[card.number] ?? Data()
        }
    }

    /// `album` printed for `output`'s format: every page as PDF, or page `page` (from 1,
    /// default 1) as a PNG at 144 dpi.
    static func bytes(_ album: Album, for output: String, page: Int?) throws -> Data {
        guard format(output) == .png else { return try album.pdf() }
        let page = page ?? 1
        guard page <= album.pageCount else {
            throw CommandError(.usage, "--page \(page): the album has \(album.pageCount) page\(album.pageCount == 1 ? "" : "s")")
        }
        return try album.png(page: page - 1, scale: 2)
    }

    /// What a written album says: `wrote album.pdf (7 of 14 cards owned, album of 1 page, 80 kB)`.
    static func summary(_ album: Album, output: String, bytes: Int) -> String {
        let pages = album.pageCount == 1 ? "1 page" : "\(album.pageCount) pages"
        return "wrote \(output) (\(album.ownedCount) of \(album.cardCount) cards owned, album of \(pages), \(Files.describeSize(bytes)))"
    }
}
