import Foundation
import Support

/// Fixtures as an iCalendar file (RFC 5545) that phone and desktop calendars subscribe to: one
/// VEVENT per match, in the order given.
///
/// The bytes depend on the values alone (no clock is read): the same matches give the same
/// file, so an unchanged calendar can be served with the same ETag. Times are written in UTC
/// (`...Z`), so no VTIMEZONE is needed; TEXT values are escaped, lines end with CRLF and are
/// folded at 75 octets without splitting a UTF-8 sequence.
///
/// ```swift
/// let day = CivilDate(year: 2024, month: 9, day: 14) ?? .earliest
/// let event = CalendarEvent(uid: "match-1@example", start: .allDay(day), summary: "Los Rápidos v Atlético Lento",
///                           lastModified: Date(timeIntervalSince1970: 0))
/// let ics = FixtureCalendar(name: "Liga Amigos 2024/25", events: [event]).data()
/// // BEGIN:VCALENDAR ... DTSTART;VALUE=DATE:20240914 ... END:VCALENDAR
/// ```
public struct FixtureCalendar: Sendable, Hashable {
    /// How long a timed match lasts in the calendar: two hours, for 90 minutes, half time and
    /// stoppage time.
    public static let matchDurationSeconds: TimeInterval = 2 * 3600
    /// The PRODID written unless another is given.
    public static let defaultProductID = "-//Touchline//Fixtures//EN"
    /// How often subscribers are asked to fetch the calendar again (REFRESH-INTERVAL, RFC 7986,
    /// and X-PUBLISHED-TTL, which Outlook and Apple read): six hours, an ISO 8601 duration.
    public static let refreshInterval = "PT6H"

    /// The calendar's name (X-WR-CALNAME and NAME): `Liga Amigos 2024/25`.
    public var name: String
    public var events: [CalendarEvent]
    /// Who made the calendar (PRODID).
    public var productID: String

    public init(name: String, events: [CalendarEvent], productID: String = FixtureCalendar.defaultProductID) {
        self.name = name
        self.events = events
        self.productID = productID
    }

    /// The calendar as UTF-8 bytes: `text/calendar; charset=utf-8`.
    public func data() -> Data {
        var lines = ContentLines()
        lines.append("BEGIN", "VCALENDAR")
        lines.append("VERSION", "2.0")
        lines.append("PRODID", ContentLines.escaped(productID))
        lines.append("CALSCALE", "GREGORIAN")
        lines.append("METHOD", "PUBLISH")
        lines.append("X-WR-CALNAME", ContentLines.escaped(name))
        lines.append("NAME", ContentLines.escaped(name))
        lines.append("REFRESH-INTERVAL;VALUE=DURATION", Self.refreshInterval)
        lines.append("X-PUBLISHED-TTL", Self.refreshInterval)
        for event in events { Self.append(event, to: &lines) }
        lines.append("END", "VCALENDAR")
        return Data(lines.bytes)
    }

    private static func append(_ event: CalendarEvent, to lines: inout ContentLines) {
        lines.append("BEGIN", "VEVENT")
        lines.append("UID", ContentLines.escaped(event.uid))
        lines.append("DTSTAMP", utc(event.lastModified))
        switch event.start {
        case .allDay(let day):
            lines.append("DTSTART;VALUE=DATE", basic(day))
            if let next = day.adding(days: min(max(1, event.days), 366)) { lines.append("DTEND;VALUE=DATE", basic(next)) }
        case .instant(let instant):
            lines.append("DTSTART", utc(instant))
            lines.append("DTEND", utc(instant.addingTimeInterval(max(0, event.durationSeconds))))
        }
        lines.append("SUMMARY", ContentLines.escaped(event.summary))
        if let location = event.location { lines.append("LOCATION", ContentLines.escaped(location)) }
        if let geo = event.geo, geo.latitude.isFinite, geo.longitude.isFinite {
            lines.append("GEO", degrees(geo.latitude) + ";" + degrees(geo.longitude))
        }
        if let description = event.description { lines.append("DESCRIPTION", ContentLines.escaped(description)) }
        lines.append("STATUS", event.status.rawValue)
        lines.append("SEQUENCE", String(max(0, event.sequence)))
        lines.append("LAST-MODIFIED", utc(event.lastModified))
        lines.append("END", "VEVENT")
    }

    /// A coordinate to six decimals (about 10 cm), without a trailing zero: `43.301`.
    static func degrees(_ value: Double) -> String {
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// `YYYYMMDD`.
    static func basic(_ day: CivilDate) -> String {
        day.description.replacingOccurrences(of: "-", with: "")
    }

    /// `YYYYMMDDTHHMMSSZ`, to the second (rounded down), clamped to the civil years 1 to 9999.
    static func utc(_ date: Date) -> String {
        let first = Double(CivilDate.earliest.daysSince1970) * 86_400
        let last = Double(CivilDate.latest.daysSince1970) * 86_400 + 86_399
        let time = date.timeIntervalSince1970
        let seconds = Int(time.isFinite ? min(max(time.rounded(.down), first), last) : 0)
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let secondOfDay = seconds - days * 86_400
        let day = CivilDate(daysSince1970: days) ?? CivilDate.earliest
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return basic(day) + "T" + two(secondOfDay / 3600) + two(secondOfDay / 60 % 60) + two(secondOfDay % 60) + "Z"
    }
}
