import Foundation
import League

/// What importing a season file made: the league, its size, and what the importer skipped
/// or doubted. `touchline league import --json` prints it, and `POST /api/v1/leagues/import`
/// answers with it.
public struct LeagueImportSummary: Sendable, Equatable, Encodable {
    /// One warning of the importer.
    public struct Issue: Sendable, Equatable, Encodable {
        public var kind: String
        public var line: Int?
        public var field: String?
        public var message: String
    }

    /// The league's id, as `league` holds it too (clients look for it at the top).
    public var id: Int64
    public var league: LeagueInfo
    public var teams: Int
    public var matches: Int
    public var issues: [Issue]

    /// The summary of an import that made `league` from `result`.
    public init(league: LeagueInfo, result: ImportResult) {
        id = league.id
        self.league = league
        teams = result.season.teams.count
        matches = result.season.matches.count
        issues = result.issues.map { Issue(kind: $0.kind.rawValue, line: $0.line, field: $0.field, message: $0.message) }
    }
}
