/// What importing a collection folder created.
public struct CollectionImportSummary: Sendable, Equatable, Codable {
    public var id: Int64
    public var name: String
    public var families: Int
    public var cards: Int
    /// Distinct images stored (an image several cards share counts once).
    public var images: Int
}
