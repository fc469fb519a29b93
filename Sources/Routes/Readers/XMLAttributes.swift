import CLibXML2

/// The attributes of an element as libxml2 hands them to `XMLEventDriver`, read in place:
/// five pointers each (local name, prefix, namespace, value start, value end). Valid only
/// during the `didStart` call that receives them.
struct XMLAttributes {
    private let count: Int
    private let pointers: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?

    init(count: Int, pointers: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        self.count = pointers == nil ? 0 : max(count, 0)
        self.pointers = pointers
    }

    /// The raw value of the attribute whose local name is `name`, if present.
    func withValue<T>(of name: StaticString, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        guard let pointers else { return nil }
        for index in 0..<count {
            let base = pointers + index * 5
            guard let local = base[0], let start = base[3], let end = base[4], end >= start,
                  Self.equals(local, name) else { continue }
            return body(UnsafeBufferPointer(start: start, count: end - start))
        }
        return nil
    }

    /// The value of the attribute whose local name is `name`, if present.
    subscript(name: StaticString) -> String? {
        withValue(of: name) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether the NUL-terminated `bytes` spell `name`.
    private static func equals(_ bytes: UnsafePointer<xmlChar>, _ name: StaticString) -> Bool {
        let expected = name.utf8Start
        for offset in 0..<name.utf8CodeUnitCount where bytes[offset] != expected[offset] { return false }
        return bytes[name.utf8CodeUnitCount] == 0
    }
}
