import Foundation
import GRDB
import Support
import Tactics

/// Users' stored tactics boards: a title and the stroke log exactly as it was posted. Boards
/// are personal, as routes are: only the owner lists, shows or deletes a board, and another
/// user's board is "not found" (its existence is not revealed). Deleting an account deletes
/// its boards. A board's id is never given to another board, even once it is deleted, so a
/// saved link never shows a different board.
///
/// ```swift
/// let boards = Boards(store: store)
/// let saved = try boards.save(alice, title: "4-3-3 pressing", log: try Data(contentsOf: url))
/// let page = try boards.list(alice)                     // newest first, 20 at a time
/// let older = try boards.list(alice, after: page.next)  // the next page (nil `after`: the first)
/// let board = try boards.show(alice, saved.id)           // board.log == the bytes saved
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
            let held = try Row.fetchOne(db, sql: "SELECT count(*) AS items, coalesce(sum(bytes), 0) AS bytes FROM board WHERE ownerId = ?",
                                        arguments: [actor.userID])
            try quota.check(adding: log.count, heldItems: held?["items"] ?? 0, heldBytes: held?["bytes"] ?? 0, kind: "boards")
            try db.execute(sql: """
                INSERT INTO board (ownerId, title, log, bytes, form, events, strokes, durationMilliseconds, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [actor.userID, title, log, log.count, summary.form, summary.events, summary.strokes,
                                 summary.durationMilliseconds, Date()])
            return try Self.summary(db, actor: actor, id: db.lastInsertedRowID)
        }
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
            let rows = try Row.fetchAll(db, sql: Self.select + """
                 WHERE board.ownerId = ? AND board.id < ? ORDER BY board.id DESC LIMIT ?
                """, arguments: [actor.userID, before, limit + 1])
            let items = rows.prefix(limit).map(Self.summary)
            return StoredBoardPage(items: Array(items), next: rows.count > limit ? items.last.map { PagingCursor.encode($0.id) } : nil)
        }
    }

    /// One of the actor's boards with its log, byte for byte as saved.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for no such board, or another user's.
    public func show(_ actor: ActingUser, _ id: Int64) throws -> StoredBoard {
        try store.read { db in
            let summary = try Self.summary(db, actor: actor, id: id)
            let log = try Data.fetchOne(db, sql: "SELECT log FROM board WHERE id = ?", arguments: [id]) ?? Data()
            return StoredBoard(summary: summary, log: log)
        }
    }

    /// Deletes one of the actor's boards; its id is never used again.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for no such board, or another user's.
    public func delete(_ actor: ActingUser, _ id: Int64) throws {
        try store.write { db in
            try db.execute(sql: "DELETE FROM board WHERE id = ? AND ownerId = ?", arguments: [id, actor.userID])
            guard db.changesCount == 1 else { throw ClubError.notFound(kind: "board", reference: String(id)) }
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

    static let select = """
        SELECT board.id, board.title, user.username AS owner, board.createdAt, board.bytes, board.form, board.events,
               board.strokes, board.durationMilliseconds
        FROM board JOIN user ON user.id = board.ownerId
        """

    static func summary(_ row: Row) -> StoredBoardSummary {
        StoredBoardSummary(id: row["id"], title: row["title"], owner: row["owner"], createdAt: row["createdAt"],
                           bytes: row["bytes"], form: row["form"], events: row["events"], strokes: row["strokes"],
                           durationMilliseconds: row["durationMilliseconds"])
    }

    /// The actor's board `id`; another user's is "not found".
    static func summary(_ db: Database, actor: ActingUser, id: Int64) throws -> StoredBoardSummary {
        guard let row = try Row.fetchOne(db, sql: select + " WHERE board.id = ? AND board.ownerId = ?",
                                         arguments: [id, actor.userID]) else {
            throw ClubError.notFound(kind: "board", reference: String(id))
        }
        return summary(row)
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
