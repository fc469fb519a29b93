import Foundation
import Support
import Testing

/// ``CivilDate``: strict `YYYY-MM-DD`, the proleptic Gregorian calendar, day arithmetic.
@Suite struct CivilDateTests {
    @Test("The calendar agrees with Foundation's Gregorian calendar")
    func agreesWithFoundation() throws {
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = try #require(TimeZone(identifier: "UTC"))
        let epoch = try #require(gregorian.date(from: DateComponents(year: 1970, month: 1, day: 1)))
        // Foundation's calendar is Julian before 1582-10-15, so the comparison starts there.
        for text in ["1970-01-01", "1969-12-31", "2000-02-29", "1900-03-01", "2024-12-31", "1582-10-15", "9999-12-31"] {
            let date = try #require(CivilDate(text))
            #expect(date.description == text)
            #expect(CivilDate(daysSince1970: date.daysSince1970) == date)
            let components = DateComponents(year: date.year, month: date.month, day: date.day)
            let foundation = try #require(gregorian.date(from: components))
            #expect(gregorian.dateComponents([.day], from: epoch, to: foundation).day == date.daysSince1970, "\(text)")
            #expect(gregorian.component(.weekday, from: foundation) == date.weekday.rawValue % 7 + 1, "\(text)")  // 1 = Sunday
            #expect(CivilDate(containing: foundation.addingTimeInterval(86_399)) == date)
        }
    }

    @Test("Leap years: every fourth, but not centuries unless they divide by 400")
    func leapYears() {
        #expect(CivilDate(year: 2024, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 2023, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2000, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 1900, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2100, month: 2, day: 29) == nil)
        #expect(CivilDate("2400-02-29") != nil)
        #expect(CivilDate("1900-02-29") == nil)
        #expect(CivilDate.isLeapYear(2000) && !CivilDate.isLeapYear(1900) && CivilDate.isLeapYear(1996) && !CivilDate.isLeapYear(1999))
        #expect(CivilDate("1900-02-28")?.adding(days: 1)?.description == "1900-03-01")
        #expect(CivilDate("2000-02-28")?.adding(days: 1)?.description == "2000-02-29")
        #expect(CivilDate("2000-03-01")?.adding(days: -1)?.description == "2000-02-29")
    }

    @Test("Every month has its length")
    func monthLengths() {
        let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        for (index, length) in lengths.enumerated() {
            let month = index + 1
            #expect(CivilDate.daysIn(month: month, year: 2023) == length)
            #expect(CivilDate(year: 2023, month: month, day: length) != nil)
            #expect(CivilDate(year: 2023, month: month, day: length + 1) == nil, "month \(month)")
            #expect(CivilDate(year: 2023, month: month, day: length)?.adding(days: 1)?.day == 1)
        }
        #expect(CivilDate.daysIn(month: 2, year: 2024) == 29)
        // Day numbers count every day of a year once: 365 in 2023, 366 in 2024.
        let days = { (year: Int) in
            (CivilDate(year: year + 1, month: 1, day: 1)?.daysSince1970 ?? 0) - (CivilDate(year: year, month: 1, day: 1)?.daysSince1970 ?? 0)
        }
        #expect(days(2023) == 365 && days(2024) == 366 && days(1900) == 365 && days(2000) == 366)
    }

    @Test("Text is YYYY-MM-DD exactly")
    func strictText() {
        #expect(CivilDate("2024-08-17") == CivilDate(year: 2024, month: 8, day: 17))
        #expect(CivilDate("2024-08-17"[...]) != nil)
        for bad in ["2024-02-30", "2023-02-29", "2024-13-01", "2024-00-10", "2024-01-00", "2024-04-31",
                    "2024-8-17", "2024/08/17", "17-08-2024", "20240817", "", "2024-08-17 ", " 2024-08-17",
                    "２０２４-08-17", "2024-08-1x", "+024-08-17", "-024-08-17", "2024-08-017", "2024--8-17",
                    "T024-08-17", "2024-08-17T00:00:00Z"] {
            #expect(CivilDate(bad) == nil, "\(bad)")
        }
    }

    @Test("Years run from 1 to 9999")
    func yearsInRange() {
        #expect(CivilDate("0000-01-01") == nil)
        #expect(CivilDate(year: 0, month: 1, day: 1) == nil)
        #expect(CivilDate(year: 10_000, month: 1, day: 1) == nil)
        #expect(CivilDate(year: -1, month: 1, day: 1) == nil)
        #expect(CivilDate("0001-01-01") == .earliest)
        #expect(CivilDate("9999-12-31") == .latest)
        #expect(CivilDate.latest.adding(days: 1) == nil)
        #expect(CivilDate.earliest.adding(days: -1) == nil)
        #expect(CivilDate.earliest.adding(days: .max) == nil)
        #expect(CivilDate.latest.adding(days: .min) == nil)
        #expect(CivilDate(daysSince1970: .max) == nil)
        #expect(CivilDate(daysSince1970: CivilDate.latest.daysSince1970 + 1) == nil)
        #expect(CivilDate(containing: Date(timeIntervalSince1970: 1e300)) == nil)
        #expect(CivilDate(containing: Date(timeIntervalSince1970: .nan)) == nil)
        #expect(CivilDate.earliest.description == "0001-01-01")
    }

    @Test("Days since 1970, weekdays and order")
    func arithmetic() throws {
        #expect(CivilDate(year: 1970, month: 1, day: 1)?.daysSince1970 == 0)
        #expect(CivilDate(year: 1969, month: 12, day: 31)?.daysSince1970 == -1)
        #expect(CivilDate(year: 2000, month: 3, day: 1)?.daysSince1970 == 11_017)
        #expect(CivilDate(daysSince1970: 19_952)?.description == "2024-08-17")
        #expect(CivilDate(year: 1970, month: 1, day: 1)?.weekday == .thursday)
        #expect(CivilDate(year: 1969, month: 12, day: 29)?.weekday == .monday)
        #expect(CivilDate(year: 2024, month: 8, day: 17)?.weekday == .saturday)
        #expect(CivilDate(year: 1, month: 1, day: 1)?.weekday == .monday)
        // A week of consecutive days has every weekday once, in order.
        let monday = try #require(CivilDate("2024-08-12"))
        #expect((0..<7).compactMap { monday.adding(days: $0)?.weekday } == CivilDate.Weekday.allCases)
        #expect(try #require(CivilDate("2024-12-31")) < #require(CivilDate("2025-01-01")))
        #expect(try #require(CivilDate("2024-02-01")) > #require(CivilDate("2024-01-31")))
        // The unchecked arithmetic works for any proleptic year (timestamps may say 0000).
        #expect(CivilDate.daysSince1970(year: 0, month: 3, day: 1) == -719_468)
        #expect(CivilDate.daysSince1970(year: 1970, month: 1, day: 1) == 0)
    }
}
