import Support

/// A small, allocation-free reader for the ISO 8601 / XML Schema `dateTime` timestamps that
/// GPX, KML and TCX files carry.
///
/// Foundation's `ISO8601DateFormatter` handles one fixed layout per configuration and costs
/// microseconds a call; a track has a timestamp per point, so this reads the common layouts
/// directly: `2019-05-01T04:31:11Z`, fractional seconds of any length (`.2073437`), zone
/// offsets (`+02:00`, `+0200`, `+02`, `Z`, none meaning UTC), a space instead of `T`, and a
/// date alone (midnight UTC).
enum Timestamp {
    /// The first time that is not a sentinel: 1970-01-01T00:00:00Z is itself the "no time"
    /// value of many tools, so times must be strictly after it.
    static let earliestPlausible: Double = 0
    /// Times on or after 2100-01-01T00:00:00Z are treated as sentinels.
    static let latestPlausible: Double = 4_102_444_800

    /// Whether `seconds` (since 1970) is a placeholder rather than a real recording time.
    static func isSentinel(_ seconds: Double) -> Bool {
        !(seconds > earliestPlausible && seconds < latestPlausible)
    }

    /// Seconds since 1970-01-01T00:00:00Z, or nil when `text` is not a timestamp.
    static func secondsSince1970(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var start = 0, end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        var i = start

        func digits(_ count: Int) -> Int? {
            guard end - i >= count else { return nil }
            var value = 0
            for _ in 0..<count {
                let d = Int(bytes[i]) - 48
                guard d >= 0, d <= 9 else { return nil }
                value = value * 10 + d
                i += 1
            }
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard i < end, bytes[i] == byte else { return false }
            i += 1
            return true
        }

        guard let year = digits(4), expect(45), let month = digits(2), expect(45), let day = digits(2),
              (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year)
        else { return nil }
        let days = CivilDate.daysSince1970(year: year, month: month, day: day)
        if i == end { return Double(days) * 86_400 }

        guard i < end, bytes[i] == 84 || bytes[i] == 116 || bytes[i] == 32 else { return nil }   // T, t, space
        i += 1
        guard let hour = digits(2), expect(58), let minute = digits(2), hour <= 23, minute <= 59 else { return nil }
        var second = 0.0
        if expect(58) {
            guard let whole = digits(2), whole <= 60 else { return nil }
            second = Double(whole)
            if i < end, bytes[i] == 46 || bytes[i] == 44 {   // . or ,
                i += 1
                var fraction = 0, used = 0, seen = 0
                while i < end, bytes[i] >= 48, bytes[i] <= 57 {
                    if used < 9 {
                        fraction = fraction * 10 + Int(bytes[i]) - 48
                        used += 1
                    }
                    seen += 1
                    i += 1
                }
                guard seen > 0 else { return nil }
                second += Double(fraction) / powersOfTen[used]
            }
        }

        var offset = 0
        if i < end {
            switch bytes[i] {
            case 90, 122:   // Z, z
                i += 1
            case 43, 45:    // + or -
                let sign = bytes[i] == 45 ? -1 : 1
                i += 1
                guard let zoneHour = digits(2), zoneHour <= 23 else { return nil }
                var zoneMinute = 0
                if i < end {
                    _ = expect(58)
                    guard let m = digits(2), m <= 59 else { return nil }
                    zoneMinute = m
                }
                offset = sign * (zoneHour * 3_600 + zoneMinute * 60)
            default:
                return nil
            }
        }
        guard i == end else { return nil }
        return Double(days * 86_400 + hour * 3_600 + minute * 60 - offset) + second
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 32 || byte == 9 || byte == 10 || byte == 13
    }
}
