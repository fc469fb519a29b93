import Stickers

/// A sticker collection as anyone sees it in the catalogue, with the asker's part in it.
public struct CollectionSummary: Sendable, Equatable, Codable {
    /// What the asker is to the collection.
    public enum Role: String, Sendable, Equatable, Codable {
        /// Created it: administers it, grants editors.
        case owner
        /// Administers it with the owner.
        case editor
        /// Started it.
        case collector
        /// None of these: sees the catalogue.
        case visitor
    }

    public var id: Int64
    public var name: String
    public var description: String
    public var owner: String
    public var packSize: Int
    public var weights: RarityWeights
    public var families: Int
    public var cards: Int
    public var collectors: Int
    public var role: Role
    /// Whether the asker has started it (owners and editors may collect too).
    public var started: Bool
}
