import Foundation
import GRDB
import Testing
import TestSupport
@testable import Club

/// The bytes of one of `examples/boards/` (boards and board posts).
func example(_ name: String) throws -> Data {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return try Data(contentsOf: root.appendingPathComponent("examples/boards/\(name)"))
}

/// A stroke document with `count` one-point strokes on a 1024 x 768 surface.
private func document(strokes count: Int = 1) -> Data {
    let strokes = (0..<count).map { #"{"type":"stroke","tool":"red","points":[[\#(100 + $0),100]]}"# }
    return Data(#"{"format":"touchline.strokes","version":1,"surface":{"width":1024,"height":768},"events":[\#(strokes.joined(separator: ","))]}"#.utf8)
}

/// Checks that `body` throws an error whose message is `message`.
private func expectMessage(_ message: String, sourceLocation: SourceLocation = #_sourceLocation,
                           _ body: () throws -> Void) {
    #expect(sourceLocation: sourceLocation, performing: body, throws: { error in
        (error as? LocalizedError)?.errorDescription == message
    })
}

@Suite struct BoardsTests {
    @Test func saveShowAndTheSummary() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let boards = Boards(store: club.store)
        let log = try example("433.json")
        let saved = try boards.save(alice, title: "  4-3-3 pressing \n", log: log, source: "433.json")
        #expect(saved.title == "4-3-3 pressing")
        #expect(saved.owner == "alice")
        #expect(saved.bytes == 6850 && saved.bytes == log.count)
        #expect(saved.form == "touchline.strokes")
        #expect(saved.events == 18 && saved.strokes == 18)
        #expect(saved.durationMilliseconds == 10608)
        #expect(abs(saved.createdAt.timeIntervalSinceNow) < 60)
        let shown = try boards.show(alice, saved.id)
        #expect(shown.summary == saved)
        #expect(shown.log == log)
        #expect(try boards.list(alice).items == [saved])

