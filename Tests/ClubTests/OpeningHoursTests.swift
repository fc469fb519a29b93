import Foundation
import Testing
@testable import Club

/// OpenStreetMap `opening_hours` text read into a week and written back in canonical form.
@Suite struct OpeningHoursTests {
    /// Text as people write it, and the canonical form it is kept and shown in.
    static let canonical: [(String, String)] = [
        ("Mo-Fr 09:00-14:00,16:00-20:00; Sa 10:00-14:00; Su off", "Mo-Fr 09:00-14:00,16:00-20:00; Sa 10:00-14:00; Su off"),
        ("mo-fr 9:00-14:00, 16:00-20:00;sa 10:00-14:00", "Mo-Fr 09:00-14:00,16:00-20:00; Sa 10:00-14:00; Su off"),
        ("24/7", "24/7"),
        ("Mo-Su 00:00-24:00", "24/7"),
        ("00:00-24:00", "24/7"),
        ("10:00-20:00", "10:00-20:00"),
        ("off", "off"),
        ("24/7; Su off", "Mo-Sa; Su off"),
        ("Sa-Su", "Sa-Su; Mo-Fr off"),
        // A later rule replaces what earlier ones said of its days...
        ("Mo-Fr 08:00-18:00; We 08:00-13:00", "Mo-Tu,Th-Fr 08:00-18:00; We 08:00-13:00; Sa-Su off"),
        ("Mo-Fr 10:00-12:00; Mo-Fr 14:00-16:00", "Mo-Fr 14:00-16:00; Sa-Su off"),
        // ... and one after ", " adds to them.
        ("Mo-Fr 10:00-12:00, Fr 14:00-16:00", "Mo-Th 10:00-12:00; Fr 10:00-12:00,14:00-16:00; Sa-Su off"),
        ("Mo 09:00-12:00, We 14:00-16:00", "Mo 09:00-12:00; We 14:00-16:00; Tu,Th-Su off"),
        ("Mo-Fr 09:00-12:00, Mo 11:00-13:00", "Mo 09:00-13:00; Tu-Fr 09:00-12:00; Sa-Su off"),
        // Day lists, with or without a space, and ranges across the weekend.
        ("Mo,We,Fr 10:00-12:00", "Mo,We,Fr 10:00-12:00; Tu,Th,Sa-Su off"),
        ("Mo, Tu 10:00-12:00", "Mo-Tu 10:00-12:00; We-Su off"),
        ("Fr-Mo 18:00-02:00", "Mo,Fr-Su 18:00-02:00; Tu-Th off"),
        // Past midnight, either way of writing it; a day and more kept as written.
        ("Mo-Fr 18:00-26:00", "Mo-Fr 18:00-02:00; Sa-Su off"),
        ("Mo 10:00-34:00", "Mo 10:00-34:00; Tu-Su off"),
        // Line breaks and tabs are spaces; "unknown" and "off" end a rule before ", ".
        ("Mo 10:00-12:00;\n\tTu 10:00-12:00", "Mo-Tu 10:00-12:00; We-Su off"),
        // Spans that touch are one.
        ("Tu 10:00-12:00,12:00-14:00", "Tu 10:00-14:00; Mo,We-Su off"),
        // "off" after ", " closes its days too.
        ("10:00-20:00, Su off", "Mo-Sa 10:00-20:00; Su off"),
    ]

    @Test(arguments: canonical)
    func textIsReadAndWrittenBackInCanonicalForm(_ row: (String, String)) throws {
        let hours = try OpeningHours(parsing: row.0)
        #expect(hours.description == row.1)
        // The canonical form reads back as the same week.
        #expect(try OpeningHours(parsing: hours.description) == hours)
    }

    @Test func theWeekSaysWhenThePlaceIsOpen() throws {
        let hours = try OpeningHours(parsing: "Mo-Fr 09:00-14:00,16:00-20:00; Sa 10:00-14:00; Fr 22:00-02:00, Su off")
        let probes: [(OpeningHours.Weekday, String, Bool)] = [
            (.monday, "08:59", false), (.monday, "09:00", true), (.monday, "13:59", true), (.monday, "14:00", false),
            (.monday, "16:30", true), (.monday, "20:00", false), (.saturday, "11:00", true), (.sunday, "12:00", false),
            // Friday's rule replaced its 09:00-20:00 spans; its night runs into Saturday.
            (.friday, "10:00", false), (.friday, "23:30", true), (.saturday, "01:30", true), (.saturday, "02:00", false),
        ]
        for (day, time, open) in probes {
            let parts = time.split(separator: ":").compactMap { Int($0) }
            #expect(hours.isOpen(on: day, atMinute: parts[0] * 60 + parts[1]) == open, "\(day.code) \(time)")
        }
        #expect(hours.spans(on: .friday) == [OpeningHours.Span(opens: 22 * 60, closes: 26 * 60)])
        // A moment, read in the place's time zone: Saturday 2036-03-01 11:00 in Madrid is 10:00 UTC.
        let madrid = try #require(TimeZone(identifier: "Europe/Madrid"))
        let saturdayMorning = try #require(ISO8601DateFormatter().date(from: "2036-03-01T10:00:00Z"))
        #expect(hours.isOpen(at: saturdayMorning, in: madrid))
        #expect(!hours.isOpen(at: saturdayMorning, in: try #require(TimeZone(identifier: "Pacific/Auckland"))))
    }

