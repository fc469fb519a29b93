import Foundation

/// The cursors of keyset-paged lists, as the CLI (`--after`) and the HTTP API (`?after=`)
/// both print and take them: `c1.` and the key of the last item shown, in base64url without
/// padding, so that clients treat them as opaque; and the page sizes.
///
/// ```swift
/// PagingCursor.encode(42)          // "YzEuNDI"
/// PagingCursor.decode("YzEuNDI")   // 42
/// PagingCursor.decode("42")        // nil: not a cursor a list gave
/// ```
///
/// A list sorted by more than an id (teams by season, then name) resumes after the whole sort
/// key of its last item instead, so that renaming or deleting that item never shifts the next
/// page: `k1.` and the key's values as a JSON array of strings, in base64url likewise.
///
/// ```swift
/// let cursor = PagingCursor.encode(key: ["2024/25", "Juvenil A", "17"])
/// PagingCursor.decodeKey(cursor)   // ["2024/25", "Juvenil A", "17"]
/// ```
public enum PagingCursor {
    /// Items on a page when no limit is given.
    public static let defaultLimit = 20
    /// The most items a page may have.
    public static let maximumLimit = 100
    /// The longest text read as a cursor (a cursor of the largest key is 31 characters).
    public static let maximumLength = 64
    /// The longest text read as a cursor of a sort key (``encode(key:)``). The keys lists use
    /// hold at most a season (20 characters), a name (100) and an id: 1,004 characters even when
    /// every character of both is a control character escaped as `\u0000` in the JSON.
    public static let maximumKeyLength = 2_048

    /// The cursor of the page after the one whose last item has `key`.
    public static func encode(_ key: Int64) -> String {
        opaque("c1.\(key)")
    }

    /// The key a cursor stands for (above 0), or nil for text that no list gave.
    public static func decode(_ text: String) -> Int64? {
        guard text.utf8.count <= maximumLength, let plain = plain(text),
              plain.hasPrefix("c1."), let key = Int64(plain.dropFirst(3)), key > 0 else { return nil }
        return key
    }

    /// The cursor of the page after the one whose last item sorts at `key`: the values of the
    /// list's sort columns, in the list's order (the last one unique, usually the id).
    public static func encode(key: [String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // Encoding an array of strings cannot fail.
        let json = (try? encoder.encode(key)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        return opaque("k1." + json)
    }

    /// The sort key a cursor of ``encode(key:)`` stands for (at least one value), or nil for
    /// text that no list gave.
    public static func decodeKey(_ text: String) -> [String]? {
        guard text.utf8.count <= maximumKeyLength, let plain = plain(text), plain.hasPrefix("k1."),
              let key = try? JSONDecoder().decode([String].self, from: Data(plain.dropFirst(3).utf8)),
              !key.isEmpty else { return nil }
        return key
    }

    /// `key` as cursors are written: its UTF-8 in base64url without padding. Lists keyed by
    /// more than one id (a time and an id, a distance and an id) write their cursors with it too.
    public static func opaque(_ key: String) -> String {
        Data(key.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The key ``opaque(_:)`` wrote into `text`, or nil when `text` is not base64url of UTF-8.
    public static func plain(_ text: String) -> String? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64) else { return nil }
        return String(data: data, encoding: .utf8)
    }
}
