/// A collector's album: every card of the collection in number order, owned or not, and the
/// envelopes they hold unopened.
public struct CollectorAlbum: Sendable, Equatable, Codable {
    public var collection: String
    public var collector: String
    /// Unopened envelopes: regular and special.
    public var envelopes: Int
    public var specialEnvelopes: Int
    public var cards: [AlbumCard]

    /// `collector`'s album of `collection`: every card in number order, and the envelopes they hold.
    public init(collection: String, collector: String, envelopes: Int, specialEnvelopes: Int, cards: [AlbumCard]) {
        self.collection = collection
        self.collector = collector
        self.envelopes = envelopes
        self.specialEnvelopes = specialEnvelopes
        self.cards = cards
    }

    /// Cards with at least one copy.
    public var ownedCards: Int { cards.filter { $0.owned > 0 }.count }
    /// Cards with no copy.
    public var missingCards: Int { cards.count - ownedCards }
}
