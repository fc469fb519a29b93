import Foundation
import Testing
import TestSupport
@testable import Club

/// Following, follow requests, blocking, and who sees what of a profile.
@Suite struct FollowsTests {
    /// Who looks at a profile, as the visibility tables name them.
    enum Viewer: String, CaseIterable, CustomTestStringConvertible {
        case author, follower, pendingRequester, stranger, blocked, nobody
        var testDescription: String { rawValue }
    }

    /// A club where `owner` (public or private) is looked at by each kind of viewer: `fan`
    /// follows them, `asker` asked to while the profile was private, `walker` is a stranger
    /// and `troll`, once a follower, is blocked.
    struct Cast {
        let club: ScratchClub
        let follows: Follows
        let owner: ActingUser, fan: ActingUser, asker: ActingUser, walker: ActingUser, troll: ActingUser

        init(ownerIsPrivate: Bool) throws {
            club = try ScratchClub()
            follows = Follows(store: club.store)
            owner = try club.user("owner")
            fan = try club.user("fan")
            asker = try club.user("asker")
            walker = try club.user("walker")
            troll = try club.user("troll")
            try club.accounts.editProfile(owner, ProfileChanges(isPrivate: true, city: "Bilbao", bio: "Left back, under-12s coach",
                                                                sport: "football"))
            try follows.follow(fan, "owner")
            try follows.follow(troll, "owner")
            try follows.accept(owner, "fan")
            try follows.accept(owner, "troll")
            try follows.follow(asker, "owner")
            try follows.block(owner, "troll")
            if !ownerIsPrivate {
                // A public profile has no pending requests: making it public turns the
                // asker's into a follow.
                try club.accounts.editProfile(owner, ProfileChanges(isPrivate: false))
            }
        }

        func actor(_ viewer: Viewer) -> ActingUser? {
            switch viewer {
            case .author: owner
            case .follower: fan
            case .pendingRequester: asker
            case .stranger: walker
            case .blocked: troll
            case .nobody: nil
            }
        }
    }

    /// Who sees the details (city, bio, sport, counts) of a private and of a public profile.
    static let detailsTable: [(Viewer, privateProfile: Bool, publicProfile: Bool)] = [
        (.author, true, true),
        (.follower, true, true),
        (.pendingRequester, false, true),
        (.stranger, false, true),
        (.blocked, false, false),
        (.nobody, false, true),
    ]

