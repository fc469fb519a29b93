import Foundation

/// Reads openfootball's football.json, current form:
///
/// ```json
/// {"name": "English Premier League 2023/24",
///  "matches": [{"round": "Matchday 1", "date": "2023-08-11", "time": "20:00",
///               "team1": "Burnley FC", "team2": "Manchester City FC",
///               "score": {"ht": [0, 2], "ft": [0, 3]}}]}
/// ```
///
/// - `score` may hold `ht`, `ft`, `et` (cumulative after extra time) and `p` (penalties); a
///   match may carry `status` (`awarded`, `cancelled`, `postponed`, `abandoned`). Without a
///   status, a match with a full-time score is `played`, one without `scheduled`. An unknown
///   status skips the match; a `played` or `awarded` status without a full-time score too.
/// - World Cup files add `goals1`/`goals2` (`{"name", "minute", "offset"?, "penalty"?, "owngoal"?}`)
///   and `group`. Goals become ``MatchEvent`` goals for the team whose list they are in (an own
///   goal in `goals1` counts for `team1`, as the data has it), sorted by minute. When a match
///   has a `group`, the group (`Group A`) becomes the match's `round`, so group tables can be
///   drawn from it; the matchday number still comes from the `round` label (`Matchday 12`).
///   When listed goals do not add up to the score, the match is kept as suspicious (a list
///   given as null counts as not given).
/// - `time` keeps `HH:MM`; a zone note after it (`18:00 UTC+3`) is left out.
struct FootballJSONReader {
    let source: String

    /// The season in `document` (decoded by ``ImportJSONDecoding``, which checked the types).
    func read(_ document: FootballJSONDocument) throws(ImportError) -> ImportResult {
        let checks = FootballJSONChecks(source: source)
        let name = try checks.label(document.name, "name", what: "season name") ?? SeasonImporter.defaultName(source)
        var collector = ImportCollector(source: source)
        for (index, item) in document.matches.enumerated() {
            let path = "matches[\(index)]"
            guard let match = try readMatch(item, path, checks, &collector) else { continue }
            try collector.add(match, place: path, line: nil, field: path,
                              halfTimeField: "\(path).score.ht", extraTimeField: "\(path).score.et")
        }
        return ImportResult(season: Season(name: name, matches: collector.matches), issues: collector.issues)
    }

    /// The match at `path`, or nil when it is skipped (the issue is in `collector`).
    private func readMatch(_ item: FootballJSONDocument.Match, _ path: String, _ checks: FootballJSONChecks,
                           _ collector: inout ImportCollector) throws(ImportError) -> Match? {
        let home = try checks.teamName(item.team1, path + ".team1")
        let away = try checks.teamName(item.team2, path + ".team2")
        let roundLabel = try checks.label(item.round, path + ".round", what: "round")
        let group = try checks.label(item.group, path + ".group", what: "group")
        let date = try checks.date(item.date, path + ".date")
        let time = try checks.time(item.time, path + ".time")
        let fullTime = item.score?.ft?.score, halfTime = item.score?.ht?.score
        let extraTime = item.score?.et?.score, penalties = item.score?.p?.score

        let status: MatchStatus
        if let word = item.status {
            guard let known = ImportText.status(String(ImportText.trim(word))) else {
                collector.skip(field: path + ".status",
                               "unknown status '\(word)' (expected \(ImportText.statusWords)); \(home) v \(away) skipped")
                return nil
            }
            status = known
        } else {
            status = fullTime == nil ? .scheduled : .played
        }
        if status.counts, fullTime == nil {
            collector.skip(field: path + ".score.ft",
                           "status '\(status.rawValue)' without a full-time score; \(home) v \(away) skipped")
            return nil
        }

        var events: [MatchEvent] = []
        var listed: Score?
        if item.goals1 != nil || item.goals2 != nil {
            let goals1 = try goals(item.goals1, path + ".goals1", team: home, checks)
            let goals2 = try goals(item.goals2, path + ".goals2", team: away, checks)
            events = (goals1 + goals2).enumerated()
                .sorted { ($0.element.minute, $0.element.stoppage, $0.offset) < ($1.element.minute, $1.element.stoppage, $1.offset) }
                .map(\.element)
            listed = Score(goals1.count, goals2.count)
        }
        if let listed, let final = extraTime ?? fullTime, listed != final {
            collector.suspect(field: path,
                              "goals1 and goals2 list \(listed) goals but the score is \(final) (\(home) v \(away))")
        }

        return Match(home: home, away: away, matchday: collector.matchday(fromRound: roundLabel),
                     round: group ?? roundLabel, date: date, time: time, status: status, fullTime: fullTime,
                     halfTime: halfTime, extraTime: extraTime, penalties: penalties, events: events)
    }

    /// The goals listed at `listPath`, credited to `team`.
    private func goals(_ list: [FootballJSONDocument.Goal]?, _ listPath: String, team: String,
                       _ checks: FootballJSONChecks) throws(ImportError) -> [MatchEvent] {
        var events: [MatchEvent] = []
        for (index, goal) in (list ?? []).enumerated() {
            let scorer = try checks.teamName(goal.name, "\(listPath)[\(index)].name", what: "scorer's name")
            events.append(MatchEvent(team: team, kind: .goal(scorer: scorer, assist: nil, penalty: goal.penalty ?? false,
                                                             ownGoal: goal.owngoal ?? false),
                                     minute: goal.minute.value, stoppage: goal.offset?.value ?? 0))
        }
        return events
    }
}
