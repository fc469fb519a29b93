/// What opening an envelope gave: the cards in the order drawn, each marked new when the
/// collector had no copy before.
public struct EnvelopeOpening: Sendable, Equatable, Codable {
    public struct Drawn: Sendable, Equatable, Codable {
        public var number: Int
        public var title: String
        public var rarity: String
        /// The collector had no copy before this envelope.
        public var new: Bool
    }

    public var collection: String
    /// Why the envelope was granted: start, grant, challenge, treasure or battle.
    public var source: String
    public var kind: String
    public var cards: [Drawn]
    /// Envelopes still unopened.
    public var envelopesLeft: Int
}
