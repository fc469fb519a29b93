/// A band of table positions with a consequence: the title, promotion, European places, a
/// play-off, relegation. Printed tables mark its rows and explain the mark in a legend.
public struct LeagueZone: Sendable, Hashable, Codable {
    /// What finishing in the zone means.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case champion, promotion, europe, playoff, relegation

        /// The mark printed when the league gives none.
        public var defaultMark: String {
            switch self {
            case .champion: return "C"
            case .promotion: return "P"
            case .europe: return "E"
            case .playoff: return "PO"
            case .relegation: return "R"
            }
        }

        /// The name printed in the legend when the league gives none.
        public var defaultName: String {
            switch self {
            case .champion: return "Champion"
            case .promotion: return "Promotion"
            case .europe: return "European places"
            case .playoff: return "Play-off"
            case .relegation: return "Relegation"
            }
        }
    }

    /// The longest mark: it has to fit a narrow column.
    public static let maximumMarkLength = 3
    /// The longest name in the legend.
    public static let maximumNameLength = 100

    public var kind: Kind
    /// Table positions, from 1.
    public var positions: ClosedRange<Int>
    public var name: String
    /// One to three characters, e.g. "CL".
    public var mark: String

    public init(kind: Kind, positions: ClosedRange<Int>, name: String? = nil, mark: String? = nil) {
        self.kind = kind
        self.positions = positions
        self.name = name ?? kind.defaultName
        self.mark = mark ?? kind.defaultMark
    }
}

extension LeagueZone {
    enum CodingKeys: String, CodingKey { case kind, first, last, name, mark }

    /// JSON: `{"kind": "europe", "first": 1, "last": 4, "name": "Champions League", "mark": "CL"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(positions.lowerBound, forKey: .first)
        try container.encode(positions.upperBound, forKey: .last)
        try container.encode(name, forKey: .name)
        try container.encode(mark, forKey: .mark)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let first = try container.decode(Int.self, forKey: .first)
        let last = try container.decode(Int.self, forKey: .last)
        guard first >= 1, first <= last else {
            throw DecodingError.dataCorruptedError(forKey: .last, in: container,
                                                   debugDescription: "expected 1 <= first <= last, got \(first)-\(last)")
        }
        self.init(kind: try container.decode(Kind.self, forKey: .kind), positions: first...last,
                  name: try container.decodeIfPresent(String.self, forKey: .name),
                  mark: try container.decodeIfPresent(String.self, forKey: .mark))
    }
}
