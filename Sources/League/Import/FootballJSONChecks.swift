/// Checks the text fields of decoded football.json (names, labels, dates, times) and
/// normalises them, naming the field by its path (`matches[12].date`) when one is wrong.
struct FootballJSONChecks {
    let source: String

    func error(_ kind: ImportError.Kind, _ path: String, _ message: String) -> ImportError {
        ImportError(kind, source: source, field: path.isEmpty ? nil : path, message)
    }

    /// A team's (or, as `what` says, a player's) name, normalised and checked.
    func teamName(_ text: String, _ path: String, what: String = "team name") throws(ImportError) -> String {
        let name = ImportText.normalizedName(text)
        if let problem = ImportText.teamNameProblem(name, what: what) { throw error(.invalidValue, path, problem) }
        return name
    }

    /// A label (season name, round), normalised and checked; nil when missing or empty.
    func label(_ text: String?, _ path: String, what: String) throws(ImportError) -> String? {
        guard let text else { return nil }
        let label = ImportText.normalizedName(text)
        if let problem = ImportText.labelProblem(label, what: what) { throw error(.invalidValue, path, problem) }
        return label.isEmpty ? nil : label
    }

    /// A date `YYYY-MM-DD`, when given.
    func date(_ text: String?, _ path: String) throws(ImportError) -> String? {
        guard let text else { return nil }
        guard let date = ImportText.parseISODate(ImportText.trim(text)) else {
            throw error(.invalidValue, path, "expected a date YYYY-MM-DD, found '\(text)'")
        }
        return date
    }

    /// A time `HH:MM`, when given; a time-zone note after it (`18:00 UTC+3`) is left out.
    func time(_ text: String?, _ path: String) throws(ImportError) -> String? {
        guard let text else { return nil }
        if let time = ImportText.parseTime(text) { return time }
        let words = text.split(whereSeparator: ImportText.isSpace)
        guard let first = words.first else { return nil }
        guard let time = ImportText.parseTime(first),
              words.dropFirst().allSatisfy({ ImportText.isTimeZoneNote($0, abbreviations: true) }) else {
            throw error(.invalidValue, path, "expected a time HH:MM (optionally with a zone like UTC+3), found '\(text)'")
        }
        return time
    }
}
