/// Goals for the home and away team.
public struct Score: Sendable, Hashable, Codable, CustomStringConvertible {
    public var home: Int
    public var away: Int

    public init(_ home: Int, _ away: Int) {
        self.home = home
        self.away = away
    }

    public var description: String { "\(home)-\(away)" }
}
