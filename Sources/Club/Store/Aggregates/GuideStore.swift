import Foundation
import Support

/// The `guide` table with its editors, cover and transit map, and when users took guides
/// offline. ``Guides`` decides who may do what; this only reads and writes.
struct GuideStore {
    let db: StoreTransaction

    /// A guide as the rules read it.
    struct Found {
        var id: Int64
        var name: String
        var ownerId: Int64
    }

    /// A guide's card's columns; the counts and the score are counted here, never stored.
    static let cardColumns = """
        guide.id, guide.name, guide.country, guide.description, guide.ownerId, guide.createdAt, guide.updatedAt,
        (SELECT "user".username FROM "user" WHERE "user".id = guide.ownerId) AS owner,
        EXISTS (SELECT 1 FROM guideCover WHERE guideCover.guideId = guide.id) AS hasCover,
        EXISTS (SELECT 1 FROM guideTransitMap WHERE guideTransitMap.guideId = guide.id) AS hasTransitMap,
        (SELECT count(*) FROM place WHERE place.guideId = guide.id) AS places,
        (SELECT count(*) FROM itinerary WHERE itinerary.guideId = guide.id) AS itineraries,
        (SELECT count(*) FROM guidePhoto WHERE guidePhoto.guideId = guide.id) AS photos,
        (SELECT count(*) FROM guideVote WHERE guideVote.guideId = guide.id) AS score
        """

    /// The guide whose name folds to `nameKey`, or whose id is `id`.
    func find(nameKey: String? = nil, id: Int64? = nil) throws -> Found? {
        let row = nameKey != nil
            ? try db.fetchOne("SELECT id, name, ownerId FROM guide WHERE nameKey = ?", [nameKey])
            : try db.fetchOne("SELECT id, name, ownerId FROM guide WHERE id = ?", [id])
        return try row.map { Found(id: try $0("id"), name: try $0("name"), ownerId: try $0("ownerId")) }
    }

    /// Guide `id`'s card, its editors and the viewer's right to edit left for the service.
    func card(_ id: Int64) throws -> GuideInfo? {
        try db.fetchOne("SELECT \(Self.cardColumns) FROM guide WHERE id = ?", [id]).map(Self.card)
    }

    static func card(_ row: SQLRow) throws -> GuideInfo {
        GuideInfo(id: try row("id"), name: try row("name"), country: try row("country"), description: try row("description"),
                  owner: try row("owner") as String? ?? "", editors: [], hasCover: try row("hasCover"),
                  hasTransitMap: try row("hasTransitMap"), places: try row("places"), itineraries: try row("itineraries"),
                  photos: try row("photos"), score: try row("score"), createdAt: try row("createdAt"),
                  updatedAt: try row("updatedAt"), canEdit: false)
    }

