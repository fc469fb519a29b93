import Club
import Foundation
import Support

/// How large the social scenes' club is.
struct SocialSize {
    var users: Int
    /// Follows a user makes, on average (uniform from half to one and a half times this).
    var follows: Int
    var postsPerUser: Int
    var groups: Int

    /// Issue #16's club: 100,000 users following 200 others on average, 10 posts each
    /// (1,000,000), 1,000 groups.
    static let full = SocialSize(users: 100_000, follows: 200, postsPerUser: 10, groups: 1_000)
    static let smoke = SocialSize(users: 2_000, follows: 50, postsPerUser: 10, groups: 20)
}

/// The "social" scenes: a club of users who follow each other, belong to groups and post is
/// built (untimed, through the services' batch calls: `Follows.followAll`, `Posts.publishAll`),
/// then the feed's first and third pages of a typical reader, a like and publishing a post
/// are timed, as `touchline feed`, `post like` and `post note` run them.
///
/// Who follows whom and what each posts comes from SeededRandom with a fixed seed, so every run
/// builds the same club. Each user joins one to three of the groups (open ones); of their
/// posts, one in ten goes to one of their groups, one in twenty to themselves alone, a quarter
/// to their followers and the rest to everyone.
enum SocialScene {
    static let seed: UInt64 = 0x50C1_A1_FEED_0016
    static let sqlitePrefix = "social", postgresPrefix = "social on postgres"

    static func names(prefix: String) -> [String] {
        ["feed page", "feed page 3", "like", "publish a note"].map { "\(prefix): \($0)" }
    }

    static func run(bench: Bench, size: SocialSize, postgres: String?) throws -> [SceneResult] {
        var results: [SceneResult] = []
        if names(prefix: sqlitePrefix).contains(where: bench.includes) {
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("touchline-bench-social-\(ProcessInfo.processInfo.processIdentifier)")
            try? FileManager.default.removeItem(at: folder)
            defer { try? FileManager.default.removeItem(at: folder) }
            let club = try SocialClub.build(reference: folder.appendingPathComponent("club.sqlite").path, size: size)
            defer { club.store.close() }
            results += try scenes(club, bench: bench, prefix: sqlitePrefix)
        }
        if let postgres, names(prefix: postgresPrefix).contains(where: bench.includes) {
            let club = try SocialClub.build(reference: postgres, size: size)
            defer { club.store.close() }
            results += try scenes(club, bench: bench, prefix: postgresPrefix)
        }
        return results
    }

    private static func scenes(_ club: SocialClub, bench: Bench, prefix: String) throws -> [SceneResult] {
        let posts = Posts(store: club.store)
        let reader = club.reader
        var cursor: String?
        for _ in 1..<3 { cursor = try posts.feed(reader, after: cursor).next }
        let third = cursor
        let feedNote = "Posts.feed of \(reader.username): follows \(club.readerFollows), in \(club.readerGroups) groups"
        var results = [
            try bench.inProcess("\(prefix): feed page", note: feedNote) {
                try timed {
                    guard try posts.feed(reader).items.count == PagingCursor.defaultLimit else { throw BenchError("a short feed page") }
                    return 0
                }
            },
            try bench.inProcess("\(prefix): feed page 3", note: feedNote + "; the cursor found untimed") {
                try timed {
                    guard try posts.feed(reader, after: third).items.count == PagingCursor.defaultLimit else {
                        throw BenchError("a short third feed page")
                    }
                    return 0
                }
            },
        ]
        // Each run likes another of the public posts in the reader's feed: a new like every time.
        var liked = try posts.feed(reader, limit: PagingCursor.maximumLimit).items.filter { $0.audience == "public" && $0.liked == false }
        // A server likes many times on each pooled connection; PostgreSQL plans a prepared
        // statement afresh for its first five runs on a connection and then once for all. The
        // timed likes are a running server's: after the first few, liked and taken back untimed.
        for post in liked.prefix(6) { _ = try posts.like(reader, post.id); _ = try posts.unlike(reader, post.id) }
        liked.removeFirst(min(6, liked.count))
        results.append(try bench.inProcess("\(prefix): like", note: "Posts.like of a public post in the feed, not liked before") {
            try timed {
                guard let post = liked.popLast() else { throw BenchError("no post left to like") }
                _ = try posts.like(reader, post.id)
                return 0
            }
        })
        var number = 0
        results.append(try bench.inProcess("\(prefix): publish a note", note: "Posts.publish of a note for followers") {
            try timed {
                number += 1
                _ = try posts.publish(reader, .note("Training moves to 7pm, week \(number)", audience: .followers))
                return 0
            }
        })
        return results
    }
}

