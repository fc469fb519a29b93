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
