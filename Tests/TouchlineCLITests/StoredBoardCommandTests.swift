import Foundation
import Testing

@Suite(.serialized) struct StoredBoardCommandTests {
    @Test func saveListShowDeleteAndOwnership() throws {
        let club = try ClubScratch()
        let saved = try club.run(["board", "save", Touchline.example("433.json"), "--title", " 4-3-3 pressing "], as: "alice")
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(saved.stdout == "saved board 1: 4-3-3 pressing (18 events, 6.8 kB)\n")
        let summary = try #require(try club.json(["board", "save", Touchline.example("multitouch.jsonl"), "--title", "Multi"],
                                                 as: "alice") as? [String: Any])
        #expect(Set(summary.keys) == ["id", "title", "owner", "createdAt", "bytes", "form", "events", "strokes",
                                      "durationMilliseconds", "editable", "viewLink"])
        #expect(summary["editable"] as? Bool == true && summary["viewLink"] as? Bool == false)
        #expect(summary["id"] as? Int == 2)
        #expect(summary["owner"] as? String == "alice")
        #expect(summary["bytes"] as? Int == 3364)
        #expect(summary["form"] as? String == "touchline.pointer")
        #expect(summary["durationMilliseconds"] as? Int == 954)
        #expect((summary["createdAt"] as? String)?.hasSuffix("Z") == true)
        #expect(try club.run(["board", "save", Touchline.example("mistake.json"), "--title", "Mistake"], as: "alice").status == 0)

        // Newest first, a page at a time.
        let page = try #require(try club.json(["board", "list", "--limit", "2"], as: "alice") as? [String: Any])
        #expect(Set(page.keys) == ["items", "next"])
        #expect((page["items"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [3, 2])
        let next = try #require(page["next"] as? String)
        let last = try #require(try club.json(["board", "list", "--after", next], as: "alice") as? [String: Any])
        #expect((last["items"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["4-3-3 pressing"])
        #expect(last["next"] is NSNull)
        let table = try club.run(["board", "list", "--limit", "2"], as: "alice")
        #expect(table.status == 0)
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "ID  TITLE    EVENTS  STROKES  DURATION  SIZE    CREATED")
        #expect(lines.count == 4 && lines[1].hasPrefix("3   Mistake  10      9        3.764 s   3.1 kB  "))
        #expect(lines.last == "more: --after \(next)")
        for limit in ["0", "101", "x"] {
            #expect(try club.run(["board", "list", "--limit", limit], as: "alice").status == 64, "\(limit)")
        }
        let badCursor = try club.run(["board", "list", "--after", "abc"], as: "alice")
        #expect(badCursor.status == 65)
        #expect(badCursor.stderr == "touchline: error: after: 'abc' is not a cursor from a board listing\n")

        // Show: the summary, and -o writes the log byte for byte.
        let out = club.scratch.path("again.jsonl")
        let show = try club.run(["board", "show", "2", "-o", out], as: "alice")
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.hasPrefix("id        2\ntitle     Multi\nowner     alice\nform      touchline.pointer\n"
            + "events    3 (3 strokes)\nduration  0.954 s\nsize      3364 bytes\ncreated   "))
        #expect(show.stdout.hasSuffix("\nshared    no\n"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data(contentsOf: URL(fileURLWithPath: Touchline.example("multitouch.jsonl"))))
        let shownJSON = try #require(try club.json(["board", "show", "2"], as: "alice") as? [String: Any])
        #expect(shownJSON["id"] as? Int == 2 && shownJSON["title"] as? String == "Multi")
        let nowhere = try club.run(["board", "show", "2", "-o", club.scratch.path("no/such/x.jsonl")], as: "alice")
        #expect(nowhere.status == 73)

        // Bob sees nothing of alice's: not found, 65.
        let bobs = try #require(try club.json(["board", "list"], as: "bob") as? [String: Any])
        #expect((bobs["items"] as? [Any])?.isEmpty == true && bobs["next"] is NSNull)
        for command in [["show", "1"], ["delete", "1"], ["render", "1", "-o", club.scratch.path("bob.png")], ["check", "1"]] {
            let denied = try club.run(["board"] + command, as: "bob")
            #expect(denied.status == 65, "\(command)")
            #expect(denied.stderr == "touchline: error: no board '1'\n", "\(command)")
        }
        #expect(!FileManager.default.fileExists(atPath: club.scratch.path("bob.png")))

        // Delete: once.
        let delete = try club.run(["board", "delete", "1"], as: "alice")
        #expect(delete.status == 0 && delete.stdout == "deleted board 1\n")
        let again = try club.run(["board", "delete", "1"], as: "alice")
        #expect(again.status == 65 && again.stderr == "touchline: error: no board '1'\n")
        // Without a user: 77.
        let anonymous = try club.run(["board", "list"])
        #expect(anonymous.status == 77)
    }

    @Test func aStoredBoardRendersAndChecksAsItsFile() throws {
        let club = try ClubScratch(users: ["alice"])
        #expect(try club.run(["board", "save", Touchline.example("433.json"), "--title", "433"], as: "alice").status == 0)
        let stored = try club.run(["board", "render", "1", "-o", club.scratch.path("stored.png")], as: "alice")
        #expect(stored.status == 0, "\(stored.stderr)")
        #expect(stored.stdout.hasPrefix("wrote \(club.scratch.path("stored.png")) (1024x768 px, 18 of 18 events, "))
        let file = try club.run(["board", "render", Touchline.example("433.json"), "-o", club.scratch.path("file.png")])
        #expect(file.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: club.scratch.path("stored.png")))
            == Data(contentsOf: URL(fileURLWithPath: club.scratch.path("file.png"))))
        let check = try club.run(["board", "check", "1"], as: "alice")
        #expect(check.status == 0 && check.stdout.hasPrefix("board             1\nform              touchline.strokes\n"))
        let frames = try club.run(["board", "frames", "1", "--out", club.scratch.path("frames"), "--every", "9"], as: "alice")
        #expect(frames.status == 0 && frames.stdout == "wrote 2 frames to \(club.scratch.path("frames"))\n")
        #expect(try club.run(["board", "render", "99999999999999999999", "-o", club.scratch.path("x.png")], as: "alice").stderr
            == "touchline: error: no board '99999999999999999999'\n")
        // A file named with digits is read as a file when written as a path.
        let digits = club.scratch.path("12")
        try FileManager.default.copyItem(atPath: Touchline.example("433.json"), toPath: digits)
        let named = try Touchline.run(["board", "check", "./12"], in: club.scratch.url)
        #expect(named.status == 0 && named.stdout.hasPrefix("file              ./12\n"))
    }

    @Test func badInputIsRefusedAndNothingIsStored() throws {
        let club = try ClubScratch(users: ["alice"])
        let bad = try club.scratch.write("bad.json", #"{"format":"touchline.strokes","version":1,"#)
        let refused = try club.run(["board", "save", bad, "--title", "Bad"], as: "alice")
        #expect(refused.status == 65)
        #expect(refused.stderr == "touchline: error: \(bad):1:43: malformed JSON: unexpected end of input\n")
        let bare = try club.scratch.write("bare.jsonl", #"{"t":0,"type":"down","id":1,"x":1,"y":1}"# + "\n")
        let headerless = try club.run(["board", "save", bare, "--title", "Bare"], as: "alice")
        #expect(headerless.status == 65)
        #expect(headerless.stderr == "touchline: error: \(bare):1: the pointer log has no header line; a stored board needs one, "
            + "with the surface, to be replayed\n")
        let untitled = try club.run(["board", "save", Touchline.example("433.json"), "--title", "  "], as: "alice")
        #expect(untitled.status == 65 && untitled.stderr == "touchline: error: title: must not be empty\n")
        #expect(try club.run(["board", "save", Touchline.example("433.json")], as: "alice").status == 64)
        let missing = try club.run(["board", "save", club.scratch.path("missing.json"), "--title", "M"], as: "alice")
        #expect(missing.status == 66)
        // Over 4 MiB: refused by its size, before it is read.
        let big = club.scratch.path("big.json")
        try Data(repeating: 0x20, count: (4 << 20) + 1).write(to: URL(fileURLWithPath: big))
        let oversize = try club.run(["board", "save", big, "--title", "Big"], as: "alice")
        #expect(oversize.status == 65)
        #expect(oversize.stderr == "touchline: error: \(big): is 4194305 bytes; a stored board's log may be at most "
            + "4194304 bytes (4 MiB)\n")
        let list = try #require(try club.json(["board", "list"], as: "alice") as? [String: Any])
        #expect((list["items"] as? [Any])?.isEmpty == true)
    }

    @Test func replaceShareAndUnshare() throws {
        let club = try ClubScratch(users: ["alice", "bob"])
        #expect(try club.run(["board", "save", Touchline.example("433.json"), "--title", "Pressing"], as: "alice").status == 0)

        let replaced = try club.run(["board", "replace", "1", Touchline.example("multitouch.jsonl")], as: "alice")
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(replaced.stdout == "replaced board 1: Pressing (3 events, 3.4 kB)\n")
        let renamed = try #require(try club.json(["board", "replace", "1", Touchline.example("mistake.json"), "--title", "Corner"],
                                                 as: "alice") as? [String: Any])
        #expect(renamed["id"] as? Int == 1 && renamed["title"] as? String == "Corner" && renamed["form"] as? String == "touchline.strokes")
        let out = club.scratch.path("back.json")
        #expect(try club.run(["board", "show", "1", "-o", out], as: "alice").status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data(contentsOf: URL(fileURLWithPath: Touchline.example("mistake.json"))))

        // share prints the link; sharing again makes a new one; --json gives the token too.
        let shared = try club.run(["board", "share", "1"], as: "alice")
        #expect(shared.status == 0, "\(shared.stderr)")
        let link = shared.stdout.trimmingCharacters(in: .newlines)
        #expect(link.hasPrefix("/board/1?view=") && link.count == "/board/1?view=".count + 32)
        let again = try #require(try club.json(["board", "share", "1"], as: "alice") as? [String: Any])
        let token = try #require(again["token"] as? String)
        #expect(again["url"] as? String == "/board/1?view=\(token)" && again["url"] as? String != link)
        #expect(try club.run(["board", "show", "1"], as: "alice").stdout.hasSuffix("\nshared    yes, with a view link\n"))
        let unshared = try club.run(["board", "unshare", "1"], as: "alice")
        #expect(unshared.status == 0 && unshared.stdout == "board 1 has no view link\n")
        #expect(try club.run(["board", "show", "1"], as: "alice").stdout.hasSuffix("\nshared    no\n"))

        // Bob can do none of it: not found, 65, nothing changed.
        for command in [["replace", "1", Touchline.example("433.json")], ["share", "1"], ["unshare", "1"]] {
            let denied = try club.run(["board"] + command, as: "bob")
            #expect(denied.status == 65, "\(command)")
            #expect(denied.stderr == "touchline: error: no board '1'\n", "\(command)")
        }
        // Bad input: a log that cannot be read, a missing file, a blank title; nothing changed.
        let bad = try club.scratch.write("bad.json", #"{"format":"touchline.strokes","version":1,"#)
        #expect(try club.run(["board", "replace", "1", bad], as: "alice").status == 65)
        #expect(try club.run(["board", "replace", "1", club.scratch.path("missing.json")], as: "alice").status == 66)
        #expect(try club.run(["board", "replace", "1", Touchline.example("433.json"), "--title", " "], as: "alice").status == 65)
        #expect(try club.run(["board", "replace", "1"], as: "alice").status == 64)
        let kept = try #require(try club.json(["board", "show", "1"], as: "alice") as? [String: Any])
        #expect(kept["title"] as? String == "Corner" && kept["form"] as? String == "touchline.strokes")
    }
}
