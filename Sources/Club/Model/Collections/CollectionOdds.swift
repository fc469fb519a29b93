/// A collector's odds of finishing an album from where they stand (``Collections/odds``).
public struct CollectionOdds: Sendable, Equatable, Codable {
    public var collection: String
    public var cards: Int
    public var missing: Int
    public var packSize: Int
    /// The expected number of envelopes still to open to fill every slot.
    public var expectedEnvelopes: Double
    /// The same when the collector first swaps all their duplicates at par: one for one, each
    /// for a missing card of the same rarity.
    public var expectedEnvelopesSwapping: Double
    /// The envelopes `probabilityWithin` was asked for.
    public var envelopes: Int?
    /// The probability of finishing within `envelopes`, when asked for.
    public var probabilityWithin: Double?
    /// Whether the figures are exact (every card of one weight) or the Poisson model's
    /// approximation (rarity weights); `method` says how.
    public var exact: Bool
    /// How the figures were computed.
    public var method: String
}
