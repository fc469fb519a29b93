import Foundation
import Support

/// Reads openfootball's Football.TXT plain-text format.
///
/// ```
/// = English Premier League 2009/10
/// # Date       Sat Aug/15 2009 - Sun May/9 2010 (267d)
///
/// Matchday 1
/// [Sat Aug/15]
///   15.00  Aston Villa              0-2 (0-1)  Wigan Athletic
///          Blackburn Rovers         0-2 (0-1)  Manchester City
/// ```
///
/// Lines, by kind:
/// - `= Title`: the season's name (later `=` headings are ignored); `#` starts a comment; a
///   `# Date ... 2009 - ... 2010` comment gives the years of dates written without one;
///   `__END__` ends the data.
/// - Rounds: `Matchday 1`, `Round 3`, `12. Round`, `Group A`, `Round of 16`, `Final`, or any
///   label after `»` or `▪`. The label goes into `round`, its number into `matchday`.
///   Definition lines with `|` (`Group A | Brazil Croatia ...`) are ignored.
/// - Dates: `[Sat Aug/15]`, `[Aug/15 2009]`, or alone on a line (`Fri Aug 15`, `Aug 2`,
///   `2009-08-15`, `05.04.1959`). A date without a year takes it from the `# Date` line, or
///   else from the title's season as ``CivilSeason`` reads it (`2009/10`: July to December are
///   2009, January to June 2010; `2014`: 2014), or else from the last year written.
/// - Matches: `[(N)] [date] [time [UTC+N]]  Home  SCORE  Away  [@ ground] [[status]]`, or
///   `Home v Away [SCORE]` (also `vs`, ` - `). The date may be inline on each line
///   (`Sat Aug/15 2009  Aston Villa  0-2  Wigan Athletic`, `Aug/15  Aston Villa 0-2 Wigan Athletic`).
///   A line without a time keeps the previous time of the same date. Team names are
///   separated from the score by the score itself (with one or more spaces); a name never
///   holds two spaces in a row, which is how table rows are told from matches.
/// - Scores: `2-1`, `2-1 (1-0)` with the half-time score, `2-1 a.e.t. (1-1, 0-0)` (after
///   extra time; full time and half time in parentheses), `3-4 pen. 2-2 a.e.t. (1-1, 1-1)`,
///   `1-1 a.e.t. (1-1, 0-0), 3-4 pen.`, `3-4 pen. (1-1, 0-0)`; `aet`, `pen`, `p.`, `pso`
///   also, and `2-2aet`, `3-4p` without a space. When only the score after extra time is
///   known, the match is kept without a full-time score and reported as suspicious.
/// - Status: `[cancelled]`, `[postponed]`, `[abandoned]`, `[awarded]` after the match; another
///   word in brackets skips the match with an issue.
/// - Goal lines (`(Tuohy 22, Cantwell 42pen)`, `Merih Demiral 53' (og)`) and one-line
///   properties (`Referee: ...`) are ignored; lineups over several lines are not supported.
///   Any other line is an error.
///
/// Lines are scanned as UTF-8 bytes: everything the format gives meaning to is ASCII, and
/// team names (accents and all) are taken over byte for byte.
struct FootballTXTReader {
    let source: String

    /// The years a `# Date` line spans, to date `Aug/15` without a year: from its first month
    /// on, the first year.
    private struct HeaderYears {
        var startYear: Int
        var startMonth: Int
        var endYear: Int

        func year(forMonth month: Int) -> Int {
            startYear == endYear || month >= startMonth ? startYear : endYear
        }
    }

    private struct State {
        var title: String?
        var header: HeaderYears?
        var titleSeason: CivilSeason?
        var lastYear: Int?
        var round: String?
        var matchday: Int?
        var date: String?
        var time: String?
        var matchLines = 0
    }

    typealias Bytes = [UInt8]

