import Foundation

/// A place's opening hours as a week: for each day, the spans it is open, read from and written
/// back to OpenStreetMap's `opening_hours` syntax (the weekday-and-time part of it):
///
/// ```swift
/// let hours = try OpeningHours(parsing: "Mo-Fr 09:00-14:00,16:00-20:00; Sa 10:00-14:00; Su off")
/// hours.isOpen(on: .saturday, atMinute: 11 * 60)   // true
/// hours.description                                // the same text, in canonical form
/// ```
///
/// What is read:
/// - **Rules** separated by `;`. A later rule replaces what earlier ones said of the days it
///   names ("Mo-Fr 09:00-18:00; We 09:00-13:00" closes Wednesday at 13:00). Rules joined by `, `
///   before a day ("Mo 09:00-12:00, We 14:00-16:00") add to the days they name instead.
/// - **Days**: `Mo Tu We Th Fr Sa Su`, ranges (`Mo-Fr`, and `Fr-Mo` across the weekend) and
///   lists (`Mo,We,Fr`). A rule without days applies to every day; `24/7` is always open.
/// - **Times**: `hh:mm-hh:mm`, several joined by commas. A span that closes at or before it
///   opens runs past midnight (`22:00-02:00`), as may one closing after 24:00 (`18:00-26:00`,
///   at most 48:00); it belongs to the day it opens on. A rule with days and no times is open
///   the whole day.
/// - **`off`** (or `closed`) closes the days named, after `, ` too; `open` changes nothing.
///
/// Dates, months, weeks, holidays (`PH`, `SH`), sunrise and sunset, open ends (`+`), fallback
/// rules (`||`) and comments are refused by name, never guessed at.
public struct OpeningHours: Sendable, Hashable {
    /// A day of the week, Monday first (as `opening_hours` and ISO 8601 count them).
    public enum Weekday: Int, CaseIterable, Sendable, Hashable, Comparable {
        case monday, tuesday, wednesday, thursday, friday, saturday, sunday

        /// The two letters `opening_hours` writes it with.
        public var code: String { Self.codes[rawValue] }

        static let codes = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]

        /// The day after this one.
        public var next: Weekday { Weekday(rawValue: (rawValue + 1) % 7) ?? .monday }
        /// The day before this one.
        public var previous: Weekday { Weekday(rawValue: (rawValue + 6) % 7) ?? .sunday }

        public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One span of a day open, in minutes from that day's midnight: `closes` is after `opens`
    /// and may pass 1,440 (into the next day), up to 2,880.
    public struct Span: Sendable, Hashable, Comparable {
        public var opens: Int
        public var closes: Int

        public init(opens: Int, closes: Int) {
            self.opens = opens
            self.closes = closes
        }

        public static func < (lhs: Span, rhs: Span) -> Bool { (lhs.opens, lhs.closes) < (rhs.opens, rhs.closes) }
    }

    /// The longest text read.
    public static let maximumLength = 1_000
    /// The most spans one day may have.
    public static let maximumSpansPerDay = 24

    /// The spans of each day, Monday first, each day's in order and apart.
    public private(set) var week: [[Span]]

    /// Open at no time.
    public static let closed = OpeningHours(week: Array(repeating: [], count: 7))
    /// Open at all times (`24/7`).
    public static let alwaysOpen = OpeningHours(week: Array(repeating: [Span(opens: 0, closes: 1_440)], count: 7))

    init(week: [[Span]]) {
        self.week = week
    }

    /// The spans `day` is open (those running past its midnight included, whole).
    public func spans(on day: Weekday) -> [Span] { week[day.rawValue] }

    /// Whether the place is open at minute `minute` (0 to 1,439) of `day`, by that day's spans
    /// or the day before's that run past midnight.
    public func isOpen(on day: Weekday, atMinute minute: Int) -> Bool {
        if week[day.rawValue].contains(where: { $0.opens <= minute && minute < $0.closes }) { return true }
        return week[day.previous.rawValue].contains { $0.opens <= minute + 1_440 && minute + 1_440 < $0.closes }
    }

