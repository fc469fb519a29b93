/// A kick-off time: a time of day, local to the venue, to the minute.
///
/// Read from `HH:MM` or `HH.MM`, with one or two hour digits; always written `HH:MM`.
///
/// ```swift
/// KickOffTime("9.30")?.description   // "09:30"
/// KickOffTime("20:45")?.hour         // 20
/// KickOffTime("24:00")               // nil: not a time of day
/// ```
public struct KickOffTime: Sendable, Hashable, CustomStringConvertible {
    /// 0 to 23.
    public let hour: Int
    /// 0 to 59.
    public let minute: Int

    /// The time with these numbers, or nil outside 00:00 ... 23:59.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// The time written `HH:MM` or `HH.MM` (`9:30` too), or nil for anything else: `24:00`,
    /// `9:5`, `09:30:00`, ` 09:30` (space), full-width digits.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard (4...5).contains(bytes.count) else { return nil }
        let separator = bytes[bytes.count - 3]
        guard separator == UInt8(ascii: ":") || separator == UInt8(ascii: ".") else { return nil }
        var hour = 0, minute = 0
        for (offset, byte) in bytes.enumerated() where offset != bytes.count - 3 {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            if offset < bytes.count - 3 { hour = hour * 10 + Int(byte - 0x30) } else { minute = minute * 10 + Int(byte - 0x30) }
        }
        self.init(hour: hour, minute: minute)
    }

    /// `HH:MM`.
    public var description: String {
        (hour < 10 ? "0\(hour)" : "\(hour)") + ":" + (minute < 10 ? "0\(minute)" : "\(minute)")
    }
}
