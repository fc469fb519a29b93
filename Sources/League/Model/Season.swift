/// A competition's season as plain values: its teams, matches and deductions.
public struct Season: Sendable, Hashable, Codable {
    public var name: String
    /// Every team, in the order they were first seen.
    public var teams: [String]
    public var matches: [Match]
    public var deductions: [PointDeduction]

    public init(name: String, teams: [String] = [], matches: [Match], deductions: [PointDeduction] = []) {
        self.name = name
        var seen = Set<String>()
        var ordered: [String] = []
        for team in teams + matches.flatMap({ [$0.home, $0.away] }) where seen.insert(team).inserted {
            ordered.append(team)
        }
        self.teams = ordered
        self.matches = matches
        self.deductions = deductions
    }
}