    /// Whether the place is open at `date`, read as the local time of `timeZone` (the place's).
    public func isOpen(at date: Date, in timeZone: TimeZone) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.weekday, .hour, .minute], from: date)
        // Calendar counts Sunday as 1.
        guard let weekday = parts.weekday, let day = Weekday(rawValue: (weekday + 5) % 7) else { return false }
        return isOpen(on: day, atMinute: (parts.hour ?? 0) * 60 + (parts.minute ?? 0))
    }
}

// MARK: - Reading

/// Why an `opening_hours` text was refused: the rule, and the day or part of it at fault.
public struct OpeningHoursError: Error, Sendable, Equatable, LocalizedError {
    public let message: String

    public var errorDescription: String? { message }
}

extension OpeningHours {
    /// Reads `text` in `opening_hours` syntax (see the type's description).
    ///
    /// - Throws: ``OpeningHoursError`` naming the rule and what in it is wrong: an unknown day,
    ///   a time that is not `hh:mm`, a span that opens and closes at once, spans of the rule
    ///   that overlap (those of rules joined by `, ` are united instead), or a part of the
    ///   syntax not supported.
    public init(parsing text: String) throws(OpeningHoursError) {
        // Tabs and line breaks count as spaces, so a message quoting a rule is one line.
        let trimmed = String(text.trimmingCharacters(in: .whitespacesAndNewlines).map { $0.isWhitespace ? " " : $0 })
        guard !trimmed.isEmpty else { throw OpeningHoursError(message: "opening hours are empty: give days and times, such as \"Mo-Fr 09:00-18:00\"") }
        guard trimmed.count <= Self.maximumLength else {
            throw OpeningHoursError(message: "opening hours are \(trimmed.count) characters long: at most \(Self.maximumLength)")
        }
        if trimmed.contains("||") { throw Self.unsupported(trimmed, "fallback rules (\"||\")") }
        if trimmed.contains("\"") { throw Self.unsupported(trimmed, "comments in quotes") }
        var week = Array(repeating: [Span](), count: 7)
        for (number, rule) in Self.rules(trimmed).enumerated() {
            var reader = RuleReader(rule.text, number: number + 1)
            let parsed = try reader.read()
            for day in parsed.days {
                if rule.adds && !parsed.spans.isEmpty {
                    week[day.rawValue] = Self.merged(week[day.rawValue] + parsed.spans)
                } else {
                    week[day.rawValue] = parsed.spans
                }
                guard week[day.rawValue].count <= Self.maximumSpansPerDay else {
                    throw OpeningHoursError(message: "rule \(number + 1) \"\(rule.text)\": \(day.code) has more than \(Self.maximumSpansPerDay) spans")
                }
            }
        }
        self.init(week: week)
    }

    /// A rule's text and whether it adds to earlier rules (after `, `) or replaces them (after `;`).
    private struct RuleText {
        var text: String
        var adds: Bool
    }

    /// `text` cut into rules: at each `;`, and at each `,` that a day's name follows once the
    /// rule has times or `off` ("Mo 09:00-12:00, We 14:00-16:00"); a comma between day names
    /// ("Mo, We") continues the list, and one before a time joins that rule's spans.
    private static func rules(_ text: String) -> [RuleText] {
        var rules: [RuleText] = []
        for part in text.split(separator: ";", omittingEmptySubsequences: false) {
            var adds = false
            var current = ""
            let characters = Array(part)
            var position = 0
            while position < characters.count {
                let character = characters[position]
                if character == "," {
                    var next = position + 1
                    while next < characters.count, characters[next] == " " { next += 1 }
                    if next + 1 < characters.count, startsDay(characters[next], characters[next + 1]), hasTimesOrModifier(current) {
                        rules.append(RuleText(text: current.trimmingCharacters(in: .whitespaces), adds: adds))
                        current = ""
                        adds = true
                        position = next
                        continue
                    }
                }
                current.append(character)
                position += 1
            }
            rules.append(RuleText(text: current.trimmingCharacters(in: .whitespaces), adds: adds))
        }
        return rules
    }

