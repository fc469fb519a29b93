import Foundation

/// One page of a keyset-paged listing (``StoredBoardPage``, ``RoutePage``). Its `Codable` form
/// is the HTTP API's: `{"items": [...], "next": CURSOR_OR_NULL}`, `next` written as `null` on
/// the last page so that clients test one key.
public struct ListPage<Item: Sendable & Equatable & Codable>: Sendable, Equatable, Codable {
    /// The items of this page, in the listing's order.
    public var items: [Item]
    /// An opaque cursor: pass it as `after` for the next page; nil on the last page.
    public var next: String?

    public init(items: [Item], next: String?) {
        self.items = items
        self.next = next
    }

    enum CodingKeys: String, CodingKey {
        case items, next
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        // Always present, null on the last page, so clients test one key.
        try container.encode(next, forKey: .next)
    }
}
