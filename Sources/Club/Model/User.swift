import Foundation

/// A registered user as others see them: never the email address.
///
/// The card (id, username, display name, whether there is a photo, whether the profile is
/// private, when they joined) is anyone's to see; the details (city, bio, sport, how many
/// follow them and whom they follow) are the user's own, their accepted followers', and,
/// when the profile is public, anyone's but a user they block. ``Accounts/profile(username:viewer:)``
/// leaves out (nil) what the viewer may not see; lists (a search, followers) give the card only.
public struct UserProfile: Sendable, Equatable, Codable {
    public var id: Int64
    public var username: String
    public var displayName: String
    public var createdAt: Date
    /// Whether only accepted followers see the details and the posts for followers.
    public var isPrivate: Bool?
    /// Whether the user has a profile photo (`touchline user photo`, `GET /api/v1/users/{username}/photo`).
    public var hasPhoto: Bool?
    public var city: String?
    public var bio: String?
    /// A sport, or a rider's vehicle.
    public var sport: String?
    /// How many users follow them (accepted follows).
    public var followers: Int?
    /// How many users they follow.
    public var following: Int?
    /// How the viewer stands towards them: nil for their own profile and for nobody logged in.
    public var relation: FollowState?

    enum CodingKeys: String, CodingKey {
        case id, username, displayName, createdAt, isPrivate = "private", hasPhoto = "photo", city, bio, sport, followers,
             following, relation
    }

    init(id: Int64, username: String, displayName: String, createdAt: Date) {
        self.id = id
        self.username = username
        self.displayName = displayName
        self.createdAt = createdAt
    }
}

/// A user's own account details, email included.
public struct Account: Sendable, Equatable, Codable {
    public var id: Int64
    public var username: String
    public var displayName: String
    public var email: String
    public var createdAt: Date

    public var profile: UserProfile {
        UserProfile(id: id, username: username, displayName: displayName, createdAt: createdAt)
    }
}

/// The user a service call acts for (`--as`, or the session's user): obtained only from
/// ``Accounts`` by password or session, so holding one proves the user was authenticated.
/// Services take it as their first argument, named `actor`.
public struct ActingUser: Sendable, Equatable {
    public let userID: Int64
    public let username: String

    init(userID: Int64, username: String) {
        self.userID = userID
        self.username = username
    }
}
