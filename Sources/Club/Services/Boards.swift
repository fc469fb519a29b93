import Foundation
import Support
import Tactics

/// Users' stored tactics boards: a title and the stroke log exactly as it was posted. Boards
/// are personal, as routes are: only the owner lists, shows, changes or deletes a board, and
/// another user's board is "not found" (its existence is not revealed). The owner may give a
/// board a view link, whose secret token lets anyone holding it read the board (never change
/// it) without logging in; rotating the token or removing it ends that at once, and a wrong or
/// old token is "not found" too. Deleting an account deletes its boards. A board's id is never
/// given to another board, even once it is deleted, so a saved link never shows a different board.
///
/// ```swift
/// let boards = Boards(store: store)
/// let saved = try boards.save(alice, title: "4-3-3 pressing", log: try Data(contentsOf: url))
/// let page = try boards.list(alice)                     // newest first, 20 at a time
/// let older = try boards.list(alice, after: page.next)  // the next page (nil `after`: the first)
/// let board = try boards.show(alice, saved.id)           // board.log == the bytes saved
/// try boards.replace(alice, saved.id, log: redrawn)      // the same board, a new log
/// let token = try boards.rotateViewToken(alice, saved.id)
/// let shared = try boards.show(viewToken: token, saved.id) // anyone with the token; editable false
/// try boards.removeViewToken(alice, saved.id)            // the token reads nothing any more
/// try boards.delete(alice, saved.id)
/// ```
public struct Boards: Sendable {
    /// The largest log stored, in bytes: 4 MiB. A board drawn on a tablet is a few kilobytes
    /// (the examples are 3 to 7 kB), and 4 MiB still holds some 70,000 pointer events, about
    /// twenty minutes of drawing without a pause at 60 Hz; every show and render reads the log
    /// whole, so a row stays small. (Tactics' reader alone accepts files up to 64 MiB.)
    public static let maximumLogBytes = 4 << 20
    /// The longest title, in characters.
    public static let maximumTitle = 100

    /// What one account may keep: 1,000 boards and 256 MiB of logs.
    public static let defaultQuota = StorageQuota(items: 1000, bytes: 256 << 20)

    let store: ClubStore
    let quota: StorageQuota

    public init(store: ClubStore, quota: StorageQuota = Boards.defaultQuota) {
        self.store = store
        self.quota = quota
    }

    /// Stores `log` as a board owned by `actor`, titled `title` (trimmed, 1 to 100
    /// characters). The log is checked as `touchline board check` checks it, by Tactics'
    /// reader, and kept byte for byte; a pointer log must have its header line, since nothing
    /// else will give its surface when it is replayed.
    ///
    /// - Parameter source: names the log in the reader's messages (a file name, `body`).
    /// - Throws: ``ClubError/invalid(field:message:)`` for a bad title or a log over
    ///   ``maximumLogBytes`` or over the account's quota; `StrokeLogError` (the reader's, naming
    ///   the line, column or field) for a log that cannot be replayed. Nothing is stored then.
    @discardableResult
    public func save(_ actor: ActingUser, title: String, log: Data, source: String = "log") throws -> StoredBoardSummary {
        let title = try Validation.text(title, field: "title", maximum: Self.maximumTitle)
        try Self.checkSize(log.count, source: source)
        let summary = try Self.read(log, source: source)
        return try store.write { db in
            try checkQuota(db, actor, adding: log.count)
            let id = try db.boards.insert(owner: actor.userID, title: title, log: log, summary: summary, createdAt: Date())
            return try Self.summary(db, actor: actor, id: id)
        }
    }

    /// Replaces the log of one of the actor's boards with `log`, and its title with `title`
    /// when given; its id, view link and creation time stay. The log and title are checked as
    /// ``save(_:title:log:source:)`` checks them, and the quota counts the new log in place of
    /// the old one; all in one transaction.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for no such board, or another user's;
    ///   otherwise what ``save(_:title:log:source:)`` throws. Nothing is changed then.
    @discardableResult
    public func replace(_ actor: ActingUser, _ id: Int64, log: Data, title: String? = nil,
                        source: String = "log") throws -> StoredBoardSummary {
        let title = try title.map { try Validation.text($0, field: "title", maximum: Self.maximumTitle) }
        try Self.checkSize(log.count, source: source)
        let summary = try Self.read(log, source: source)
        return try store.write { db in
            _ = try Self.summary(db, actor: actor, id: id)
            try checkQuota(db, actor, adding: log.count, replacing: id)
            try db.boards.replace(id: id, owner: actor.userID, title: title, log: log, summary: summary)
            return try Self.summary(db, actor: actor, id: id)
        }
    }

    /// Refuses `bytes` more for the actor's boards when they would pass the quota; `replacing`
    /// names a board whose log the new one takes the place of (not counted, nor as an item).
    private func checkQuota(_ db: StoreTransaction, _ actor: ActingUser, adding bytes: Int, replacing id: Int64? = nil) throws {
        let held = try db.boards.held(by: actor.userID, except: id)
        try quota.check(adding: bytes, heldItems: held.items, heldBytes: held.bytes, kind: "boards")
    }

    /// One page of the actor's boards, newest first. `after` is the previous page's
    /// ``StoredBoardPage/next`` (keyset paging: boards saved meanwhile never shift a page);
    /// `limit` is brought into 1...`PagingCursor.maximumLimit` (100).
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for an `after` that no listing gave.
    public func list(_ actor: ActingUser, after cursor: String? = nil,
                     limit: Int = PagingCursor.defaultLimit) throws -> StoredBoardPage {
        let before = try cursor.map(Self.position) ?? Int64.max
        let limit = max(1, min(limit, PagingCursor.maximumLimit))
        return try store.read { db in
            let rows = try db.boards.summaries(owner: actor.userID, before: before, limit: limit + 1)
            let items = rows.prefix(limit)
            return StoredBoardPage(items: Array(items), next: rows.count > limit ? items.last.map { PagingCursor.encode($0.id) } : nil)
        }
    }

