import Foundation
import Support

/// The `place` table with its pictures, comments, and the votes of guides (`guideVote`).
/// ``Places`` and ``Guides`` decide who may do what; this only reads and writes.
struct PlaceStore {
    let db: StoreTransaction

    /// A place as the rules read it.
    struct Found {
        var id: Int64
        var guideId: Int64
        var name: String
        var authorId: Int64?
    }

    /// A place's columns as a viewer sees it; its one argument is the viewer's id (for `voted`).
    static let cardColumns = """
        place.id, place.guideId, guide.name AS guide, place.name, place.description, place.category, place.openingHours,
        place.priceRange, place.address, place.latitude, place.longitude, place.createdAt, place.updatedAt,
        (SELECT "user".username FROM "user" WHERE "user".id = place.authorId) AS author,
        EXISTS (SELECT 1 FROM placePicture WHERE placePicture.placeId = place.id) AS hasPicture,
        (SELECT count(*) FROM guidePhoto WHERE guidePhoto.placeId = place.id) AS photos,
        (SELECT count(*) FROM placeComment WHERE placeComment.placeId = place.id) AS comments,
        (SELECT count(*) FROM guideVote WHERE guideVote.placeId = place.id) AS score,
        EXISTS (SELECT 1 FROM guideVote WHERE guideVote.kind = 'place' AND guideVote.targetId = place.id
                AND guideVote.userId = ?) AS voted
        """

    private static let from = "FROM place JOIN guide ON guide.id = place.guideId"

    static func card(_ row: SQLRow) throws -> PlaceInfo {
        let category: String = try row("category")
        return PlaceInfo(id: try row("id"), guideId: try row("guideId"), guide: try row("guide"), name: try row("name"),
                         description: try row("description"), category: PlaceCategory(rawValue: category) ?? .other,
                         openingHours: try row("openingHours"), priceRange: try row("priceRange"), address: try row("address"),
                         latitude: try row("latitude"), longitude: try row("longitude"), author: try row("author"),
                         hasPicture: try row("hasPicture"), photos: try row("photos"), comments: try row("comments"),
                         score: try row("score"), voted: try row("voted"), createdAt: try row("createdAt"),
                         updatedAt: try row("updatedAt"), distanceMeters: nil)
    }

    /// Place `id`.
    func find(_ id: Int64) throws -> Found? {
        try db.fetchOne("SELECT id, guideId, name, authorId FROM place WHERE id = ?", [id]).map {
            Found(id: try $0("id"), guideId: try $0("guideId"), name: try $0("name"), authorId: try $0("authorId"))
        }
    }

    /// Place `id` as `viewer` sees it.
    func card(_ id: Int64, viewer: Int64?) throws -> PlaceInfo? {
        try db.fetchOne("SELECT \(Self.cardColumns) \(Self.from) WHERE place.id = ?", [viewer, id]).map(Self.card)
    }

