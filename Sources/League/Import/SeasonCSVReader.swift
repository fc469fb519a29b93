import Foundation
import Support

/// Reads a season from CSV with a header line:
///
/// ```
/// Round,Date,Team 1,FT,Team 2
/// Matchday 1,2024-08-16,Manchester United,1-0,Fulham
/// Matchday 1,2024-08-17,"Brighton & Hove Albion, FC",,Everton
/// ```
///
/// - Columns are found by their header name, in any order and any case. `Team 1`, `Team 2`
///   (also `Team1`/`Home`, `Team2`/`Away`) and `FT` are required; `Round` (or `Matchday`),
///   `Date`, `Time`, `HT`, `ET`, `P` and `Status` are optional; other columns are ignored.
/// - Scores are `2-1` (also `2:1`); an empty `FT` is a match not played yet. Dates are
///   `YYYY-MM-DD`, `DD/MM/YYYY`, `DD.MM.YYYY` or with a month name and year (`Sat Aug 15 2009`).
///   A round that is only a number (`12`) gives the matchday.
/// - Fields are split as RFC 4180 says, by SwiftCSV (``CSVRecordSplitter``); every record must
///   have as many fields as the header. Line numbers in messages are the lines records start
///   on, counting the line breaks inside quoted fields.
/// - CSV carries no season name: the season is named after the source, without its extension.
struct SeasonCSVReader {
    let source: String

    /// The columns the reader knows, by their header names (lowercased, spaces collapsed).
    enum Column: String, CaseIterable {
        case round = "Round", date = "Date", time = "Time", team1 = "Team 1", team2 = "Team 2"
        case ft = "FT", ht = "HT", et = "ET", p = "P", status = "Status"

        static func named(_ header: String) -> Column? {
            switch ImportText.normalizedName(header).lowercased() {
            case "round", "matchday": return .round
            case "date": return .date
            case "time": return .time
            case "team 1", "team1", "home", "home team": return .team1
            case "team 2", "team2", "away", "away team": return .team2
            case "ft", "score", "full time": return .ft
            case "ht", "half time": return .ht
            case "et", "aet", "extra time": return .et
            case "p", "pen", "pens", "penalties": return .p
            case "status": return .status
            default: return nil
            }
        }
    }

    /// True when the first line of `text` is a CSV header naming both teams' columns.
    static func looksLikeCSV(_ text: String) -> Bool {
        var firstLine: Substring = ""
        var rest = text[...]
        while !rest.isEmpty {
            let end = rest.firstIndex(where: { $0.isNewline }) ?? rest.endIndex
            if !ImportText.trim(rest[..<end]).isEmpty { firstLine = rest[..<end]; break }
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : ""
        }
        guard firstLine.utf8.contains(UInt8(ascii: ",")) else { return false }
        guard case .success(let records) = CSVRecordSplitter.split(String(firstLine), limit: 1),
              let header = records.first else { return false }
        let columns = Set(header.fields.compactMap(Column.named))
        return columns.contains(.team1) && columns.contains(.team2)
    }

    func read(_ text: String) throws(ImportError) -> ImportResult {
        let records: [CSVRecordSplitter.Record]
        switch CSVRecordSplitter.split(text, limit: SeasonImporter.maximumMatches + 2) {
        case .success(let found): records = found
        case .failure(let failure): throw ImportError(.syntax, source: source, line: failure.line, failure.message)
        }
        guard let header = records.first else {
            throw ImportError(.missingField, source: source, line: 1, "empty CSV: expected a header line 'Round,Date,Team 1,FT,Team 2'")
        }
        guard records.count - 1 <= SeasonImporter.maximumMatches else {
            throw ImportError(.tooLarge, source: source, line: records[records.count - 1].line,
                              "more than \(SeasonImporter.maximumMatches) matches; at most \(SeasonImporter.maximumMatches) are accepted")
        }
        var positions: [Column: Int] = [:]
        for (position, name) in header.fields.enumerated() {
            guard let column = Column.named(name) else { continue }
            if positions[column] != nil {
                throw ImportError(.invalidValue, source: source, line: header.line, field: column.rawValue,
                                  "the header names column '\(column.rawValue)' twice")
            }
            positions[column] = position
        }
        for column in [Column.team1, .ft, .team2] where positions[column] == nil {
            throw ImportError(.missingField, source: source, line: header.line, field: column.rawValue,
                              "missing column '\(column.rawValue)' in the header (expected 'Round,Date,Team 1,FT,Team 2')")
        }

        var collector = ImportCollector(source: source)
        for record in records.dropFirst() {
            guard record.fields.count == header.fields.count else {
                throw ImportError(.syntax, source: source, line: record.line,
                                  "\(record.fields.count) fields where the header has \(header.fields.count) (quote fields that hold commas)")
            }
            if let match = try readMatch(record, positions, &collector) {
                try collector.add(match, place: "line \(record.line)", line: record.line, field: nil,
                                  halfTimeField: Column.ht.rawValue, extraTimeField: Column.et.rawValue)
            }
        }
        return ImportResult(season: Season(name: SeasonImporter.defaultName(source), matches: collector.matches),
                            issues: collector.issues)
    }

