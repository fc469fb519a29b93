/// Gathers an importer's matches, checks each one the same way whatever the format, and
/// keeps the validation report.
///
/// - A team cannot play itself: a match whose two sides are the same team is an error.
/// - A match with the same home and away team as an earlier one, and the same round or the
///   same date, is a duplicate: it is skipped, naming the earlier one.
/// - Half-time goals above full time, or a score after extra time below full time, are
///   suspicious: the match is kept and the issue reported.
struct ImportCollector {
    let source: String
    private(set) var matches: [Match] = []
    private(set) var issues: [ImportIssue] = []

    private struct RoundKey: Hashable { var home: String, away: String, round: String }
    private struct DateKey: Hashable { var home: String, away: String, date: String }
    /// Where each match was seen first ("line 12", "matches[3]").
    private var byRound: [RoundKey: String] = [:]
    private var byDate: [DateKey: String] = [:]
    /// The matchday of each round label seen (labels repeat on every match of a round).
    private var matchdays: [String: Int?] = [:]

    init(source: String) {
        self.source = source
    }

    /// The round's number in `label` (``ImportText/matchday(fromRound:)``), remembered.
    mutating func matchday(fromRound label: String?) -> Int? {
        guard let label else { return nil }
        if let known = matchdays[label] { return known }
        let number = ImportText.matchday(fromRound: label)
        matchdays[label] = number
        return number
    }

    mutating func skip(line: Int? = nil, field: String? = nil, _ message: String) {
        issues.append(ImportIssue(.skipped, line: line, field: field, message))
    }

    mutating func suspect(line: Int? = nil, field: String? = nil, _ message: String) {
        issues.append(ImportIssue(.suspicious, line: line, field: field, message))
    }

    /// Adds `match`, found at `place` (`line 12` or `matches[3]`), unless it is a duplicate.
    ///
    /// - Parameters:
    ///   - line: the line for issues about the match (text formats).
    ///   - field: the field for issues about the match (the JSON path of the match).
    ///   - halfTimeField, extraTimeField: the fields for issues about those scores.
    mutating func add(_ match: Match, place: String, line: Int?, field: String?,
                      halfTimeField: String? = nil, extraTimeField: String? = nil) throws(ImportError) {
        guard matches.count < SeasonImporter.maximumMatches else {
            throw ImportError(.tooLarge, source: source, line: line, field: field,
                              "more than \(SeasonImporter.maximumMatches) matches; at most \(SeasonImporter.maximumMatches) are accepted")
        }
        guard match.home != match.away else {
            throw ImportError(.invalidValue, source: source, line: line, field: field,
                              "'\(match.home)' cannot play itself: a match needs two different teams")
        }
        let roundKey = match.round.map { RoundKey(home: match.home, away: match.away, round: $0) }
        let dateKey = match.date.map { DateKey(home: match.home, away: match.away, date: $0) }
        if let earlier = roundKey.flatMap({ byRound[$0] }) ?? dateKey.flatMap({ byDate[$0] }) {
            let when = match.round ?? match.date ?? ""
            skip(line: line, field: field, "duplicate of the match at \(earlier) (\(match.home) v \(match.away), \(when))")
            return
        }
        if let roundKey { byRound[roundKey] = place }
        if let dateKey { byDate[dateKey] = place }

        if let fullTime = match.fullTime {
            if let halfTime = match.halfTime, halfTime.home > fullTime.home || halfTime.away > fullTime.away {
                suspect(line: line, field: halfTimeField,
                        "half-time score \(halfTime) is above the full-time score \(fullTime) (\(match.home) v \(match.away))")
            }
            if let extraTime = match.extraTime, extraTime.home < fullTime.home || extraTime.away < fullTime.away {
                suspect(line: line, field: extraTimeField,
                        "score after extra time \(extraTime) is below the full-time score \(fullTime) (\(match.home) v \(match.away))")
            }
        }
        matches.append(match)
    }
}
