import Foundation
import Stickers

extension Album {
    /// A collector's album from the database (``PrintableAlbum``): the collection's families
    /// as sections, its cards with the collector's copies (at most
    /// ``AlbumDocument/maximumCopies`` printed), copies promised in swaps shown as such, and
    /// the stored images of the cards they own. What `touchline collection album -o` prints and
    /// `GET /api/v1/collections/{id}/album` answers as a PDF or PNG.
    ///
    /// ```swift
    /// let printable = try Collections(store: store).printableAlbum(actor, "Liga 2024/25")
    /// let pdf = try Album(collector: printable).pdf()
    /// ```
    public init(collector printable: PrintableAlbum, paper: PaperSize = .a4) throws {
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
        try self.init(document: document, source: printable.album.collection, paper: paper) { card, _ in
            printable.images[card.number] ?? Data()
        }
    }
}
