import Foundation

/// One page of a user's stored boards, newest first. Its `Codable` form is the stable schema
/// of `touchline board list --json` and of the HTTP API's board listing:
/// `{"items": [...], "next": CURSOR_OR_NULL}` (`next` is written as `null` on the last page).
public struct StoredBoardPage: Sendable, Equatable, Codable {
    /// The boards of this page, newest first.
    public var items: [StoredBoardSummary]
    /// An opaque cursor: pass it as `after` for the next (older) page; nil on the last page.
    public var next: String?

    public init(items: [StoredBoardSummary], next: String?) {
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
