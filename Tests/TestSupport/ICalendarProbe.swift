import Foundation

/// Reads an iCalendar file back with the `icalendar` package from PyPI (a parser Touchline did
/// not write), through `Tests/Scripts/read_calendar.py` in the tests' Python environment
/// (``TestPython``), so tests check what a calendar app would see.
public enum ICalendarProbe {
    /// A calendar as icalendar read it.
    public struct Calendar: Decodable, Sendable {
        public var version: String
        public var productID: String
        public var method: String
        public var scale: String
        /// X-WR-CALNAME, unescaped.
        public var name: String
        /// What icalendar could not parse, `COMPONENT: PROPERTY: ERROR`.
        public var errors: [String]
        public var events: [Event]
    }

    /// A VEVENT, its values decoded (TEXT unescaped, lines unfolded).
    public struct Event: Decodable, Sendable {
        public var uid: String
        public var summary: String
        public var location: String?
        public var description: String?
        public var status: String
        public var sequence: Int
        public var start: Moment
        public var end: Moment
        public var stamp: Moment
        public var lastModified: Moment
        /// GEO's latitude and longitude, when there is one.
        public var geo: [Double]?
    }

    /// A DATE or DATE-TIME value.
    public struct Moment: Decodable, Sendable, Equatable {
        /// `date` or `date-time`.
        public var type: String
        /// `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM:SS`.
        public var value: String
        /// True for a date-time in UTC.
        public var utc: Bool

        public init(type: String, value: String, utc: Bool) {
            self.type = type
            self.value = value
            self.utc = utc
        }
    }

    /// Parses `ics`.
    public static func read(_ ics: Data) throws -> Calendar {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-\(UUID().uuidString).ics")
        try ics.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try JSONDecoder().decode(Calendar.self, from: try TestPython.script("read_calendar.py", [file.path]))
    }
}
