import Foundation

/// A date and time in UTC to the microsecond, as both stores' timestamps can be written:
/// GRDB's text in SQLite (`2024-10-12 09:30:00.123`), PostgreSQL's `TIMESTAMPTZ`.
struct UTCTimestamp: Sendable, Equatable {
    let year, month, day, hour, minute, second: Int
    /// Microseconds past the second, 0 to 999,999.
    let microsecond: Int

    /// Reads the text forms SQLite's date functions and GRDB accept: `yyyy-MM-dd`, then
    /// optionally a space or `T` and `HH:mm`, `:ss`, `.` and up to nine fraction digits (those
    /// past the microsecond dropped), and an optional `Z` or `+00:00`. Nil for anything else.
    /// (Byte by byte: a copy reads one for every timestamp it carries.)
    init?(_ text: String) {
        var bytes = Array(text.utf8)
        for suffix in ["Z", "+00:00", "+00"] where bytes.count > suffix.utf8.count && bytes.suffix(suffix.utf8.count).elementsEqual(suffix.utf8) {
            bytes.removeLast(suffix.utf8.count)
            break
        }
        var index = 0
        func number(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + count)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }
        func separator(_ accepted: UInt8...) -> Bool {
            guard index < bytes.count, accepted.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), separator(UInt8(ascii: "-")), let month = number(2), separator(UInt8(ascii: "-")),
              let day = number(2) else { return nil }
        var hour = 0, minute = 0, second = 0, microsecond = 0
        if separator(UInt8(ascii: " "), UInt8(ascii: "T")) {
            guard let h = number(2), separator(UInt8(ascii: ":")), let m = number(2) else { return nil }
            hour = h
            minute = m
            if separator(UInt8(ascii: ":")) {
                guard let s = number(2) else { return nil }
                second = s
                if separator(UInt8(ascii: ".")) {
                    var digits = 0
                    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                        if digits < 6 { microsecond = microsecond * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                        digits += 1
                        index += 1
                    }
                    guard (1...9).contains(digits) else { return nil }
                    for _ in min(digits, 6)..<6 { microsecond *= 10 }
                }
            }
        }
        guard index == bytes.count, (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour),
              (0...59).contains(minute), (0...59).contains(second) else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second, microsecond: microsecond)
    }

    private init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, microsecond: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.microsecond = microsecond
    }

    /// The same instant without its microseconds past the millisecond, as GRDB keeps a date.
    var truncatedToMilliseconds: UTCTimestamp {
        UTCTimestamp(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                     microsecond: microsecond / 1000 * 1000)
    }

    /// `yyyy-MM-dd HH:mm:ss.` and the fraction's first `fractionDigits` digits.
    private func text(fractionDigits: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(27)
        func append(_ value: Int, _ width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
                rest %= divisor
                divisor /= 10
            }
        }
        append(year, 4)
        bytes.append(UInt8(ascii: "-"))
        append(month, 2)
        bytes.append(UInt8(ascii: "-"))
        append(day, 2)
        bytes.append(UInt8(ascii: " "))
        append(hour, 2)
        bytes.append(UInt8(ascii: ":"))
        append(minute, 2)
        bytes.append(UInt8(ascii: ":"))
        append(second, 2)
        bytes.append(UInt8(ascii: "."))
        append(fractionDigits == 6 ? microsecond : microsecond / 1000, fractionDigits)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `yyyy-MM-dd HH:mm:ss.ffffff`: the form checksums take.
    var canonicalText: String { text(fractionDigits: 6) }

    /// GRDB's form, `yyyy-MM-dd HH:mm:ss.SSS` (milliseconds, truncated).
    var sqliteText: String { text(fractionDigits: 3) }

    /// A `TIMESTAMPTZ` literal in UTC, `yyyy-MM-dd HH:mm:ss.ffffff+00`.
    var postgresText: String { canonicalText + "+00" }
}
