import Foundation
import Support

/// The `message` and `block` tables: messages between users, their read and deletion marks,
/// and who blocks whom. ``Messaging`` decides who may see and do what; this only reads and
/// writes (and filters the folders, whose lists must be paged in SQL).
struct MessageStore {
    let db: StoreTransaction

    /// A message to insert.
    struct NewMessage {
        var senderID: Int64
        var recipientID: Int64
        var subject: String
        var body: String
        var replyTo: Int64?
        var sentAt: Date
    }

    /// A message with what decides who may see it.
    struct StoredMessage {
        var message: Message
        /// Nil once the sender's account is deleted.
        var senderID: Int64?
        var recipientID: Int64
        var deletedBySender: Bool
        var deletedByRecipient: Bool
    }

    /// A folder of a user's messages.
    enum Folder {
        /// Received and not deleted by the recipient.
        case inbox
        /// Sent and not deleted by the sender.
        case sent
    }

    /// Inserts `messages` through ``StoreTransaction/insertAll(into:columns:rows:)`` and
    /// returns their ids in the same order.
    func insert(_ messages: [NewMessage]) throws -> [Int64] {
        try db.insertAll(into: "message", columns: ["senderId", "recipientId", "subject", "body", "replyToId", "sentAt"],
                         rows: messages.map { [$0.senderID, $0.recipientID, $0.subject, $0.body, $0.replyTo, $0.sentAt] })
    }

    /// Message `id` with its sender's and recipient's usernames, whoever may see it; nil for no
    /// such message.
    func message(id: Int64) throws -> StoredMessage? {
        guard let row = try db.fetchOne("""
            SELECT message.*, sender.username AS sender, recipient.username AS recipient FROM message
            LEFT JOIN "user" AS sender ON sender.id = message.senderId
            JOIN "user" AS recipient ON recipient.id = message.recipientId
            WHERE message.id = ?
            """, [id]) else { return nil }
        let message = Message(id: try row("id"), from: try row("sender"), to: try row("recipient"), subject: try row("subject"),
                              body: try row("body"), replyTo: try row("replyToId"), sentAt: try row("sentAt"),
                              readAt: try row("readAt"))
        return StoredMessage(message: message, senderID: try row("senderId"), recipientID: try row("recipientId"),
                             deletedBySender: try row("deletedBySender"), deletedByRecipient: try row("deletedByRecipient"))
    }

    /// One page of `user`'s `folder`, newest first: the `limit` messages below id `before`.
    /// The folder's condition is the visibility rule of lists: a user sees the messages they
    /// received or sent that they have not deleted.
    func page(_ folder: Folder, of user: Int64, before: Int64?, limit: Int) throws -> MessagePage {
        let condition: String
        switch folder {
        case .inbox: condition = "recipientId = ? AND NOT deletedByRecipient"
        case .sent: condition = "senderId = ? AND NOT deletedBySender"
        }
        let rows = try db.fetchAll("""
            SELECT message.id, sender.username AS sender, recipient.username AS recipient, message.subject,
                   message.sentAt, message.readAt IS NOT NULL AS read
            FROM message
            LEFT JOIN "user" AS sender ON sender.id = message.senderId
            JOIN "user" AS recipient ON recipient.id = message.recipientId
            WHERE \(condition) AND message.id < ?
            ORDER BY message.id DESC LIMIT ?
            """, [user, before ?? Int64.max, limit + 1])
        let messages = try rows.prefix(limit).map { row in
            MessageSummary(id: try row("id"), from: try row("sender"), to: try row("recipient"), subject: try row("subject"),
                           sentAt: try row("sentAt"), read: try row("read"))
        }
        return MessagePage(messages: Array(messages), nextBefore: rows.count > limit ? messages.last?.id : nil)
    }

    /// How many messages `user` received, has not deleted and has not opened.
    func unreadCount(of user: Int64) throws -> Int {
        try db.value(Int.self, "SELECT count(*) FROM message WHERE recipientId = ? AND readAt IS NULL AND NOT deletedByRecipient",
                     [user]) ?? 0
    }

    /// Marks message `id` read at `time`.
    func markRead(id: Int64, at time: Date) throws {
        try db.execute("UPDATE message SET readAt = ? WHERE id = ?", [time, id])
    }

    /// Deletes message `id` for its recipient (`byRecipient`) or its sender only; once neither
    /// side keeps it, it goes.
    func delete(id: Int64, byRecipient: Bool) throws {
        try db.execute(byRecipient ? "UPDATE message SET deletedByRecipient = TRUE WHERE id = ?"
                                   : "UPDATE message SET deletedBySender = TRUE WHERE id = ?", [id])
        // Once neither side keeps it, it goes.
        try db.execute("DELETE FROM message WHERE id = ? AND deletedByRecipient AND (deletedBySender OR senderId IS NULL)",
                       [id])
    }

    /// Which of `users` block `user`, a thousand a query.
    func blockers(of user: Int64, among users: [Int64]) throws -> Set<Int64> {
        var found: Set<Int64> = []
        for start in stride(from: 0, to: users.count, by: 1_000) {
            let part = users[start..<min(start + 1_000, users.count)]
            let list = Array(repeating: "?", count: part.count).joined(separator: ", ")
            found.formUnion(try db.values(Int64.self, "SELECT blockerId FROM block WHERE blockedId = ? AND blockerId IN (\(list))",
                                          [user] + part.map { $0 as any SQLBindable }))
        }
        return found
    }

    /// Records that `blocker` blocks `blocked` (nothing when it already does).
    func block(_ blocked: Int64, by blocker: Int64) throws {
        try db.execute("INSERT INTO block (blockerId, blockedId) VALUES (?, ?) ON CONFLICT DO NOTHING", [blocker, blocked])
    }

    /// Removes the block of `blocked` by `blocker`, if any.
    func unblock(_ blocked: Int64, by blocker: Int64) throws {
        try db.execute("DELETE FROM block WHERE blockerId = ? AND blockedId = ?", [blocker, blocked])
    }

    /// The usernames `blocker` blocks, by username.
    func blocked(by blocker: Int64) throws -> [String] {
        try blockedRows(blocker, after: nil, limit: nil).map { try $0("username") }
    }

    /// One page of ``blocked(by:)``: the `limit` usernames after `cursor` (nil for the first).
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a cursor that no block listing gave.
    func blocked(by blocker: Int64, after cursor: String?, limit: Int) throws -> ListPage<String> {
        try Self.blockOrder.page(limit: limit, fetch: { try blockedRows(blocker, after: cursor, limit: $0) },
                                 items: { try $0.map { try $0("username") } })
    }

    /// The order of block listings (usernames are unique, ignoring case).
    static let blockOrder = Keyset(list: "block listing", [.text("\"user\".username", ignoringCase: true)])

    /// The rows of a block listing (holding ``blockOrder``'s key), `limit` at most when given.
    private func blockedRows(_ blocker: Int64, after cursor: String?, limit: Int?) throws -> [SQLRow] {
        let (after, arguments) = try Self.blockOrder.after(cursor, db.dialect)
        return try db.fetchAll("""
            SELECT "user".username, \(Self.blockOrder.selection) FROM block JOIN "user" ON "user".id = block.blockedId
            WHERE block.blockerId = ? AND \(after) ORDER BY \(Self.blockOrder.orderBy(db.dialect)) LIMIT ?
            """, [blocker] + arguments + [limit ?? Int.max])
    }
}

extension StoreTransaction {
    /// The messages between users and the blocks between them.
    var messages: MessageStore { MessageStore(db: self) }
}