    /// Whether a rule's text so far goes past its days: a time, `24/7` or a modifier.
    private static func hasTimesOrModifier(_ rule: String) -> Bool {
        rule.contains(where: \.isNumber)
            || rule.lowercased().split(separator: " ").contains { RuleReader.modifiers.contains(String($0)) }
    }

    /// Whether two letters begin a day's name or a holiday's.
    private static func startsDay(_ first: Character, _ second: Character) -> Bool {
        let pair = String([first, second]).lowercased()
        return Weekday.codes.contains { $0.lowercased() == pair } || pair == "ph" || pair == "sh"
    }

    /// `spans` in order with those that overlap or touch made one.
    static func merged(_ spans: [Span]) -> [Span] {
        var result: [Span] = []
        for span in spans.sorted() {
            if let last = result.last, span.opens <= last.closes {
                result[result.count - 1].closes = max(last.closes, span.closes)
            } else {
                result.append(span)
            }
        }
        return result
    }

    static func unsupported(_ rule: String, _ what: String) -> OpeningHoursError {
        OpeningHoursError(message: "opening hours \"\(rule)\": \(what) are not supported: give weekdays (Mo-Su) and times (hh:mm-hh:mm), or off")
    }
}

/// Reads one rule: `[days] [times] [off|closed|open]`, or `24/7`.
private struct RuleReader {
    struct Rule {
        var days: [OpeningHours.Weekday]
        var spans: [OpeningHours.Span]
    }

    let text: String
    let number: Int
    private let characters: [Character]
    private var position = 0

    init(_ text: String, number: Int) {
        self.text = text
        self.number = number
        characters = Array(text)
    }

    func failure(_ problem: String) -> OpeningHoursError {
        OpeningHoursError(message: "rule \(number) \"\(text)\": \(problem)")
    }

    mutating func read() throws(OpeningHoursError) -> Rule {
        guard !characters.isEmpty else { throw failure("is empty (two separators in a row?)") }
        var days = OpeningHours.Weekday.allCases
        var spans: [OpeningHours.Span]? = nil
        if text.hasPrefix("24/7") {
            position = 4
            spans = [OpeningHours.Span(opens: 0, closes: 1_440)]
        } else {
            if let first = characters.first, first.isLetter, !startsModifier() {
                days = try readDays()
            }
            skipSpaces()
            if position < characters.count, characters[position].isNumber {
                spans = try readSpans(days: days)
            }
        }
        skipSpaces()
        let word = readWord()
        let modifier = word.lowercased()
        skipSpaces()
        guard position == characters.count else {
            throw failure("cannot read \"\(String(characters[position...]))\": \(Self.hint(String(characters[position...])))")
        }
        switch modifier {
        case "", "open":
            return Rule(days: days, spans: spans ?? [OpeningHours.Span(opens: 0, closes: 1_440)])
        case "off", "closed":
            guard spans == nil || text.hasPrefix("24/7") else {
                throw failure("times with \"\(modifier)\" are not supported: give the times it is open instead")
            }
            return Rule(days: days, spans: [])
        case "unknown":
            throw failure("\"unknown\" is not supported: leave the hours out instead")
        default:
            throw failure("cannot read \"\(word)\": \(Self.hint(word))")
        }
    }

    /// What a word that is not a day, a time or a modifier may be, for the message.
    static func hint(_ word: String) -> String {
        let lower = word.lowercased()
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        if months.contains(where: lower.hasPrefix) { return "months are not supported: give weekdays (Mo-Su) and times" }
        if lower.hasPrefix("ph") || lower.hasPrefix("sh") { return "holidays (PH, SH) are not supported: give weekdays (Mo-Su) and times" }
        if ["sunrise", "sunset", "dawn", "dusk"].contains(where: lower.hasPrefix) {
            return "sunrise, sunset, dawn and dusk are not supported: give times (hh:mm)"
        }
        if lower.hasPrefix("week") { return "weeks are not supported: give weekdays (Mo-Su) and times" }
        if lower.hasPrefix("+") { return "open ends (\"+\") are not supported: give the closing time" }
        if lower.hasPrefix("[") { return "nth weekdays (\"Mo[1]\") are not supported: give weekdays (Mo-Su)" }
        return "expected days (Mo-Su), times (hh:mm-hh:mm) and then off, closed or open"
    }