    func read(_ text: String) throws(ImportError) -> ImportResult {
        var state = State()
        var collector = ImportCollector(source: source)
        for (number, raw) in Self.lines(text) {
            let whole = Self.trim(raw, 0..<raw.count)
            if whole.isEmpty { continue }
            if raw[whole.lowerBound] == UInt8(ascii: "#") {
                if state.header == nil { state.header = Self.headerYears(Self.string(raw, whole)) }
                continue
            }
            let range = Self.trim(raw, whole.lowerBound..<Self.commentStart(raw, whole))
            if range.isEmpty { continue }
            let line = Array(raw[range])
            if Self.string(line, 0..<line.count) == "__END__" { break }
            switch line[0] {
            case UInt8(ascii: "="):
                if state.title == nil {
                    let title = ImportText.normalizedName(Self.string(line, 0..<line.count).drop(while: { $0 == "=" }))
                    if let problem = ImportText.labelProblem(title, what: "title") {
                        throw ImportError(.invalidValue, source: source, line: number, field: "title", problem)
                    }
                    state.title = title
                    state.titleSeason = CivilSeason.named(inTitle: title)
                }
                continue
            case UInt8(ascii: "["):
                try readDateLine(line, line: number, &state)
                continue
            default:
                break
            }
            if line.contains(UInt8(ascii: "|")) { continue } // group or round definitions
            if Self.hasRoundMarker(line) {
                let label = Self.string(line, 0..<line.count).dropFirst()
                try setRound(String(label), line: number, &state)
                continue
            }
            try readLine(line, line: number, &state, &collector)
        }
        let name = state.title.flatMap { $0.isEmpty ? nil : $0 } ?? SeasonImporter.defaultName(source)
        return ImportResult(season: Season(name: name, matches: collector.matches), issues: collector.issues)
    }

    /// True when `text` looks like Football.TXT: a `= Title` first line, or among the first
    /// lines a round, a bracketed date or a match with a score.
    static func looksLikeTXT(_ text: String) -> Bool {
        var seen = 0
        for (_, raw) in lines(String(decoding: text.utf8.prefix(64 * 1024), as: UTF8.self), limit: 500) {
            let range = trim(raw, 0..<commentStart(raw, 0..<raw.count))
            if range.isEmpty { continue }
            let line = Array(raw[range])
            seen += 1
            if seen > 50 { return false }
            if seen == 1, line[0] == UInt8(ascii: "="), line.count > 1, line.prefix(3) != [0x3D, 0x3D, 0x3D] { return true }
            if hasRoundMarker(line) { return true }
            if line[0] == UInt8(ascii: "["), let close = line.firstIndex(of: UInt8(ascii: "]")) {
                let words = ImportText.words(string(line, 1..<close)[...])
                if let date = ImportText.wordDate(words), date.count == words.count { return true }
            }
            let text = string(line, 0..<line.count)
            if line.count <= 40, ImportText.matchday(fromRound: text) != nil, isRoundHeader(text[...]) { return true }
            if let found = try? findScore(line, 0..<line.count) {
                let home = trim(line, 0..<found.start), away = trim(line, found.end..<line.count)
                if !home.isEmpty, !away.isEmpty, singleRun(line, home), singleRun(line, away) { return true }
            }
        }
        return false
    }

    // MARK: - Lines