    /// One of the actor's boards with its log, byte for byte as saved.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for no such board, or another user's.
    public func show(_ actor: ActingUser, _ id: Int64) throws -> StoredBoard {
        try show(actor, id, viewToken: nil)
    }

    /// Board `id` with its log, read with its view token, by anyone (read-only: ``StoredBoardSummary/editable``
    /// is false).
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for no such board, a token that is not
    ///   its own (wrong, rotated away or removed), or a board without one.
    public func show(viewToken: String, _ id: Int64) throws -> StoredBoard {
        try show(nil, id, viewToken: viewToken)
    }

    /// Board `id` with its log, as `viewer` (nil: nobody logged in) may read it: as its owner
    /// when they are, else as a view link's holder when `viewToken` is the board's.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` when neither lets them read it.
    public func show(_ viewer: ActingUser?, _ id: Int64, viewToken: String?) throws -> StoredBoard {
        try store.read { db in
            let summary = try Self.summary(db, viewer: viewer, id: id, viewToken: viewToken)
            let log = try db.boards.log(id: id) ?? Data()
            return StoredBoard(summary: summary, log: log)
        }
    }

    /// What ``show(_:_:viewToken:)`` gives, without the log.
    public func summary(_ viewer: ActingUser?, _ id: Int64, viewToken: String?) throws -> StoredBoardSummary {
        try store.read { db in try Self.summary(db, viewer: viewer, id: id, viewToken: viewToken) }
    }

    /// Gives one of the actor's boards a new view token, so that the old one (if any) reads
    /// nothing from now on, and returns it: the only copy (the database keeps its SHA-256).
    /// ``BoardViewLink`` makes the link from it.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for no such board, or another user's.
    public func rotateViewToken(_ actor: ActingUser, _ id: Int64) throws -> String {
        let token = BoardViewToken.make()
        try setViewTokenHash(actor, id, BoardViewToken.digest(token))
        return token
    }

    /// Takes one of the actor's boards' view token away: no link reads it until the owner
    /// makes a new one. A board without one is left as it is.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for no such board, or another user's.
    public func removeViewToken(_ actor: ActingUser, _ id: Int64) throws {
        try setViewTokenHash(actor, id, nil)
    }

    private func setViewTokenHash(_ actor: ActingUser, _ id: Int64, _ hash: String?) throws {
        try store.write { db in
            guard try db.boards.setViewTokenHash(hash, id: id, owner: actor.userID) else { throw ClubError.notFound(kind: "board", reference: String(id)) }
        }
    }

    /// Deletes one of the actor's boards; its id is never used again.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for no such board, or another user's.
    public func delete(_ actor: ActingUser, _ id: Int64) throws {
        try store.write { db in
            guard try db.boards.delete(id: id, owner: actor.userID) else {
                throw ClubError.notFound(kind: "board", reference: String(id))
            }
        }
    }

    /// Refuses a log of `byteCount` bytes, before it is read, when it is larger than a stored
    /// board's may be (``maximumLogBytes``); `source` names it.
    public static func checkSize(_ byteCount: Int, source: String) throws {
        guard byteCount <= maximumLogBytes else {
            throw ClubError.invalid(field: source, message: "is \(byteCount) bytes; a stored board's log may be at most "
                + "\(maximumLogBytes) bytes (\(maximumLogBytes >> 20) MiB)")
        }
    }

    /// What Tactics' reader makes of `log`, or its error; a headerless pointer log's error
    /// says why a stored board needs the header (the reader's own asks for `--surface`).
    static func read(_ log: Data, source: String) throws(StrokeLogError) -> BoardSummary {
        do {
            return try StrokeLog(data: log, source: source).summary
        } catch {
            guard error.kind == .missingHeader else { throw error }
            throw StrokeLogError(.missingHeader, source: error.source, at: error.location,
                                 "the pointer log has no header line; a stored board needs one, with the surface, to be replayed")
        }
    }

    // MARK: - Rows

    /// The actor's board `id`; another user's is "not found".
    static func summary(_ db: StoreTransaction, actor: ActingUser, id: Int64) throws -> StoredBoardSummary {
        try summary(db, viewer: actor, id: id, viewToken: nil)
    }

    /// Board `id` as `viewer` may read it: as its owner, else with its view token (found by the
    /// token's SHA-256, as sessions are; a token of the wrong shape is refused unlooked-for).
    static func summary(_ db: StoreTransaction, viewer: ActingUser?, id: Int64, viewToken: String?) throws -> StoredBoardSummary {
        if let viewer, let summary = try db.boards.summary(id: id, owner: viewer.userID) {
            return summary
        }
        if let viewToken, BoardViewToken.isWellFormed(viewToken),
           let summary = try db.boards.summary(id: id, viewTokenHash: BoardViewToken.digest(viewToken)) {
            return summary
        }
        throw ClubError.notFound(kind: "board", reference: String(id))
    }

    /// The id a cursor stands for (``PagingCursor``'s, of the last board of the page before):
    /// boards below it come next.
    static func position(_ cursor: String) throws -> Int64 {
        guard let id = PagingCursor.decode(cursor) else {
            throw ClubError.invalid(field: "after", message: "'\(cursor.prefix(PagingCursor.maximumLength))' is not a cursor "
                + "from a board listing")
        }
        return id
    }
}
