/// Where a match stands. Only `played` and `awarded` matches count in tables and statistics.
public enum MatchStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case scheduled, played, postponed, cancelled, abandoned, awarded

    /// True when the result counts.
    public var counts: Bool { self == .played || self == .awarded }
}
