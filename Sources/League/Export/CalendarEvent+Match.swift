import Foundation
import Support

extension CalendarEvent {
    /// The event of `match`, or nil when it has no date (a calendar event needs a start).
    ///
    /// The start is the match's date and kick-off time (``Match/time``, local to the venue)
    /// in `timeZone`, written in UTC; a match with a date but no readable time is an all-day
    /// event. A kick-off that falls in a daylight-saving gap moves forward by the gap, as
    /// clocks do. The summary is ``summary(of:)``; cancelled and postponed matches are
    /// ``Status/cancelled`` (a postponed match will not be played then; once it is given a new
    /// date and scheduled again it is confirmed, with a higher sequence).
    ///
    /// ```swift
    /// let match = Match(home: "Los Rápidos", away: "Atlético Lento", date: "2024-09-14", time: "10:30")
    /// let madrid = TimeZone(identifier: "Europe/Madrid") ?? .current
    /// let event = CalendarEvent(match: match, uid: "match-1@example", timeZone: madrid,
    ///                           lastModified: Date(timeIntervalSince1970: 0))
    /// event?.start   // .instant(2024-09-14 08:30:00 UTC)
    /// ```
    ///
    /// - Parameter competition: the league and season, put first in the description.
    public init?(match: Match, uid: String, timeZone: TimeZone, competition: String? = nil, sequence: Int = 0,
                 lastModified: Date) {
        guard let start = Self.start(date: match.date, time: match.time, timeZone: timeZone) else { return nil }
        var notes: [String] = []
        if let competition { notes.append(competition) }
        if let round = match.round ?? match.matchday.map({ "Matchday \($0)" }) { notes.append(round) }
        if match.status != .scheduled, match.status != .played { notes.append(match.status.rawValue) }
        if let extraTime = match.extraTime { notes.append("a.e.t. \(extraTime)") }
        if let penalties = match.penalties { notes.append("pens \(penalties)") }
        self.init(uid: uid, start: start, summary: Self.summary(of: match), location: match.venue,
                  description: notes.isEmpty ? nil : notes.joined(separator: ", "), sequence: sequence,
                  status: match.status == .cancelled || match.status == .postponed ? .cancelled : .confirmed,
                  lastModified: lastModified)
    }

    /// `Home v Away`, or `Home 2-1 Away` once the match has a full-time score and was played,
    /// awarded or abandoned.
    public static func summary(of match: Match) -> String {
        let scored = match.status == .played || match.status == .awarded || match.status == .abandoned
        guard scored, let score = match.fullTime else { return "\(match.home) v \(match.away)" }
        return "\(match.home) \(score) \(match.away)"
    }

    /// The start of a match on `date` (`YYYY-MM-DD`) at `time` (``KickOffTime``) in
    /// `timeZone`: an instant, or the whole day when there is no readable time; nil without a
    /// real date.
    public static func start(date: String?, time: String?, timeZone: TimeZone) -> Start? {
        guard let date, let day = CivilDate(date) else { return nil }
        guard let time, let kickOff = KickOffTime(time) else { return .allDay(day) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: kickOff.hour,
                                        minute: kickOff.minute)
        guard let instant = calendar.date(from: components) else { return .allDay(day) }
        return .instant(instant)
    }
}