    /// Places `ids` as `viewer` sees them, in that order.
    func cards(_ ids: [Int64], viewer: Int64?) throws -> [PlaceInfo] {
        guard !ids.isEmpty else { return [] }
        let list = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        let cards = try db.fetchAll("SELECT \(Self.cardColumns) \(Self.from) WHERE place.id IN (\(list))",
                                    [viewer] + ids.map { $0 as any SQLBindable }).map(Self.card)
        let byID = Dictionary(cards.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }

    /// A place's checked values, as they are written.
    struct Values {
        var name: String
        var description: String?
        var category: PlaceCategory
        var openingHours: String?
        var priceRange: String?
        var address: String?
        var latitude: Double
        var longitude: Double
    }

    /// Place `id`'s values as stored.
    func values(_ id: Int64) throws -> Values? {
        try db.fetchOne("""
            SELECT name, description, category, openingHours, priceRange, address, latitude, longitude FROM place WHERE id = ?
            """, [id]).map { row in
            let category: String = try row("category")
            return Values(name: try row("name"), description: try row("description"),
                          category: PlaceCategory(rawValue: category) ?? .other, openingHours: try row("openingHours"),
                          priceRange: try row("priceRange"), address: try row("address"), latitude: try row("latitude"),
                          longitude: try row("longitude"))
        }
    }

    /// Inserts a place into `guide` and returns its id.
    func insert(_ values: Values, guide: Int64, author: Int64?, at time: Date) throws -> Int64 {
        try db.insert("""
            INSERT INTO place (guideId, name, nameKey, description, category, openingHours, priceRange, address, latitude,
                               longitude, authorId, createdAt, updatedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [guide, values.name, Validation.searchKey(values.name), values.description, values.category.rawValue,
                  values.openingHours, values.priceRange, values.address, values.latitude, values.longitude, author, time, time])
    }

    /// Sets place `id`'s values.
    func update(_ id: Int64, _ values: Values, at time: Date) throws {
        try db.execute("""
            UPDATE place SET name = ?, nameKey = ?, description = ?, category = ?, openingHours = ?, priceRange = ?,
                             address = ?, latitude = ?, longitude = ?, updatedAt = ?
            WHERE id = ?
            """, [values.name, Validation.searchKey(values.name), values.description, values.category.rawValue,
                  values.openingHours, values.priceRange, values.address, values.latitude, values.longitude, time, id])
    }

    /// Marks place `id` changed now (its picture changed).
    func touch(_ id: Int64, at time: Date) throws {
        try db.execute("UPDATE place SET updatedAt = ? WHERE id = ?", [time, id])
    }

    func delete(_ id: Int64) throws {
        try db.execute("DELETE FROM place WHERE id = ?", [id])
    }

    /// How many places `guide` has.
    func count(in guide: Int64) throws -> Int {
        try db.value(Int.self, "SELECT count(*) FROM place WHERE guideId = ?", [guide]) ?? 0
    }

    /// Whether `guide` has a place `other` than `except` whose name folds as `name`'s.
    func isNameTaken(_ name: String, in guide: Int64, except: Int64? = nil) throws -> Bool {
        try db.exists("SELECT 1 FROM place WHERE guideId = ? AND nameKey = ? AND id IS DISTINCT FROM ?",
                      [guide, Validation.searchKey(name), except])
    }

    /// The order of ``PlaceOrder/name`` and ``PlaceOrder/notDownloaded``.
    static let nameOrder = Keyset(list: "place listing by name", [.text("place.nameKey"), .integer("place.id")])
    /// The order of ``PlaceOrder/score``: most voted first.
    static let scoreOrder = Keyset(list: "place listing by score", [
        .integer("(SELECT count(*) FROM guideVote WHERE guideVote.placeId = place.id)", .descending),
        .text("place.nameKey"), .integer("place.id"),
    ])

    /// One page of `guide`'s places (every guide's when nil) whose folded name contains `key`
    /// (all when nil), in `order`, as `viewer` sees them.
    func list(guide: Int64?, containing key: String?, order: PlaceOrder, viewer: Int64?, after cursor: String?,
              limit: Int) throws -> ListPage<PlaceInfo> {
        let keyset = order == .score ? Self.scoreOrder : Self.nameOrder
        let (after, afterArguments) = try keyset.after(cursor, db.dialect)
        var conditions = [after]
        var arguments: [any SQLBindable] = [viewer]
        if let guide {
            conditions.append("place.guideId = ?")
            arguments.append(guide)
        }
        if let key {
            conditions.append("place.nameKey LIKE ? ESCAPE '\\'")
            arguments.append(LikePattern.containing(key))
        }
        if order == .notDownloaded {
            conditions.append("""
                NOT EXISTS (SELECT 1 FROM guideDownload WHERE guideDownload.userId = ? AND guideDownload.guideId = place.guideId
                            AND guideDownload.downloadedAt >= place.updatedAt)
                """)
            arguments.append(viewer)
        }
        let filters = conditions.dropFirst().joined(separator: " AND ")
        return try keyset.page(limit: limit, fetch: { rows in
            try db.fetchAll("""
                SELECT \(Self.cardColumns), \(keyset.selection) \(Self.from)
                WHERE \(filters.isEmpty ? "TRUE" : filters) AND \(after) ORDER BY \(keyset.orderBy(db.dialect)) LIMIT ?
                """, arguments + afterArguments + [rows])
        }, items: { try $0.map(Self.card) })
    }

    /// A place's position, for the search near a point.
    struct Position {
        var id: Int64
        var latitude: Double
        var longitude: Double
    }

    /// The places inside a latitude and longitude box (of `guide` alone when given), read
    /// through the `place_position` index.
    func positions(latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>, guide: Int64?) throws -> [Position] {
        let box: [any SQLBindable] = [latitudes.lowerBound, latitudes.upperBound, longitudes.lowerBound, longitudes.upperBound]
        return try db.fetchAllPrepared("""
            SELECT id, latitude, longitude FROM place
            WHERE latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ?\(guide == nil ? "" : " AND guideId = ?")
            """, box + (guide.map { [$0] } ?? [])).map {
            Position(id: try $0("id"), latitude: try $0("latitude"), longitude: try $0("longitude"))
        }
    }

    /// `guide`'s places, by category then name, as `viewer` sees them (for a booklet or an
    /// export).
    func all(in guide: Int64, viewer: Int64?) throws -> [PlaceInfo] {
        try db.fetchAll("""
            SELECT \(Self.cardColumns) \(Self.from) WHERE place.guideId = ? ORDER BY place.nameKey, place.id
            """, [viewer, guide]).map(Self.card)
    }
}

extension StoreTransaction {
    /// The places of guides.
    var places: PlaceStore { PlaceStore(db: self) }
}
