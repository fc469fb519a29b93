import Foundation
import Support

/// Text helpers the importers share: decoding, names, dates, times, statuses and round labels.
///
/// A namespace rather than extensions on `String`, so nothing here can clash with helpers other
/// parts of League add.
enum ImportText {
    // MARK: - Decoding

    /// The text of `data` as UTF-8, without a leading byte-order mark.
    static func decode(_ data: Data, source: String) throws(ImportError) -> String {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        // Find the first byte that is not UTF-8, to name its line.
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var line = 1
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1, encoded.first == 0x0A { line += 1 }
            case .emptyInput:
                break loop
            case .error:
                break loop
            }
        }
        throw ImportError(.encoding, source: source, line: line, "not valid UTF-8 text (save the file as UTF-8)")
    }

    /// The text of `data` without a byte-order mark, decoded leniently (for format detection).
    static func lenientPrefix(_ data: Data, bytes count: Int) -> String {
        var bytes = data.prefix(count)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Names

    /// `name` trimmed, with every run of white space made one space.
    static func normalizedName(_ name: some StringProtocol) -> String {
        // Fast path: plain ASCII with single spaces between words.
        var previous: UInt8 = 0x20
        var clean = true
        for byte in name.utf8 {
            if byte >= 0x80 || (byte < 0x20) || (byte == 0x20 && previous == 0x20) { clean = false; break }
            previous = byte
        }
        if clean, previous != 0x20 { return String(name) }
        return name.split(whereSeparator: isSpace).joined(separator: " ")
    }

    /// True for white space; quick for ASCII.
    @inline(__always)
    static func isSpace(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return ascii == 0x20 || (ascii >= 0x09 && ascii <= 0x0D) }
        return character.isWhitespace
    }

    /// True for an ASCII digit.
    @inline(__always)
    static func isDigit(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return ascii >= 0x30 && ascii <= 0x39
    }

    /// `text` without white space at either end.
    static func trim(_ text: some StringProtocol) -> Substring {
        let whole = Substring(text)
        guard let first = whole.firstIndex(where: { !isSpace($0) }),
              let last = whole.lastIndex(where: { !isSpace($0) }) else { return whole[whole.endIndex...] }
        return whole[first...last]
    }

    /// Why `name` (already normalised) cannot be a team's name, or nil when it can.
    static func teamNameProblem(_ name: String, what: String = "team name") -> String? {
        if name.isEmpty { return "empty \(what)" }
        if name.count > SeasonImporter.maximumNameLength {
            return "\(what) of \(name.count) characters; at most \(SeasonImporter.maximumNameLength) are accepted"
        }
        return nil
    }

    /// Why a label (season name, round) cannot be used, or nil when it can.
    static func labelProblem(_ label: String, what: String) -> String? {
        if label.count > SeasonImporter.maximumLabelLength {
            return "\(what) of \(label.count) characters; at most \(SeasonImporter.maximumLabelLength) are accepted"
        }
        return nil
    }

    // MARK: - Statuses

    /// The status a word names (`cancelled` or `canceled`, ...), or nil for an unknown word.
    static func status(_ word: String) -> MatchStatus? {
        switch word.lowercased() {
        case "played", "finished", "full-time": return .played
        case "scheduled", "fixture": return .scheduled
        case "postponed": return .postponed
        case "cancelled", "canceled": return .cancelled
        case "abandoned": return .abandoned
        case "awarded": return .awarded
        default: return nil
        }
    }

    static let statusWords = "played, scheduled, postponed, cancelled, abandoned or awarded"

    // MARK: - Rounds

    private static let roundKeywords: Set<String> = [
        "matchday", "round", "spieltag", "runde", "week", "gameweek", "jornada", "giornata", "journée",
        "journee", "md",
    ]

    /// The round's number in a label such as `Matchday 12`, `Round 3`, `12. Round`, `3rd Round`,
    /// `Matchday 1 of 8` or `Championship, Round 23`; nil for `Round of 16`, `Final`, `Group A`.
    static func matchday(fromRound label: String) -> Int? {
        let words = label.lowercased().split(whereSeparator: { isSpace($0) || $0 == "," }).map(String.init)
        for (position, word) in words.enumerated() {
            if roundKeywords.contains(word), position + 1 < words.count, let number = roundNumber(words[position + 1]) {
                return number
            }
            // `Round24`
            for keyword in roundKeywords where word.hasPrefix(keyword) && word.count > keyword.count {
                if let number = wholeNumber(word.dropFirst(keyword.count)) { return number }
            }
            // `12. Round`, `3rd Round`
            if position + 1 < words.count, roundKeywords.contains(words[position + 1]) {
                for suffix in [".", "st", "nd", "rd", "th"] where word.hasSuffix(suffix) {
                    if let number = wholeNumber(word.dropLast(suffix.count)) { return number }
                }
            }
        }
        return nil
    }

    private static func roundNumber(_ word: String) -> Int? {
        wholeNumber(word.hasSuffix(".") ? word.dropLast() : word[...])
    }

    /// A whole number of one to four ASCII digits.
    static func wholeNumber(_ text: some StringProtocol) -> Int? {
        let utf8 = text.utf8
        guard (1...4).contains(utf8.count), utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return utf8.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    // MARK: - Dates and times

    /// The years an imported date may have: anything else is taken for a typo (`0208`, `2902`).
    static let plausibleYears = 1800...2999

    /// `YYYY-MM-DD` for a real calendar day in ``plausibleYears``, or nil.
    static func isoDate(year: Int, month: Int, day: Int) -> String? {
        guard plausibleYears.contains(year), let date = CivilDate(year: year, month: month, day: day) else { return nil }
        return date.description
    }

    /// A date written `YYYY-MM-DD` (also with one-digit months and days, `2024-8-5`), checked
    /// to be a real day, as `YYYY-MM-DD`.
    static func parseISODate(_ text: some StringProtocol) -> String? {
        guard text.utf8.count >= 8, text.utf8.count <= 10 else { return nil }
        if text.utf8.count == 10 {
            guard let date = CivilDate(text), plausibleYears.contains(date.year) else { return nil }
            return date.description
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
              let year = wholeNumber(parts[0]), let month = wholeNumber(parts[1]),
              let day = wholeNumber(parts[2]) else { return nil }
        return isoDate(year: year, month: month, day: day)
    }

    /// A date written with numbers: `YYYY-MM-DD`, `DD.MM.YYYY`, `DD/MM/YYYY` or `DD/MM/YY`
    /// (two-digit years are 19YY from 50 up, 20YY below).
    static func parseNumericDate(_ text: some StringProtocol) -> String? {
        guard let first = text.utf8.first, first >= 0x30, first <= 0x39, text.utf8.count >= 6 else { return nil }
        if let iso = parseISODate(text) { return iso }
        for separator: Character in [".", "/"] {
            let parts = text.split(separator: separator, omittingEmptySubsequences: false)
            guard parts.count == 3, (1...2).contains(parts[0].count), (1...2).contains(parts[1].count),
                  parts[2].count == 4 || parts[2].count == 2,
                  let day = wholeNumber(parts[0]), let month = wholeNumber(parts[1]),
                  var year = wholeNumber(parts[2]) else { continue }
            if parts[2].count == 2 { year += year >= 50 ? 1900 : 2000 }
            return isoDate(year: year, month: month, day: day)
        }
        return nil
    }

    private static let monthNames: [String: Int] = {
        var names: [String: Int] = [:]
        let full = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                    "october", "november", "december"]
        for (index, name) in full.enumerated() {
            names[name] = index + 1
            names[String(name.prefix(3))] = index + 1
        }
        names["sept"] = 9
        return names
    }()

    private static let weekdayNames: Set<String> = [
        "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun",
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    ]

    /// The month a word names (`Aug`, `August`, `Aug.`), or nil.
    static func month(_ word: some StringProtocol) -> Int? {
        guard (3...10).contains(word.utf8.count), let first = word.utf8.first, first >= 0x41 else { return nil }
        var word = word.lowercased()
        if word.hasSuffix(".") { word.removeLast() }
        return monthNames[word]
    }

    /// True when the word is a day of the week (`Sat`, `Saturday`, `Sat.`, `Sat,`).
    static func isWeekday(_ word: some StringProtocol) -> Bool {
        guard (3...10).contains(word.utf8.count), let first = word.utf8.first, first >= 0x41 else { return false }
        var word = word.lowercased()
        while word.hasSuffix(".") || word.hasSuffix(",") { word.removeLast() }
        return weekdayNames.contains(word)
    }

    /// A time of day written `HH:MM` or `HH.MM` (one or two hour digits), as `HH:MM`.
    static func parseTime(_ text: some StringProtocol) -> String? {
        KickOffTime(text)?.description
    }

    /// True for a time-zone note that may follow a time (`UTC+3`, `UTC-4`, `UTC`, `(UTC+3)`,
    /// `GMT+1`), and with `abbreviations` also `CET`, `BST` and the like: two to five capitals.
    /// Football.TXT allows no abbreviations, which could be the start of a team name (`WEST`).
    static func isTimeZoneNote(_ word: some StringProtocol, abbreviations: Bool = false) -> Bool {
        var word = String(word)
        if word.hasPrefix("("), word.hasSuffix(")") { word = String(word.dropFirst().dropLast()) }
        let upper = word.uppercased()
        for zone in ["UTC", "GMT"] where upper.hasPrefix(zone) {
            let offset = upper.dropFirst(zone.count)
            if offset.isEmpty { return abbreviations } // a bare `UTC` could be a team (UTC Cajamarca)
            guard let sign = offset.first, sign == "+" || sign == "-" else { return false }
            return offset.dropFirst().allSatisfy { $0.isASCII && ($0.isNumber || $0 == ":") } && offset.count > 1
        }
        return abbreviations && (2...5).contains(word.utf8.count) && word.utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A }
    }
}

