import Foundation

/// A JSON input whose form is told from its content while it is decoded: an object with a
/// `matches` array is the current form of football.json, one with a `rounds` array the
/// legacy form.
enum FootballJSONInput: Decodable {
    case current(FootballJSONDocument)
    case legacy(FootballJSONLegacyDocument)
    /// Valid JSON, but neither form.
    case other

    init(from decoder: any Decoder) throws {
        switch Self.format(decoder) {
        case .footballJSON?: self = .current(try FootballJSONDocument(from: decoder))
        case .footballJSONLegacy?: self = .legacy(try FootballJSONLegacyDocument(from: decoder))
        default: self = .other
        }
    }

    /// The form of the JSON document in `data`, or nil when it is not JSON or neither form.
    static func detectFormat(_ data: Data) -> SeasonImporter.Format? {
        try? JSONDecoder().decode(Detected.self, from: data).format
    }

    // MARK: - Internals

    private enum CodingKeys: String, CodingKey {
        case matches, rounds
    }

    /// The form of the document `decoder` is at, looking no deeper than its top level.
    private static func format(_ decoder: any Decoder) -> SeasonImporter.Format? {
        guard let container = try? decoder.container(keyedBy: CodingKeys.self) else { return nil }
        if (try? container.nestedUnkeyedContainer(forKey: .matches)) != nil { return .footballJSON }
        if (try? container.nestedUnkeyedContainer(forKey: .rounds)) != nil { return .footballJSONLegacy }
        return nil
    }

    /// Only the form.
    private struct Detected: Decodable {
        var format: SeasonImporter.Format?

        init(from decoder: any Decoder) throws {
            format = FootballJSONInput.format(decoder)
        }
    }
}