    @Test(arguments: detailsTable)
    func profileDetailsAreSeenOnlyByThoseAllowed(_ row: (Viewer, privateProfile: Bool, publicProfile: Bool)) throws {
        for isPrivate in [true, false] {
            let cast = try Cast(ownerIsPrivate: isPrivate)
            let profile = try cast.club.accounts.profile(username: "owner", viewer: cast.actor(row.0))
            let expected = isPrivate ? row.privateProfile : row.publicProfile
            // The card is everyone's.
            #expect(profile.username == "owner" && profile.displayName == "Owner" && profile.isPrivate == isPrivate)
            #expect(profile.hasPhoto == false)
            if expected {
                #expect(profile.city == "Bilbao" && profile.bio == "Left back, under-12s coach" && profile.sport == "football",
                        "\(row.0) of a \(isPrivate ? "private" : "public") profile")
                #expect(profile.followers != nil && profile.following == 0)
            } else {
                #expect(profile.city == nil && profile.bio == nil && profile.sport == nil && profile.followers == nil
                        && profile.following == nil, "\(row.0) of a \(isPrivate ? "private" : "public") profile")
            }
            // Follower lists follow the same rule.
            if expected {
                let followers = try cast.follows.followers(of: "owner", viewer: cast.actor(row.0)).items.map(\.username)
                #expect(followers == (isPrivate ? ["fan"] : ["asker", "fan"]))
            } else {
                #expect(throws: ClubError.self) { try cast.follows.followers(of: "owner", viewer: cast.actor(row.0)) }
                #expect(throws: ClubError.self) { try cast.follows.following(of: "owner", viewer: cast.actor(row.0)) }
            }
        }
    }

    @Test func theRelationSaysWhereTheViewerStands() throws {
        let cast = try Cast(ownerIsPrivate: true)
        let accounts = cast.club.accounts
        #expect(try accounts.profile(username: "owner", viewer: cast.fan).relation == .following)
        #expect(try accounts.profile(username: "owner", viewer: cast.asker).relation == FollowState.requested)
        #expect(try accounts.profile(username: "owner", viewer: cast.walker).relation == FollowState.none)
        #expect(try accounts.profile(username: "owner", viewer: cast.owner).relation == nil)
        #expect(try accounts.profile(username: "owner").relation == nil)
    }

    @Test func aPublicProfileIsFollowedAtOnceAndAPrivateOneOnRequest() throws {
        let club = try ScratchClub()
        let follows = Follows(store: club.store)
        let alice = try club.user("alice"), bob = try club.user("bob"), carol = try club.user("carol")
        #expect(try follows.follow(alice, "bob") == .following)
        #expect(try follows.follow(alice, "BOB") == .following) // again: nothing changes
        try club.accounts.editProfile(carol, ProfileChanges(isPrivate: true))
        #expect(try follows.follow(alice, "carol") == .requested)
        #expect(try follows.follow(bob, "carol") == .requested)
        #expect(try follows.requests(carol).items.map(\.username) == ["alice", "bob"])
        #expect(try follows.requests(alice, .outgoing).items.map(\.username) == ["carol"])
        #expect(try follows.followers(of: "carol", viewer: carol).items.isEmpty)

        try follows.accept(carol, "alice")
        try follows.decline(carol, "bob")
        #expect(try follows.followers(of: "carol", viewer: carol).items.map(\.username) == ["alice"])
        #expect(try follows.requests(carol).items.isEmpty)
        // Declined, bob may ask again.
        #expect(try follows.follow(bob, "carol") == .requested)
        try follows.cancelRequest(bob, "carol")
        #expect(try follows.requests(carol).items.isEmpty)

        // A follower removed may ask again; unfollowing ends a follow.
        try follows.removeFollower(carol, "alice")
        #expect(try follows.followers(of: "carol", viewer: carol).items.isEmpty)
        try follows.unfollow(alice, "bob")
        #expect(try follows.following(of: "alice", viewer: alice).items.isEmpty)
        #expect(try club.count("follow") == 0)
    }

    @Test func makingAProfilePublicTurnsPendingRequestsIntoFollows() throws {
        let club = try ScratchClub()
        let follows = Follows(store: club.store)
        let alice = try club.user("alice"), bob = try club.user("bob"), carol = try club.user("carol")
        try club.accounts.editProfile(carol, ProfileChanges(isPrivate: true))
        try follows.follow(alice, "carol")
        try follows.follow(bob, "carol")
        let profile = try club.accounts.editProfile(carol, ProfileChanges(isPrivate: false))
        #expect(profile.followers == 2 && profile.isPrivate == false)
        #expect(try follows.requests(carol).items.isEmpty)
        #expect(try follows.followers(of: "carol", viewer: nil).items.map(\.username) == ["alice", "bob"])
        // Private again: the followers stay.
        try club.accounts.editProfile(carol, ProfileChanges(isPrivate: true))
        #expect(try club.accounts.profile(username: "carol", viewer: alice).followers == 2)
    }

    @Test func blockingEndsTheFollowsBothWaysAndRefusesNewOnes() throws {
        let club = try ScratchClub()
        let follows = Follows(store: club.store)
        let alice = try club.user("alice"), bob = try club.user("bob")
        try follows.follow(alice, "bob")
        try follows.follow(bob, "alice")
        // Messaging's block is the same list, with the same effect.
        try club.messaging.block(bob, "alice")
        #expect(try club.count("follow") == 0)
        #expect(throws: ClubError.permissionDenied("bob does not accept follows from alice")) { try follows.follow(alice, "bob") }
        #expect(throws: ClubError.invalid(field: "user", message: "you block alice; unblock them first")) {
            try follows.follow(bob, "alice")
        }
        #expect(throws: ClubError.permissionDenied("bob does not accept messages from alice")) {
            try club.messaging.send(alice, OutgoingMessage(to: "bob", subject: "Hi", body: "?"))
        }
        #expect(try club.count("follow") == 0)
        try follows.unblock(bob, "alice")
        #expect(try club.messaging.blocked(bob).isEmpty)
        #expect(try follows.follow(alice, "bob") == .following)
    }

    @Test func badRequestsAreRefusedAndChangeNothing() throws {
        let club = try ScratchClub()
        let follows = Follows(store: club.store)
        let alice = try club.user("alice"), bob = try club.user("bob")
        try follows.follow(alice, "bob")
        #expect(throws: ClubError.invalid(field: "user", message: "you cannot follow yourself")) { try follows.follow(alice, "Alice") }
        #expect(throws: ClubError.notFound(kind: "user", reference: "ghost")) { try follows.follow(alice, "ghost") }
        #expect(throws: ClubError.notFound(kind: "follow request", reference: "bob → alice")) { try follows.accept(alice, "bob") }
        #expect(throws: ClubError.notFound(kind: "follow request", reference: "bob → alice")) { try follows.decline(alice, "bob") }
        // An accepted follow is not a request: neither accepted nor declined again.
        #expect(throws: ClubError.notFound(kind: "follow request", reference: "alice → bob")) { try follows.decline(bob, "alice") }
        #expect(throws: ClubError.notFound(kind: "follow request", reference: "alice → bob")) {
            try follows.cancelRequest(alice, "bob")
        }
        #expect(throws: ClubError.notFound(kind: "follower", reference: "alice")) { try follows.removeFollower(alice, "alice") }
        #expect(throws: ClubError.notFound(kind: "follow", reference: "bob → alice")) { try follows.unfollow(bob, "alice") }
        #expect(throws: ClubError.invalid(field: "after", message: "'nonsense' is not a cursor from a follow listing")) {
            try follows.requests(alice, after: "nonsense")
        }
        #expect(try follows.following(of: "alice", viewer: nil).items.map(\.username) == ["bob"])
        #expect(try club.count("follow") == 1)
    }

    @Test func followingManyAtOnceIsAllOrNothingWithTheChecksOfOne() throws {
        let club = try ScratchClub()
        let follows = Follows(store: club.store)
        let alice = try club.user("alice")
        for name in ["bob", "carol", "dave", "erin"] { try club.user(name) }
        let erin = try club.accounts.authenticate(username: "erin", password: "erin-password")
        try club.accounts.editProfile(erin, ProfileChanges(isPrivate: true))
        try follows.follow(alice, "bob")
        #expect(throws: ClubError.notFound(kind: "user", reference: "ghost")) { try follows.followAll(alice, ["carol", "ghost"]) }
        #expect(throws: ClubError.invalid(field: "user", message: "you cannot follow yourself")) {
            try follows.followAll(alice, ["carol", "alice"])
        }
        try follows.block(erin, "alice")
        #expect(throws: ClubError.permissionDenied("erin does not accept follows from alice")) {
            try follows.followAll(alice, ["carol", "erin"])
        }
        #expect(try follows.following(of: "alice", viewer: alice).items.map(\.username) == ["bob"])
        try follows.unblock(erin, "alice")
        // bob is followed already; carol twice counts once; erin's profile is private.
        #expect(try follows.followAll(alice, ["bob", "carol", "CAROL", "dave", "erin"]) == 3)
        #expect(try follows.following(of: "alice", viewer: alice).items.map(\.username) == ["bob", "carol", "dave"])
        #expect(try follows.requests(alice, .outgoing).items.map(\.username) == ["erin"])
    }

    @Test func listsArePagedByUsername() throws {
        let club = try ScratchClub()
        let follows = Follows(store: club.store)
        let star = try club.user("star")
        for name in ["eve", "Dan", "bob", "carl", "amy"] {
            try follows.follow(try club.user(name.lowercased()), "star")
        }
        let first = try follows.followers(of: "star", viewer: star, limit: 2)
        #expect(first.items.map(\.username) == ["amy", "bob"])
        let second = try follows.followers(of: "star", viewer: star, after: first.next, limit: 2)
        #expect(second.items.map(\.username) == ["carl", "dan"])
        let third = try follows.followers(of: "star", viewer: star, after: second.next, limit: 2)
        #expect(third.items.map(\.username) == ["eve"] && third.next == nil)
    }

    @Test func profileDetailsAreCheckedAndCleared() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let edited = try club.accounts.editProfile(alice, ProfileChanges(city: "  Girona ", bio: "Rider", sport: "Yamaha MT-07"))
        #expect(edited.city == "Girona" && edited.bio == "Rider" && edited.sport == "Yamaha MT-07" && edited.isPrivate == false)
        let cleared = try club.accounts.editProfile(alice, ProfileChanges(city: ""))
        #expect(cleared.city == nil && cleared.bio == "Rider")
        #expect(throws: ClubError.invalid(field: "bio", message: "must be at most 1000 characters")) {
            try club.accounts.editProfile(alice, ProfileChanges(city: "Vic", bio: String(repeating: "á", count: 1_001)))
        }
        #expect(throws: ClubError.invalid(field: "city", message: "must not hold the NUL character (U+0000)")) {
            try club.accounts.editProfile(alice, ProfileChanges(city: "Vi\u{0}c"))
        }
        #expect(throws: ClubError.invalid(field: "profile", message: "give something to change")) {
            try club.accounts.editProfile(alice, ProfileChanges())
        }
        #expect(try club.accounts.profile(username: "alice").city == nil)
    }

    @Test func aPhotoMustBeAWholePNGOrJPEG() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        #expect(throws: ClubError.self) { try club.accounts.setPhoto(alice, Data("GIF89a not a photo".utf8)) }
        #expect(throws: ClubError.self) { try club.accounts.setPhoto(alice, TestImages.png(claimingWidth: 20_000, height: 10)) }
        #expect(try club.count("userPhoto") == 0)
        #expect(throws: ClubError.notFound(kind: "photo of", reference: "alice")) { try club.accounts.photo(username: "alice") }
        try club.accounts.setPhoto(alice, TestImages.smallJPEG)
        #expect(try club.accounts.photo(username: "alice") == Picture(data: TestImages.smallJPEG, mediaType: "image/jpeg"))
        #expect(try club.accounts.profile(username: "alice").hasPhoto == true)
        try club.accounts.setPhoto(alice, nil)
        #expect(try club.count("userPhoto") == 0)
    }

    @Test func deletingAnAccountTakesItsFollowsAndPhoto() throws {
        let club = try ScratchClub()
        let follows = Follows(store: club.store)
        let alice = try club.user("alice")
        _ = try club.user("bob")
        try follows.follow(alice, "bob")
        try club.accounts.setPhoto(alice, TestImages.smallJPEG)
        try club.accounts.delete(alice, currentPassword: "alice-password")
        #expect(try club.count("follow") == 0 && club.count("userPhoto") == 0)
    }
}
