/// A calendar's secret subscription token, as ``Calendars/rotateToken(_:team:)`` (a club team's),
/// ``Calendars/rotateToken(_:league:)`` (a league's) or ``Events/rotateAgendaToken(_:)`` (a
/// user's agenda) gives it: the only time the token is
/// shown (the database keeps its SHA-256 alone).
public struct CalendarSubscription: Sendable, Equatable, Codable {
    /// The club team's id, for a team's calendar.
    public var teamID: Int64?
    /// The league's id, for a league's calendar.
    public var leagueID: Int64?
    /// The user's username, for their agenda.
    public var username: String?
    /// 256 random bits, base64url: what `?token=` carries.
    public var token: String
    /// The server path a calendar app subscribes to: `/api/v1/teams/ID/calendar.ics?token=TOKEN`,
    /// `/api/v1/leagues/ID/calendar.ics?token=TOKEN` or
    /// `/api/v1/users/NAME/agenda.ics?token=TOKEN` (the token is base64url and usernames are
    /// letters, digits, `_`, `.` and `-`: safe in a URL as they are).
    public var path: String

    /// A club team's subscription.
    public init(teamID: Int64, token: String) {
        self.teamID = teamID
        self.token = token
        self.path = "/api/v1/teams/\(teamID)/calendar.ics?token=\(token)"
    }

    /// A league's subscription.
    public init(leagueID: Int64, token: String) {
        self.leagueID = leagueID
        self.token = token
        self.path = "/api/v1/leagues/\(leagueID)/calendar.ics?token=\(token)"
    }

    /// A user's agenda subscription.
    public init(username: String, token: String) {
        self.username = username
        self.token = token
        self.path = "/api/v1/users/\(username)/agenda.ics?token=\(token)"
    }
}
