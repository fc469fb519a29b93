/// Changes to a user's profile (``Accounts/editProfile(_:_:)``): nil leaves a field as it is,
/// an empty text clears it.
public struct ProfileChanges: Sendable, Equatable {
    /// True makes the profile private; false makes it public, which turns every pending
    /// follow request into a follow.
    public var isPrivate: Bool?
    public var city: String?
    public var bio: String?
    /// A sport, or a rider's vehicle.
    public var sport: String?

    public init(isPrivate: Bool? = nil, city: String? = nil, bio: String? = nil, sport: String? = nil) {
        self.isPrivate = isPrivate
        self.city = city
        self.bio = bio
        self.sport = sport
    }

    /// Whether nothing would change.
    public var isEmpty: Bool { isPrivate == nil && city == nil && bio == nil && sport == nil }
}