    /// Inserts a guide and returns its id.
    func insert(name: String, nameKey: String, country: String, description: String?, owner: Int64, at time: Date) throws -> Int64 {
        try db.insert("""
            INSERT INTO guide (name, nameKey, country, description, ownerId, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [name, nameKey, country, description, owner, time, time])
    }

    /// Whether some guide's name folds to `nameKey` (other than `except`).
    func isNameTaken(_ nameKey: String, except: Int64? = nil) throws -> Bool {
        try db.exists("SELECT 1 FROM guide WHERE nameKey = ? AND id IS DISTINCT FROM ?", [nameKey, except])
    }

    /// Sets guide `id`'s name, country and description.
    func update(_ id: Int64, name: String, nameKey: String, country: String, description: String?, at time: Date) throws {
        try db.execute("UPDATE guide SET name = ?, nameKey = ?, country = ?, description = ?, updatedAt = ? WHERE id = ?",
                       [name, nameKey, country, description, time, id])
    }

    /// Marks guide `id` changed now (a place, itinerary or photo in it changed).
    func touch(_ id: Int64, at time: Date) throws {
        try db.execute("UPDATE guide SET updatedAt = ? WHERE id = ?", [time, id])
    }

    /// Deletes guide `id` with everything in it.
    func delete(_ id: Int64) throws {
        try db.execute("DELETE FROM guide WHERE id = ?", [id])
    }

    /// Hands guide `id` to `owner`.
    func setOwner(_ id: Int64, _ owner: Int64) throws {
        try db.execute("UPDATE guide SET ownerId = ? WHERE id = ?", [owner, id])
    }

    /// Guide `guide`'s editors' usernames, by name.
    func editors(of guide: Int64) throws -> [String] {
        try db.values(String.self, """
            SELECT "user".username FROM guideEditor JOIN "user" ON "user".id = guideEditor.userId
            WHERE guideEditor.guideId = ? ORDER BY \(db.dialect.orderIgnoringCase("\"user\".username"))
            """, [guide])
    }

    /// Whether `user` is an editor of `guide`.
    func isEditor(_ user: Int64, of guide: Int64) throws -> Bool {
        try db.exists("SELECT 1 FROM guideEditor WHERE guideId = ? AND userId = ?", [guide, user])
    }

    func addEditor(_ user: Int64, to guide: Int64, at time: Date) throws {
        try db.execute("INSERT INTO guideEditor (guideId, userId, addedAt) VALUES (?, ?, ?)", [guide, user, time])
    }

    /// Removes `user` from `guide`'s editors; whether they were one.
    @discardableResult
    func removeEditor(_ user: Int64, from guide: Int64) throws -> Bool {
        try db.execute("DELETE FROM guideEditor WHERE guideId = ? AND userId = ?", [guide, user]) > 0
    }

    /// How many guides `user` owns.
    func count(ownedBy user: Int64) throws -> Int {
        try db.value(Int.self, "SELECT count(*) FROM guide WHERE ownerId = ?", [user]) ?? 0
    }

    /// The order of guide lists by name (names unique by their folded key).
    static let nameOrder = Keyset(list: "guide listing", [.text("guide.nameKey")])

    /// One page of the guides whose folded name contains `key` (every guide when nil), by name.
    func list(containing key: String?, after cursor: String?, limit: Int) throws -> ListPage<GuideInfo> {
        let (after, arguments) = try Self.nameOrder.after(cursor, db.dialect)
        let filter = key.map { _ in "guide.nameKey LIKE ? ESCAPE '\\'" } ?? "TRUE"
        return try Self.nameOrder.page(limit: limit, fetch: { rows in
            try db.fetchAll("""
                SELECT \(Self.cardColumns), \(Self.nameOrder.selection) FROM guide
                WHERE \(filter) AND \(after) ORDER BY \(Self.nameOrder.orderBy(db.dialect)) LIMIT ?
                """, (key.map { [LikePattern.containing($0)] } ?? []) + arguments + [rows])
        }, items: { try $0.map(Self.card) })
    }

    /// The `limit` guides with the most votes, ties by name.
    func top(limit: Int) throws -> [GuideInfo] {
        try db.fetchAll("""
            SELECT \(Self.cardColumns) FROM guide
            LEFT JOIN (SELECT guideId, count(*) AS votes FROM guideVote GROUP BY guideId) AS tally ON tally.guideId = guide.id
            ORDER BY coalesce(tally.votes, 0) DESC, \(db.dialect.orderBytewise("guide.nameKey")) LIMIT ?
            """, [limit]).map(Self.card)
    }

    /// The guides `user` owns, each with who would take it over: the longest-standing editor
    /// (nil when there is none).
    func ownedWithSuccessors(by user: Int64) throws -> [(guide: Int64, successor: Int64?)] {
        try db.fetchAll("""
            SELECT guide.id,
                   (SELECT guideEditor.userId FROM guideEditor WHERE guideEditor.guideId = guide.id
                    ORDER BY guideEditor.addedAt, guideEditor.userId LIMIT 1) AS successor
            FROM guide WHERE guide.ownerId = ? ORDER BY guide.id
            """, [user]).map { (try $0("id"), try $0("successor")) }
    }

    /// Records that `user` took `guide` offline at `time`.
    func recordDownload(of guide: Int64, by user: Int64, at time: Date) throws {
        if try db.execute("UPDATE guideDownload SET downloadedAt = ? WHERE userId = ? AND guideId = ?", [time, user, guide]) == 0 {
            try db.execute("INSERT INTO guideDownload (userId, guideId, downloadedAt) VALUES (?, ?, ?)", [user, guide, time])
        }
    }
}

extension StoreTransaction {
    /// City guides, their editors and downloads.
    var guides: GuideStore { GuideStore(db: self) }
}
