import Foundation
import Testing
import TestSupport
@testable import Club

/// A stroke document with `count` one-point strokes on a 1024 x 768 surface.
private func document(strokes count: Int = 1) -> Data {
    let strokes = (0..<count).map { #"{"type":"stroke","tool":"red","points":[[\#(100 + $0),100]]}"# }
    return Data(#"{"format":"touchline.strokes","version":1,"surface":{"width":1024,"height":768},"events":[\#(strokes.joined(separator: ","))]}"#.utf8)
}

private func notFound(_ id: Int64) -> ClubError { .notFound(kind: "board", reference: String(id)) }

/// A scratch club with alice, who owns the boards, and bob, who does not.
private struct TwoUsers {
    let club: ScratchClub
    let alice: ActingUser
    let bob: ActingUser
    let boards: Boards

    init(quota: StorageQuota = Boards.defaultQuota) throws {
        club = try ScratchClub()
        alice = try club.user("alice")
        bob = try club.user("bob")
        boards = Boards(store: club.store, quota: quota)
    }
}

/// Who may do what with a board and its view link: the owner, another user, a token's holder
/// (logged in or not), a rotated or removed token, no token.
@Suite struct BoardViewLinkTests {
    @Test func theOwnerSharesAndATokenReadsOnly() throws {
        let users = try TwoUsers()
        let (alice, bob, boards) = (users.alice, users.bob, users.boards)
        let log = document(strokes: 3)
        let board = try boards.save(alice, title: "Pressing", log: log)
        #expect(board.editable && board.viewLink == false)

        // No token yet: nobody but alice reads it.
        #expect(throws: notFound(board.id)) { try boards.show(nil, board.id, viewToken: nil) }
        #expect(throws: notFound(board.id)) { try boards.show(bob, board.id, viewToken: nil) }

        let token = try boards.rotateViewToken(alice, board.id)
        #expect(token.count == 32 && token.allSatisfy { "0123456789abcdef".contains($0) })
        let owned = try boards.show(alice, board.id)
        #expect(owned.summary.editable && owned.summary.viewLink == true)
        #expect(try boards.list(alice).items.first?.viewLink == true)

        // The token's holder, logged in or not, reads the board: read-only, without the owner's view-link flag.
        let shared = try boards.show(viewToken: token, board.id)
        #expect(shared.log == log)
        #expect(!shared.summary.editable && shared.summary.viewLink == nil)
        #expect(shared.summary.title == "Pressing" && shared.summary.owner == "alice" && shared.summary.id == board.id)
        let bobWithToken = try boards.show(bob, board.id, viewToken: token)
        #expect(!bobWithToken.summary.editable && bobWithToken.summary.viewLink == nil)
        #expect(try boards.summary(nil, board.id, viewToken: token) == shared.summary)
        // The owner with the token is still the owner.
        #expect(try boards.summary(alice, board.id, viewToken: token).editable)

        // A token changes nothing: bob, with or without it, neither replaces, shares, unshares nor deletes.
        #expect(throws: notFound(board.id)) { try boards.replace(bob, board.id, log: document()) }
        #expect(throws: notFound(board.id)) { try boards.rotateViewToken(bob, board.id) }
        #expect(throws: notFound(board.id)) { try boards.removeViewToken(bob, board.id) }
        #expect(throws: notFound(board.id)) { try boards.delete(bob, board.id) }
        #expect(try boards.list(bob).items.isEmpty)
        #expect(try boards.show(viewToken: token, board.id).log == log)
    }

    @Test func wrongRotatedAndRemovedTokensAreNotFound() throws {
        let users = try TwoUsers()
        let (alice, bob, boards) = (users.alice, users.bob, users.boards)
        let board = try boards.save(alice, title: "One", log: document())
        let other = try boards.save(alice, title: "Two", log: document())
        let first = try boards.rotateViewToken(alice, board.id)
        let otherToken = try boards.rotateViewToken(alice, other.id)

        // Wrong: random, malformed, another board's, this board's with another id.
        let wrong = String(repeating: "0", count: 32)
        for token in [wrong, "", first.uppercased(), first + "0", String(first.dropLast()), " " + first, otherToken,
                      String(repeating: "é", count: 32)] {
            #expect(throws: notFound(board.id), "\(token)") { try boards.show(viewToken: token, board.id) }
            #expect(throws: notFound(board.id), "\(token)") { try boards.show(bob, board.id, viewToken: token) }
        }
        #expect(throws: notFound(other.id)) { try boards.show(viewToken: first, other.id) }
        #expect(throws: notFound(999)) { try boards.show(viewToken: first, 999) }

        // Rotated: the old token stops at once, the new one reads.
        let second = try boards.rotateViewToken(alice, board.id)
        #expect(second != first)
        #expect(throws: notFound(board.id)) { try boards.show(viewToken: first, board.id) }
        #expect(try boards.show(viewToken: second, board.id).summary.id == board.id)

        // Removed: no token reads it; the owner sees no view link; removing again is fine.
        try boards.removeViewToken(alice, board.id)
        #expect(throws: notFound(board.id)) { try boards.show(viewToken: second, board.id) }
        #expect(try boards.show(alice, board.id).summary.viewLink == false)
        try boards.removeViewToken(alice, board.id)
        #expect(throws: notFound(999)) { try boards.removeViewToken(alice, 999) }
        // The other board's link is untouched.
        #expect(try boards.show(viewToken: otherToken, other.id).summary.id == other.id)

        // A deleted board's token reads nothing.
        try boards.delete(alice, other.id)
        #expect(throws: notFound(other.id)) { try boards.show(viewToken: otherToken, other.id) }
    }

    @Test func onlyTheTokensHashIsStored() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let boards = Boards(store: club.store)
        let board = try boards.save(alice, title: "One", log: document())
        var tokens: Set<String> = []
        for _ in 0..<20 { tokens.insert(try boards.rotateViewToken(alice, board.id)) }
        #expect(tokens.count == 20)
        let token = try boards.rotateViewToken(alice, board.id)
        let stored = try club.store.read { db in
            try db.value(String.self, "SELECT viewTokenHash FROM board WHERE id = ?", [board.id])
        }
        // SHA-256 as sessions' tokens are hashed, written in hex.
        let digest = SessionToken.digest(token).map { String(format: "%02x", $0) }.joined()
        #expect(stored == digest)
        #expect(try !club.holdsInClear(token))
        // The schema holds the shape: 64 lower-case hex digits, unique.
        #expect(throws: (any Error).self) {
            try club.store.write { db in try db.execute("UPDATE board SET viewTokenHash = 'abc' WHERE id = ?", [board.id]) }
        }
        let second = try boards.save(alice, title: "Two", log: document())
        #expect(throws: (any Error).self) {
            try club.store.write { db in
                try db.execute("UPDATE board SET viewTokenHash = ? WHERE id = ?", [digest, second.id])
            }
        }
    }

    @Test(.upgradesAnOlderSQLiteFile)
    func aVersion10DatabaseGainsViewLinks() throws {
        let club = try ScratchClub(upgradingFrom: "v10 private leagues", seeding: """
                INSERT INTO user (id, username, displayName, email, searchKey, passwordHash, createdAt)
                VALUES (1, 'alice', 'Alice', 'alice@example.org', 'alice', '$scrypt$x', '2025-01-01');
                INSERT INTO board (id, ownerId, title, log, bytes, form, events, strokes, createdAt)
                VALUES (1, 1, 'Old', x'7B7D', 2, 'touchline.strokes', 0, 0, '2025-01-01');
                """)
        let alice = ActingUser(userID: 1, username: "alice")
        let boards = Boards(store: club.store)
        #expect(try boards.summary(alice, 1, viewToken: nil).viewLink == false)
        let token = try boards.rotateViewToken(alice, 1)
        #expect(try boards.show(viewToken: token, 1).summary.title == "Old")
    }
}