// MARK: - Scores and dates in words

extension ImportText {
    /// A score written `2-1` (also `2:1`, `2–1`, `2 - 1`); nil for an empty text. The failure
    /// says what is wrong (negative or non-integer goals, too many goals, no separator).
    static func score(_ text: some StringProtocol) -> Result<Score?, ScoreProblem> {
        let trimmed = trim(text)
        if trimmed.isEmpty { return .success(nil) }
        if trimmed.hasPrefix("-") { return .failure(ScoreProblem("goals cannot be negative")) }
        guard let separator = trimmed.firstIndex(where: { $0 == "-" || $0 == ":" || $0 == "–" }) else {
            return .failure(ScoreProblem("expected home and away goals like 2-1"))
        }
        let home = String(trim(trimmed[..<separator]))
        let away = String(trim(trimmed[trimmed.index(after: separator)...]))
        if away.hasPrefix("-") { return .failure(ScoreProblem("goals cannot be negative")) }
        guard let homeGoals = goals(home), let awayGoals = goals(away) else {
            return .failure(ScoreProblem("expected home and away goals as whole numbers like 2-1"))
        }
        guard homeGoals <= SeasonImporter.maximumGoals, awayGoals <= SeasonImporter.maximumGoals else {
            return .failure(ScoreProblem("at most \(SeasonImporter.maximumGoals) goals a side are accepted"))
        }
        return .success(Score(homeGoals, awayGoals))
    }

