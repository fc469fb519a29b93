import Foundation
import Testing
import TestSupport
@testable import Club

/// Whom to follow: followed by those one follows, then the most active publishers, never
/// oneself, those one follows or asked to, nor blocks either way.
extension FollowsTests {
    @Test func suggestionsComeFromThoseYouFollowThenFromTheBusiestPublishers() throws {
        let club = try ScratchClub()
        let follows = Follows(store: club.store)
        let posts = Posts(store: club.store)
        let names = ["me", "ann", "ben", "xia", "yan", "zoe", "pia", "bob", "ned", "wes", "quin"]
        var users: [String: ActingUser] = [:]
        for name in names { users[name] = try club.user(name) }
        func user(_ name: String) throws -> ActingUser { try #require(users[name]) }
        try club.accounts.editProfile(try user("pia"), ProfileChanges(isPrivate: true))
        for followed in ["ann", "ben"] { try follows.follow(try user("me"), followed) }
        try follows.follow(try user("me"), "pia") // a request, pending
        for followed in ["xia", "yan", "me", "pia"] { try follows.follow(try user("ann"), followed) }
        for followed in ["xia", "zoe", "ann", "bob", "ned"] { try follows.follow(try user("ben"), followed) }
        try follows.block(try user("bob"), "me") // bob blocks me
        try follows.block(try user("me"), "ned") // I block ned
        // Publishers: wes three public posts, yan one, quin only for followers, bob (who blocks me) two.
        for (name, count, audience) in [("wes", 3, PostAudience.everyone), ("yan", 1, .everyone), ("quin", 4, .followers),
                                        ("bob", 2, .everyone)] {
            for index in 0..<count { try posts.publish(try user(name), .note("post \(index)", audience: audience)) }
        }
        let found = try follows.suggestions(try user("me"))
        #expect(found.map(\.username) == ["xia", "yan", "zoe", "wes"])
        #expect(found.map(\.followedBy) == [2, 1, 1, 0] && found.map(\.recentPosts) == [0, 1, 0, 3])
        #expect(try follows.suggestions(try user("me"), limit: 2).map(\.username) == ["xia", "yan"])
        // Someone who follows no one is shown the busiest publishers, not themselves.
        #expect(try follows.suggestions(try user("wes")).map(\.username) == ["bob", "yan"])
        // Following a suggestion takes it off the list.
        try follows.follow(try user("me"), "xia")
        #expect(try follows.suggestions(try user("me")).map(\.username) == ["yan", "zoe", "wes"])
    }
}
