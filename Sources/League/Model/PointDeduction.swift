/// Points taken from (or, when negative, given to) a team by a decision outside the matches.
public struct PointDeduction: Sendable, Hashable, Codable {
    public var team: String
    public var points: Int
    public var reason: String
    /// `YYYY-MM-DD`: tables as of an earlier date do not apply it.
    public var date: String?

    public init(team: String, points: Int, reason: String, date: String? = nil) {
        self.team = team
        self.points = points
        self.reason = reason
        self.date = date
    }
}
