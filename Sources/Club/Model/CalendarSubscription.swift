/// A team calendar's secret subscription token, as ``Calendars/rotateToken(_:team:)`` gives it:
/// the only time the token is shown (the database keeps its SHA-256 alone).
public struct CalendarSubscription: Sendable, Equatable, Codable {
    /// The club team's id.
    public var teamID: Int64
    /// 256 random bits, base64url: what `?token=` carries.
    public var token: String
    /// The server path a calendar app subscribes to: `/api/v1/teams/ID/calendar.ics?token=TOKEN`
    /// (the token is base64url, safe in a URL as it is).
    public var path: String

    public init(teamID: Int64, token: String) {
        self.teamID = teamID
        self.token = token
        self.path = "/api/v1/teams/\(teamID)/calendar.ics?token=\(token)"
    }
}
