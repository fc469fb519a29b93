/// iCalendar's text rules (RFC 5545): TEXT values escaped (§3.3.11) and content lines folded
/// at 75 octets with CRLF line ends (§3.1).
struct ContentLines {
    /// The longest a physical line may be, in octets, not counting its CRLF.
    static let maximumLineOctets = 75

    /// The UTF-8 bytes written so far.
    private(set) var bytes: [UInt8] = []

    /// Appends `name:value` (or `name;parameters:value`), folded: the first physical line holds
    /// at most 75 octets, each continuation line a space and at most 74 more. Lines break
    /// between characters as people read them (a letter stays with its accent, an emoji with
    /// its modifiers), and only a character longer than a line is broken between its code
    /// points; a UTF-8 sequence is never split. `value` must already be in its written form
    /// (``escaped(_:)`` for TEXT).
    mutating func append(_ name: String, _ value: String) {
        var room = Self.maximumLineOctets
        var used = 0
        func fold() {
            bytes += [0x0D, 0x0A, 0x20]
            room = Self.maximumLineOctets - 1
            used = 0
        }
        for character in name + ":" + value {
            let size = character.utf8.count
            if used + size > room, size <= Self.maximumLineOctets - 1 { fold() }
            if used + size <= room {
                bytes += character.utf8
                used += size
                continue
            }
            for scalar in character.unicodeScalars {
                let encoded = Array(String(scalar).utf8)
                if used + encoded.count > room { fold() }
                bytes += encoded
                used += encoded.count
            }
        }
        bytes += [0x0D, 0x0A]
    }

    /// `text` as an iCalendar TEXT value: backslash, semicolon and comma escaped with a
    /// backslash, each line break (CRLF, LF or CR) written `\n`, and the other control
    /// characters, which TEXT may not hold, left out (a tab stays).
    static func escaped(_ text: String) -> String {
        var written = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\\", ";", ",":
                written.append("\\")
                written.append(scalar)
            case "\r":
                written.append(contentsOf: "\\n".unicodeScalars)
            case "\n":
                if !afterCarriageReturn { written.append(contentsOf: "\\n".unicodeScalars) }
            case "\t":
                written.append(scalar)
            default:
                if scalar.value >= 0x20, scalar.value != 0x7F { written.append(scalar) }
            }
        }
        return String(written)
    }
}
