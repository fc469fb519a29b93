/// A match of a competition (or a friendly).
public struct Match: Sendable, Hashable, Codable {
    public var home: String
    public var away: String
    /// The round's number (matchday), when known.
    public var matchday: Int?
    /// The round's label as the data gives it ("Matchday 12", "Group A").
    public var round: String?
    /// `YYYY-MM-DD`.
    public var date: String?
    /// `HH:MM`, local to the venue.
    public var time: String?
    /// Where the match is played (a ground, a pitch, an address), when known.
    public var venue: String?
    public var status: MatchStatus
    public var fullTime: Score?
    public var halfTime: Score?
    /// The cumulative score after extra time.
    public var extraTime: Score?
    public var penalties: Score?
    public var events: [MatchEvent]
    /// Who started, by team.
    public var lineups: [String: [String]]

    public init(home: String, away: String, matchday: Int? = nil, round: String? = nil, date: String? = nil,
                time: String? = nil, venue: String? = nil, status: MatchStatus = .scheduled, fullTime: Score? = nil,
                halfTime: Score? = nil, extraTime: Score? = nil, penalties: Score? = nil, events: [MatchEvent] = [],
                lineups: [String: [String]] = [:]) {
        self.home = home
        self.away = away
        self.matchday = matchday
        self.round = round
        self.date = date
        self.time = time
        self.venue = venue
        self.status = status
        self.fullTime = fullTime
        self.halfTime = halfTime
        self.extraTime = extraTime
        self.penalties = penalties
        self.events = events
        self.lineups = lineups
    }

    /// A played match with its full-time score.
    public static func played(_ home: String, _ score: Score, _ away: String, matchday: Int? = nil,
                              date: String? = nil) -> Match {
        Match(home: home, away: away, matchday: matchday, date: date, status: .played, fullTime: score)
    }

    /// The score that decides the result in a table: full time (extra time and penalties do
    /// not change league points). Nil when the match does not count.
    public var result: Score? { status.counts ? fullTime : nil }

    /// True when the match holds a result to keep (it was played, awarded, abandoned or
    /// cancelled, or has a full-time score) rather than a fixture that may be replaced.
    public var hasResult: Bool {
        (status != .scheduled && status != .postponed) || fullTime != nil
    }
}
