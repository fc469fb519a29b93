import Foundation

/// One recorded draw: an envelope opened or cards an administrator gave.
public struct CardDrawRecord: Sendable, Equatable, Codable {
    public var id: Int64
    public var collector: String
    /// start, grant, challenge, treasure or battle for an envelope; gift for given cards.
    public var source: String
    /// regular or special for an envelope; nil for a gift.
    public var kind: String?
    /// Who granted the envelope or gave the cards, when an administrator did.
    public var grantedBy: String?
    public var grantedAt: Date
    /// The card numbers in the order drawn.
    public var cards: [Int]
    public var at: Date
}
