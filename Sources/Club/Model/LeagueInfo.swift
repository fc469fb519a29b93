import Foundation
import League

/// What kind of competition a league is.
public enum LeagueKind: String, Sendable, Codable, CaseIterable {
    case federation, friends
    case videoGame = "video-game"
}

/// A league season as the services describe it.
public struct LeagueInfo: Sendable, Equatable, Codable {
    public var id: Int64
    public var name: String
    public var season: String
    public var kind: LeagueKind
    /// The rule set's preset name (see `League.RuleSet.presets`).
    public var rules: String
    /// Points for a win, a draw and a loss, `W-D-L` (the preset's own are replaced).
    public var points: String
    /// The seed of any drawing of lots.
    public var seed: UInt64
    public var owner: String
    /// True when a password lets users join as editors.
    public var hasPassword: Bool
    /// True when only its owner and editors see the league; to anyone else it does not exist.
    public var `private`: Bool
    public var createdAt: Date
    /// The IANA time zone its kick-off times are local to (`Europe/Madrid`; `UTC` unless set).
    public var timeZone: String
}

/// A match stored in the database: its id, its league (nil for a friendly) and the match.
public struct StoredMatch: Sendable, Equatable, Codable {
    public var id: Int64
    public var leagueID: Int64?
    public var match: Match
    /// The ids of `match.events`, in the same order: what `match event --delete` takes. An
    /// event keeps its id while it exists, and no other event of the match is given it.
    public var eventIDs: [Int64]

    public init(id: Int64, leagueID: Int64?, match: Match, eventIDs: [Int64] = []) {
        self.id = id
        self.leagueID = leagueID
        self.match = match
        self.eventIDs = eventIDs
    }
}

/// A league's team: a plain name, possibly linked to a club team.
public struct LeagueTeam: Sendable, Equatable, Codable {
    public var name: String
    public var teamID: Int64?
}
