import Foundation
import Testing
@testable import Club

@Suite struct MessagingTests {
    @Test func accentedBodiesArriveByteForByte() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob")
        let body = "á é í ó ú ñ ç ü"
        let sent = try club.messaging.send(alice, OutgoingMessage(to: "bob", subject: "Acentos", body: body))
        let received = try club.messaging.read(bob, id: sent.id)
        #expect(Array(received.body.utf8) == Array(body.utf8))
        // Decomposed forms are kept as they were sent, not normalised.
        let decomposed = "e\u{301}"
        let second = try club.messaging.send(alice, OutgoingMessage(to: "bob", subject: "NFD", body: decomposed))
        #expect(Array(try club.messaging.read(bob, id: second.id).body.utf8) == Array(decomposed.utf8))
    }

    @Test func deletingHidesOnlyOneSide() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob")
        let message = try club.messaging.send(alice, OutgoingMessage(to: "bob", subject: "League password", body: "hunter2"))
        try club.messaging.delete(bob, id: message.id)
        #expect(try club.messaging.inbox(bob).messages.isEmpty)
        #expect(throws: ClubError.notFound(kind: "message", reference: String(message.id))) {
            try club.messaging.read(bob, id: message.id)
        }
        #expect(try club.messaging.sent(alice).messages.map(\.id) == [message.id])
        #expect(try club.messaging.read(alice, id: message.id).body == "hunter2")
        try club.messaging.delete(alice, id: message.id)
        #expect(try club.count("message") == 0)
    }

    @Test func sendingToYourselfOrToNobodyIsRejected() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        #expect(throws: ClubError.invalid(field: "to", message: "you cannot send a message to yourself")) {
            try club.messaging.send(alice, OutgoingMessage(to: "ALICE", subject: "Hi", body: "me"))
        }
        #expect(throws: ClubError.notFound(kind: "user", reference: "ghost")) {
            try club.messaging.send(alice, OutgoingMessage(to: "ghost", subject: "Hi", body: "boo"))
        }
        #expect(throws: ClubError.self) { try club.messaging.send(alice, OutgoingMessage(to: "alice", subject: "", body: "x")) }
        #expect(try club.count("message") == 0)
    }

    @Test func aBatchIsAllOrNothing() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        try club.user("bob")
        let batch = [OutgoingMessage(to: "bob", subject: "1", body: "one"), OutgoingMessage(to: "ghost", subject: "2", body: "two")]
        #expect(throws: ClubError.self) { try club.messaging.sendAll(alice, batch) }
        #expect(try club.count("message") == 0)
    }

    @Test("a batch larger than one multi-row INSERT: each id is its own message's, in the order sent")
    func aLargeBatchGivesEachMessageItsID() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice")
        try club.user("bob")
        try club.user("carol")
        let batch = (0..<2_345).map { OutgoingMessage(to: $0 % 3 == 0 ? "carol" : "bob", subject: "s\($0)", body: "body \($0)") }
        let ids = try club.messaging.sendAll(alice, batch)
        #expect(ids.count == batch.count)
        #expect(ids == ids.sorted() && Set(ids).count == ids.count)
        let stored = try club.store.read { db in
            try db.fetchAll("SELECT m.id, m.subject, u.username FROM message m JOIN \"user\" u ON u.id = m.recipientId", [])
                .map { row -> (Int64, String, String) in (try row("id"), try row("subject"), try row("username")) }
        }
        let byID = Dictionary(uniqueKeysWithValues: stored.map { ($0.0, ($0.1, $0.2)) })
        for (index, id) in ids.enumerated() {
            #expect(byID[id]?.0 == "s\(index)" && byID[id]?.1 == batch[index].to, "message \(index)")
        }
    }

    @Test func readingMarksReadForTheRecipientOnly() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob")
        let message = try club.messaging.send(alice, OutgoingMessage(to: "bob", subject: "Hi", body: "there"))
        #expect(try club.messaging.unreadCount(bob) == 1)
        #expect(try club.messaging.read(alice, id: message.id).readAt == nil)
        #expect(try club.messaging.unreadCount(bob) == 1)
        #expect(try club.messaging.read(bob, id: message.id).readAt != nil)
        #expect(try club.messaging.unreadCount(bob) == 0)
        #expect(try club.messaging.inbox(bob).messages.first?.read == true)
    }

    @Test func repliesPrefixREOnce() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob")
        let first = try club.messaging.send(alice, OutgoingMessage(to: "bob", subject: "Friendly", body: "Saturday?"))
        let answer = try club.messaging.reply(bob, to: first.id, body: "Yes")
        #expect(answer.subject == "RE: Friendly" && answer.to == "alice" && answer.replyTo == first.id)
        let again = try club.messaging.reply(alice, to: answer.id, body: "Great")
        #expect(again.subject == "RE: Friendly" && again.to == "bob")
    }

    @Test func blockedSendersAreRefused() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob")
        try club.messaging.block(bob, "alice")
        #expect(throws: ClubError.permissionDenied("bob does not accept messages from alice")) {
            try club.messaging.send(alice, OutgoingMessage(to: "bob", subject: "Hi", body: "?"))
        }
        // Bob can still write to Alice; unblocking lets her answer.
        try club.messaging.send(bob, OutgoingMessage(to: "alice", subject: "Hi", body: "!"))
        #expect(try club.messaging.blocked(bob) == ["alice"])
        try club.messaging.unblock(bob, "alice")
        try club.messaging.send(alice, OutgoingMessage(to: "bob", subject: "Hi", body: "?"))
    }

    @Test func keysetPagesDoNotShiftWhenNewMailArrives() throws {
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob")
        let ids = try club.messaging.sendAll(alice, (1...45).map { OutgoingMessage(to: "bob", subject: "m\($0)", body: "b") })
        let first = try club.messaging.inbox(bob)
        #expect(first.messages.map(\.id) == Array(ids.reversed().prefix(20)))
        // New mail arrives between pages.
        try club.messaging.sendAll(alice, (1...5).map { OutgoingMessage(to: "bob", subject: "new\($0)", body: "b") })
        let second = try club.messaging.inbox(bob, before: first.nextBefore)
        #expect(second.messages.map(\.id) == Array(ids.reversed().dropFirst(20).prefix(20)))
        let third = try club.messaging.inbox(bob, before: second.nextBefore)
        #expect(third.messages.count == 5 && third.nextBefore == nil)
        #expect(try club.messaging.sent(alice, limit: 3).messages.map(\.subject) == ["new5", "new4", "new3"])
    }

    @Test func twoConnectionsSendingAtOnceBothSucceed() async throws {
        // Two stores are two connection pools, as two processes would have.
        let club = try ScratchClub()
        let alice = try club.user("alice"), bob = try club.user("bob")
        let reference = club.reference
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (actor, to) in [(alice, "bob"), (bob, "alice")] {
                group.addTask {
                    let messaging = Messaging(store: try ClubStore(reference))
                    for index in 0..<200 {
                        try messaging.send(actor, OutgoingMessage(to: to, subject: "\(index)", body: "concurrent"))
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try club.count("message") == 400)
    }
}
