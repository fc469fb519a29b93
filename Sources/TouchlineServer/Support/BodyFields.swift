import Foundation

/// Fields of JSON request bodies that a `PATCH` may clear, which Swift's synthesized decoding
/// cannot tell from absent ones. Their errors go through ``APIJSON``, which answers 400
/// naming the field.
extension KeyedDecodingContainer {
    /// A field a `PATCH` may clear: nil when absent (leave it as it is), `.some(nil)` when
    /// `null` (clear it), else its value.
    func decodeClearable<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T?? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) { return .some(nil) }
        return .some(try decode(type, forKey: key))
    }
}
