import League

/// What ``Matches/edit(_:match:_:)`` changes in a match; nil leaves a field as it is, and
/// `.some(nil)` clears it.
///
/// ```swift
/// // Moved to Sunday at 12:00 on another pitch:
/// try matches.edit(alice, match: 12, MatchChanges(date: "2024-09-15", time: "12:00", venue: "Campo 2"))
/// // Called off:
/// try matches.edit(alice, match: 13, MatchChanges(status: .cancelled))
/// ```
public struct MatchChanges: Sendable, Equatable {
    /// `YYYY-MM-DD`.
    public var date: String??
    /// The kick-off time, `HH:MM`, local to the venue.
    public var time: String??
    /// Where the match is played, 1 to 200 characters.
    public var venue: String??
    /// `scheduled`, `postponed` or `cancelled`: the states of a match without a result (a result
    /// and its status are entered with ``Matches/result(_:match:fullTime:halfTime:extraTime:penalties:status:)``).
    public var status: MatchStatus?

    public init(date: String?? = nil, time: String?? = nil, venue: String?? = nil, status: MatchStatus? = nil) {
        self.date = date
        self.time = time
        self.venue = venue
        self.status = status
    }

    /// True when nothing would change.
    public var isEmpty: Bool { date == nil && time == nil && venue == nil && status == nil }
}
