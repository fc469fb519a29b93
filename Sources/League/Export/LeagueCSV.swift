/// Tables and fixtures as CSV (RFC 4180: comma-separated, CRLF line ends, fields with commas,
/// quotes or line breaks quoted).
public enum LeagueCSV {
    /// `Position,Team,Played,Won,Drawn,Lost,GoalsFor,GoalsAgainst,GoalDifference,Points,Deducted,Form`.
    public static func table(_ standings: Standings) -> String {
        let header = ["Position", "Team", "Played", "Won", "Drawn", "Lost", "GoalsFor", "GoalsAgainst", "GoalDifference",
                      "Points", "Deducted", "Form"]
        let rows = standings.rows.map { row in
            [row.positionLabel, row.team, "\(row.played)", "\(row.won)", "\(row.drawn)", "\(row.lost)", "\(row.goalsFor)",
             "\(row.goalsAgainst)", "\(row.goalDifference)", "\(row.points)", "\(row.deducted)",
             row.form.map(\.rawValue).joined()]
        }
        return document([header] + rows)
    }

    /// `Round,Date,Team 1,FT,Team 2,HT,Status`: the layout the CSV importer reads.
    public static func matches(_ matches: [Match]) -> String {
        let header = ["Round", "Date", "Team 1", "FT", "Team 2", "HT", "Status"]
        let rows = matches.map { match in
            [match.round ?? match.matchday.map { "Matchday \($0)" } ?? "", match.date ?? "", match.home,
             match.fullTime?.description ?? "", match.away, match.halfTime?.description ?? "", match.status.rawValue]
        }
        return document([header] + rows)
    }

    static func document(_ rows: [[String]]) -> String {
        rows.map { $0.map(field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
