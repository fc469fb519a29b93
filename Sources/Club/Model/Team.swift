import Foundation

/// What a user may do with a team.
public enum TeamRole: String, Sendable, Codable, CaseIterable, Comparable {
    case viewer, editor, owner

    /// True for roles that may change the team and its squad.
    public var canEdit: Bool { self != .viewer }

    public static func < (lhs: TeamRole, rhs: TeamRole) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// A team of a season.
public struct Team: Sendable, Equatable, Codable {
    public var id: Int64
    public var name: String
    /// For example `2024/25`, or `2025` for a calendar-year season.
    public var season: String
    /// Age group or division.
    public var category: String?
    public var region: String?
    /// `#RRGGBB`.
    public var primaryColor: String?
    /// `#RRGGBB`.
    public var secondaryColor: String?
    public var owner: String
    public var createdAt: Date
    /// The IANA time zone the kick-off times of its friendlies are local to (`UTC` unless set).
    public var timeZone: String
}

/// A team as one user sees it: the team and their role in it.
public struct TeamAccess: Sendable, Equatable, Codable {
    public var team: Team
    public var role: TeamRole
}

/// Someone granted a role on a team.
public struct TeamMember: Sendable, Equatable, Codable {
    public var username: String
    public var role: TeamRole
}

/// A team as one user sees it, with the people granted a role on it: what `touchline team
/// show --json` prints and `GET /api/v1/teams/{id}` answers.
public struct TeamDetail: Sendable, Equatable, Codable {
    public var team: Team
    /// The role of the user who asked.
    public var role: TeamRole
    /// Editors and viewers, by username (the owner is ``Team/owner``).
    public var members: [TeamMember]
}

/// A team named on the command line: by id (all digits) or by name.
public typealias TeamReference = EntityReference

/// A league named on the command line: by id (all digits) or by name.
public typealias LeagueReference = EntityReference

/// A sticker collection named by its id (the HTTP API's paths) or by its name (the command
/// line's: collection names may be all digits, "2026").
public typealias CollectionReference = EntityReference

/// A group named by its id (the HTTP API's paths) or by its name (the command line's).
public typealias GroupReference = EntityReference

/// Something named on the command line by its id (all digits) or by its name.
///
/// A string literal is always a name.
public enum EntityReference: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringLiteral {
    case id(Int64)
    case name(String)

    public init(_ text: String) {
        if let id = Int64(text), id > 0 { self = .id(id) } else { self = .name(text) }
    }

    /// A name written in the source (`"Liga 2024/25"`), never an id, whatever its characters.
    public init(stringLiteral name: String) {
        self = .name(name)
    }

    public var description: String {
        switch self {
        case .id(let id): return String(id)
        case .name(let name): return name
        }
    }
}

/// The fields of a team to set; nil leaves a field as it is.
public struct TeamChanges: Sendable, Equatable {
    public var name: String?
    public var season: String?
    /// Set to `.some(nil)` to clear.
    public var category: String??
    public var region: String??
    public var primaryColor: String??
    public var secondaryColor: String??
    /// An IANA time zone name (`Europe/Madrid`).
    public var timeZone: String?

    public init(name: String? = nil, season: String? = nil, category: String?? = nil, region: String?? = nil,
                primaryColor: String?? = nil, secondaryColor: String?? = nil, timeZone: String? = nil) {
        self.name = name
        self.season = season
        self.category = category
        self.region = region
        self.primaryColor = primaryColor
        self.secondaryColor = secondaryColor
        self.timeZone = timeZone
    }
}