    /// Why a score cannot be read.
    struct ScoreProblem: Error, Equatable {
        var message: String
        init(_ message: String) { self.message = message }
    }

    private static func goals(_ text: String) -> Int? {
        wholeNumber(text)
    }

    /// A date read from words; the year is nil when the words do not give it.
    struct WordDate: Equatable {
        var month: Int
        var day: Int
        var year: Int?

        /// `YYYY-MM-DD` with `year` when the date has none.
        func iso(year fallback: Int) -> String? {
            ImportText.isoDate(year: year ?? fallback, month: month, day: day)
        }
    }

    /// A date at the start of `words`, and how many words it takes. Understood:
    /// `[Weekday] Aug/15 [2009]`, `[Weekday] Aug 15 [2009]`, `[Weekday] 15 Aug [2009]` (month
    /// names in English, short or long; `Aug 15, 2009` too), and `2009-08-15`, `15.08.2009`,
    /// `15/08/2009`.
    static func wordDate(_ words: [Substring]) -> (date: WordDate, count: Int)? {
        var index = 0
        if index < words.count, isWeekday(words[index]) { index += 1 }
        guard index < words.count else { return nil }
        var date: WordDate
        let word = words[index]
        if let iso = parseNumericDate(word.hasSuffix(",") ? word.dropLast() : word) {
            let parts = iso.split(separator: "-")
            guard let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
            return (WordDate(month: month, day: day, year: year), index + 1)
        } else if let slash = word.firstIndex(of: "/"), let month = month(word[..<slash]),
                  let day = dayNumber(word[word.index(after: slash)...]) {
            date = WordDate(month: month, day: day)
            index += 1
        } else if let month = month(word), index + 1 < words.count, let day = dayNumber(words[index + 1]) {
            date = WordDate(month: month, day: day)
            index += 2
        } else if let day = dayNumber(word), index + 1 < words.count,
                  let month = month(words[index + 1].hasSuffix(",") ? words[index + 1].dropLast() : words[index + 1]) {
            date = WordDate(month: month, day: day)
            index += 2
        } else {
            return nil
        }
        guard date.day <= CivilDate.daysIn(month: date.month, year: 2000) else { return nil } // 29 February too
        if index < words.count {
            let word = words[index].hasSuffix(",") ? words[index].dropLast() : words[index]
            if word.count == 4, let year = wholeNumber(word), plausibleYears.contains(year) {
                date.year = year
                index += 1
            }
        }
        return (date, index)
    }

    /// A day of the month, `15`, `15.` or `15,`.
    private static func dayNumber(_ word: Substring) -> Int? {
        var word = word
        if word.hasSuffix(".") || word.hasSuffix(",") { word = word.dropLast() }
        guard word.count <= 2, let day = wholeNumber(word), (1...31).contains(day) else { return nil }
        return day
    }

    /// The words of `text` (runs without white space), as slices of it.
    static func words(_ text: Substring) -> [Substring] {
        text.split(whereSeparator: isSpace)
    }
}
