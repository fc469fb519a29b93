import ArgumentParser
import Foundation
import League
import Support

/// Strict parsers for the values of the match and league commands. A malformed value is a
/// usage error (64) that names the argument; whether a well-formed value is allowed (at most
/// 999 goals, half time not above full time) is the services' rule (65).
enum MatchArguments {
    /// A minute with its stoppage time: `45`, `90+3`.
    struct Minute: Sendable, Equatable {
        var minute: Int
        var stoppage: Int
    }

    /// A substitution: `OFF:ON`.
    struct Substitution: Sendable, Equatable {
        var off: String
        var on: String
    }

    /// `2-1`: home goals, a hyphen, away goals; each a whole number from 0, in ASCII digits.
    /// `-1-0`, `2.5-1`, `x-1`, `2` and `2-1-0` are refused.
    static func score(_ text: String) throws -> Score {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let home = wholeNumber(parts[0]), let away = wholeNumber(parts[1]) else {
            throw ValidationError("expected a score like 2-1: home and away goals, whole numbers from 0")
        }
        return Score(home, away)
    }

    /// `45` or `90+3`.
    static func minute(_ text: String) throws -> Minute {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let minute = wholeNumber(parts[0]) else {
            throw ValidationError("expected a minute like 45 or 90+3: whole numbers from 0")
        }
        guard parts.count == 2 else { return Minute(minute: minute, stoppage: 0) }
        guard let stoppage = wholeNumber(parts[1]) else {
            throw ValidationError("expected a minute like 45 or 90+3: whole numbers from 0")
        }
        return Minute(minute: minute, stoppage: stoppage)
    }

    /// `OFF:ON`, both names non-empty (split at the first colon).
    static func substitution(_ text: String) throws -> Substitution {
        guard let colon = text.firstIndex(of: ":") else {
            throw ValidationError("expected the player going off, a colon and the player coming on: 'Ana Ruiz:Eva Gil'")
        }
        let off = text[..<colon].trimmingCharacters(in: .whitespaces)
        let on = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard !off.isEmpty, !on.isEmpty else {
            throw ValidationError("expected the player going off, a colon and the player coming on: 'Ana Ruiz:Eva Gil'")
        }
        return Substitution(off: off, on: on)
    }

    /// `YYYY-MM-DD`, a real calendar date (``CivilDate``).
    static func date(_ text: String) throws -> String {
        guard CivilDate(text) != nil else { throw ValidationError("expected a date YYYY-MM-DD") }
        return text
    }

    /// A number of ASCII digits (no sign, point or space) that fits an `Int`.
    private static func wholeNumber(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