@Suite struct BoardReplaceTests {
    @Test func theOwnerReplacesTheLogAndKeepsTheBoard() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let boards = Boards(store: club.store)
        let board = try boards.save(alice, title: "Pressing", log: document(strokes: 1))
        let token = try boards.rotateViewToken(alice, board.id)
        let redrawn = document(strokes: 4)
        let replaced = try boards.replace(alice, board.id, log: redrawn)
        #expect(replaced.id == board.id && replaced.title == "Pressing" && replaced.createdAt == board.createdAt)
        #expect(replaced.events == 4 && replaced.strokes == 4 && replaced.bytes == redrawn.count)
        #expect(replaced.editable && replaced.viewLink == true)
        #expect(try boards.show(alice, board.id).log == redrawn)
        // The view link shows the new log.
        #expect(try boards.show(viewToken: token, board.id).log == redrawn)
        // A title given replaces the old one (trimmed); a pointer log replaces a document.
        let pointer = Data("""
            {"type":"header","format":"touchline.pointer","version":1,"surface":{"width":640,"height":480}}
            {"t":0,"type":"down","id":1,"x":10,"y":10}
            {"t":5,"type":"up","id":1,"x":20,"y":20}
            """.utf8)
        let renamed = try boards.replace(alice, board.id, log: pointer, title: "  Redrawn ")
        #expect(renamed.title == "Redrawn" && renamed.form == "touchline.pointer" && renamed.durationMilliseconds == 5)
        #expect(try club.count("board") == 1)
    }

    @Test func badInputChangesNothing() throws {
        let users = try TwoUsers()
        let (alice, bob, boards) = (users.alice, users.bob, users.boards)
        let log = document(strokes: 2)
        let board = try boards.save(alice, title: "Pressing", log: log)
        #expect(throws: notFound(board.id)) { try boards.replace(bob, board.id, log: document(strokes: 5), title: "Bob's") }
        #expect(throws: notFound(999)) { try boards.replace(alice, 999, log: document()) }
        #expect(throws: ClubError.invalid(field: "title", message: "must not be empty")) {
            try boards.replace(alice, board.id, log: document(strokes: 5), title: " ")
        }
        #expect(throws: (any Error).self) {
            try boards.replace(alice, board.id, log: Data(#"{"format":"touchline.strokes","version":1,"#.utf8))
        }
        #expect(throws: (any Error).self) {
            try boards.replace(alice, board.id, log: Data(#"{"t":0,"type":"down","id":1,"x":1,"y":1}"#.utf8))
        }
        #expect(throws: ClubError.invalid(field: "big.json",
                                          message: "is 4194305 bytes; a stored board's log may be at most 4194304 bytes (4 MiB)")) {
            try boards.replace(alice, board.id, log: Data(repeating: 0x20, count: Boards.maximumLogBytes + 1), source: "big.json")
        }
        let kept = try boards.show(alice, board.id)
        #expect(kept.log == log && kept.summary == board)
    }

    @Test func theQuotaCountsTheNewLogInPlaceOfTheOld() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        let small = document(strokes: 1)
        let big = document(strokes: 3)
        // Two boards, the item quota full: replacing one is not a third.
        let boards = Boards(store: club.store, quota: StorageQuota(items: 2, bytes: small.count + big.count))
        let first = try boards.save(alice, title: "one", log: small)
        let second = try boards.save(alice, title: "two", log: small)
        // small + big fits: the replaced board's old bytes do not count.
        let replaced = try boards.replace(alice, second.id, log: big)
        #expect(replaced.bytes == big.count)
        // big + big does not.
        #expect(throws: ClubError.invalid(field: "boards", message: "an account keeps at most \(small.count + big.count) bytes "
            + "of boards, and its 1 take \(big.count) bytes: this one (\(big.count) bytes) would go over; delete some first")) {
            try boards.replace(alice, first.id, log: big)
        }
        #expect(try boards.show(alice, first.id).log == small)
    }
}
