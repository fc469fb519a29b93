import Foundation

/// One page of a keyset-paged list: its items and the cursor of the next page. Its `Codable`
/// form is the stable schema of the HTTP API's lists and of `touchline board list --json`:
/// `{"items": [...], "next": CURSOR_OR_NULL}` (`next` is written as `null` on the last page).
///
/// ```swift
/// let first = try teams.list(alice, after: nil)           // 20 teams
/// let second = try teams.list(alice, after: first.next)   // the 20 after them
/// ```
public struct ListPage<Item: Sendable>: Sendable {
    /// The items of this page, in the list's order.
    public var items: [Item]
    /// An opaque cursor: pass it as `after` for the next page; nil on the last page.
    public var next: String?

    public init(items: [Item], next: String?) {
        self.items = items
        self.next = next
    }
}

extension ListPage: Equatable where Item: Equatable {}

extension ListPage: Codable where Item: Codable {
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

/// One page of a user's stored boards, newest first.
public typealias StoredBoardPage = ListPage<StoredBoardSummary>
