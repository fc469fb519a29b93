import Foundation

/// How people's and teams' names are compared when users type them: ignoring case, accents,
/// character widths and repeated spaces, so `nico  WILLIAMS` names Nico Williams and `alevin`
/// names Alevín. Event checks, player cards and friendlies' club teams all compare this way.
public enum NameKey {
    /// `name` folded for comparing.
    ///
    /// ```swift
    /// NameKey.of("Unai  Simón") == NameKey.of("unai simon") // true
    /// ```
    public static func of(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
