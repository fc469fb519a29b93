import Foundation
import Synchronization
import Testing
import TestSupport
@testable import Club

/// `touchline group`, `post`, `comment` and `feed`, end to end through the built binary, in
/// the forms scripts outside the repository rely on; concurrent likes from several processes.
@Suite(.serialized) struct PostCommandTests {
    @Test func postNoteShowAndTheFeedInTheirFixedForms() throws {
        let club = try ClubScratch(users: ["alice", "bob", "carol", "dave"])
        let created = try club.run(["group", "create", "Under-12 parents", "--policy", "open"], as: "alice")
        #expect(created.status == 0 && created.stdout == "created group Under-12 parents (open)\n", "\(created.stderr)")
        #expect(try club.run(["group", "join", "under-12 parents"], as: "bob").stdout == "joined under-12 parents\n")
        #expect(try club.run(["follow", "alice"], as: "carol").status == 0)

        // `post note` prints the id alone.
        let note = try club.run(["post", "note", "--text", "Training moved to 7pm", "--audience", "group:Under-12 parents"],
                                as: "bob")
        #expect(note.status == 0, "\(note.stderr)")
        let groupPost = try #require(Int(note.stdout.trimmingCharacters(in: .newlines)), "\(note.stdout)")
        let publicPost = try #require(Int(try club.run(["post", "note", "--text", "Hello", "--audience", "public"],
                                                       as: "alice").stdout.trimmingCharacters(in: .newlines)))
        let followersPost = try #require(Int(try club.run(["post", "note", "--text", "For my followers", "--audience", "followers"],
                                                          as: "alice").stdout.trimmingCharacters(in: .newlines)))
        let mine = try #require(Int(try club.run(["post", "note", "--text", "Only me", "--audience", "me"],
                                                 as: "alice").stdout.trimmingCharacters(in: .newlines)))

        // The feed: `items` with `id`, `author`, `kind`; `next`.
        func feed(_ user: String, _ extra: [String] = []) throws -> (ids: [Int], next: Any?) {
            let object = try #require(try club.json(["feed"] + extra, as: user) as? [String: Any])
            let items = try #require(object["items"] as? [[String: Any]])
            for item in items { #expect(item["author"] is String && item["kind"] as? String == "note") }
            #expect(object.keys.contains("next"))
            return (items.compactMap { $0["id"] as? Int }, object["next"])
        }
        #expect(try feed("alice").ids == [mine, followersPost, publicPost, groupPost])
        #expect(try feed("bob").ids == [groupPost])
        #expect(try feed("carol").ids == [followersPost, publicPost])
        #expect(try feed("dave").ids.isEmpty)
        let first = try feed("alice", ["--limit", "3"])
        let cursor = try #require(first.next as? String)
        let second = try feed("alice", ["--after", cursor])
        #expect(first.ids + second.ids == [mine, followersPost, publicPost, groupPost] && second.next is NSNull)

        // `post show`: seen by its audience, "no post" for anyone else, exit 65.
        let shown = try #require(try club.json(["post", "show", String(groupPost)], as: "alice") as? [String: Any])
        #expect(shown["id"] as? Int == groupPost && shown["author"] as? String == "bob"
                && shown["audience"] as? String == "group:Under-12 parents")
        let refused = try club.run(["post", "show", String(groupPost)], as: "carol")
        #expect(refused.status == 65 && refused.stderr == "touchline: error: no post '\(groupPost)'\n")
        let anonymous = try club.run(["post", "show", String(publicPost)])
        #expect(anonymous.status == 0 && anonymous.stdout.hasSuffix("\n\nHello\n"), "\(anonymous.stdout)")
        #expect(try club.run(["post", "show", String(followersPost)]).status == 65)

        // Likes and comments.
        #expect(try club.run(["post", "like", String(publicPost)], as: "carol").stdout == "post \(publicPost): 1 like\n")
        let comment = try #require(try club.json(["comment", "add", String(publicPost), "--text", "Hi!"], as: "carol")
            as? [String: Any])
        #expect(comment["postId"] as? Int == publicPost && comment["author"] as? String == "carol")
        let listed = try #require(try club.json(["comment", "list", String(publicPost)], as: "alice") as? [String: Any])
        #expect((listed["items"] as? [[String: Any]])?.map { $0["text"] as? String } == ["Hi!"])
        let counted = try #require(try club.json(["post", "show", String(publicPost)], as: "alice") as? [String: Any])
        #expect(counted["likes"] as? Int == 1 && counted["comments"] as? Int == 1 && counted["liked"] as? Bool == false)
    }

    @Test func badPostsGiveOneLineAndAStatusAndChangeNothing() throws {
        let club = try ClubScratch()
        #expect(try club.run(["group", "create", "Squad", "--policy", "invite"], as: "alice").status == 0)
        let cases: [([String], Int32, String)] = [
            (["post", "note", "--text", "hi", "--audience", "group:Squad"], 65,
             "touchline: error: audience: you are not a member of 'Squad'\n"),
            (["post", "note", "--text", "hi", "--audience", "group:Nobody"], 65, "touchline: error: no group 'Nobody'\n"),
            (["post", "note", "--text", "hi", "--audience", "friends"], 64, ""),
            (["post", "note", "--text", String(repeating: "x", count: 5_001)], 65,
             "touchline: error: text: must be at most 5000 characters\n"),
            (["post", "route", "99"], 65, "touchline: error: no route '99'\n"),
            (["group", "join", "Squad"], 77, "touchline: error: permission denied: 'Squad' takes members by invitation only\n"),
            (["group", "create", "SQUAD"], 65, "touchline: error: group name 'SQUAD' is already taken\n"),
            (["post", "like", "1"], 65, "touchline: error: no post '1'\n"),
        ]
        for (arguments, status, message) in cases {
            let result = try club.run(arguments, as: "bob")
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            if !message.isEmpty { #expect(result.stderr == message, "\(arguments)") }
        }
        let notAnImage = try club.scratch.write("image.gif", "GIF89a")
        let image = try club.run(["post", "note", "--text", "look", "--image", notAnImage], as: "bob")
        #expect(image.status == 65 && image.stderr.hasPrefix("touchline: error: image: "), "\(image.stderr)")
        let store = try ClubStore(club.database)
        #expect(try store.read { db in try db.value(Int.self, "SELECT count(*) FROM post") } == 0)
        #expect(try store.read { db in try db.value(Int.self, "SELECT count(*) FROM socialGroup") } == 1)
    }

    @Test func theRouteFeedListsSharedRoutesNearestFirst() throws {
        let club = try ClubScratch()
        let hike = TestPython.root.appendingPathComponent("examples/routes/garmin-hike.gpx").path
        #expect(try club.run(["route", "import", hike, "--name", "Hike"], as: "alice").status == 0)
        let shared = try #require(Int(try club.run(["post", "route", "1", "--audience", "public"], as: "alice").stdout
            .trimmingCharacters(in: .newlines)))
        let mine = try #require(Int(try club.run(["post", "route", "1", "--audience", "me"], as: "alice").stdout
            .trimmingCharacters(in: .newlines)))
        // Nobody logged in sees the public one; alice both, nearest (equal) by id.
        let anonymous = try Touchline.run(["feed", "--near", "47.4845,10.9757", "--json"], environment: club.environment)
        let page = try #require(try JSONSerialization.jsonObject(with: Data(anonymous.stdout.utf8)) as? [String: Any])
        let items = try #require(page["items"] as? [[String: Any]])
        #expect(items.map { $0["id"] as? Int } == [shared] && (items.first?["distanceMeters"] as? Double).map { $0 < 5_000 } == true)
        let alice = try #require(try club.json(["feed", "--near", "47.4845,10.9757"], as: "alice") as? [String: Any])
        #expect((alice["items"] as? [[String: Any]])?.map { $0["id"] as? Int } == [shared, mine])
        let table = try club.run(["feed", "--near", "47.4845,10.9757"], as: "bob")
        #expect(table.stdout.hasPrefix("ID  FROM YOU") && table.stdout.contains("Hike"), "\(table.stdout)")
        #expect(try club.run(["feed", "--near", "95,0"], as: "bob").status == 64)

        // The route post's picture is the route's thumbnail, as route thumbs draws it.
        let picture = club.scratch.path("post.png")
        let shown = try club.run(["post", "show", String(shared), "-o", picture], as: "bob")
        #expect(shown.status == 0 && shown.stdout.contains("image     written to \(picture)"), "\(shown.stdout) \(shown.stderr)")
        #expect(try club.run(["route", "thumbs", hike, "--out", club.scratch.path("thumbs")]).status == 0)
        let thumbnail = try Data(contentsOf: URL(fileURLWithPath: club.scratch.path("thumbs/garmin-hike-320x200.png")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: picture)) == thumbnail)
        #expect(try club.run(["post", "show", String(mine), "-o", picture], as: "bob").status == 65)
    }

    @Test func aBoardPostsPictureIsTheBoardsImage() throws {
        let club = try ClubScratch()
        let log = Touchline.example("433.json")
        #expect(try club.run(["board", "save", log, "--title", "4-3-3"], as: "alice").status == 0)
        let post = try #require(Int(try club.run(["post", "board", "1", "--audience", "public"], as: "alice").stdout
            .trimmingCharacters(in: .newlines)))
        let picture = club.scratch.path("post.png"), rendered = club.scratch.path("board.png")
        #expect(try Touchline.run(["post", "show", String(post), "-o", picture], environment: club.environment).status == 0)
        #expect(try Touchline.run(["board", "render", log, "-o", rendered]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: picture)) == Data(contentsOf: URL(fileURLWithPath: rendered)))
        // A note without an image has no picture.
        let note = try #require(Int(try club.run(["post", "note", "--text", "hi", "--audience", "public"], as: "alice").stdout
            .trimmingCharacters(in: .newlines)))
        let none = try club.run(["post", "show", String(note), "-o", picture], as: "alice")
        #expect(none.status == 65 && none.stderr == "touchline: error: no image of post '\(note)'\n", "\(none.stderr)")
    }

    @Test func likesFromManyProcessesAtOnceAreCountedOnceEach() throws {
        let users = ["alice", "bob", "carol", "dave", "erin", "frank"]
        let club = try ClubScratch(users: users)
        let id = try #require(Int(try club.run(["post", "note", "--text", "Derby day", "--audience", "public"],
                                               as: "alice").stdout.trimmingCharacters(in: .newlines)))
        // Each user likes twice, from two processes at once: twelve processes in all.
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: users.count * 2) { index in
            let user = users[index % users.count]
            let result = try? club.run(["post", "like", String(id)], as: user)
            if result?.status != 0 { failures.withLock { $0.append("\(user): \(result?.stderr ?? "did not run")") } }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        let post = try #require(try club.json(["post", "show", String(id)], as: "alice") as? [String: Any])
        #expect(post["likes"] as? Int == users.count)
        let store = try ClubStore(club.database)
        #expect(try store.read { db in try db.value(Int.self, "SELECT count(*) FROM postLike") } == users.count)
        // And unliking at once from two processes each leaves none.
        DispatchQueue.concurrentPerform(iterations: users.count * 2) { index in
            _ = try? club.run(["post", "unlike", String(id)], as: users[index % users.count])
        }
        let after = try #require(try club.json(["post", "show", String(id)], as: "alice") as? [String: Any])
        #expect(after["likes"] as? Int == 0)
    }
}
