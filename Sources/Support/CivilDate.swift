import Foundation

/// A day of the proleptic Gregorian calendar, from 0001-01-01 to 9999-12-31: a year, a month
/// and a day, with no time, time zone or locale involved.
///
/// Its text is `YYYY-MM-DD`, read strictly (four, two and two ASCII digits and two hyphens,
/// nothing around them). Day arithmetic goes through the number of days since 1970-01-01, by
/// Howard Hinnant's `days_from_civil` and `civil_from_days` ("chrono-Compatible Low-Level Date
/// Algorithms"), which are exact for every proleptic Gregorian date.
///
/// ```swift
/// let start = CivilDate("2024-02-28")              // 2024-02-28
/// start?.adding(days: 1)?.description              // "2024-02-29" (a leap year)
/// CivilDate("2023-02-29")                          // nil: not a day
/// CivilDate(year: 1970, month: 1, day: 1)?.weekday // .thursday
/// ```
public struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, 1 to 9999.
    public let year: Int
    /// The month, 1 (January) to 12.
    public let month: Int
    /// The day of the month, 1 to 28, 29, 30 or 31 as the month has.
    public let day: Int

    /// The years a civil date may have: those written with four digits, year 0 aside (the
    /// proleptic year before 1 is not a year anyone writes as 0000 and means).
    public static let years: ClosedRange<Int> = 1...9999

    /// 0001-01-01, the first civil date.
    public static let earliest = CivilDate(checked: 1, 1, 1)
    /// 9999-12-31, the last civil date with a four-digit year.
    public static let latest = CivilDate(checked: 9999, 12, 31)

    /// The date with these numbers, or nil when they name no day (`2023-02-29`, month 13,
    /// year 0 or 10000).
    public init?(year: Int, month: Int, day: Int) {
        guard Self.years.contains(year), (1...12).contains(month), day >= 1,
              day <= Self.daysIn(month: month, year: year) else { return nil }
        self.init(checked: year, month, day)
    }

    /// The date written `YYYY-MM-DD`, or nil for anything else: `2024-8-17`, `2024/08/17`,
    /// `20240817`, `2024-08-17 ` (space), full-width digits and days that do not exist.
    public init?(_ text: some StringProtocol) {
        var parsed: (Int, Int, Int)?
        var text = String(text)
        text.withUTF8 { bytes in
            guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return }
            func number(_ range: Range<Int>) -> Int? {
                var value = 0
                for index in range {
                    let digit = Int(bytes[index]) - 48
                    guard digit >= 0, digit <= 9 else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return }
            parsed = (year, month, day)
        }
        guard let (year, month, day) = parsed else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date `days` days after 1970-01-01 (before it when negative), or nil outside
    /// 0001-01-01 ... 9999-12-31.
    public init?(daysSince1970 days: Int) {
        guard days >= Self.earliest.daysSince1970, days <= Self.latest.daysSince1970 else { return nil }
        let (year, month, day) = Self.civil(daysSince1970: days)
        self.init(checked: year, month, day)
    }

    /// The day in UTC that contains `date`, or nil when that day is outside the civil years.
    public init?(containing date: Date) {
        let seconds = date.timeIntervalSince1970
        // Well inside Int's range, and far beyond 9999-12-31 either way.
        guard seconds.isFinite, abs(seconds) < 1e15 else { return nil }
        self.init(daysSince1970: Int((seconds / 86_400).rounded(.down)))
    }

    private init(checked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days from 1970-01-01 to this date (negative before it).
    public var daysSince1970: Int {
        Self.daysSince1970(year: year, month: month, day: day)
    }

    /// The date `days` days later (earlier when negative), or nil outside the civil years.
    public func adding(days: Int) -> CivilDate? {
        let (sum, overflow) = daysSince1970.addingReportingOverflow(days)
        return overflow ? nil : CivilDate(daysSince1970: sum)
    }

    /// The day of the week.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday (4 in ISO numbering).
        let days = daysSince1970
        let mondayBased = ((days % 7) + 7 + 3) % 7 // 0 for Monday
        return Weekday(rawValue: mondayBased + 1) ?? .monday
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10)
        func append(_ value: Int, digits: Int) {
            var divisor = 1
            for _ in 1..<digits { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        append(year, digits: 4)
        bytes.append(UInt8(ascii: "-"))
        append(month, digits: 2)
        bytes.append(UInt8(ascii: "-"))
        append(day, digits: 2)
        return String(decoding: bytes, as: UTF8.self)
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// A day of the week, numbered as ISO 8601 does (Monday 1 to Sunday 7).
    public enum Weekday: Int, Sendable, CaseIterable {
        case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday
    }
}

// MARK: - The arithmetic, for any proleptic Gregorian date

extension CivilDate {
    /// True for a Gregorian leap year: every fourth year, but not centuries unless they divide
    /// by 400 (2000 and 2400 are leap years, 1900 and 2100 are not).
    @inlinable
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days of `month` (1 to 12) in `year`: 28 to 31.
    @inlinable
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Hinnant's `days_from_civil`), for
    /// readers that check the numbers themselves and must not allocate (one call per GPS
    /// point). `month` and `day` must be a real date; any year works, 0 and negative ones too.
    @inlinable
    public static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date `days` days after 1970-01-01 (Hinnant's `civil_from_days`).
    static func civil(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
