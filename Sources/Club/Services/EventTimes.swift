import Foundation
import League
import Support

/// An event's times as its organiser gives them, local to a time zone, made into instants: the
/// one reading of `2026-12-05T18:00`, `2026-12-05 18:00` and all-day `2026-12-05`, the checks
/// (the end after the start, the same kind for both, a time that exists on that day) and the
/// weekly repetition, expanded at the same local time across daylight-saving changes.
struct EventTimes {
    /// A date, or a date and a time of day, as a clock on the wall reads it.
    struct LocalMoment: Equatable {
        var day: CivilDate
        var time: KickOffTime?
    }

    /// The years an event may fall in.
    static let years = 1970...2199
    /// The longest an event may last.
    static let longestDays = 31
    /// The most occurrences a repeating event may have (two a week for almost two years).
    static let maximumOccurrences = 200
    /// Weekday names as `--on` takes them, Monday first.
    static let weekdayNames = ["mo", "tu", "we", "th", "fr", "sa", "su"]

    let zone: TimeZone
    let allDay: Bool
    /// Every occurrence's start and end, first to last: one for an event that does not repeat.
    let occurrences: [(start: Date, end: Date)]

    /// Reads and checks the times of `draft`-like values: `start` and `end` local to `timeZone`
    /// (already checked as an IANA name), repeating `every` week on the days `on` until `until`.
    init(start: String, end: String, timeZone: String, every: String? = nil, on: [String]? = nil, until: String? = nil) throws {
        let zone = Calendars.zone(timeZone)
        let first = try Self.moment(start, field: "start")
        let last = try Self.moment(end, field: "end")
        guard (first.time == nil) == (last.time == nil) else {
            throw ClubError.invalid(field: "end", message: "give both times as dates (an all-day event) or both with a time of day")
        }
        let span = last.day.daysSince1970 - first.day.daysSince1970
        let allDay = first.time == nil
        if allDay {
            guard span >= 0 else {
                throw ClubError.invalid(field: "end", message: "the last day \(last.day) is before the first \(first.day)")
            }
        }
        guard span < Self.longestDays else {
            throw ClubError.invalid(field: "end", message: "an event lasts at most \(Self.longestDays) days")
        }
        let startInstant = try Self.existing(first, in: zone, field: "start")
        let endInstant = allDay ? Self.midnight(after: last.day, in: zone) : try Self.existing(last, in: zone, field: "end")
        guard endInstant > startInstant else {
            throw ClubError.invalid(field: "end", message: "the end \(Self.text(last)) is not after the start \(Self.text(first))")
        }
        var occurrences = [(startInstant, endInstant)]
        for day in try Self.repeatDays(from: first.day, every: every, on: on, until: until) {
            guard let lastDay = day.adding(days: span) else { continue }
            let start = Self.instant(LocalMoment(day: day, time: first.time), in: zone)
            let end = allDay ? Self.midnight(after: lastDay, in: zone) : Self.instant(LocalMoment(day: lastDay, time: last.time), in: zone)
            occurrences.append((start, max(end, start.addingTimeInterval(60))))
        }
        self.zone = zone
        self.allDay = allDay
        self.occurrences = occurrences
    }

    /// The days after `first` on which a weekly event repeats, or none without `every`.
    private static func repeatDays(from first: CivilDate, every: String?, on: [String]?, until: String?) throws -> [CivilDate] {
        guard let every else {
            if on != nil || until != nil {
                throw ClubError.invalid(field: "every", message: "--on and --until repeat an event: give --every week too")
            }
            return []
        }
        guard every == "week" else {
            throw ClubError.invalid(field: "every", message: "'\(every.prefix(20))' is not a repetition: events repeat every week")
        }
        guard let until else { throw ClubError.invalid(field: "until", message: "a repeating event needs --until DATE, its last day") }
        guard let lastDay = CivilDate(until) else {
            throw ClubError.invalid(field: "until", message: "'\(until.prefix(40))' is not a date: write YYYY-MM-DD")
        }
        guard lastDay >= first else { throw ClubError.invalid(field: "until", message: "\(lastDay) is before the start \(first)") }
        var weekdays = Set<CivilDate.Weekday>()
        for name in on ?? [] {
            guard let index = weekdayNames.firstIndex(of: name.lowercased()),
                  let weekday = CivilDate.Weekday(rawValue: index + 1) else {
                throw ClubError.invalid(field: "on", message: "'\(name.prefix(20))' is not a day: write mo, tu, we, th, fr, sa or su")
            }
            weekdays.insert(weekday)
        }
        if weekdays.isEmpty { weekdays = [first.weekday] }
        guard weekdays.contains(first.weekday) else {
            throw ClubError.invalid(field: "on", message: "the start \(first) is a \(weekdayNames[first.weekday.rawValue - 1]), "
                                    + "not one of the --on days")
        }
        var days: [CivilDate] = []
        var day = first
        while let next = day.adding(days: 1), next <= lastDay {
            day = next
            guard weekdays.contains(day.weekday) else { continue }
            days.append(day)
            guard days.count < maximumOccurrences else {
                throw ClubError.invalid(field: "until", message: "a repeating event has at most \(maximumOccurrences) occurrences")
            }
        }
        return days
    }