    private func readMatch(_ record: CSVRecordSplitter.Record, _ positions: [Column: Int],
                           _ collector: inout ImportCollector) throws(ImportError) -> Match? {
        func value(_ column: Column) -> String? {
            guard let position = positions[column] else { return nil }
            let text = String(ImportText.trim(record.fields[position]))
            return text.isEmpty ? nil : text
        }
        func fail(_ column: Column, _ message: String) -> ImportError {
            ImportError(.invalidValue, source: source, line: record.line, field: column.rawValue, message)
        }
        func team(_ column: Column) throws(ImportError) -> String {
            let name = ImportText.normalizedName(value(column) ?? "")
            if let problem = ImportText.teamNameProblem(name) { throw fail(column, problem) }
            return name
        }
        func score(_ column: Column) throws(ImportError) -> Score? {
            guard let text = value(column) else { return nil }
            switch ImportText.score(text) {
            case .success(let score): return score
            case .failure(let problem): throw fail(column, "malformed score '\(text)': \(problem.message)")
            }
        }

        let home = try team(.team1)
        let away = try team(.team2)
        let round = value(.round).map(ImportText.normalizedName)
        if let round, let problem = ImportText.labelProblem(round, what: "round") { throw fail(.round, problem) }
        let matchday = round.flatMap(ImportText.wholeNumber) ?? collector.matchday(fromRound: round)
        var date: String?
        if let text = value(.date) {
            let words = ImportText.words(text[...])
            guard let found = ImportText.wordDate(words), found.count == words.count, let year = found.date.year,
                  let iso = found.date.iso(year: year) else {
                throw fail(.date, "expected a date like 2024-08-16, 16/08/2024 or Aug 16 2024, found '\(text)'")
            }
            date = iso
        }
        var time: String?
        if let text = value(.time) {
            let words = ImportText.words(text[...])
            guard let first = words.first, let parsed = ImportText.parseTime(first),
                  words.dropFirst().allSatisfy({ ImportText.isTimeZoneNote($0, abbreviations: true) }) else {
                throw fail(.time, "expected a time HH:MM, found '\(text)'")
            }
            time = parsed
        }
        let fullTime = try score(.ft)
        let halfTime = try score(.ht)
        let extraTime = try score(.et)
        let penalties = try score(.p)

        var status: MatchStatus = fullTime == nil ? .scheduled : .played
        if let word = value(.status) {
            guard let known = ImportText.status(word) else {
                collector.skip(line: record.line, field: Column.status.rawValue,
                               "unknown status '\(word)' (expected \(ImportText.statusWords)); \(home) v \(away) skipped")
                return nil
            }
            status = known
        }
        if status.counts, fullTime == nil {
            collector.skip(line: record.line, field: Column.ft.rawValue,
                           "status '\(status.rawValue)' without a full-time score; \(home) v \(away) skipped")
            return nil
        }
        return Match(home: home, away: away, matchday: matchday, round: round, date: date, time: time, status: status,
                     fullTime: fullTime, halfTime: halfTime, extraTime: extraTime, penalties: penalties)
    }
}
