import Foundation

/// The `route` table: users' stored GPS routes, their documents (JSON) and what listing needs.
/// ``StoredRoutes`` decides who may read or change a route; this only reads and writes.
struct RouteStore {
    let db: StoreTransaction

    /// A route's values as inserted.
    struct NewRoute {
        var ownerID: Int64
        var name: String
        var category: String?
        var note: String?
        var heartRate: Int?
        var startLatitude: Double
        var startLongitude: Double
        var distanceMeters: Double
        var pointCount: Int
        /// The document as JSON.
        var document: Data
        var createdAt: Date
    }

    /// How many routes `owner` keeps and their documents' bytes.
    func held(by owner: Int64) throws -> (items: Int, bytes: Int) {
        // length() of a blob reads its size from the record header, not the blob itself.
        let held = try db.fetchOne("""
            SELECT count(*) AS items, coalesce(CAST(sum(length(document)) AS BIGINT), 0) AS bytes FROM route WHERE ownerId = ?
            """, [owner])
        return (try held?("items") ?? 0, try held?("bytes") ?? 0)
    }

    /// Inserts `route` and returns its id.
    func insert(_ route: NewRoute) throws -> Int64 {
        try db.insert("""
            INSERT INTO route (ownerId, name, category, note, heartRate, startLatitude, startLongitude, distanceMeters,
                               pointCount, document, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [route.ownerID, route.name, route.category, route.note, route.heartRate, route.startLatitude, route.startLongitude,
                  route.distanceMeters, route.pointCount, route.document, route.createdAt])
    }

    /// `owner`'s route `id` without its document; nil for no such route of theirs.
    func summary(id: Int64, owner: Int64) throws -> RouteSummary? {
        try db.fetchOne(Self.select + " WHERE id = ? AND ownerId = ?", [id, owner]).map(Self.summary)
    }

    /// Route `id`'s document (JSON); nil for no such route.
    func document(id: Int64) throws -> Data? {
        try db.value(Data.self, "SELECT document FROM route WHERE id = ?", [id])
    }

    /// Writes the name, category, note and heart rate of `route`, one of `owner`'s.
    func update(_ route: RouteSummary, owner: Int64) throws {
        try db.execute("UPDATE route SET name = ?, category = ?, note = ?, heartRate = ? WHERE id = ? AND ownerId = ?",
                       [route.name, route.category, route.note, route.heartRate, route.id, owner])
    }

    /// Deletes `owner`'s route `id`; false for no such route of theirs.
    func delete(id: Int64, owner: Int64) throws -> Bool {
        try db.execute("DELETE FROM route WHERE id = ? AND ownerId = ?", [id, owner]) == 1
    }

    /// `owner`'s routes newest first, each with its creation time as the database holds it
    /// (a page's key): those after `after` in that order, at most `limit` of them when given.
    func newest(owner: Int64, after: (createdAt: String, id: Int64)? = nil,
                limit: Int? = nil) throws -> [(summary: RouteSummary, createdAt: String)] {
        // The creation time as text that sorts as the times do (the cursor carries it).
        let createdAt = db.dialect.timestampText("createdAt")
        var sql = "SELECT \(Self.columns), \(createdAt) AS createdAtKey FROM route WHERE ownerId = ?"
        var arguments: [any SQLBindable] = [owner]
        if let after {
            sql += " AND (\(createdAt) < ? OR (\(createdAt) = ? AND id < ?))"
            arguments += [after.createdAt, after.createdAt, after.id]
        }
        sql += " ORDER BY createdAt DESC, id DESC"
        if let limit {
            sql += " LIMIT ?"
            arguments += [limit]
        }
        return try db.fetchAll(sql, arguments).map { (try Self.summary($0), try $0("createdAtKey")) }
    }

    /// What a summary is made of.
    private static let columns = "id, name, category, note, heartRate, startLatitude, startLongitude, distanceMeters, pointCount, createdAt"

    private static let select = "SELECT \(columns) FROM route"

    private static func summary(_ row: SQLRow) throws -> RouteSummary {
        RouteSummary(id: try row("id"), name: try row("name"), category: try row("category"), note: try row("note"),
                     heartRate: try row("heartRate"), startLatitude: try row("startLatitude"), startLongitude: try row("startLongitude"),
                     distanceMeters: try row("distanceMeters"), pointCount: try row("pointCount"), createdAt: try row("createdAt"))
    }
}

extension StoreTransaction {
    /// The stored GPS routes.
    var routes: RouteStore { RouteStore(db: self) }
}