    /// Text that does not read, and the one line that says which rule, which day and why.
    static let refused: [(String, String)] = [
        ("", "opening hours are empty: give days and times, such as \"Mo-Fr 09:00-18:00\""),
        ("Mo-Fx 09:00-18:00", "rule 1 \"Mo-Fx 09:00-18:00\": \"Fx\" is not a day: expected Mo, Tu, We, Th, Fr, Sa or Su"),
        ("Mo-Fr 09:00-18:00; Sa 10:00-14:60",
         "rule 2 \"Sa 10:00-14:60\": \"14:60\" is not a time: expected hh:mm, hours 00 to 48 and minutes 00 to 59"),
        ("Mo 10:00-49:00", "rule 1 \"Mo 10:00-49:00\": \"49:00\" is not a time: expected hh:mm, hours 00 to 48 and minutes 00 to 59"),
        ("Sa 10:00-10:00", "rule 1 \"Sa 10:00-10:00\": on Sa, 10:00-10:00 opens and closes at the same time"),
        ("Mo-Fr 09:00-14:00,13:00-15:00", "rule 1 \"Mo-Fr 09:00-14:00,13:00-15:00\": on Mo-Fr, 09:00-14:00 and 13:00-15:00 overlap"),
        ("We 09:00", "rule 1 \"We 09:00\": on We, 09:00 has no closing time: give hh:mm-hh:mm"),
        ("Mo 24:00-26:00", "rule 1 \"Mo 24:00-26:00\": on Mo, 24:00-26:00 opens at 24:00 or later: start it on the next day"),
        ("Mo 10:00-12:00 off", "rule 1 \"Mo 10:00-12:00 off\": times with \"off\" are not supported: give the times it is open instead"),
        ("Mo-Fr 10:00-12:00;; Sa", "rule 2 \"\": is empty (two separators in a row?)"),
        ("PH off", "rule 1 \"PH off\": \"PH\": holidays (PH, SH) are not supported: give weekdays (Mo-Su) and times"),
        ("Jan-Mar Mo 10:00-12:00", "rule 1 \"Jan-Mar Mo 10:00-12:00\": \"Jan\": months are not supported: give weekdays (Mo-Su) and times"),
        ("sunrise-sunset", "rule 1 \"sunrise-sunset\": \"sunrise\": sunrise, sunset, dawn and dusk are not supported: give times (hh:mm)"),
        ("Mo 10:00+", "rule 1 \"Mo 10:00+\": open ends (\"+\") are not supported: give the closing time"),
        ("Mo[1] 10:00-12:00", "rule 1 \"Mo[1] 10:00-12:00\": nth weekdays (\"Mo[1]\") are not supported: give weekdays (Mo-Su)"),
        ("Mo 10:00-12:00 || Tu 10:00-12:00",
         "opening hours \"Mo 10:00-12:00 || Tu 10:00-12:00\": fallback rules (\"||\") are not supported: give weekdays (Mo-Su) and times (hh:mm-hh:mm), or off"),
        ("Mo 10:00-12:00 \"by appointment\"",
         "opening hours \"Mo 10:00-12:00 \"by appointment\"\": comments in quotes are not supported: give weekdays (Mo-Su) and times (hh:mm-hh:mm), or off"),
        ("Mo 10:00-12:00 unknown", "rule 1 \"Mo 10:00-12:00 unknown\": \"unknown\" is not supported: leave the hours out instead"),
        ("Mo unknown, Tu 10:00-12:00", "rule 1 \"Mo unknown\": \"unknown\" is not supported: leave the hours out instead"),
        ("Mo 10:00-12:00;\nTu 10:00-12:60", "rule 2 \"Tu 10:00-12:60\": \"12:60\" is not a time: expected hh:mm, hours 00 to 48 and minutes 00 to 59"),
        ("Mo 10:00-12:00 Tu", "rule 1 \"Mo 10:00-12:00 Tu\": cannot read \"Tu\": expected days (Mo-Su), times (hh:mm-hh:mm) and then off, closed or open"),
        (String(repeating: "Mo 10:00-12:00; ", count: 70), "opening hours are 1119 characters long: at most 1000"),
    ]

    @Test(arguments: refused)
    func badTextIsRefusedWithOneLineSayingWhereAndWhy(_ row: (String, String)) {
        #expect(throws: OpeningHoursError(message: row.1)) { try OpeningHours(parsing: row.0) }
    }
}
