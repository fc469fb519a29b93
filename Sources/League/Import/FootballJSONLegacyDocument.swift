import Foundation

/// openfootball's football.json, legacy form, as `JSONDecoder` reads it (see
/// ``FootballJSONLegacyReader`` for the format). Types and required fields are checked here;
/// names, dates and statuses by the reader.
struct FootballJSONLegacyDocument: Decodable {
    var name: String?
    var rounds: [Round]

    /// One entry of `rounds`: `{"name", "matches": [...]}`.
    struct Round: Decodable {
        var name: String?
        var matches: [Match]

        private enum CodingKeys: String, CodingKey {
            case name, matches
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            matches = try FootballJSONDocument.list(of: Match.self, in: container, forKey: .matches) { _ in
                "more than \(SeasonImporter.maximumMatches) matches; at most \(SeasonImporter.maximumMatches) are accepted"
            }
        }
    }

    /// One match of a round. `score1` and `score2` give the full-time score.
    struct Match: Decodable {
        var team1: Team
        var team2: Team
        var date: String?
        var time: String?
        var score1: FootballJSONGoals?
        var score2: FootballJSONGoals?
        var status: String?
    }

    /// A team: `{"key", "name", "code"}` or a plain string.
    struct Team: Decodable {
        /// The team's name, or else its key, or else its code.
        var name: String
        /// Which member `name` is from (`name`, `key` or `code`); nil for a plain string.
        var member: String?

        private enum CodingKeys: String, CodingKey, CaseIterable {
            case name, key, code
        }

        init(from decoder: any Decoder) throws {
            // Objects first: they are the commoner shape, and each failed attempt costs an error.
            guard let container = try? decoder.container(keyedBy: CodingKeys.self) else {
                guard let text = try? decoder.singleValueContainer().decode(String.self) else {
                    throw ImportJSONProblem(.invalidValue, at: decoder.codingPath,
                                            "expected an object, found \(ImportJSONKind.of(decoder))")
                }
                name = text
                return
            }
            for key in CodingKeys.allCases {
                if let text = try container.decodeIfPresent(String.self, forKey: key) {
                    name = text
                    member = key.stringValue
                    return
                }
            }
            throw ImportJSONProblem(.missingField, at: decoder.codingPath + [CodingKeys.name], "missing required field 'name'")
        }
    }

    private enum CodingKeys: String, CodingKey {
        case name, rounds, matches
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        guard container.contains(.rounds) else {
            let hint = container.contains(.matches)
                ? " (this looks like the current form with 'matches': read it as footballJSON)" : ""
            throw ImportJSONProblem(.missingField, at: decoder.codingPath + [CodingKeys.rounds],
                                    "missing required field 'rounds'" + hint)
        }
        rounds = try container.decode([Round].self, forKey: .rounds)
    }
}
