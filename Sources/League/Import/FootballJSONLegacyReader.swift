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

    /// The season in `document` (decoded by ``ImportJSONDecoding``, which checked the types).
    func read(_ document: FootballJSONLegacyDocument) throws(ImportError) -> ImportResult {
        let checks = FootballJSONChecks(source: source)
        let name = try checks.label(document.name, "name", what: "season name") ?? SeasonImporter.defaultName(source)
        var labels: [String?] = []
        var total = 0
        for (index, round) in document.rounds.enumerated() {
            let path = "rounds[\(index)]"
            labels.append(try checks.label(round.name, path + ".name", what: "round name"))
            total += round.matches.count
            guard total <= SeasonImporter.maximumMatches else {
                throw checks.error(.tooLarge, path + ".matches",
                                   "more than \(SeasonImporter.maximumMatches) matches; at most \(SeasonImporter.maximumMatches) are accepted")
            }
        }

        var collector = ImportCollector(source: source)
        for (roundIndex, (round, label)) in zip(document.rounds, labels).enumerated() {
            let matchday = label.flatMap(ImportText.matchday(fromRound:))
            for (index, item) in round.matches.enumerated() {
                let path = "rounds[\(roundIndex)].matches[\(index)]"
                let home = try team(item.team1, path + ".team1", checks)
                let away = try team(item.team2, path + ".team2", checks)
                let date = try checks.date(item.date, path + ".date")
                let time = try checks.time(item.time, path + ".time")
                var fullTime: Score?
                switch (item.score1?.value, item.score2?.value) {
                case (let home?, let away?): fullTime = Score(home, away)
                case (nil, nil): fullTime = nil
                case (nil, _): throw checks.error(.missingField, path + ".score1", "missing 'score1' while 'score2' is given")
                case (_, nil): throw checks.error(.missingField, path + ".score2", "missing 'score2' while 'score1' is given")
                }
                var status: MatchStatus = fullTime == nil ? .scheduled : .played
                if let word = item.status {
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
                let match = Match(home: home, away: away, matchday: matchday, round: label, date: date, time: time,
                                  status: status, fullTime: fullTime)
                try collector.add(match, place: path, line: nil, field: path)
            }
        }
        return ImportResult(season: Season(name: name, matches: collector.matches), issues: collector.issues)
    }

    /// A team's name, checked; named in messages by the member it came from.
    private func team(_ team: FootballJSONLegacyDocument.Team, _ path: String,
                      _ checks: FootballJSONChecks) throws(ImportError) -> String {
        try checks.teamName(team.name, team.member.map { "\(path).\($0)" } ?? path)
    }
}
