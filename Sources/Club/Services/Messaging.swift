import Foundation
import Support

/// Mail-like messages between users: send, inbox and sent folders with keyset paging, read
/// marks, replies, per-side deletion and blocking.
public struct Messaging: Sendable {
    /// The longest subject, in characters.
    public static let maximumSubject = 200
    /// The longest body, in characters.
    public static let maximumBody = 20_000
    /// The most messages one batch may send.
    public static let maximumBatch = 100_000

    let store: ClubStore

    public init(store: ClubStore) {
        self.store = store
    }

    /// Sends one message.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for an unknown recipient,
    ///   ``ClubError/invalid(field:message:)`` for a message to oneself or an empty or long
    ///   subject or body, ``ClubError/permissionDenied(_:)`` when the recipient blocked the sender.
    @discardableResult
    public func send(_ actor: ActingUser, _ message: OutgoingMessage) throws -> Message {
        let ids = try sendAll(actor, [message])
        guard let id = ids.first else { throw ClubError.invalid(field: "message", message: "nothing was sent") }
        return try store.read { db in try Self.visibleMessage(db, id: id, actor: actor) }
    }

    /// Sends several messages in one transaction (all or none), for bulk mail. The recipients
    /// and whether they block the sender are looked up a thousand names a query, and the
    /// messages inserted through ``StoreTransaction/insertAll(into:columns:rows:)``, so a batch
    /// costs PostgreSQL a few round trips rather than three a message.
    @discardableResult
    public func sendAll(_ actor: ActingUser, _ messages: [OutgoingMessage]) throws -> [Int64] {
        guard messages.count <= Self.maximumBatch else {
            throw ClubError.invalid(field: "messages", message: "at most \(Self.maximumBatch) in one batch")
        }
        let checked = try messages.map { message in
            (message, try Self.subject(message.subject), try Self.body(message.body))
        }
        let now = Date()
        return try store.write { db in
            let recipients = try db.users.ids(usernames: checked.map { $0.0.to })
            let blockers = try db.messages.blockers(of: actor.userID, among: Array(Set(recipients.values)))
            var rows: [MessageStore.NewMessage] = []
            rows.reserveCapacity(checked.count)
            // The first message in the batch that cannot go names the reason, as sending them
            // one by one would.
            for (message, subject, body) in checked {
                guard let recipient = recipients[message.to.lowercased()] else {
                    throw ClubError.notFound(kind: "user", reference: message.to)
                }
                guard recipient != actor.userID else {
                    throw ClubError.invalid(field: "to", message: "you cannot send a message to yourself")
                }
                guard !blockers.contains(recipient) else {
                    throw ClubError.permissionDenied("\(message.to) does not accept messages from \(actor.username)")
                }
                if let replyTo = message.replyTo {
                    _ = try Self.visibleMessage(db, id: replyTo, actor: actor)
                }
                rows.append(MessageStore.NewMessage(senderID: actor.userID, recipientID: recipient, subject: subject, body: body,
                                                    replyTo: message.replyTo, sentAt: now))
            }
            return try db.messages.insert(rows)
        }
    }

    /// Replies to a message the actor received or sent: to the other side, the subject
    /// prefixed with "RE: " once.
    @discardableResult
    public func reply(_ actor: ActingUser, to id: Int64, body: String) throws -> Message {
        let original = try store.read { db in try Self.visibleMessage(db, id: id, actor: actor) }
        let other = original.to.lowercased() == actor.username.lowercased() ? original.from : original.to
        guard let other else {
            throw ClubError.invalid(field: "message", message: "\(id) came from a deleted user, who cannot be answered")
        }
        let subject = original.subject.lowercased().hasPrefix("re: ") ? original.subject : "RE: " + original.subject
        return try send(actor, OutgoingMessage(to: other, subject: String(subject.prefix(Self.maximumSubject)),
                                               body: body, replyTo: id))
    }

    /// The actor's received messages, newest first; `before` is the previous page's
    /// ``MessagePage/nextBefore`` (keyset paging: new mail never shifts a page).
    public func inbox(_ actor: ActingUser, before: Int64? = nil, limit: Int = 20) throws -> MessagePage {
        try page(actor, .inbox, before: before, limit: limit)
    }