/// The built club and the reader the scenes act as.
struct SocialClub {
    var store: ClubStore
    /// A user with the median number of follows, in two groups.
    var reader: ActingUser
    var readerFollows: Int
    var readerGroups: Int

    static func build(reference: String, size: SocialSize) throws -> SocialClub {
        let store = try ClubStore(reference)
        let accounts = Accounts(store: store, hasher: StoreScene.fastHasher)
        let follows = Follows(store: store), groups = Groups(store: store), posts = Posts(store: store)
        var random = SeededRandom(seed: SocialScene.seed)
        let clock = ContinuousClock()
        var actors: [ActingUser] = []
        actors.reserveCapacity(size.users)
        let registering = try clock.measure {
            for index in 0..<size.users {
                let name = username(index)
                try accounts.register(username: name, displayName: "Rider \(index)", email: "\(name)@example.org",
                                      password: StoreScene.password)
                actors.append(try accounts.authenticate(username: name, password: StoreScene.password))
            }
        }
        var followCounts: [Int] = []
        followCounts.reserveCapacity(size.users)
        let following = try clock.measure {
            for index in 0..<size.users {
                let count = size.follows / 2 + random.index(below: size.follows + 1)
                var chosen: Set<Int> = []
                while chosen.count < min(count, size.users - 1) { chosen.insert(random.index(below: size.users, excluding: index)) }
                try follows.followAll(actors[index], chosen.sorted().map(username))
                followCounts.append(chosen.count)
            }
        }
        var memberships: [[String]] = Array(repeating: [], count: size.users)
        let grouping = try clock.measure {
            for group in 0..<size.groups {
                try groups.create(actors[group % size.users], name: groupName(group), policy: .open)
                memberships[group % size.users].append(groupName(group))
            }
            for index in 0..<size.users {
                for _ in 0..<(1 + index % 3) {
                    let group = groupName(random.index(below: size.groups))
                    guard !memberships[index].contains(group) else { continue }
                    try groups.join(actors[index], .name(group))
                    memberships[index].append(group)
                }
            }
        }
        let posting = try clock.measure {
            for index in 0..<size.users {
                let drafts = (0..<size.postsPerUser).map { number -> PostDraft in
                    let roll = random.index(below: 20)
                    let audience: PostAudience = roll < 2 ? .group(memberships[index][random.index(below: memberships[index].count)])
                        : roll < 3 ? .onlyMe : roll < 8 ? .followers : .everyone
                    return .note("Ride \(number) of \(username(index)): 42 km along the coast, coffee at the lighthouse.",
                                 audience: audience)
                }
                try posts.publishAll(actors[index], drafts)
            }
        }
        // As after any bulk load: the planner's statistics, which autovacuum would gather
        // only minutes later (the feed is planned blind until then).
        try store.refreshStatistics()
        let median = followCounts.sorted()[followCounts.count / 2]
        let readerIndex = (0..<size.users).first { followCounts[$0] == median && memberships[$0].count == 2 }
            ?? followCounts.firstIndex(of: median) ?? 0
        let seconds = { (duration: Duration) in String(format: "%.1f", Bench.milliseconds(duration) / 1000) }
        let bytes = [store.path, store.path + "-wal"].compactMap {
            try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int
        }.reduce(0, +)
        print("note: social club of \(StoreScene.grouped(size.users)) users, "
            + "\(StoreScene.grouped(followCounts.reduce(0, +))) follows, \(StoreScene.grouped(size.users * size.postsPerUser)) posts "
            + "and \(StoreScene.grouped(size.groups)) groups built: users \(seconds(registering)) s, follows \(seconds(following)) s, "
            + "groups \(seconds(grouping)) s, posts \(seconds(posting)) s"
            + (bytes > 0 ? "; \(String(format: "%.0f", Double(bytes) / 1_048_576)) MiB" : ""))
        return SocialClub(store: store, reader: actors[readerIndex], readerFollows: median,
                          readerGroups: memberships[readerIndex].count)
    }

    static func username(_ index: Int) -> String { "rider" + String(format: "%06d", index) }
    static func groupName(_ index: Int) -> String { "Club " + String(format: "%04d", index) }
}
