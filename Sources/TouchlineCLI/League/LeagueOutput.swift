import Club
import Foundation
import League

/// How the league and match commands print matches, tables and statistics.
enum LeagueOutput {
    /// A results grid: home teams down (numbered in table order), away teams across.
    static func grid(_ grid: ResultsGrid) {
        let numbers = grid.teams.indices.map { String($0 + 1) }
        Output.table([""] + numbers, grid.teams.indices.map { row in
            ["\(row + 1) \(grid.teams[row])"] + grid.teams.indices.map { column in
                row == column ? "-" : grid.text(row: row, column: column)
            }
        }, empty: "no teams")
    }

    /// Writes `data` to standard output as it is (CSV ends its own lines with CRLF).
    static func write(_ data: Data) {
        FileHandle.standardOutput.write(data)
    }

    /// `Rayo Vallecano 2-1 Sevilla FC`, or `Rayo Vallecano v Sevilla FC` before a result.
    static func title(_ match: Match) -> String {
        "\(match.home) \(match.fullTime?.description ?? "v") \(match.away)"
    }

    /// A match's matchday, or its round's label when it has no number.
    static func matchday(_ match: Match) -> String {
        match.matchday.map(String.init) ?? match.round ?? ""
    }

    /// What a result leaves out of its score: `awarded`, extra time, penalties.
    static func resultNote(_ match: Match) -> String {
        var parts: [String] = []
        if match.status != .played { parts.append(match.status.rawValue) }
        if let extraTime = match.extraTime { parts.append("a.e.t. \(extraTime)") }
        if let penalties = match.penalties { parts.append("pens \(penalties)") }
        return parts.joined(separator: ", ")
    }

    /// Fixtures: every match with its score, when it has one, and its status.
    static func fixtures(_ matches: [StoredMatch], empty: String) {
        Output.table(["ID", "MD", "DATE", "TIME", "HOME", "SCORE", "AWAY", "STATUS"], matches.map {
            [String($0.id), matchday($0.match), $0.match.date ?? "", $0.match.time ?? "", $0.match.home,
             $0.match.fullTime?.description ?? "v", $0.match.away, $0.match.status.rawValue]
        }, empty: empty)
    }

    /// Results: the matches that count, with extra time, penalties and awards noted.
    static func results(_ matches: [StoredMatch], empty: String) {
        Output.table(["ID", "MD", "DATE", "HOME", "SCORE", "AWAY", "NOTE"], matches.map {
            [String($0.id), matchday($0.match), $0.match.date ?? "", $0.match.home, $0.match.fullTime?.description ?? "",
             $0.match.away, resultNote($0.match)]
        }, empty: empty)
    }

    /// `+3`, `0`, `-2`.
    static func signed(_ value: Int) -> String { value > 0 ? "+\(value)" : String(value) }

    /// The table, then why tie-breaks placed teams as they did, deductions and play-offs.
    static func standings(_ standings: Standings) {
        Output.table(["POS", "TEAM", "P", "W", "D", "L", "GF", "GA", "GD", "PTS", "FORM"], standings.rows.map {
            [$0.positionLabel, $0.team, String($0.played), String($0.won), String($0.drawn), String($0.lost),
             String($0.goalsFor), String($0.goalsAgainst), signed($0.goalDifference), String($0.points),
             $0.form.map(\.rawValue).joined()]
        }, empty: "no teams")
        var notes = standings.notes.map(\.description)
        for row in standings.rows where row.deducted != 0 {
            let points = abs(row.deducted) == 1 ? "1 point" : "\(abs(row.deducted)) points"
            notes.append(row.deducted > 0 ? "\(row.team): \(points) deducted" : "\(row.team): \(points) added")
        }
        for group in standings.playOffs {
            notes.append("play-off needed: \(group.joined(separator: ", "))")
        }
        guard !notes.isEmpty else { return }
        print("")
        for note in notes { print(note) }
    }

    /// `90+3'`.
    static func minute(_ event: MatchEvent) -> String {
        event.stoppage > 0 ? "\(event.minute)+\(event.stoppage)'" : "\(event.minute)'"
    }

    /// `goal Marta Díaz (penalty, assist Ana Ruiz)`, `yellow card Eva Gil`, `substitution Ana Ruiz off, Eva Gil on`.
    static func describe(_ kind: MatchEvent.Kind) -> String {
        switch kind {
        case .goal(let scorer, let assist, let penalty, let ownGoal):
            let details = (penalty ? ["penalty"] : []) + (ownGoal ? ["own goal"] : []) + (assist.map { ["assist \($0)"] } ?? [])
            return "goal \(scorer)" + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")
        case .yellowCard(let player): return "yellow card \(player)"
        case .secondYellow(let player): return "second yellow \(player)"
        case .redCard(let player): return "red card \(player)"
        case .substitution(let off, let on): return "substitution \(off) off, \(on) on"
        }
    }

    /// A match's details, its line-ups and its events in order, each with its id.
    static func match(_ stored: StoredMatch) {
        let match = stored.match
        var fields: [(String, String)] = [
            ("id", String(stored.id)), ("league", stored.leagueID.map(String.init) ?? "friendly"), ("home", match.home),
            ("away", match.away), ("matchday", matchday(match)),
            ("date", [match.date, match.time].compactMap { $0 }.joined(separator: " ")),
        ]
        if let venue = match.venue { fields.append(("venue", venue)) }
        fields += [("status", match.status.rawValue), ("full time", match.fullTime?.description ?? ""),
                   ("half time", match.halfTime?.description ?? ""), ("extra time", match.extraTime?.description ?? ""),
                   ("penalties", match.penalties?.description ?? "")]
        Output.fields(fields)
        let lineups = [match.home, match.away].compactMap { team in match.lineups[team].map { (team, $0) } }
        if !lineups.isEmpty {
            print("")
            Output.table(["LINE-UP", "PLAYERS"], lineups.map { [$0.0, $0.1.joined(separator: ", ")] })
        }
        guard !match.events.isEmpty else { return }
        print("")
        Output.table(["ID", "MIN", "TEAM", "EVENT"], zip(stored.eventIDs, match.events).map { id, event in
            [String(id), minute(event), event.team, describe(event.kind)]
        })
    }

    /// Players with their goals and assists.
    static func scorers(_ players: [PlayerStatistics]) {
        Output.table(["PLAYER", "TEAM", "GOALS", "ASSISTS", "APPS"], players.map {
            [$0.player, $0.team, String($0.goals), String($0.assists), String($0.appearances)]
        }, empty: "no goals recorded")
    }

    /// Players with their cards.
    static func discipline(_ players: [PlayerStatistics]) {
        Output.table(["PLAYER", "TEAM", "YELLOW", "RED"], players.map {
            [$0.player, $0.team, String($0.yellowCards), String($0.redCards)]
        }, empty: "no cards recorded")
    }
}