    /// The lines of `text` as bytes, numbered from 1 (LF, CRLF or CR end a line); at most `limit`.
    static func lines(_ text: String, limit: Int = .max) -> [(Int, Bytes)] {
        let bytes = Array(text.utf8)
        var lines: [(Int, Bytes)] = []
        var start = 0, index = 0, number = 1
        while index < bytes.count, lines.count < limit {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                lines.append((number, Array(bytes[start..<index])))
                number += 1
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count, lines.count < limit { lines.append((number, Array(bytes[start..<bytes.count]))) }
        return lines
    }

    private func setRound(_ text: String, line: Int, _ state: inout State) throws(ImportError) {
        var label = ImportText.normalizedName(text)
        if label.hasSuffix(":") { label.removeLast() }
        if let problem = ImportText.labelProblem(label, what: "round") {
            throw ImportError(.invalidValue, source: source, line: line, field: "round", problem)
        }
        state.round = label.isEmpty ? nil : label
        state.matchday = ImportText.matchday(fromRound: label)
    }

    private func readDateLine(_ line: Bytes, line number: Int, _ state: inout State) throws(ImportError) {
        guard let close = line.firstIndex(of: UInt8(ascii: "]")) else {
            throw ImportError(.syntax, source: source, line: number, field: "date", "a '[' without ']' (expected a date like [Sat Aug/15])")
        }
        let inside = Self.string(line, 1..<close)
        let words = ImportText.words(inside[...])
        guard let found = ImportText.wordDate(words), found.count == words.count else {
            throw ImportError(.invalidValue, source: source, line: number, field: "date",
                              "expected a date like [Sat Aug/15] or [Aug/15 2009], found '[\(inside)]'")
        }
        let after = Self.trim(line, (close + 1)..<line.count)
        guard after.isEmpty || line[after.lowerBound] == UInt8(ascii: "@") else {
            throw ImportError(.syntax, source: source, line: number, "unexpected text '\(Self.string(line, after))' after the date")
        }
        setDate(try resolve(found.date, text: inside, line: number, &state), &state)
    }

    private func setDate(_ date: String, _ state: inout State) {
        if date != state.date { state.time = nil }
        state.date = date
    }

    /// The date `YYYY-MM-DD`, finding its year when it has none.
    private func resolve(_ date: ImportText.WordDate, text: String, line: Int, _ state: inout State) throws(ImportError) -> String {
        let year: Int
        if let given = date.year {
            year = given
            state.lastYear = given
        } else if let header = state.header {
            year = header.year(forMonth: date.month)
        } else if let season = state.titleSeason {
            year = season.year(ofMonth: date.month)
        } else if let last = state.lastYear {
            year = last
        } else {
            throw ImportError(.invalidValue, source: source, line: line, field: "date",
                              "cannot tell the year of '\(text)': write it (Aug/15 2009), or give the season in the title (= League 2009/10) or a '# Date' line")
        }
        guard let iso = date.iso(year: year) else {
            throw ImportError(.invalidValue, source: source, line: line, field: "date", "no such day: '\(text)' in \(year)")
        }
        return iso
    }

    /// A line that is not a title, comment, definition, `»` round or bracketed date: a match, a
    /// date, time or match number alone, a round heading, a one-line property or a goal line.
    private func readLine(_ line: Bytes, line number: Int, _ state: inout State,
                          _ collector: inout ImportCollector) throws(ImportError) {
        let lead = try readLead(line, line: number, &state)
        if lead.rest.isEmpty { return try readLeadAlone(lead, line: number, &state) }
        if lead.isEmpty, Self.isPropertyLine(Self.string(line, lead.rest)[...]) { return }
        var rest = lead.rest
        let statusText = Self.takeStatus(line, &rest)
        switch try readBody(line, rest, bare: lead.isEmpty, hasStatus: statusText != nil, line: number) {
        case .round(let label):
            try setRound(label, line: number, &state)
        case .goals:
            return
        case .match(let home, let away, let parts):
            let homeName = try teamName(line, home, side: "home", line: number)
            let awayName = try teamName(line, away, side: "away", line: number)
            try countMatchLine(line: number, &state)
            if let date = lead.date { setDate(date, &state) }
            if let time = lead.time { state.time = time }
            try addMatch(home: homeName, away: awayName, parts, statusText: statusText, line: number, state, &collector)
        }
    }

    /// What may open a line before a match: a match number `(12)`, a date and a time (with
    /// time-zone notes); `rest` is what follows them, without a ground note after `@`.
    private struct LineLead {
        var numbered = false
        var date: String?
        var time: String?
        var rest: Range<Int> = 0..<0

        /// True when the line opens with none of them.
        var isEmpty: Bool { !numbered && date == nil && time == nil }
    }

    /// The match number, date and time that open `line`, and where the rest starts.
    private func readLead(_ line: Bytes, line number: Int, _ state: inout State) throws(ImportError) -> LineLead {
        let words = Self.words(line, 0..<line.count)
        var lead = LineLead()
        var index = 0
        if let first = words.first, Self.isMatchNumber(line, first) {
            index += 1
            lead.numbered = true
        }
        if index < words.count, Self.mayStartDate(line[words[index].lowerBound]) {
            let candidates = words[index..<min(words.count, index + 4)].map { Substring(Self.string(line, $0)) }
            if let found = ImportText.wordDate(candidates) {
                let text = candidates.prefix(found.count).joined(separator: " ")
                lead.date = try resolve(found.date, text: text, line: number, &state)
                index += found.count
            }
        }
        if index < words.count, Self.isDigit(line[words[index].lowerBound]), (4...5).contains(words[index].count),
           let time = ImportText.parseTime(Self.string(line, words[index])) {
            lead.time = time
            index += 1
            while index < words.count, ImportText.isTimeZoneNote(Self.string(line, words[index])) { index += 1 }
        }
        var rest = index < words.count ? words[index].lowerBound..<line.count : line.count..<line.count
        if let at = Self.groundMarker(line, rest) { rest = rest.lowerBound..<at }
        lead.rest = Self.trim(line, rest)
        return lead
    }

    /// A line with nothing after its lead but perhaps a ground: a date alone dates the matches
    /// below it (with its time); a time or match number alone is an error.
    private func readLeadAlone(_ lead: LineLead, line number: Int, _ state: inout State) throws(ImportError) {
        if let date = lead.date {
            setDate(date, &state)
            if let time = lead.time { state.time = time }
        } else if lead.time != nil || lead.numbered {
            throw ImportError(.syntax, source: source, line: number, "a time or match number without a match")
        }
    }

    /// What follows a line's lead.
    private enum LineBody {
        /// Two teams, with the score between or after them (empty when not played).
        case match(home: Range<Int>, away: Range<Int>, ScoreParts)
        /// A round heading: `Matchday 1`, `Final`.
        case round(String)
        /// A goal line, ignored.
        case goals
    }

    /// The match, round heading or goal line in `rest`. A line with a lead (`bare` false) or
    /// a status is always a match.
    private func readBody(_ line: Bytes, _ rest: Range<Int>, bare: Bool, hasStatus: Bool,
                          line number: Int) throws(ImportError) -> LineBody {
        let score: (start: Int, end: Int, parts: ScoreParts)?
        do {
            score = try Self.findScore(line, rest)
        } catch {
            throw ImportError(.invalidValue, source: source, line: number, field: "score", error.message)
        }
        if let score {
            let home = Self.trim(line, rest.lowerBound..<score.start), away = Self.trim(line, score.end..<rest.upperBound)
            if !away.isEmpty { return .match(home: home, away: away, score.parts) }
            guard let teams = Self.splitTeams(line, home) else {
                throw ImportError(.syntax, source: source, line: number,
                                  "expected two teams around the score (Home  2-1  Away) or 'Home v Away 2-1', found '\(Self.string(line, rest))'")
            }
            return .match(home: teams.0, away: teams.1, score.parts)
        }
        let text = Self.string(line, rest)
        if bare, !hasStatus, Self.isRoundHeader(text[...]) { return .round(text) }
        if let teams = Self.splitTeams(line, rest) { return .match(home: teams.0, away: teams.1, ScoreParts()) }
        if let bad = Self.malformedScoreToken(line, rest) {
            throw ImportError(.invalidValue, source: source, line: number, field: "score",
                              "malformed score '\(bad)' (expected home and away goals like 2-1, whole numbers of 0 or more)")
        }
        if bare, Self.isGoalLine(text[...]) { return .goals }
        throw ImportError(.syntax, source: source, line: number,
                          "expected a round (Matchday 1), a date ([Sat Aug/15]) or a match (Home  2-1  Away), found '\(text)'")
    }

    /// The `side` team's name in `range`, normalised; a score-like word, columns or a name
    /// too long are errors.
    private func teamName(_ line: Bytes, _ range: Range<Int>, side: String, line number: Int) throws(ImportError) -> String {
        if let bad = Self.malformedScoreToken(line, range) {
            throw ImportError(.invalidValue, source: source, line: number, field: "score",
                              "malformed score '\(bad)' (expected home and away goals like 2-1, whole numbers of 0 or more)")
        }
        guard Self.singleRun(line, range) else {
            throw ImportError(.syntax, source: source, line: number, field: side,
                              "expected one \(side) team name, found columns '\(Self.string(line, range))' (a table row? team names never hold two spaces in a row)")
        }
        let name = ImportText.normalizedName(Self.string(line, range))
        if let problem = ImportText.teamNameProblem(name) {
            throw ImportError(.invalidValue, source: source, line: number, field: side, problem)
        }
        return name
    }

    /// Counts a match line against ``SeasonImporter/maximumMatches``.
    private func countMatchLine(line number: Int, _ state: inout State) throws(ImportError) {
        state.matchLines += 1
        guard state.matchLines <= SeasonImporter.maximumMatches else {
            throw ImportError(.tooLarge, source: source, line: number,
                              "more than \(SeasonImporter.maximumMatches) matches; at most \(SeasonImporter.maximumMatches) are accepted")
        }
    }

    /// The match on line `number`, in the round, date and time `state` has reached, added to
    /// `collector`; skipped with an issue when its status is unknown or needs a missing score.
    private func addMatch(home: String, away: String, _ parts: ScoreParts, statusText: String?, line number: Int,
                          _ state: State, _ collector: inout ImportCollector) throws(ImportError) {
        var status: MatchStatus = parts.isEmpty ? .scheduled : .played
        if let statusText {
            let word = statusText.split(whereSeparator: ImportText.isSpace).first.map { $0.filter { $0.isLetter } } ?? ""
            guard let known = ImportText.status(word) else {
                collector.skip(line: number, field: "status",
                               "unknown status '[\(statusText)]' (expected \(ImportText.statusWords)); \(home) v \(away) skipped")
                return
            }
            status = known
        }
        if status.counts, parts.isEmpty {
            collector.skip(line: number, field: "score", "status '\(status.rawValue)' without a score; \(home) v \(away) skipped")
            return
        }
        if status.counts, parts.fullTime == nil {
            collector.suspect(line: number, field: "score",
                              "no full-time score, only \(parts.extraTime.map { "\($0) after extra time" } ?? "penalties") (\(home) v \(away))")
        }
        let match = Match(home: home, away: away, matchday: state.matchday, round: state.round, date: state.date,
                          time: state.time, status: status, fullTime: parts.fullTime, halfTime: parts.halfTime,
                          extraTime: parts.extraTime, penalties: parts.penalties)
        try collector.add(match, place: "line \(number)", line: number, field: nil,
                          halfTimeField: "score", extraTimeField: "score")
    }

    // MARK: - Bytes

    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// True for a byte a date may start with: a letter or digit (ASCII).
    private static func mayStartDate(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte)
    }

