import Foundation

/// A registered user as others see them: never the email address.
public struct UserProfile: Sendable, Equatable, Codable {
    public var id: Int64
    public var username: String
    public var displayName: String
    public var createdAt: Date
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
