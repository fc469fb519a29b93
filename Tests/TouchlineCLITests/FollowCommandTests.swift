import Foundation
import Testing
import TestSupport
@testable import Club

/// `touchline user edit --private|--public` and `touchline follow`, end to end through the
/// built binary, in the forms scripts outside the repository rely on.
@Suite(.serialized) struct FollowCommandTests {
    @Test func aPrivateProfileIsFollowedOnRequest() throws {
        let club = try ClubScratch()
        let made = try club.run(["user", "edit", "--private", "--city", "Bilbao", "--bio", "Coach of the under-12s"], as: "bob")
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout == "updated bob (private profile)\n")

        // alice asks; bob sees the request, accepts it; carol asks and is declined.
        let asked = try club.json(["follow", "bob"], as: "alice") as? [String: Any]
        #expect(asked?["user"] as? String == "bob" && asked?["state"] as? String == "requested")
        #expect(try club.run(["follow", "bob"], as: "carol").stdout == "asked to follow bob; their profile is private\n")
        let requests = try #require(try club.json(["follow", "requests"], as: "bob") as? [String: Any])
        let items = try #require(requests["items"] as? [[String: Any]])
        #expect(items.map { $0["username"] as? String } == ["alice", "carol"])
        #expect(requests.keys.contains("next") && requests["next"] is NSNull)
        let accepted = try club.json(["follow", "accept", "alice"], as: "bob") as? [String: Any]
        #expect(accepted?["user"] as? String == "alice" && accepted?["state"] as? String == "following")
        let declined = try club.json(["follow", "decline", "carol"], as: "bob") as? [String: Any]
        #expect(declined?["user"] as? String == "carol" && declined?["state"] as? String == "none")
        #expect(try club.run(["follow", "requests"], as: "bob").stdout == "no pending follow requests\n")

        // What each sees of bob: alice (a follower) the details, carol only the card.
        let seen = try #require(try club.json(["user", "show", "bob"], as: "alice") as? [String: Any])
        #expect(seen["city"] as? String == "Bilbao" && seen["relation"] as? String == "following" && seen["followers"] as? Int == 1)
        let card = try #require(try club.json(["user", "show", "bob"], as: "carol") as? [String: Any])
        #expect(card["city"] == nil && card["bio"] == nil && card["followers"] == nil && card["private"] as? Bool == true)
        let anonymous = try club.run(["user", "show", "bob"])
        #expect(anonymous.status == 0 && anonymous.stdout.contains("details   only for their followers"), "\(anonymous.stdout)")
        #expect(!anonymous.stdout.contains("Bilbao"))
        let refused = try club.run(["follow", "followers", "bob"], as: "carol")
        #expect(refused.status == 77, "\(refused.stderr)")
        #expect(refused.stderr.contains("bob's profile is private"), "\(refused.stderr)")
        #expect(try club.run(["follow", "followers", "bob"], as: "alice").stdout.hasPrefix("USERNAME  NAME   SINCE\nalice     Alice  "))

        // Public again: carol's new request becomes a follow at once.
        #expect(try club.run(["follow", "bob"], as: "carol").status == 0)
        #expect(try club.run(["user", "edit", "--public"], as: "bob").stdout == "updated bob\n")
        let followers = try #require(try club.json(["follow", "followers"], as: "bob") as? [String: Any])
        #expect((followers["items"] as? [[String: Any]])?.map { $0["username"] as? String } == ["alice", "carol"])
        #expect(try club.run(["follow", "unfollow", "bob"], as: "alice").stdout == "no longer following bob\n")
        // Alice follows carol, who follows bob: bob is suggested to alice.
        #expect(try club.run(["follow", "carol"], as: "alice").status == 0)
        let suggested = try #require(try club.json(["follow", "suggestions"], as: "alice") as? [String: Any])
        #expect((suggested["items"] as? [[String: Any]])?.map { $0["username"] as? String } == ["bob"])
        #expect(try club.run(["follow", "suggestions"], as: "alice").stdout
                == "USER  NAME  WHY\nbob   Bob   followed by 1 you follow\n")
    }

    @Test func badRequestsGiveOneLineAndAStatusAndChangeNothing() throws {
        let club = try ClubScratch()
        #expect(try club.run(["follow", "block", "alice"], as: "bob").stdout == "blocked alice\n")
        // bob's profile is public, but not to the user he blocks.
        #expect(try club.run(["user", "edit", "--city", "Getxo"], as: "bob").status == 0)
        let hidden = try club.run(["user", "show", "bob"], as: "alice")
        #expect(hidden.stdout.contains("details   not shown to you") && !hidden.stdout.contains("Getxo"), "\(hidden.stdout)")
        let cases: [([String], String, Int32, String)] = [
            (["follow", "alice"], "alice", 65, "touchline: error: user: you cannot follow yourself\n"),
            (["follow", "bob"], "alice", 77, "touchline: error: permission denied: bob does not accept follows from alice\n"),
            (["follow", "accept", "carol"], "alice", 65, "touchline: error: no follow request 'carol → alice'\n"),
            (["follow", "ghost"], "alice", 65, "touchline: error: no user 'ghost'\n"),
            (["user", "edit", "--bio", String(repeating: "x", count: 1_001)], "alice", 65,
             "touchline: error: bio: must be at most 1000 characters\n"),
            (["user", "edit", "--private", "--public"], "alice", 64, ""),
        ]
        for (arguments, user, status, message) in cases {
            let result = try club.run(arguments, as: user)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            if !message.isEmpty { #expect(result.stderr == message, "\(arguments)") }
        }
        // A photo that is not a PNG or JPEG, with a name change: neither happens.
        let notAPhoto = try club.scratch.write("photo.gif", "GIF89a")
        let photo = try club.run(["user", "edit", "--name", "Alicia", "--photo", notAPhoto], as: "alice")
        #expect(photo.status == 65, "\(photo.stderr)")
        #expect(photo.stderr.hasPrefix("touchline: error: photo: "), "\(photo.stderr)")
        let store = try ClubStore(club.database)
        let stored = try store.read { db in
            (try db.value(Int.self, "SELECT count(*) FROM follow") ?? -1,
             try db.value(String.self, "SELECT displayName FROM \"user\" WHERE username = 'alice'") ?? "",
             try db.value(String.self, "SELECT coalesce(bio, '') FROM \"user\" WHERE username = 'alice'") ?? "?")
        }
        #expect(stored.0 == 0 && stored.1 == "Alice" && stored.2 == "")
    }

    @Test func aPhotoIsSetShownAndWrittenBack() throws {
        let club = try ClubScratch()
        let photo = club.scratch.path("me.jpg")
        try TestImages.smallJPEG.write(to: URL(fileURLWithPath: photo))
        #expect(try club.run(["user", "edit", "--photo", photo], as: "alice").status == 0)
        let out = club.scratch.path("back.jpg")
        let written = try club.run(["user", "photo", "alice", "-o", out])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == TestImages.smallJPEG)
        #expect(try club.run(["user", "edit", "--photo", ""], as: "alice").status == 0)
        let none = try club.run(["user", "photo", "alice", "-o", club.scratch.path("none.jpg")])
        #expect(none.status == 65 && none.stderr == "touchline: error: no photo of 'alice'\n", "\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: club.scratch.path("none.jpg")))
    }
}
