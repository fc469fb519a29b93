import Foundation

/// Changes to a user's profile (``Accounts/editProfile(_:_:)``): nil leaves a field as it is;
/// an empty text clears a detail.
public struct ProfileChanges: Sendable, Equatable {
    /// A new display name (never cleared).
    public var displayName: String?
    /// True makes the profile private; false makes it public, which turns every pending
    /// follow request into a follow.
    public var isPrivate: Bool?
    public var city: String?
    public var bio: String?
    /// A sport, or a rider's vehicle.
    public var sport: String?
    /// A new photo (PNG or JPEG bytes), or `.some(nil)` to remove it.
    public var photo: Data??

    public init(displayName: String? = nil, isPrivate: Bool? = nil, city: String? = nil, bio: String? = nil,
                sport: String? = nil, photo: Data?? = nil) {
        self.displayName = displayName
        self.isPrivate = isPrivate
        self.city = city
        self.bio = bio
        self.sport = sport
        self.photo = photo
    }

    /// Whether nothing would change.
    public var isEmpty: Bool {
        displayName == nil && isPrivate == nil && city == nil && bio == nil && sport == nil && photo == nil
    }
}
