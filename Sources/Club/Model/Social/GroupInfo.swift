import Foundation

/// How a user comes into a group.
public enum JoinPolicy: String, Sendable, Equatable, Codable, CaseIterable {
    /// Anyone joins at once.
    case open
    /// Anyone asks; an owner or admin approves.
    case request
    /// Only those an owner or admin invites.
    case invite
}

/// A user's place in a group: a member by role, or on the way in.
public enum GroupRole: String, Sendable, Equatable, Codable, CaseIterable {
    /// The one who may delete the group, hand it over and name admins.
    case owner
    /// Invites, approves, removes members and deletes others' posts and comments in the group.
    case admin
    case member
    /// Invited by an owner or admin; joining accepts.
    case invited
    /// Asked to join; an owner or admin approves.
    case requested

    /// Whether the role is a member's (owner, admin or member): who sees the group's page.
    public var isMember: Bool { self == .owner || self == .admin || self == .member }
    /// Whether the role may run the group's membership (owner or admin).
    public var administers: Bool { self == .owner || self == .admin }
}

/// A group as anyone sees it: its card. The member list and the group's posts are its
/// members' only (``Groups``).
public struct GroupInfo: Sendable, Equatable, Codable {
    public var id: Int64
    public var name: String
    public var description: String?
    public var joinPolicy: JoinPolicy
    /// Whether the group has an avatar (`touchline group avatar`, `GET /api/v1/groups/{id}/avatar`).
    public var hasAvatar: Bool
    /// Its members: the owner, admins and members.
    public var members: Int
    public var owner: String
    public var createdAt: Date
    /// The viewer's role; nil for someone outside it, or nobody logged in.
    public var role: GroupRole?

    enum CodingKeys: String, CodingKey {
        case id, name, description, joinPolicy, hasAvatar = "avatar", members, owner, createdAt, role
    }
}

/// One user in a group's member list (or its invitations and requests).
public struct GroupMemberEntry: Sendable, Equatable, Codable {
    public var username: String
    public var displayName: String
    public var role: GroupRole
    /// When they joined, were invited or asked.
    public var since: Date
}
