import Foundation
import League
import Support

/// The rules for what users type, checked before anything is written (the schema holds them
/// too, as a last line).
enum Validation {
    static func username(_ text: String) throws -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        guard (2...32).contains(text.count), text.unicodeScalars.allSatisfy(allowed.contains) else {
            throw ClubError.invalid(field: "username",
                                    message: "'\(text)' must be 2 to 32 letters, digits, '.', '_' or '-'")
        }
        return text
    }

    static func email(_ text: String) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard trimmed.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64,
              parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !parts[1].contains(".."),
              !trimmed.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw ClubError.invalid(field: "email", message: "'\(text)' is not an email address like name@example.org")
        }
        return trimmed
    }

    /// Required text: trimmed, 1 to `maximum` characters (Unicode scalars, as SQLite counts),
    /// without the NUL character (``noNUL(_:field:)``).
    static func text(_ text: String, field: String, maximum: Int) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ClubError.invalid(field: field, message: "must not be empty") }
        guard trimmed.unicodeScalars.count <= maximum else {
            throw ClubError.invalid(field: field, message: "must be at most \(maximum) characters")
        }
        return try noNUL(trimmed, field: field)
    }

    /// `text` when it holds no NUL character (U+0000): PostgreSQL cannot store one and C
    /// strings end at it, so both stores refuse it, and the services say which field held it.
    static func noNUL(_ text: String, field: String) throws -> String {
        guard !text.utf8.contains(0) else {
            throw ClubError.invalid(field: field, message: "must not hold the NUL character (U+0000)")
        }
        return text
    }

    /// Optional text: nil or empty clears it.
    static func optionalText(_ text: String?, field: String, maximum: Int) throws -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return try self.text(text, field: field, maximum: maximum)
    }

    /// A team's season as ``CivilSeason`` reads it (`2024/25`, also written `2024/2025` or
    /// `2024-25`, or `2025`), as its label (`2024/25`).
    static func season(_ text: String) throws -> String {
        guard let season = CivilSeason(text) else {
            throw ClubError.invalid(field: "season", message: "'\(text)' is not a season like 2024/25 or 2025")
        }
        return season.label
    }

    /// A league's season: any label of 1 to 20 characters, written as ``CivilSeason`` writes it
    /// when it is a season (`2024/2025` is kept as `2024/25`, so it matches teams of that season).
    static func leagueSeason(_ text: String) throws -> String {
        let label = try self.text(text, field: "season", maximum: 20)
        return CivilSeason(label)?.label ?? label
    }

    /// `#RRGGBB` (upper-cased), or nil.
    static func color(_ text: String?, field: String) throws -> String? {
        guard let text, !text.isEmpty else { return nil }
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit) else {
            throw ClubError.invalid(field: field, message: "'\(text)' is not a colour like #C8102E")
        }
        return "#" + digits.uppercased()
    }

    /// An ISO 8601 calendar date, `YYYY-MM-DD`, that exists, is not before 1900 and is not
    /// after today (in UTC).
    static func birthDate(_ text: String?) throws -> String? {
        guard let text, !text.isEmpty else { return nil }
        guard let date = CivilDate(text), date.year >= 1900, let today = CivilDate(containing: Date()), date <= today else {
            throw ClubError.invalid(field: "born", message: "'\(text)' is not a past date like 1994-05-27")
        }
        return text
    }

    /// Any real calendar date, `YYYY-MM-DD`.
    static func pastOrFutureDate(_ text: String, field: String) throws -> String {
        guard CivilDate(text) != nil else {
            throw ClubError.invalid(field: field, message: "'\(text)' is not a date like 2024-08-17")
        }
        return text
    }

    /// A kick-off time, `HH:MM` (also `H:MM` and `HH.MM`), as `HH:MM` (``KickOffTime``).
    static func kickOffTime(_ text: String) throws -> String {
        guard let time = KickOffTime(text.trimmingCharacters(in: .whitespaces)) else {
            throw ClubError.invalid(field: "time", message: "'\(text)' is not a kick-off time like 10:30")
        }
        return time.description
    }

    /// The longest time zone name kept (the longest IANA name has 30 characters).
    static let timeZoneMaximumLength = 64

    /// An IANA time zone name that Foundation knows (`Europe/Madrid`, `America/Argentina/Cordoba`,
    /// `UTC`), kept as written: the zone in which kick-off times are local.
    static func timeZone(_ text: String) throws -> String {
        let name = text.trimmingCharacters(in: .whitespaces)
        guard name.utf8.count <= timeZoneMaximumLength, TimeZone(identifier: name) != nil else {
            throw ClubError.invalid(field: "time zone", message: "'\(text)' is not a time zone: give an IANA name "
                                    + "like Europe/Madrid, America/Mexico_City or UTC")
        }
        return name
    }

    static func number(_ number: Int) throws -> Int {
        guard (1...99).contains(number) else {
            throw ClubError.invalid(field: "number", message: "\(number) is not a squad number from 1 to 99")
        }
        return number
    }

    /// A player photo: a PNG or JPEG of at most ``Squads/photoMaximumBytes``, with at most
    /// ``Squads/photoMaximumSide`` pixels a side and ``Squads/photoMaximumPixels`` in all, as
    /// its header claims (read without decoding: a 97 kB PNG can claim 16384 x 6100 pixels and
    /// would then take 800 MB on every card printed with it), and whole to its end marker (a
    /// file or an upload cut short is refused here rather than when a card is printed).
    static func photo(_ data: Data?) throws -> Data? {
        guard let data else { return nil }
        _ = try image(data, field: "photo")
        return data
    }

    /// A picture a card or album shows (a player photo, a sticker's image), checked as
    /// ``photo(_:)`` says, at most `side` px a side and `pixels` in all; returns what its header
    /// says of it. `field` names it in messages.
    static func image(_ data: Data, field: String, side: Int = Squads.photoMaximumSide,
                      pixels: Int = Squads.photoMaximumPixels, bytes: Int = Squads.photoMaximumBytes) throws -> ImageHeader {
        guard data.count <= bytes else {
            throw ClubError.invalid(field: field, message: "is larger than \(bytes >> 20) MiB; "
                + "resize or compress it")
        }
        let header: ImageHeader
        do {
            header = try ImageHeader(data)
        } catch let failure as ImageHeader.Failure {
            throw ClubError.invalid(field: field, message: failure.errorDescription ?? "is not a PNG or JPEG file")
        }
        guard header.width <= side, header.height <= side, header.width * header.height <= pixels else {
            throw ClubError.invalid(field: field, message: "is \(header.width)x\(header.height) px: at most \(side) px a side "
                + "and \(pixels / 1_000_000) megapixels; resize it (1000 px on the longer side is plenty for a card)")
        }
        do {
            try header.checkComplete(data)
        } catch let failure as ImageHeader.Failure {
            throw ClubError.invalid(field: field, message: failure.errorDescription ?? "is cut short")
        }
        return header
    }

    /// A point's coordinates: a finite latitude from -90 to 90 and longitude from -180 to 180.
    static func coordinates(_ latitude: Double, _ longitude: Double) throws {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw ClubError.invalid(field: "latitude", message: "\(latitude) is not a latitude from -90 to 90")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw ClubError.invalid(field: "longitude", message: "\(longitude) is not a longitude from -180 to 180")
        }
    }

    /// What a search for `text` looks for in search keys (``searchKey(_:)``).
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for text with nothing to look for.
    static func searchedKey(_ text: String) throws -> String {
        let key = searchKey(text.trimmingCharacters(in: .whitespaces))
        guard !key.isEmpty else { throw ClubError.invalid(field: "search", message: "give some text to look for") }
        return key
    }

    /// Case- and accent-insensitive search text (`José` and `JOSE` both give `jose`).
    static func searchKey(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
    }
}
