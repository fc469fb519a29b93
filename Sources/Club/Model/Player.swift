import Foundation
import League

/// A player and where they play now.
public struct Player: Sendable, Equatable, Codable {
    public var id: Int64
    public var firstName: String
    public var surnames: String
    /// ISO 8601 date, `YYYY-MM-DD`.
    public var birthDate: String?
    public var position: PlayerPosition
    /// A finer role, for example `RB`.
    public var positionDetail: String?
    public var notes: String?
    public var hasPhoto: Bool
    /// The current team's id, and the squad number in it.
    public var teamID: Int64?
    public var number: Int?

    /// "firstName surnames": the name match events and line-ups give the player by.
    public var fullName: String { "\(firstName) \(surnames)" }
}

/// One spell of a player in a team.
public struct SquadMembership: Sendable, Equatable, Codable {
    public var teamID: Int64
    public var teamName: String
    public var season: String
    public var number: Int
    public var joinedAt: Date
    /// Nil while the player is still in the team.
    public var leftAt: Date?
}

/// A player with every team they have been in, oldest first: what `touchline player show
/// --json` prints and `GET /api/v1/players/{id}` answers.
public struct PlayerDetail: Sendable, Equatable, Codable {
    public var player: Player
    public var history: [SquadMembership]
}

/// A new player's details.
public struct PlayerDraft: Sendable, Equatable {
    public var firstName: String
    public var surnames: String
    public var number: Int
    public var position: PlayerPosition
    public var positionDetail: String?
    public var birthDate: String?
    public var notes: String?
    /// PNG bytes.
    public var photo: Data?

    public init(firstName: String, surnames: String, number: Int, position: PlayerPosition, positionDetail: String? = nil,
                birthDate: String? = nil, notes: String? = nil, photo: Data? = nil) {
        self.firstName = firstName
        self.surnames = surnames
        self.number = number
        self.position = position
        self.positionDetail = positionDetail
        self.birthDate = birthDate
        self.notes = notes
        self.photo = photo
    }
}

/// The fields of a player to set; nil leaves a field as it is, `.some(nil)` clears it.
public struct PlayerChanges: Sendable, Equatable {
    public var firstName: String?
    public var surnames: String?
    public var number: Int?
    public var position: PlayerPosition?
    public var positionDetail: String??
    public var birthDate: String??
    public var notes: String??
    public var photo: Data??

    public init(firstName: String? = nil, surnames: String? = nil, number: Int? = nil, position: PlayerPosition? = nil,
                positionDetail: String?? = nil, birthDate: String?? = nil, notes: String?? = nil, photo: Data?? = nil) {
        self.firstName = firstName
        self.surnames = surnames
        self.number = number
        self.position = position
        self.positionDetail = positionDetail
        self.birthDate = birthDate
        self.notes = notes
        self.photo = photo
    }
}