    /// The words that may end a rule.
    static let modifiers: Set<String> = ["off", "closed", "open", "unknown"]

    /// Whether the rule goes straight to its modifier (no days, no times).
    private func startsModifier() -> Bool {
        var end = position
        while end < characters.count, characters[end].isLetter { end += 1 }
        return Self.modifiers.contains(String(characters[position..<end]).lowercased())
    }

    private mutating func skipSpaces() {
        while position < characters.count, characters[position] == " " { position += 1 }
    }

    private mutating func readWord() -> String {
        let start = position
        while position < characters.count, characters[position].isLetter { position += 1 }
        return String(characters[start..<position])
    }

    /// Whether a comma (and spaces) come next and then a character that `starts` another item
    /// of the list; if so, moves to that item.
    private mutating func continuesList(where starts: (Character) -> Bool) -> Bool {
        var next = position
        guard next < characters.count, characters[next] == "," else { return false }
        next += 1
        while next < characters.count, characters[next] == " " { next += 1 }
        guard next < characters.count, starts(characters[next]) else { return false }
        position = next
        return true
    }

    /// `Mo`, `Mo-Fr`, `Mo,We,Fr-Su`: the days named, in week order, each once.
    private mutating func readDays() throws(OpeningHoursError) -> [OpeningHours.Weekday] {
        var days = Set<OpeningHours.Weekday>()
        while true {
            let first = try readDay()
            var last = first
            if position < characters.count, characters[position] == "-" {
                position += 1
                last = try readDay()
            }
            var day = first
            days.insert(day)
            while day != last {
                day = day.next
                days.insert(day)
            }
            // A comma continues the list when a day's name follows it.
            guard continuesList(where: \.isLetter) else { break }
        }
        return days.sorted()
    }

    /// Two letters naming a day, in any case.
    private mutating func readDay() throws(OpeningHoursError) -> OpeningHours.Weekday {
        let start = position
        while position < characters.count, characters[position].isLetter { position += 1 }
        let word = String(characters[start..<position])
        guard let index = OpeningHours.Weekday.codes.firstIndex(where: { $0.lowercased() == word.lowercased() }),
              let day = OpeningHours.Weekday(rawValue: index) else {
            if position < characters.count, characters[position] == "[" {
                throw failure(Self.hint("["))
            }
            let hint = Self.hint(word)
            if hint.hasPrefix("expected") {
                throw failure("\"\(word)\" is not a day: expected Mo, Tu, We, Th, Fr, Sa or Su")
            }
            throw failure("\"\(word)\": \(hint)")
        }
        if position < characters.count, characters[position] == "[" { throw failure(Self.hint("[")) }
        return day
    }

    /// `09:00-14:00,16:00-20:00`: the spans, in order, checked on `days`.
    private mutating func readSpans(days: [OpeningHours.Weekday]) throws(OpeningHoursError) -> [OpeningHours.Span] {
        var spans: [(span: OpeningHours.Span, text: String)] = []
        let on = "on \(OpeningHours.daysText(days))"
        while true {
            let start = position
            let opens = try readTime()
            guard position < characters.count, characters[position] == "-" else {
                if position < characters.count, characters[position] == "+" { throw failure(Self.hint("+")) }
                throw failure("\(on), \(String(characters[start..<position])) has no closing time: give hh:mm-hh:mm")
            }
            position += 1
            var closes = try readTime()
            if position < characters.count, characters[position] == "+" { throw failure(Self.hint("+")) }
            let text = String(characters[start..<position])
            guard opens < 1_440 else {
                throw failure("\(on), \(text) opens at 24:00 or later: start it on the next day")
            }
            if closes == opens { throw failure("\(on), \(text) opens and closes at the same time") }
            if closes < opens { closes += 1_440 }
            guard closes <= 2_880 else { throw failure("\(on), \(text) closes after 48:00") }
            spans.append((OpeningHours.Span(opens: opens, closes: closes), text))
            guard continuesList(where: \.isNumber) else { break }
        }
        let sorted = spans.sorted { $0.span < $1.span }
        for (earlier, later) in zip(sorted, sorted.dropFirst()) where later.span.opens < earlier.span.closes {
            throw failure("\(on), \(earlier.text) and \(later.text) overlap")
        }
        guard sorted.count <= OpeningHours.maximumSpansPerDay else {
            throw failure("\(on), more than \(OpeningHours.maximumSpansPerDay) spans")
        }
        return OpeningHours.merged(sorted.map(\.span))
    }