    /// The actor's sent messages, newest first (see ``inbox(_:before:limit:)``).
    public func sent(_ actor: ActingUser, before: Int64? = nil, limit: Int = 20) throws -> MessagePage {
        try page(actor, .sent, before: before, limit: limit)
    }

    /// How many received messages the actor has not opened.
    public func unreadCount(_ actor: ActingUser) throws -> Int {
        try store.read { db in try db.messages.unreadCount(of: actor.userID) }
    }

    /// Opens a message the actor sent or received; opening it marks it read for its
    /// recipient (not for its sender).
    public func read(_ actor: ActingUser, id: Int64) throws -> Message {
        try store.write { db in
            var message = try Self.visibleMessage(db, id: id, actor: actor)
            if message.readAt == nil, message.to.lowercased() == actor.username.lowercased() {
                let now = Date()
                try db.messages.markRead(id: id, at: now)
                message.readAt = now
            }
            return message
        }
    }

    /// Deletes a message for the actor's side only; the other side keeps its copy.
    public func delete(_ actor: ActingUser, id: Int64) throws {
        try store.write { db in
            let message = try Self.visibleMessage(db, id: id, actor: actor)
            let isRecipient = message.to.lowercased() == actor.username.lowercased()
            try db.messages.delete(id: id, byRecipient: isRecipient)
        }
    }

    /// Refuses new messages from `username` to the actor: the one block list, which
    /// ``Follows/block(_:_:)`` keeps (blocking also ends the follows between the two).
    public func block(_ actor: ActingUser, _ username: String) throws {
        try Follows(store: store).block(actor, username)
    }

    /// Accepts messages from `username` again (``Follows/unblock(_:_:)``).
    public func unblock(_ actor: ActingUser, _ username: String) throws {
        try Follows(store: store).unblock(actor, username)
    }

    /// The users the actor blocks, by username.
    public func blocked(_ actor: ActingUser) throws -> [String] {
        try store.read { db in try db.messages.blocked(by: actor.userID) }
    }

    /// One page of ``blocked(_:)``: the `limit` usernames (1 to `PagingCursor.maximumLimit`,
    /// 100) after the previous page's ``ListPage/next`` (nil for the first).
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for an `after` that no block listing gave.
    public func blocked(_ actor: ActingUser, after cursor: String?,
                        limit: Int = PagingCursor.defaultLimit) throws -> ListPage<String> {
        try store.read { db in try db.messages.blocked(by: actor.userID, after: cursor, limit: limit) }
    }

    // MARK: - Helpers

    private func page(_ actor: ActingUser, _ folder: MessageStore.Folder, before: Int64?, limit: Int) throws -> MessagePage {
        let limit = max(1, min(limit, 500))
        return try store.read { db in try db.messages.page(folder, of: actor.userID, before: before, limit: limit) }
    }

    /// A message the actor may see: received and not deleted by them, or sent and not deleted
    /// by them. Anything else is "not found", whether or not it exists.
    static func visibleMessage(_ db: StoreTransaction, id: Int64, actor: ActingUser) throws -> Message {
        guard let stored = try db.messages.message(id: id),
              (stored.recipientID == actor.userID && !stored.deletedByRecipient)
                || (stored.senderID == actor.userID && !stored.deletedBySender) else {
            throw ClubError.notFound(kind: "message", reference: String(id))
        }
        return stored.message
    }

    static func subject(_ text: String) throws -> String {
        try Validation.text(text, field: "subject", maximum: maximumSubject)
    }

    /// The body exactly as given (UTF-8 kept byte for byte), checked for length only.
    static func body(_ text: String) throws -> String {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ClubError.invalid(field: "body", message: "must not be empty")
        }
        guard text.unicodeScalars.count <= maximumBody else {
            throw ClubError.invalid(field: "body", message: "must be at most \(maximumBody) characters")
        }
        return try Validation.noNUL(text, field: "body")
    }
}
