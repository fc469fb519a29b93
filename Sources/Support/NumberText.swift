/// Numbers as messages and summaries show them: a whole number without a fraction (`105`),
/// anything else as Swift prints it (`0.5`, `1e+308`, `nan`). Whole numbers of 10^15 or more
/// keep Swift's form too, so no value can trap in a conversion to `Int` (a pitch length of
/// 1e308 once did, while its error message was being written).
///
/// ```swift
/// NumberText.plain(105)    // "105"
/// NumberText.plain(1e308)  // "1e+308"
/// ```
public enum NumberText {
    /// `value` as short text.
    public static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
