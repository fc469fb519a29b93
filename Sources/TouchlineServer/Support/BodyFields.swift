import Foundation

/// Fields of JSON request bodies that Swift's synthesized decoding cannot read the API's way:
/// fields a `PATCH` may clear, and fields that take one of a few words. Their errors go
/// through ``APIJSON``, which answers 400 naming the field.
extension KeyedDecodingContainer {
    /// A field a `PATCH` may clear: nil when absent (leave it as it is), `.some(nil)` when
    /// `null` (clear it), else its value.
    func decodeClearable<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T?? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) { return .some(nil) }
        return .some(try decode(type, forKey: key))
    }

    /// One of `T`'s raw values (`"GK"`, `"editor"`); another word is refused listing them.
    func decodeChoice<T: RawRepresentable & CaseIterable>(_ type: T.Type, forKey key: Key) throws -> T
    where T.RawValue == String {
        let text = try decode(String.self, forKey: key)
        guard let value = T(rawValue: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription:
                "expected one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    /// ``decodeChoice(_:forKey:)`` for a field that may be absent or `null`.
    func decodeChoiceIfPresent<T: RawRepresentable & CaseIterable>(_ type: T.Type, forKey key: Key) throws -> T?
    where T.RawValue == String {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeChoice(type, forKey: key)
    }
}
