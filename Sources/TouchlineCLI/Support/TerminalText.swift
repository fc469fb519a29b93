import Foundation

/// Text that other users wrote (display names, subjects, bodies, team and league names) made
/// harmless for a terminal: control characters, which could move the cursor, rewrite the
/// title or hide text, are shown as `\u{1B}`-style escapes, and so are the bidirectional
/// overrides that reorder what a line seems to say. Only on a terminal: piped output keeps
/// every byte, so scripts and `--json` see exactly what was stored.
enum TerminalText {
    /// True when standard output is a terminal.
    static let isTerminal = isatty(STDOUT_FILENO) == 1

    /// `text` as it may be printed: escaped on a terminal, unchanged otherwise.
    static func printable(_ text: String, keepingLineBreaks: Bool = false) -> String {
        isTerminal ? escaped(text, keepingLineBreaks: keepingLineBreaks) : text
    }

    /// `text` with every control character (C0, DEL, C1) and bidirectional control escaped;
    /// line feeds and tabs too unless `keepingLineBreaks`.
    static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLineBreaks: keepingLineBreaks) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepingLineBreaks: keepingLineBreaks) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return !keepingLineBreaks
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }
}
