import Foundation

/// One user in a list of followers, followed users or follow requests.
public struct FollowEntry: Sendable, Equatable, Codable {
    public var username: String
    public var displayName: String
    /// When the follow (or the request) was made.
    public var since: Date

    public init(username: String, displayName: String, since: Date) {
        self.username = username
        self.displayName = displayName
        self.since = since
    }
}

/// Someone a user might follow (``Follows/suggestions(_:limit:)``), and why.
public struct FollowSuggestion: Sendable, Equatable, Codable {
    public var username: String
    public var displayName: String
    /// Whether their profile is private: following asks them.
    public var isPrivate: Bool
    /// How many of the people the user follows follow them; 0 for an active publisher alone.
    public var followedBy: Int
    /// How many public posts they published among the club's latest; 0 when not counted.
    public var recentPosts: Int

    enum CodingKeys: String, CodingKey {
        case username, displayName, isPrivate = "private", followedBy, recentPosts
    }
}
