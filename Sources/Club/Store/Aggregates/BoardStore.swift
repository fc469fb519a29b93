import Foundation
import Tactics

/// The `board` table: users' stored tactics boards, their logs and view-token digests.
/// ``Boards`` decides who may read or change a board; this only reads and writes.
struct BoardStore {
    let db: StoreTransaction

    /// Inserts a board of `owner` and returns its id; `summary` is Tactics' reading of `log`.
    func insert(owner: Int64, title: String, log: Data, summary: BoardSummary, createdAt: Date) throws -> Int64 {
        try db.insert("""
            INSERT INTO board (ownerId, title, log, bytes, form, events, strokes, durationMilliseconds, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [owner, title, log, log.count, summary.form, summary.events, summary.strokes,
                  summary.durationMilliseconds, createdAt])
    }

    /// Replaces the log of `owner`'s board `id` (and its title, when given).
    func replace(id: Int64, owner: Int64, title: String?, log: Data, summary: BoardSummary) throws {
        try db.execute("""
            UPDATE board SET title = coalesce(?, title), log = ?, bytes = ?, form = ?, events = ?, strokes = ?,
                             durationMilliseconds = ?
            WHERE id = ? AND ownerId = ?
            """, [title, log, log.count, summary.form, summary.events, summary.strokes,
                  summary.durationMilliseconds, id, owner])
    }

    /// How many boards `owner` keeps and their logs' bytes, leaving board `except` out.
    func held(by owner: Int64, except id: Int64?) throws -> (items: Int, bytes: Int) {
        let held = try db.fetchOne("""
            SELECT count(*) AS items, coalesce(CAST(sum(bytes) AS BIGINT), 0) AS bytes FROM board
            WHERE ownerId = ? AND id IS DISTINCT FROM ?
            """, [owner, id])
        return (try held?("items") ?? 0, try held?("bytes") ?? 0)
    }

    /// `owner`'s boards below id `before`, newest first: at most `limit`, as their owner sees them.
    func summaries(owner: Int64, before: Int64, limit: Int) throws -> [StoredBoardSummary] {
        try db.fetchAll(Self.select + """
             WHERE board.ownerId = ? AND board.id < ? ORDER BY board.id DESC LIMIT ?
            """, [owner, before, limit]).map { try Self.summary($0, owner: true) }
    }

    /// Board `id` as its owner sees it, when `owner` owns it; else nil.
    func summary(id: Int64, owner: Int64) throws -> StoredBoardSummary? {
        try db.fetchOne(Self.select + " WHERE board.id = ? AND board.ownerId = ?", [id, owner])
            .map { try Self.summary($0, owner: true) }
    }

    /// Board `id` as a view link's holder sees it, when its view token's digest is `viewTokenHash`; else nil.
    func summary(id: Int64, viewTokenHash: String) throws -> StoredBoardSummary? {
        try db.fetchOne(Self.select + " WHERE board.id = ? AND board.viewTokenHash = ?", [id, viewTokenHash])
            .map { try Self.summary($0, owner: false) }
    }

    /// Board `id` as a reader of a post that shares it sees it (as a view link's holder does).
    func shared(id: Int64) throws -> StoredBoardSummary? {
        try db.fetchOne(Self.select + " WHERE board.id = ?", [id]).map { try Self.summary($0, owner: false) }
    }

    /// Board `id`'s log, byte for byte as saved; nil for no such board.
    func log(id: Int64) throws -> Data? {
        try db.value(Data.self, "SELECT log FROM board WHERE id = ?", [id])
    }

    /// Sets the view-token digest of `owner`'s board `id` (nil: none); false for no such board of theirs.
    func setViewTokenHash(_ hash: String?, id: Int64, owner: Int64) throws -> Bool {
        try db.execute("UPDATE board SET viewTokenHash = ? WHERE id = ? AND ownerId = ?", [hash, id, owner]) == 1
    }

    /// Deletes `owner`'s board `id`; false for no such board of theirs.
    func delete(id: Int64, owner: Int64) throws -> Bool {
        try db.execute("DELETE FROM board WHERE id = ? AND ownerId = ?", [id, owner]) == 1
    }

    /// A board's summary columns, with its owner's username: add `WHERE` over `board`.
    private static let select = """
        SELECT board.id, board.title, "user".username AS owner, board.createdAt, board.bytes, board.form, board.events,
               board.strokes, board.durationMilliseconds, board.viewTokenHash IS NOT NULL AS shared
        FROM board JOIN "user" ON "user".id = board.ownerId
        """

    /// A board's summary as its owner sees it, or (`owner` false) as a view link's holder does.
    private static func summary(_ row: SQLRow, owner: Bool) throws -> StoredBoardSummary {
        StoredBoardSummary(id: try row("id"), title: try row("title"), owner: try row("owner"), createdAt: try row("createdAt"),
                           bytes: try row("bytes"), form: try row("form"), events: try row("events"), strokes: try row("strokes"),
                           durationMilliseconds: try row("durationMilliseconds"), editable: owner,
                           viewLink: owner ? try row("shared") : nil)
    }
}

extension StoreTransaction {
    /// The stored tactics boards.
    var boards: BoardStore { BoardStore(db: self) }
}