    /// `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM` (a space for the T too).
    static func moment(_ text: String, field: String) throws -> LocalMoment {
        let written = text.trimmingCharacters(in: .whitespaces)
        func refuse() -> ClubError {
            .invalid(field: field, message: "'\(text.prefix(40))' is not a local date and time: write YYYY-MM-DDTHH:MM, "
                     + "or YYYY-MM-DD for an all-day event")
        }
        guard let day = CivilDate(written.prefix(10)) else { throw refuse() }
        guard years.contains(day.year) else {
            throw ClubError.invalid(field: field, message: "\(day) is outside the years \(years.lowerBound) to \(years.upperBound)")
        }
        guard written.count > 10 else { return LocalMoment(day: day) }
        let rest = written.dropFirst(10)
        guard rest.first == "T" || rest.first == " ", rest.count == 6, let time = KickOffTime(rest.dropFirst()) else { throw refuse() }
        return LocalMoment(day: day, time: time)
    }

    private static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    /// The instant of `moment` in `zone` (midnight for a date); a time in a daylight-saving gap
    /// moves forward by the gap, as clocks do.
    static func instant(_ moment: LocalMoment, in zone: TimeZone) -> Date {
        guard let time = moment.time else { return midnight(of: moment.day, in: zone) }
        let components = DateComponents(year: moment.day.year, month: moment.day.month, day: moment.day.day, hour: time.hour,
                                        minute: time.minute)
        return calendar(zone).date(from: components) ?? Date(timeIntervalSince1970: Double(moment.day.daysSince1970) * 86_400)
    }

    /// The instant of `moment`, refusing a time the clocks skip.
    private static func existing(_ moment: LocalMoment, in zone: TimeZone, field: String) throws -> Date {
        let instant = instant(moment, in: zone)
        guard moment.time == nil || local(instant, in: zone) == moment else {
            throw ClubError.invalid(field: field, message: "\(text(moment)) does not exist in \(zone.identifier): the clocks "
                                    + "go forward then")
        }
        return instant
    }

    /// When `day` begins in `zone` (its first instant, not always 00:00 where clocks change at
    /// midnight).
    static func midnight(of day: CivilDate, in zone: TimeZone) -> Date {
        let noon = calendar(zone).date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))
            ?? Date(timeIntervalSince1970: Double(day.daysSince1970) * 86_400)
        return calendar(zone).startOfDay(for: noon)
    }

    static func midnight(after day: CivilDate, in zone: TimeZone) -> Date {
        midnight(of: day.adding(days: 1) ?? day, in: zone)
    }

    /// `instant` on a wall clock in `zone`, to the minute.
    static func local(_ instant: Date, in zone: TimeZone) -> LocalMoment {
        let parts = calendar(zone).dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        let day = CivilDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1) ?? .earliest
        return LocalMoment(day: day, time: KickOffTime(hour: parts.hour ?? 0, minute: parts.minute ?? 0))
    }

    /// `2026-12-05T18:00`, or `2026-12-05` for a date.
    static func text(_ moment: LocalMoment) -> String {
        moment.time.map { "\(moment.day)T\($0)" } ?? moment.day.description
    }

    /// An event's local start and end as ``Event`` shows them: for an all-day one, its first and
    /// last day.
    static func localTexts(start: Date, end: Date, allDay: Bool, zone: TimeZone) -> (String, String) {
        if allDay {
            let first = local(start, in: zone).day
            let last = local(end.addingTimeInterval(-1), in: zone).day
            return (first.description, last.description)
        }
        return (text(local(start, in: zone)), text(local(end, in: zone)))
    }
}
