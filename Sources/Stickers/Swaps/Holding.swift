/// A collector's copies of one card: how many they own and how many of those are promised in
/// pending swap proposals. The invariant `0 <= blocked <= owned` holds for every value.
public struct Holding: Sendable, Hashable {
    /// Copies owned.
    public let owned: Int
    /// Copies promised in pending proposals (each proposal blocks one copy of the offered card).
    public let blocked: Int

    /// The most copies of one card a collector may hold.
    public static let maximumCopies = 1_000_000

    /// - Throws: ``StickerError/invalid(field:expected:)`` unless
    ///   `0 <= blocked <= owned <= maximumCopies`.
    public init(owned: Int, blocked: Int = 0) throws {
        guard (0...Self.maximumCopies).contains(owned) else {
            throw StickerError.invalid(field: "owned", expected: "0 to \(Self.maximumCopies) copies, not \(owned)")
        }
        guard (0...owned).contains(blocked) else {
            throw StickerError.invalid(field: "blocked", expected: "0 to the \(owned) copies owned, not \(blocked)")
        }
        self.owned = owned
        self.blocked = blocked
    }

    /// No copy at all.
    public static let none = Holding(unchecked: 0, 0)

    private init(unchecked owned: Int, _ blocked: Int) {
        self.owned = owned
        self.blocked = blocked
    }

    /// Copies that can still be offered or asked for.
    public var unblocked: Int { owned - blocked }
    /// Whether the card is blocked: owned, and every copy promised.
    public var isBlocked: Bool { owned > 0 && blocked == owned }
    /// Whether the card's slot in the album is empty.
    public var isMissing: Bool { owned == 0 }
    /// Copies a collector can swap away and still keep one in the album: the unblocked copies
    /// but one.
    public var spare: Int { max(0, owned - blocked - 1) }
}
