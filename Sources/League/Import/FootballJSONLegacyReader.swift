import Foundation

/// Reads openfootball's football.json, legacy form (still in circulation):
///
/// ```json
/// {"name": "English Premier League 2015/16",
///  "rounds": [{"name": "Matchday 1",
///              "matches": [{"date": "2015-08-08",
///                           "team1": {"key": "manutd", "name": "Manchester United", "code": "MUN"},
///                           "team2": {"key": "tottenham", "name": "Tottenham Hotspur", "code": "TOT"},
///                           "score1": 1, "score2": 0}]}]}
/// ```
///
/// A team may also be a plain string; an object without `name` uses its `key`, then its
/// `code`. `score1`/`score2` give the full-time score (both or neither; null means not
/// played). The round's name is each match's `round`, and its number the `matchday`.
struct FootballJSONLegacyReader {
    let source: String

    func read(_ root: ImportJSON) throws(ImportError) -> ImportResult {
        let fields = ImportJSONFields(source: source)
        let top = try fields.object(root, "")
        let name = try fields.label(top, "name", "", what: "season name") ?? SeasonImporter.defaultName(source)
        guard let value = top["rounds"] else {
            let hint = top["matches"] != nil ? " (this looks like the current form with 'matches': read it as footballJSON)" : ""
            throw fields.error(.missingField, "rounds", "missing required field 'rounds'" + hint)
        }
        var rounds: [(path: String, label: String?, matches: [ImportJSON])] = []
        var total = 0
        for (index, item) in try fields.array(value, "rounds").enumerated() {
            let path = "rounds[\(index)]"
            let round = try fields.object(item, path)
            let label = try fields.label(round, "name", path, what: "round name")
            let matches = try fields.array(try fields.required(round, "matches", path), path + ".matches")
            total += matches.count
            guard total <= SeasonImporter.maximumMatches else {
                throw fields.error(.tooLarge, path + ".matches", "more than \(SeasonImporter.maximumMatches) matches; at most \(SeasonImporter.maximumMatches) are accepted")
            }
            rounds.append((path, label, matches))
        }

        var collector = ImportCollector(source: source)
        for round in rounds {
            let matchday = round.label.flatMap(ImportText.matchday(fromRound:))
            for (index, item) in round.matches.enumerated() {
                let path = "\(round.path).matches[\(index)]"
                let object = try fields.object(item, path)
                let home = try team(try fields.required(object, "team1", path), path + ".team1", fields)
                let away = try team(try fields.required(object, "team2", path), path + ".team2", fields)
                let date = try fields.date(object, "date", path)
                let time = try fields.time(object, "time", path)
                let goals1 = try fields.optional(object, "score1").map { (value) throws(ImportError) in
                    try fields.goals(value, path + ".score1")
                }
                let goals2 = try fields.optional(object, "score2").map { (value) throws(ImportError) in
                    try fields.goals(value, path + ".score2")
                }
                var fullTime: Score?
                switch (goals1, goals2) {
                case (let home?, let away?): fullTime = Score(home, away)
                case (nil, nil): fullTime = nil
                case (nil, _): throw fields.error(.missingField, path + ".score1", "missing 'score1' while 'score2' is given")
                case (_, nil): throw fields.error(.missingField, path + ".score2", "missing 'score2' while 'score1' is given")
                }
                var status: MatchStatus = fullTime == nil ? .scheduled : .played
                if let word = try fields.optionalString(object, "status", path) {
                    guard let known = ImportText.status(String(ImportText.trim(word))) else {
                        collector.skip(field: path + ".status",
                                       "unknown status '\(word)' (expected \(ImportText.statusWords)); \(home) v \(away) skipped")
                        continue
                    }
                    status = known
                }
                if status.counts, fullTime == nil {
                    collector.skip(field: path + ".score1",
                                   "status '\(status.rawValue)' without a score; \(home) v \(away) skipped")
                    continue
                }
                let match = Match(home: home, away: away, matchday: matchday, round: round.label, date: date, time: time,
                                  status: status, fullTime: fullTime)
                try collector.add(match, place: path, line: nil, field: path)
            }
        }
        return ImportResult(season: Season(name: name, matches: collector.matches), issues: collector.issues)
    }

    /// A team given as `{"key", "name", "code"}` or as a string.
    private func team(_ value: ImportJSON, _ path: String, _ fields: ImportJSONFields) throws(ImportError) -> String {
        if case .string = value { return try fields.teamName(value, path) }
        let object = try fields.object(value, path)
        for key in ["name", "key", "code"] {
            if let name = fields.optional(object, key) { return try fields.teamName(name, "\(path).\(key)") }
        }
        throw fields.error(.missingField, path + ".name", "missing required field 'name'")
    }
}
