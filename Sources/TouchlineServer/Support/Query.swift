import Foundation
import Hummingbird
import Support

/// A request's query parameters, read with the API's rules: a wrong value is a 400 naming the
/// parameter and what it takes.
struct Query {
    let parameters: Parameters

    init(_ request: Request) {
        parameters = request.uri.queryParameters
    }

    /// A text parameter, nil when absent or empty.
    func string(_ name: String, maximumLength: Int = 200) throws -> String? {
        guard let value = parameters[name[...]].map(String.init), !value.isEmpty else { return nil }
        guard value.count <= maximumLength else {
            throw Problem.malformed("query parameter '\(name)': at most \(maximumLength) characters")
        }
        return value
    }

    /// A whole-number parameter within `range`.
    func int(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = try string(name, maximumLength: 20) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw Problem.malformed("query parameter '\(name)': expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// A true/false parameter (`true`, `false`, `1`, `0`).
    func bool(_ name: String) throws -> Bool? {
        guard let text = try string(name, maximumLength: 5) else { return nil }
        switch text.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default: throw Problem.malformed("query parameter '\(name)': expected true or false")
        }
    }

    /// One of `values`' raw values.
    func choice<T: RawRepresentable & CaseIterable>(_ name: String, _ type: T.Type) throws -> T? where T.RawValue == String {
        guard let text = try string(name, maximumLength: 40) else { return nil }
        guard let value = T(rawValue: text) else {
            throw Problem.malformed("query parameter '\(name)': expected one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    /// `limit`: 20 unless given, at most 100.
    func limit() throws -> Int { try int("limit", in: 1...PagingCursor.maximumLimit) ?? PagingCursor.defaultLimit }

    /// `after` for a list sorted by more than an id: the previous page's cursor, as the
    /// service takes it back (nil for the first page).
    func afterKey() throws -> String? {
        guard let text = try string("after", maximumLength: PagingCursor.maximumKeyLength) else { return nil }
        guard PagingCursor.decodeKey(text) != nil else { throw Self.foreignCursor }
        return text
    }

    /// `after` for a list paged by id that takes its cursor back as text (posts, comments,
    /// the feed): checked as ``after()`` checks it.
    func afterID() throws -> String? {
        try after().map(PagingCursor.encode)
    }

    /// `after`: the cursor of the previous page, nil for the first.
    func after() throws -> Int64? {
        guard let text = try string("after", maximumLength: PagingCursor.maximumLength) else { return nil }
        guard let value = PagingCursor.decode(text) else { throw Self.foreignCursor }
        return value
    }

    private static let foreignCursor = Problem.malformed("query parameter 'after': not a cursor this API gave")
}

/// Pages of a list: `{"items": [...], "next": CURSOR_OR_NULL}`, with an opaque cursor that
/// `?after=` takes back.
struct Paging<Item: Encodable>: Encodable {
    var items: [Item]
    /// Nil on the last page, written as `null` rather than left out.
    var next: String?

    init(items: [Item], next: Int64?) {
        self.items = items
        self.next = next.map(PagingCursor.encode)
    }

    enum CodingKeys: String, CodingKey { case items, next }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(next, forKey: .next)
    }
}
