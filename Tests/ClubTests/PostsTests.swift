import Foundation
import Testing
import TestSupport
@testable import Club

/// Posts by audience, comments, likes, the feed and group pages: who sees what.
@Suite struct PostsTests {
    /// Who reads, as the visibility tables name them.
    enum Reader: String, CaseIterable, CustomTestStringConvertible {
        case author, follower, pendingRequester, stranger, blocked, groupMember, formerMember, nobody
        var testDescription: String { rawValue }
    }

    /// `author` (private profile) with `fan` (an accepted follower), `asker` (a pending
    /// request), `walker` (a stranger), `troll` (blocked by the author, and a member of the
    /// group), `mate` (a member of the group "Riders", who does not follow the author) and
    /// `gone` (a member who left); one post for each audience.
    struct Cast {
        let club: ScratchClub
        let posts: Posts
        let groups: Groups
        let follows: Follows
        let author: ActingUser, fan: ActingUser, asker: ActingUser, walker: ActingUser, troll: ActingUser
        let mate: ActingUser, gone: ActingUser
        /// The post id of each audience.
        var ids: [String: Int64] = [:]

        init() throws {
            club = try ScratchClub()
            posts = Posts(store: club.store)
            groups = Groups(store: club.store)
            follows = Follows(store: club.store)
            author = try club.user("author")
            fan = try club.user("fan")
            asker = try club.user("asker")
            walker = try club.user("walker")
            troll = try club.user("troll")
            mate = try club.user("mate")
            gone = try club.user("gone")
            try club.accounts.editProfile(author, ProfileChanges(isPrivate: true))
            try follows.follow(fan, "author")
            try follows.accept(author, "fan")
            try follows.follow(asker, "author")
            try groups.create(author, name: "Riders", policy: .open)
            for member in [troll, mate, gone] { try groups.join(member, "riders") }
            try follows.block(author, "troll")
            for audience in [PostAudience.everyone, .followers, .group("Riders"), .onlyMe] {
                ids[audience.kind] = try posts.publish(author, .note("for \(audience.text)", audience: audience)).id
            }
            try groups.leave(gone, "Riders")
        }

        func actor(_ reader: Reader) -> ActingUser? {
            switch reader {
            case .author: author
            case .follower: fan
            case .pendingRequester: asker
            case .stranger: walker
            case .blocked: troll
            case .groupMember: mate
            case .formerMember: gone
            case .nobody: nil
            }
        }
    }

    /// Who sees a post of each audience.
    static let audienceTable: [(Reader, everyone: Bool, followers: Bool, group: Bool, onlyMe: Bool)] = [
        (.author, true, true, true, true),
        (.follower, true, true, false, false),
        (.pendingRequester, true, false, false, false),
        (.stranger, true, false, false, false),
        (.blocked, false, false, false, false),
        (.groupMember, true, false, true, false),
        (.formerMember, true, false, false, false),
        (.nobody, true, false, false, false),
    ]

