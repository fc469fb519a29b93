import Foundation

/// Names the type of a JSON value ("a string", "an array") for messages that say what was
/// found where something else was expected.
///
/// `DecodingError.typeMismatch` tells the type expected but not the one found; this finds it
/// by decoding the document again down to the value's coding path. Only failed imports pay
/// for it.
enum ImportJSONKind {
    /// The type of the value at `codingPath` in `data`, or nil when there is no such value.
    static func at(_ codingPath: [any CodingKey], in data: Data) -> String? {
        let steps = codingPath.map { key in key.intValue.map(Step.index) ?? .key(key.stringValue) }
        return try? JSONDecoder().decode(Probe.self, from: data, configuration: steps).kind
    }

    /// The type of the value `decoder` is at.
    static func of(_ decoder: any Decoder) -> String {
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() { return "null" }
            if (try? container.decode(String.self)) != nil { return "a string" }
            if (try? container.decode(Bool.self)) != nil { return "a boolean" }
        }
        if (try? decoder.unkeyedContainer()) != nil { return "an array" }
        if (try? decoder.container(keyedBy: ImportJSONKey.self)) != nil { return "an object" }
        return "a number"
    }

    // MARK: - Internals

    private enum Step {
        case key(String)
        case index(Int)
    }

    /// Walks down to the value at the steps given and names its type.
    private struct Probe: DecodableWithConfiguration {
        var kind: String

        init(from decoder: any Decoder, configuration steps: [Step]) throws {
            var current = decoder
            for step in steps {
                switch step {
                case .key(let name):
                    let container = try current.container(keyedBy: ImportJSONKey.self)
                    guard container.contains(ImportJSONKey(name)) else { throw Missing() }
                    current = try container.superDecoder(forKey: ImportJSONKey(name))
                case .index(let index):
                    var container = try current.unkeyedContainer()
                    for _ in 0..<index { _ = try container.decode(Skipped.self) }
                    current = try container.superDecoder()
                }
            }
            kind = ImportJSONKind.of(current)
        }
    }

    /// The coding path leads nowhere.
    private struct Missing: Error {}

    /// Any value, left unread.
    private struct Skipped: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}

/// A coding key for any object member.
struct ImportJSONKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) {
        stringValue = name
    }

    init(stringValue: String) {
        self.init(stringValue)
    }

    init?(intValue: Int) {
        nil
    }
}
