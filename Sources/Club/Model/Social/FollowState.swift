/// Where one user stands towards another they may follow.
public enum FollowState: String, Sendable, Equatable, Codable, CaseIterable {
    /// Neither follows nor has asked to.
    case none
    /// Has asked to follow a private profile; the request waits for an answer.
    case requested
    /// Follows.
    case following
}