    @Test(arguments: audienceTable)
    func aPostIsSeenOnlyByItsAudience(_ row: (Reader, everyone: Bool, followers: Bool, group: Bool, onlyMe: Bool)) throws {
        let cast = try Cast()
        let reader = cast.actor(row.0)
        for (kind, expected) in [("public", row.everyone), ("followers", row.followers), ("group", row.group), ("me", row.onlyMe)] {
            let id = try #require(cast.ids[kind])
            if expected {
                #expect(try cast.posts.show(reader, id).id == id, "\(row.0) reads the \(kind) post")
                #expect(try cast.posts.comments(reader, on: id).items.isEmpty)
                // The like's own visibility check (SQL, one statement on PostgreSQL) lets them in too.
                if let reader {
                    #expect(try cast.posts.like(reader, id) == 1, "\(row.0) likes the \(kind) post")
                    #expect(try cast.posts.unlike(reader, id) == 0, "\(row.0) unlikes the \(kind) post")
                }
            } else {
                #expect(throws: ClubError.notFound(kind: "post", reference: String(id)), "\(row.0) reads the \(kind) post") {
                    try cast.posts.show(reader, id)
                }
                #expect(throws: ClubError.notFound(kind: "post", reference: String(id))) { try cast.posts.comments(reader, on: id) }
                if let reader {
                    #expect(throws: ClubError.notFound(kind: "post", reference: String(id))) { try cast.posts.like(reader, id) }
                    #expect(throws: ClubError.notFound(kind: "post", reference: String(id))) { try cast.posts.unlike(reader, id) }
                    #expect(throws: ClubError.notFound(kind: "post", reference: String(id))) {
                        try cast.posts.comment(reader, on: id, text: "hello")
                    }
                }
            }
        }
        #expect(try cast.club.count("postLike") == 0 && cast.club.count("postComment") == 0)
    }

    /// What each reader's feed holds of the author's four posts: the feed holds the posts of
    /// the users one follows and of one's groups, so a stranger's holds none even of the public one.
    static let feedTable: [(Reader, [String])] = [
        (.author, ["public", "followers", "group", "me"]),
        (.follower, ["public", "followers"]),
        (.pendingRequester, []),
        (.stranger, []),
        (.blocked, []),
        (.groupMember, ["group"]),
        (.formerMember, []),
    ]

    @Test(arguments: feedTable)
    func theFeedHoldsOnlyWhatTheReaderMaySee(_ row: (Reader, [String])) throws {
        let cast = try Cast()
        let reader = try #require(cast.actor(row.0))
        let feed = try cast.posts.feed(reader)
        let expected = row.1.compactMap { cast.ids[$0] }.sorted(by: >)
        #expect(feed.items.map(\.id) == expected, "\(row.0)")
        #expect(feed.next == nil)
        // Everything the feed shows, the reader may open.
        for post in feed.items { #expect(try cast.posts.show(reader, post.id) == post) }
    }

    /// Who sees the group's page (members and posts): its current members only.
    static let groupPageTable: [(Reader, Bool)] = [
        (.author, true), (.follower, false), (.stranger, false), (.blocked, true), (.groupMember, true),
        (.formerMember, false), (.nobody, false),
    ]

    @Test(arguments: groupPageTable)
    func aGroupsPageIsItsMembersOnly(_ row: (Reader, Bool)) throws {
        let cast = try Cast()
        let reader = cast.actor(row.0)
        // The card is anyone's.
        let card = try cast.groups.show(reader, "RIDERS")
        #expect(card.name == "Riders" && card.members == 3 && card.owner == "author" && card.joinPolicy == .open)
        if row.1 {
            #expect(try cast.groups.members(reader, "Riders").items.map(\.username) == ["author", "mate", "troll"])
            let posts = try cast.posts.groupPosts(reader, "Riders").items.map(\.id)
            // A member the author blocks does not see the author's posts, even in the group.
            #expect(posts == (row.0 == .blocked ? [] : [try #require(cast.ids["group"])]), "\(row.0)")
        } else {
            #expect(throws: ClubError.self) { try cast.groups.members(reader, "Riders") }
            #expect(throws: ClubError.self) { try cast.posts.groupPosts(reader, "Riders") }
        }
    }

    @Test func theFeedIsKeysetPagedNewestFirst() throws {
        let club = try ScratchClub()
        let posts = Posts(store: club.store), follows = Follows(store: club.store)
        let alice = try club.user("alice"), bob = try club.user("bob"), carol = try club.user("carol")
        try follows.follow(alice, "bob")
        var ids: [Int64] = []
        for index in 0..<7 {
            let author = index % 2 == 0 ? bob : carol
            ids.append(try posts.publish(author, .note("post \(index)", audience: .everyone)).id)
        }
        ids.append(try posts.publish(alice, .note("mine", audience: .onlyMe)).id)
        let expected = [ids[7], ids[6], ids[4], ids[2], ids[0]]
        var seen: [Int64] = []
        var cursor: String?
        repeat {
            let page = try posts.feed(alice, after: cursor, limit: 2)
            seen += page.items.map(\.id)
            cursor = page.next
            // A post published meanwhile never shifts a page.
            if seen.count == 2 { try posts.publish(bob, .note("late", audience: .everyone)) }
        } while cursor != nil
        #expect(seen == expected)
        #expect(throws: ClubError.self) { try posts.feed(alice, after: "not a cursor") }
    }

    @Test func publishingManyAtOnceIsAllOrNothingInOrder() throws {
        let club = try ScratchClub()
        let posts = Posts(store: club.store), groups = Groups(store: club.store)
        let alice = try club.user("alice")
        try groups.create(alice, name: "Squad", policy: .open)
        let drafts: [PostDraft] = [.note("one", audience: .everyone), .note("two", audience: .group("squad")),
                                   .note("three", audience: .group("Squad")), .note("four", audience: .onlyMe)]
        #expect(throws: ClubError.notFound(kind: "group", reference: "Nobody")) {
            try posts.publishAll(alice, drafts + [.note("five", audience: .group("Nobody"))])
        }
        #expect(try club.count("post") == 0)
        let ids = try posts.publishAll(alice, drafts)
        #expect(ids == ids.sorted() && ids.count == 4)
        #expect(try ids.map { try posts.show(alice, $0).text } == ["one", "two", "three", "four"])
        #expect(try posts.show(alice, ids[1]).audience == "group:Squad")
    }

    @Test func likesAreOncePerUserAndCountedRight() throws {
        let club = try ScratchClub()
        let posts = Posts(store: club.store)
        let alice = try club.user("alice"), bob = try club.user("bob"), carol = try club.user("carol")
        let post = try posts.publish(alice, .note("Goal!", audience: .everyone))
        #expect(try posts.like(bob, post.id) == 1)
        #expect(try posts.like(bob, post.id) == 1)
        #expect(try posts.like(carol, post.id) == 2)
        #expect(try posts.show(bob, post.id).liked == true && posts.show(alice, post.id).liked == false)
        #expect(try posts.show(nil, post.id).liked == nil)
        #expect(try posts.unlike(bob, post.id) == 1)
        #expect(try posts.unlike(bob, post.id) == 1)
        _ = try posts.comment(carol, on: post.id, text: "What a strike")
        #expect(try posts.show(nil, post.id).comments == 1)
        // Carol's account goes, and with it her like and comment, from the counts too.
        try club.accounts.delete(carol, currentPassword: "carol-password")
        let after = try posts.show(nil, post.id)
        #expect(after.likes == 0 && after.comments == 0)
    }

    /// Likes arriving at once, on either store: each user's counts once however often they
    /// press, and the count matches the rows.
    @Test func likesAtOnceAreEachCountedOnce() throws {
        let club = try ScratchClub()
        let posts = Posts(store: club.store)
        let alice = try club.user("alice")
        let fans = try (0..<6).map { try club.user("fan\($0)") }
        let post = try posts.publish(alice, .note("Cup final!", audience: .everyone))
        let failures = Failures()
        // Six fans each like twice and one of them also unlikes, all at once.
        DispatchQueue.concurrentPerform(iterations: 12) { index in
            do {
                _ = try posts.like(fans[index % 6], post.id)
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures.all.isEmpty)
        #expect(try posts.show(alice, post.id).likes == 6)
        #expect(try club.count("postLike") == 6)
        DispatchQueue.concurrentPerform(iterations: 6) { index in
            do {
                _ = try index % 2 == 0 ? posts.unlike(fans[index], post.id) : posts.like(fans[index], post.id)
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures.all.isEmpty)
        #expect(try posts.show(alice, post.id).likes == 3)
        #expect(try club.count("postLike") == 3)
        #expect(throws: ClubError.notFound(kind: "post", reference: "999999")) { try posts.like(alice, 999_999) }
    }

    @Test func commentsAreEditedByTheirAuthorAndDeletedByThemThePostsAuthorOrGroupAdmins() throws {
        let club = try ScratchClub()
        let posts = Posts(store: club.store), groups = Groups(store: club.store)
        let alice = try club.user("alice"), bob = try club.user("bob"), carol = try club.user("carol"), dave = try club.user("dave")
        try groups.create(alice, name: "Squad", policy: .open)
        for user in [bob, carol, dave] { try groups.join(user, "Squad") }
        try groups.setRole(alice, "Squad", "dave", .admin)
        let post = try posts.publish(bob, .note("Training moved to 7", audience: .group("squad")))
        let first = try posts.comment(carol, on: post.id, text: "OK")
        let edited = try posts.editComment(carol, first.id, text: "OK, see you")
        #expect(edited.text == "OK, see you" && edited.editedAt != nil)
        #expect(throws: ClubError.permissionDenied("only its author may edit comment \(first.id)")) {
            try posts.editComment(bob, first.id, text: "no")
        }
        let second = try posts.comment(carol, on: post.id, text: "Late again?")
        let third = try posts.comment(carol, on: post.id, text: "Sorry")
        try posts.deleteComment(bob, first.id)      // the post's author
        try posts.deleteComment(dave, second.id)    // a group admin
        try posts.deleteComment(carol, third.id)    // its author
        #expect(try posts.comments(bob, on: post.id).items.isEmpty)
        #expect(try posts.show(bob, post.id).comments == 0)
        let fourth = try posts.comment(dave, on: post.id, text: "Admins too")
        #expect(throws: ClubError.self) { try posts.deleteComment(carol, fourth.id) }
        // A group admin deletes a member's post; another member may not.
        #expect(throws: ClubError.self) { try posts.delete(carol, post.id) }
        try posts.delete(dave, post.id)
        #expect(try club.count("post") == 0 && club.count("postComment") == 0)
    }

    @Test func routeAndBoardPostsShareTheAuthorsOwnOnly() throws {
        let club = try ScratchClub()
        let posts = Posts(store: club.store)
        let alice = try club.user("alice"), bob = try club.user("bob")
        let boards = Boards(store: club.store)
        let log = try example("433.json")
        let board = try boards.save(alice, title: "4-3-3", log: log)
        let post = try posts.publish(alice, PostDraft(kind: .board, audience: .everyone, text: "Our press", boardID: board.id))
        #expect(post.board?.id == board.id && post.board?.title == "4-3-3" && post.board?.editable == false)
        guard case .board(let shared) = try posts.picture(bob, post.id) else { throw ClubError.notFound(kind: "board", reference: "") }
        #expect(shared == log)
        #expect(throws: ClubError.notFound(kind: "image of post", reference: String(post.id))) { try posts.image(bob, post.id) }
        // Bob cannot share alice's board, nor post a board without one.
        #expect(throws: ClubError.notFound(kind: "board", reference: String(board.id))) {
            try posts.publish(bob, PostDraft(kind: .board, audience: .everyone, boardID: board.id))
        }
        #expect(throws: ClubError.self) { try posts.publish(bob, PostDraft(kind: .board, audience: .everyone)) }
        #expect(throws: ClubError.self) { try posts.publish(bob, PostDraft(kind: .note, audience: .everyone, text: "x", boardID: 1)) }
        // Deleting the board takes the post that shared it.
        try boards.delete(alice, board.id)
        #expect(throws: ClubError.notFound(kind: "post", reference: String(post.id))) { try posts.show(alice, post.id) }
    }

    @Test func badPostsAreRefusedAndChangeNothing() throws {
        let club = try ScratchClub()
        let posts = Posts(store: club.store), groups = Groups(store: club.store)
        let alice = try club.user("alice"), bob = try club.user("bob")
        try groups.create(bob, name: "Bobs", policy: .invite)
        let refusals: [(PostDraft, ClubError)] = [
            (.note("   ", audience: .everyone), .invalid(field: "text", message: "a note needs some text")),
            (.note(String(repeating: "x", count: 5_001), audience: .everyone),
             .invalid(field: "text", message: "must be at most 5000 characters")),
            (.note("hi", audience: .group("Bobs")), .invalid(field: "audience", message: "you are not a member of 'Bobs'")),
            (.note("hi", audience: .group("Nobody")), .notFound(kind: "group", reference: "Nobody")),
        ]
        for (draft, error) in refusals {
            #expect(throws: error) { try posts.publish(alice, draft) }
        }
        #expect(throws: ClubError.self) {
            try posts.publish(alice, .note("pic", audience: .everyone, image: Data("GIF89a".utf8)))
        }
        #expect(try club.count("post") == 0 && club.count("postImage") == 0)
        let withImage = try posts.publish(alice, .note("pic", audience: .followers, image: TestImages.smallJPEG))
        #expect(withImage.hasImage)
        #expect(try posts.image(alice, withImage.id) == Picture(data: TestImages.smallJPEG, mediaType: "image/jpeg"))
        #expect(throws: ClubError.notFound(kind: "post", reference: String(withImage.id))) { try posts.image(nil, withImage.id) }
    }

    @Test func groupMembershipRunsThroughInvitationsRequestsAndRoles() throws {
        let club = try ScratchClub()
        let groups = Groups(store: club.store)
        let alice = try club.user("alice"), bob = try club.user("bob"), carol = try club.user("carol"), dave = try club.user("dave")
        try groups.create(alice, name: "Under-12 parents", description: "Lifts and kit", policy: .request)
        #expect(throws: ClubError.duplicate(field: "group name", value: "UNDER-12 PARENTS")) {
            try groups.create(bob, name: "UNDER-12 PARENTS")
        }
        #expect(try groups.join(bob, "under-12 parents") == .requested)
        #expect(throws: ClubError.permissionDenied("only the owner and admins of 'Under-12 parents' may do that")) {
            try groups.approve(carol, "Under-12 parents", "bob")
        }
        try groups.approve(alice, "Under-12 parents", "bob")
        try groups.invite(alice, "Under-12 parents", "carol")
        #expect(try groups.show(carol, "Under-12 parents").role == .invited)
        #expect(try groups.members(alice, "Under-12 parents", pending: true).items.map(\.username) == ["carol"])
        #expect(try groups.join(carol, "Under-12 parents") == .member)
        try groups.setRole(alice, "Under-12 parents", "bob", .admin)
        // An admin removes members but not admins; only the owner does.
        #expect(throws: ClubError.self) { try groups.setRole(bob, "Under-12 parents", "carol", .admin) }
        try groups.remove(bob, "Under-12 parents", "carol")
        #expect(try groups.show(carol, "Under-12 parents").role == nil)
        // The owner cannot leave; hands over instead, and stays an admin.
        #expect(throws: ClubError.self) { try groups.leave(alice, "Under-12 parents") }
        try groups.transfer(alice, "Under-12 parents", to: "bob")
        let card = try groups.show(alice, "Under-12 parents")
        #expect(card.owner == "bob" && card.role == .admin && card.members == 2)
        try groups.leave(alice, "Under-12 parents")
        // Invite-only groups refuse those not invited; a user who blocks an admin is not invited.
        try groups.edit(bob, "Under-12 parents", policy: .invite)
        #expect(throws: ClubError.permissionDenied("'Under-12 parents' takes members by invitation only")) {
            try groups.join(dave, "Under-12 parents")
        }
        try Follows(store: club.store).block(dave, "bob")
        #expect(throws: ClubError.permissionDenied("dave does not accept invitations from bob")) {
            try groups.invite(bob, "Under-12 parents", "dave")
        }
        // The owner's account goes: the group passes on, or goes when no one is left.
        try groups.invite(bob, "Under-12 parents", "carol")
        _ = try groups.join(carol, "Under-12 parents")
        try club.accounts.delete(bob, currentPassword: "bob-password")
        #expect(try groups.show(nil, "Under-12 parents").owner == "carol")
        try Posts(store: club.store).publish(carol, .note("Bye", audience: .group("Under-12 parents")))
        try club.accounts.delete(carol, currentPassword: "carol-password")
        #expect(throws: ClubError.notFound(kind: "group", reference: "Under-12 parents")) { try groups.show(nil, "Under-12 parents") }
        #expect(try club.count("socialGroup") == 0 && club.count("post") == 0)
    }

    @Test func deletingAGroupTakesItsPosts() throws {
        let club = try ScratchClub()
        let groups = Groups(store: club.store), posts = Posts(store: club.store)
        let alice = try club.user("alice"), bob = try club.user("bob")
        try groups.create(alice, name: "Squad", policy: .open)
        try groups.join(bob, "Squad")
        try posts.publish(bob, .note("See you Sunday", audience: .group("Squad")))
        try posts.publish(bob, .note("Public", audience: .everyone))
        #expect(throws: ClubError.permissionDenied("only the owner of 'Squad' may do that")) { try groups.delete(bob, "Squad") }
        try groups.delete(alice, "Squad")
        #expect(try club.count("post") == 1 && club.count("groupMember") == 0)
    }
}

/// Errors gathered from several threads at once.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    func append(_ failure: String) {
        lock.lock()
        defer { lock.unlock() }
        items.append(failure)
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
