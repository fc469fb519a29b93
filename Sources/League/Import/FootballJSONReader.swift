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
///   When listed goals do not add up to the score, the match is kept as suspicious.
/// - `time` keeps `HH:MM`; a zone note after it (`18:00 UTC+3`) is left out.
struct FootballJSONReader {
    let source: String

    func read(_ root: ImportJSON) throws(ImportError) -> ImportResult {
        let fields = ImportJSONFields(source: source)
        let top = try fields.object(root, "")
        let name = try fields.label(top, "name", "", what: "season name") ?? SeasonImporter.defaultName(source)
        guard let value = top["matches"] else {
            let hint = top["rounds"] != nil ? " (this looks like the legacy form with 'rounds': read it as footballJSONLegacy)" : ""
            throw fields.error(.missingField, "matches", "missing required field 'matches'" + hint)
        }
        let items = try fields.array(value, "matches")
        guard items.count <= SeasonImporter.maximumMatches else {
            throw fields.error(.tooLarge, "matches", "\(items.count) matches; at most \(SeasonImporter.maximumMatches) are accepted")
        }
        var collector = ImportCollector(source: source)
        for (index, item) in items.enumerated() {
            let path = "matches[\(index)]"
            guard let match = try readMatch(try fields.object(item, path), path, fields, &collector) else { continue }
            try collector.add(match, place: path, line: nil, field: path,
                              halfTimeField: "\(path).score.ht", extraTimeField: "\(path).score.et")
        }
        return ImportResult(season: Season(name: name, matches: collector.matches), issues: collector.issues)
    }

    /// The match at `path`, or nil when it is skipped (the issue is in `collector`).
    private func readMatch(_ object: [String: ImportJSON], _ path: String, _ fields: ImportJSONFields,
                           _ collector: inout ImportCollector) throws(ImportError) -> Match? {
        let home = try fields.teamName(try fields.required(object, "team1", path), path + ".team1")
        let away = try fields.teamName(try fields.required(object, "team2", path), path + ".team2")
        let roundLabel = try fields.label(object, "round", path, what: "round")
        let group = try fields.label(object, "group", path, what: "group")
        let date = try fields.date(object, "date", path)
        let time = try fields.time(object, "time", path)

        var fullTime: Score?, halfTime: Score?, extraTime: Score?, penalties: Score?
        if let value = fields.optional(object, "score") {
            let scorePath = path + ".score"
            let score = try fields.object(value, scorePath)
            if let ft = fields.optional(score, "ft") { fullTime = try fields.score(ft, scorePath + ".ft") }
            if let ht = fields.optional(score, "ht") { halfTime = try fields.score(ht, scorePath + ".ht") }
            if let et = fields.optional(score, "et") { extraTime = try fields.score(et, scorePath + ".et") }
            if let p = fields.optional(score, "p") { penalties = try fields.score(p, scorePath + ".p") }
        }

        let status: MatchStatus
        if let word = try fields.optionalString(object, "status", path) {
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
        if object["goals1"] != nil || object["goals2"] != nil {
            let goals1 = try goals(object, "goals1", team: home, path, fields)
            let goals2 = try goals(object, "goals2", team: away, path, fields)
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

    /// The goals listed under `key`, credited to `team`.
    private func goals(_ object: [String: ImportJSON], _ key: String, team: String, _ path: String,
                       _ fields: ImportJSONFields) throws(ImportError) -> [MatchEvent] {
        guard let value = fields.optional(object, key) else { return [] }
        let listPath = "\(path).\(key)"
        var events: [MatchEvent] = []
        for (index, item) in try fields.array(value, listPath).enumerated() {
            let goalPath = "\(listPath)[\(index)]"
            let goal = try fields.object(item, goalPath)
            let scorer = try fields.teamName(try fields.required(goal, "name", goalPath), goalPath + ".name", what: "scorer's name")
            let minute = try fields.integer(try fields.required(goal, "minute", goalPath), goalPath + ".minute",
                                            in: 0...200, "a minute")
            let stoppage = try fields.optional(goal, "offset").map { (value) throws(ImportError) in
                try fields.integer(value, goalPath + ".offset", in: 0...60, "minutes of stoppage time")
            } ?? 0
            let penalty = try fields.optional(goal, "penalty").map { (value) throws(ImportError) in
                try fields.bool(value, goalPath + ".penalty")
            } ?? false
            let ownGoal = try fields.optional(goal, "owngoal").map { (value) throws(ImportError) in
                try fields.bool(value, goalPath + ".owngoal")
            } ?? false
            events.append(MatchEvent(team: team, kind: .goal(scorer: scorer, assist: nil, penalty: penalty, ownGoal: ownGoal),
                                     minute: minute, stoppage: stoppage))
        }
        return events
    }
}