    /// True for a match number: `(12)`.
    private static func isMatchNumber(_ line: Bytes, _ word: Range<Int>) -> Bool {
        word.count > 2 && line[word.lowerBound] == UInt8(ascii: "(") && line[word.upperBound - 1] == UInt8(ascii: ")")
            && line[(word.lowerBound + 1)..<(word.upperBound - 1)].allSatisfy(isDigit)
    }

    /// The status in brackets that ends `range` (`[postponed]`), taken off it; nil when none.
    private static func takeStatus(_ line: Bytes, _ range: inout Range<Int>) -> String? {
        guard line[range.upperBound - 1] == UInt8(ascii: "]"), let open = line[range].lastIndex(of: UInt8(ascii: "[")) else {
            return nil
        }
        let status = string(line, trim(line, (open + 1)..<(range.upperBound - 1)))
        range = trim(line, range.lowerBound..<open)
        return status
    }

    static func string(_ line: Bytes, _ range: Range<Int>) -> String {
        String(decoding: line[range], as: UTF8.self)
    }

    /// `range` without white space at either end.
    static func trim(_ line: Bytes, _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, isSpace(line[lower]) { lower += 1 }
        while upper > lower, isSpace(line[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// Where a comment starts in `range`: a `#` at its start or after a space; else its end.
    static func commentStart(_ line: Bytes, _ range: Range<Int>) -> Int {
        var previous: UInt8 = 0x20
        for index in range {
            if line[index] == UInt8(ascii: "#"), isSpace(previous) { return index }
            previous = line[index]
        }
        return range.upperBound
    }

    /// The words (runs without white space) of `range`.
    static func words(_ line: Bytes, _ range: Range<Int>) -> [Range<Int>] {
        var words: [Range<Int>] = []
        var start: Int?
        for index in range {
            if isSpace(line[index]) {
                if let begin = start { words.append(begin..<index); start = nil }
            } else if start == nil {
                start = index
            }
        }
        if let begin = start { words.append(begin..<range.upperBound) }
        return words
    }

    /// True when the line starts with `»` or `▪`.
    private static func hasRoundMarker(_ line: Bytes) -> Bool {
        line.starts(with: [0xC2, 0xBB]) || line.starts(with: [0xE2, 0x96, 0xAA])
    }

    /// Where a ground note starts: an `@` at the start or after a space.
    private static func groundMarker(_ line: Bytes, _ range: Range<Int>) -> Int? {
        var previous: UInt8 = 0x20
        for index in range {
            if line[index] == UInt8(ascii: "@"), isSpace(previous) { return index }
            previous = line[index]
        }
        return nil
    }

    /// Home and away around a `v`, `vs`, `vs.` or `-` between spaces, or nil.
    private static func splitTeams(_ line: Bytes, _ range: Range<Int>) -> (Range<Int>, Range<Int>)? {
        let words = words(line, range)
        guard words.count >= 3 else { return nil }
        for index in 1..<(words.count - 1) {
            let word = line[words[index]].map { $0 | 0x20 } // ASCII lowercase
            if word == [0x76] || word == [0x76, 0x2E] || word == [0x76, 0x73] || word == [0x76, 0x73, 0x2E]
                || line[words[index]].elementsEqual([UInt8(ascii: "-")]) {
                return (trim(line, range.lowerBound..<words[index].lowerBound), trim(line, words[index].upperBound..<range.upperBound))
            }
        }
        return nil
    }

    /// True when `range` is one text run: no tab and never two spaces in a row.
    static func singleRun(_ line: Bytes, _ range: Range<Int>) -> Bool {
        var previous: UInt8 = 0
        for index in range {
            let byte = line[index]
            if byte == 0x09 || (byte == 0x20 && previous == 0x20) { return false }
            previous = byte
        }
        return true
    }

    /// A word that tries to be a score and is not (`2-x`, `-1-2`, `2:1`, `2-`), or nil.
    private static func malformedScoreToken(_ line: Bytes, _ range: Range<Int>) -> String? {
        for word in words(line, range) {
            let negative = line[word.lowerBound] == UInt8(ascii: "-")
            let bodyStart = negative ? word.lowerBound + 1 : word.lowerBound
            guard bodyStart < word.upperBound, isDigit(line[bodyStart]) else { continue }
            let separated = line[(bodyStart + 1)..<word.upperBound].contains { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ":") }
            guard negative || separated else { continue }
            let alone = [0x20] + Array(line[word])
            if !negative, let found = try? findScore(alone, 0..<alone.count), found.end == alone.count { continue }
            return string(line, word)
        }
        return nil
    }

    // MARK: - Text

    private static let roundWords: Set<String> = [
        "matchday", "round", "group", "spieltag", "runde", "week", "gameweek", "jornada", "giornata", "journée",
        "final", "finals", "semi-final", "semi-finals", "semifinal", "semifinals", "semi", "quarter-final",
        "quarter-finals", "quarterfinal", "quarterfinals", "quarter", "play-off", "play-offs", "playoff", "playoffs",
        "match", "third", "first", "second", "third-place", "fourth", "fifth", "preliminary", "qualifying",
        "relegation", "championship", "knockout", "last", "leg", "stage", "replay", "replays", "wildcard", "play-ins",
    ]

    /// True for a round heading: `Matchday 1`, `12. Round`, `Group A`, `Round of 16`, `Final`.
    static func isRoundHeader(_ text: Substring) -> Bool {
        let words = ImportText.words(text)
        guard let first = words.first, words.count <= 8 else { return false }
        var word = first.lowercased()
        while word.hasSuffix(",") || word.hasSuffix(":") { word.removeLast() }
        if roundWords.contains(word) { return true }
        return ImportText.matchday(fromRound: String(text)) != nil
    }

    /// True for a goal line: `(Tuohy 22, Cantwell 42pen)`, `Merih Demiral 53' (og)`.
    private static func isGoalLine(_ text: Substring) -> Bool {
        if text.hasPrefix("(") { return true }
        let characters = Array(text)
        return characters.indices.dropFirst().contains { characters[$0] == "'" && ImportText.isDigit(characters[$0 - 1]) }
    }

    /// True for a one-line property: a label of letters and a colon (`Referee: Danny Makkelie`,
    /// `Yellow Cards: ...`). Lineups and other properties that go on over several lines are
    /// not supported.
    private static func isPropertyLine(_ text: Substring) -> Bool {
        guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isLetter else { return false }
        let label = text[..<colon]
        let after = text[text.index(after: colon)...]
        return label.count <= 40 && label.allSatisfy { $0.isLetter || $0 == " " || $0 == "-" || $0 == "." || $0 == "'" }
            && (after.isEmpty || after.first.map(ImportText.isSpace) == true)
    }

    /// `# Date  Sat Aug/15 2009 - Sun May/9 2010 (267d)`: the season's years.
    private static func headerYears(_ line: String) -> HeaderYears? {
        let body = ImportText.trim(line.drop(while: { $0 == "#" }))
        guard body.lowercased().hasPrefix("date") else { return nil }
        let ranges = body.dropFirst(4).components(separatedBy: " - ")
        guard ranges.count == 2 else { return nil }
        let startWords = ImportText.words(ranges[0][...]), endWords = ImportText.words(ranges[1][...])
        guard let start = ImportText.wordDate(startWords), let startYear = start.date.year,
              let end = ImportText.wordDate(endWords), let endYear = end.date.year,
              endYear >= startYear, endYear - startYear <= 1 else { return nil }
        return HeaderYears(startYear: startYear, startMonth: start.date.month, endYear: endYear)
    }
}