        // A pointer log, and one with a byte-order mark, CRLF line ends and trailing blanks,
        // come back byte for byte; an untimed document has no duration.
        let pointer = try boards.save(alice, title: "multi", log: try example("multitouch.jsonl"))
        #expect(pointer.form == "touchline.pointer")
        #expect(pointer.events == 3 && pointer.strokes == 3 && pointer.durationMilliseconds == 954)
        let odd = Data([0xEF, 0xBB, 0xBF]) + Data("""
            {"type":"header","format":"touchline.pointer","version":1,"surface":{"width":640,"height":480}}\r
            {"t":0,"type":"down","id":1,"x":10,"y":10}\r
            {"t":5,"type":"up","id":1,"x":20,"y":20}  \r\n\n
            """.utf8)
        let oddBoard = try boards.save(alice, title: "odd", log: odd)
        #expect(try boards.show(alice, oddBoard.id).log == odd)
        let untimed = try boards.save(alice, title: "untimed", log: document(strokes: 2))
        #expect(untimed.durationMilliseconds == nil && untimed.events == 2)
        #expect(try boards.show(alice, untimed.id).summary.durationMilliseconds == nil)
    }

    @Test func boardsArePersonal() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let bob = try club.user("bob")
        let boards = Boards(store: club.store)
        let board = try boards.save(alice, title: "Alice's", log: document())
        #expect(try boards.list(bob) == StoredBoardPage(items: [], next: nil))
        #expect(throws: ClubError.notFound(kind: "board", reference: String(board.id))) { try boards.show(bob, board.id) }
        #expect(throws: ClubError.notFound(kind: "board", reference: String(board.id))) { try boards.delete(bob, board.id) }
        #expect(throws: ClubError.notFound(kind: "board", reference: "999")) { try boards.show(alice, 999) }
        #expect(try boards.list(alice).items.map(\.id) == [board.id])
    }

    @Test func pagesAreNewestFirstAndKeyed() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let bob = try club.user("bob")
        let boards = Boards(store: club.store)
        let ids = try (1...5).map { try boards.save(alice, title: "board \($0)", log: document(strokes: $0)).id }
        try boards.save(bob, title: "bob's", log: document())
        let first = try boards.list(alice, limit: 2)
        #expect(first.items.map(\.title) == ["board 5", "board 4"])
        let next = try #require(first.next)
        // A board saved meanwhile does not shift the next page.
        let sixth = try boards.save(alice, title: "board 6", log: document())
        let second = try boards.list(alice, after: next, limit: 2)
        #expect(second.items.map(\.id) == [ids[2], ids[1]])
        let third = try boards.list(alice, after: second.next, limit: 2)
        #expect(third.items.map(\.id) == [ids[0]])
        #expect(third.next == nil)
        // A page that ends exactly on the last board says there is no next one.
        #expect(try boards.list(alice, limit: 6).next == nil)
        #expect(try boards.list(alice, limit: 5).next != nil)
        // The limit is brought into 1...100.
        #expect(try boards.list(alice, limit: 0).items.map(\.id) == [sixth.id])
        #expect(try boards.list(alice, limit: -5).items.count == 1)
        #expect(try boards.list(alice, limit: 1000).items.count == 6)
        for bad in ["", "abc", "-1", "+3", "0", "4", " 3", "3.0", "99999999999999999999", "YzEuMA"] {
            #expect(throws: ClubError.invalid(field: "after", message: "'\(bad)' is not a cursor from a board listing")) {
                try boards.list(alice, after: bad)
            }
        }
    }

    @Test func aPageOfAHundredAndOne() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let boards = Boards(store: club.store)
        for index in 1...101 { try boards.save(alice, title: "b\(index)", log: document()) }
        #expect(try boards.list(alice).items.count == 20)
        let first = try boards.list(alice, limit: 100)
        #expect(first.items.count == 100 && first.items.first?.title == "b101")
        let rest = try boards.list(alice, after: first.next, limit: 100)
        #expect(rest.items.map(\.title) == ["b1"] && rest.next == nil)
    }

    @Test func theJSONShapeIsStable() throws {
        let summary = StoredBoardSummary(id: 7, title: "T", owner: "alice", createdAt: Date(timeIntervalSince1970: 1_795_000_000),
                                         bytes: 10, form: "touchline.strokes", events: 2, strokes: 1, editable: true,
                                         viewLink: false)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let last = String(decoding: try encoder.encode(StoredBoardPage(items: [summary], next: nil)), as: UTF8.self)
        #expect(last == #"{"items":[{"bytes":10,"createdAt":"2026-11-18T11:06:40Z","editable":true,"events":2,"#
            + #""form":"touchline.strokes","id":7,"owner":"alice","strokes":1,"title":"T","viewLink":false}],"next":null}"#)
        // As a view link's holder reads it: not editable, and nothing said of the link.
        var shared = summary
        shared.editable = false
        shared.viewLink = nil
        #expect(String(decoding: try encoder.encode(shared), as: UTF8.self)
            == #"{"bytes":10,"createdAt":"2026-11-18T11:06:40Z","editable":false,"events":2,"form":"touchline.strokes","#
            + #""id":7,"owner":"alice","strokes":1,"title":"T"}"#)
        let more = StoredBoardPage(items: [], next: "7")
        #expect(String(decoding: try encoder.encode(more), as: UTF8.self) == #"{"items":[],"next":"7"}"#)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(StoredBoardPage.self, from: encoder.encode(more)) == more)
        #expect(try decoder.decode(StoredBoardPage.self, from: Data(last.utf8)).items == [summary])
    }

    @Test func anInvalidLogIsRefusedWithTheReadersMessage() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let boards = Boards(store: club.store)
        expectMessage("bad.json:1:43: malformed JSON: unexpected end of input") {
            try boards.save(alice, title: "bad", log: Data(#"{"format":"touchline.strokes","version":1,"#.utf8), source: "bad.json")
        }
        expectMessage("log: version: unsupported touchline.strokes version 3 (expected 1 or 2)") {
            try boards.save(alice, title: "v3", log: Data(#"{"format":"touchline.strokes","version":3,"surface":{"width":10,"height":10},"events":[]}"#.utf8))
        }
        expectMessage("log: the file is empty; expected a stroke document or a pointer log") {
            try boards.save(alice, title: "empty", log: Data(" \n".utf8))
        }
        // A pointer log without its header cannot be replayed later: the message says so,
        // rather than asking for --surface.
        expectMessage("body:1: the pointer log has no header line; a stored board needs one, with the surface, to be replayed") {
            try boards.save(alice, title: "bare", log: Data(#"{"t":0,"type":"down","id":1,"x":1,"y":1}"#.utf8), source: "body")
        }
        #expect(try club.count("board") == 0)
    }

    @Test func theSizeLimit() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let boards = Boards(store: club.store)
        #expect(Boards.maximumLogBytes == 4 << 20)
        // Exactly at the limit (a document padded with blanks) is kept; one byte more is not.
        var padded = document()
        padded += Data(repeating: 0x20, count: Boards.maximumLogBytes - padded.count)
        let kept = try boards.save(alice, title: "padded", log: padded)
        #expect(kept.bytes == Boards.maximumLogBytes)
        #expect(try boards.show(alice, kept.id).log == padded)
        #expect(throws: ClubError.invalid(field: "big.json",
                                          message: "is 4194305 bytes; a stored board's log may be at most 4194304 bytes (4 MiB)")) {
            try boards.save(alice, title: "big", log: padded + Data(" ".utf8), source: "big.json")
        }
        #expect(try club.count("board") == 1)
    }

    @Test func titleRules() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let boards = Boards(store: club.store)
        for empty in ["", "   ", "\n\t"] {
            #expect(throws: ClubError.invalid(field: "title", message: "must not be empty")) {
                try boards.save(alice, title: empty, log: document())
            }
        }
        #expect(throws: ClubError.invalid(field: "title", message: "must be at most 100 characters")) {
            try boards.save(alice, title: String(repeating: "t", count: 101), log: document())
        }
        // The title is checked before the log is read.
        #expect(throws: ClubError.invalid(field: "title", message: "must not be empty")) {
            try boards.save(alice, title: "", log: Data())
        }
        #expect(try club.count("board") == 0)
        let longest = String(repeating: "é", count: 100)
        #expect(try boards.save(alice, title: longest, log: document()).title == longest)
    }

    @Test func idsAreNeverReused() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let boards = Boards(store: club.store)
        let first = try boards.save(alice, title: "one", log: document())
        let second = try boards.save(alice, title: "two", log: document())
        // Deleting the newest, then every board, never hands an id out again.
        try boards.delete(alice, second.id)
        #expect(throws: ClubError.notFound(kind: "board", reference: String(second.id))) { try boards.delete(alice, second.id) }
        let third = try boards.save(alice, title: "three", log: document())
        #expect(third.id > second.id)
        try boards.delete(alice, first.id)
        try boards.delete(alice, third.id)
        #expect(try club.count("board") == 0)
        let fourth = try boards.save(alice, title: "four", log: document())
        #expect(fourth.id > third.id)
        #expect(throws: ClubError.notFound(kind: "board", reference: String(second.id))) { try boards.show(alice, second.id) }
        // Also across reopening the database.
        let reopened = Boards(store: try ClubStore(club.reference))
        try reopened.delete(alice, fourth.id)
        #expect(try reopened.save(alice, title: "five", log: document()).id > fourth.id)
    }

    @Test func deletingAnAccountDeletesItsBoards() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let bob = try club.user("bob")
        let boards = Boards(store: club.store)
        try boards.save(alice, title: "one", log: document())
        try boards.save(alice, title: "two", log: document())
        let bobs = try boards.save(bob, title: "bob's", log: document())
        try club.accounts.delete(alice, currentPassword: "alice-password")
        #expect(try club.count("board") == 1)
        #expect(try boards.list(bob).items == [bobs])
    }

    @Test(.upgradesAnOlderSQLiteFile)
    func aVersion7DatabaseGainsBoardsWhenOpened() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("club-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("touchline.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try ClubStore.migrator.migrate(queue, upTo: "v7 matches by their name, friendlies played by club teams")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO user (id, username, displayName, email, searchKey, passwordHash, createdAt)
                VALUES (1, 'alice', 'Alice', 'alice@example.org', 'alice', '$scrypt$x', '2025-01-01')
                """)
        }
        try queue.close()
        let boards = Boards(store: try ClubStore(path: path))
        let alice = ActingUser(userID: 1, username: "alice")
        let saved = try boards.save(alice, title: "first", log: document())
        #expect(try boards.list(alice).items == [saved])
    }
}

@Suite struct BoardQuotaTests {
    @Test func anAccountKeepsAtMostItsQuotaOfBoardsAndBytes() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let bob = try club.user("bob")
        let log = document(strokes: 1)
        let boards = Boards(store: club.store, quota: StorageQuota(items: 2, bytes: log.count * 3))
        let first = try boards.save(alice, title: "one", log: log)
        try boards.save(alice, title: "two", log: log)
        expectMessage("boards: an account keeps at most 2 boards; delete one first") {
            try boards.save(alice, title: "three", log: log)
        }
        #expect(try boards.list(alice).items.count == 2)
        // Another account has its own quota; deleting makes room.
        try boards.save(bob, title: "bob's", log: log)
        try boards.delete(alice, first.id)
        try boards.save(alice, title: "three", log: log)

        let big = document(strokes: 3)
        let bytes = Boards(store: club.store, quota: StorageQuota(items: 100, bytes: 2 * log.count + big.count - 1))
        expectMessage("boards: an account keeps at most \(2 * log.count + big.count - 1) bytes of boards, and its 2 take "
            + "\(2 * log.count) bytes: this one (\(big.count) bytes) would go over; delete some first") {
            try bytes.save(alice, title: "big", log: big)
        }
        #expect(try boards.list(alice).items.map(\.title) == ["three", "two"])
    }

    @Test func theDefaultQuota() {
        #expect(Boards.defaultQuota == StorageQuota(items: 1000, bytes: 256 << 20))
        #expect(StorageQuota.size(256 << 20) == "256 MiB")
        #expect(StorageQuota.size(3 << 19) == "1.5 MiB")
        #expect(StorageQuota.size(6850) == "6.7 KiB")
        #expect(StorageQuota.size(1023) == "1023 bytes")
    }
}