    /// `hh:mm` (hours 0 to 48, minutes 00 to 59, 48:00 at most) as minutes from midnight.
    private mutating func readTime() throws(OpeningHoursError) -> Int {
        let start = position
        while position < characters.count, characters[position].isNumber || characters[position] == ":" { position += 1 }
        let text = String(characters[start..<position])
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              let hours = Int(parts[0]), let minutes = Int(parts[1]), (0...48).contains(hours), (0...59).contains(minutes),
              hours * 60 + minutes <= 2_880 else {
            let shown = text.isEmpty ? String(characters[start...].prefix(8)) : text
            throw failure("\"\(shown)\" is not a time: expected hh:mm, hours 00 to 48 and minutes 00 to 59")
        }
        return hours * 60 + minutes
    }
}

// MARK: - Writing

extension OpeningHours: CustomStringConvertible {
    /// The hours in canonical `opening_hours` form, which ``init(parsing:)`` reads back as they
    /// are: days with the same spans grouped (`Mo-Fr 09:00-14:00,16:00-20:00`), groups in the
    /// order of their first day, closed days last (`Su off`); a whole day as its days alone
    /// (`Sa-Su`), every day the same as its times alone, always open as `24/7`, never as `off`.
    public var description: String {
        if self == .alwaysOpen { return "24/7" }
        if week.allSatisfy(\.isEmpty) { return "off" }
        var groups: [(spans: [Span], days: [Weekday])] = []
        for day in Weekday.allCases {
            if let index = groups.firstIndex(where: { $0.spans == week[day.rawValue] }) {
                groups[index].days.append(day)
            } else {
                groups.append((week[day.rawValue], [day]))
            }
        }
        if groups.count == 1 { return Self.spansText(week[0]) }
        let ordered = groups.filter { !$0.spans.isEmpty } + groups.filter { $0.spans.isEmpty }
        return ordered.map { group in
            let days = Self.daysText(group.days)
            if group.spans.isEmpty { return "\(days) off" }
            if group.spans == [Span(opens: 0, closes: 1_440)] { return days }
            return "\(days) \(Self.spansText(group.spans))"
        }.joined(separator: "; ")
    }

    /// Days as a selector: runs of following days as ranges (`Mo-We`), the rest by commas.
    static func daysText(_ days: [Weekday]) -> String {
        var runs: [(first: Weekday, last: Weekday)] = []
        for day in days.sorted() {
            if let run = runs.last, run.last.rawValue + 1 == day.rawValue {
                runs[runs.count - 1].last = day
            } else {
                runs.append((day, day))
            }
        }
        return runs.map { $0.first == $0.last ? $0.first.code : "\($0.first.code)-\($0.last.code)" }.joined(separator: ",")
    }

    /// Spans joined by commas; one past midnight as the time it closes on the next day
    /// (`22:00-02:00`), unless it is a whole day or longer (`10:00-34:00`).
    static func spansText(_ spans: [Span]) -> String {
        spans.map { span in
            let closes = span.closes > 1_440 && span.closes - 1_440 < span.opens ? span.closes - 1_440 : span.closes
            return "\(clock(span.opens))-\(clock(closes))"
        }.joined(separator: ",")
    }

    /// Minutes from midnight as `hh:mm`.
    static func clock(_ minutes: Int) -> String {
        let hours = minutes / 60, rest = minutes % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }
}
