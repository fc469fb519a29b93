import Foundation

/// openfootball's football.json, current form, as `JSONDecoder` reads it (see
/// ``FootballJSONReader`` for the format). Types and required fields are checked here;
/// names, dates and statuses by the reader.
struct FootballJSONDocument: Decodable {
    var name: String?
    var matches: [Match]

    /// One entry of `matches`.
    struct Match: Decodable {
        var team1: String
        var team2: String
        var round: String?
        var group: String?
        var date: String?
        var time: String?
        var score: Scores?
        var status: String?
        var goals1: [Goal]?
        var goals2: [Goal]?
    }

    /// A match's `score`: `{"ht": [0, 2], "ft": [0, 3], "et": [...], "p": [...]}`.
    struct Scores: Decodable {
        var ht: FootballJSONScorePair?
        var ft: FootballJSONScorePair?
        var et: FootballJSONScorePair?
        var p: FootballJSONScorePair?
    }

    /// One entry of `goals1` or `goals2`: `{"name", "minute", "offset"?, "penalty"?, "owngoal"?}`.
    struct Goal: Decodable {
        var name: String
        var minute: FootballJSONMinute
        var offset: FootballJSONStoppage?
        var penalty: Bool?
        var owngoal: Bool?
    }

    private enum CodingKeys: String, CodingKey {
        case name, matches, rounds
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        guard container.contains(.matches) else {
            let hint = container.contains(.rounds)
                ? " (this looks like the legacy form with 'rounds': read it as footballJSONLegacy)" : ""
            throw ImportJSONProblem(.missingField, at: decoder.codingPath + [CodingKeys.matches],
                                    "missing required field 'matches'" + hint)
        }
        matches = try Self.list(of: Match.self, in: container, forKey: .matches) { count in
            "\(count) matches; at most \(SeasonImporter.maximumMatches) are accepted"
        }
    }

    /// The array at `key`, refused before its elements are decoded when it holds more than
    /// ``SeasonImporter/maximumMatches`` (`message` says how many).
    static func list<Element: Decodable, Key: CodingKey>(
        of type: Element.Type, in container: KeyedDecodingContainer<Key>, forKey key: Key,
        tooMany message: (Int) -> String
    ) throws -> [Element] {
        var list = try container.nestedUnkeyedContainer(forKey: key)
        let count = list.count ?? 0
        guard count <= SeasonImporter.maximumMatches else {
            throw ImportJSONProblem(.tooLarge, at: container.codingPath + [key], message(count))
        }
        var elements: [Element] = []
        elements.reserveCapacity(count)
        while !list.isAtEnd {
            elements.append(try list.decode(Element.self))
        }
        return elements
    }
}
