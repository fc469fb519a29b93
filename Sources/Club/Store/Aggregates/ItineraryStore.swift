import Foundation
import Support

/// The `itinerary` and `itineraryStop` tables. ``Guides`` decides who may do what; this only
/// reads and writes.
struct ItineraryStore {
    let db: StoreTransaction

    /// An itinerary as the rules read it.
    struct Found {
        var id: Int64
        var guideId: Int64
        var name: String
        var days: Int
    }

    private static let columns = """
        itinerary.id, itinerary.guideId, guide.name AS guide, itinerary.name, itinerary.days, itinerary.description,
        itinerary.createdAt,
        (SELECT "user".username FROM "user" WHERE "user".id = itinerary.authorId) AS author,
        (SELECT count(*) FROM guideVote WHERE guideVote.itineraryId = itinerary.id) AS score,
        EXISTS (SELECT 1 FROM guideVote WHERE guideVote.kind = 'itinerary' AND guideVote.targetId = itinerary.id
                AND guideVote.userId = ?) AS voted
        FROM itinerary JOIN guide ON guide.id = itinerary.guideId
        """

    func find(_ id: Int64) throws -> Found? {
        try db.fetchOne("SELECT id, guideId, name, days FROM itinerary WHERE id = ?", [id]).map {
            Found(id: try $0("id"), guideId: try $0("guideId"), name: try $0("name"), days: try $0("days"))
        }
    }

    /// Itinerary `id` with its stops, as `viewer` sees it.
    func card(_ id: Int64, viewer: Int64?) throws -> ItineraryInfo? {
        guard let row = try db.fetchOne("SELECT \(Self.columns) WHERE itinerary.id = ?", [viewer, id]) else { return nil }
        return try card(row)
    }

    private func card(_ row: SQLRow) throws -> ItineraryInfo {
        let id: Int64 = try row("id")
        let days: Int = try row("days")
        var stops = Array(repeating: [ItineraryStop](), count: days)
        for stop in try db.fetchAll("""
            SELECT itineraryStop.day, place.id, place.name, place.category, place.latitude, place.longitude
            FROM itineraryStop JOIN place ON place.id = itineraryStop.placeId
            WHERE itineraryStop.itineraryId = ? ORDER BY itineraryStop.day, itineraryStop.position
            """, [id]) {
            let day: Int = try stop("day")
            let category: String = try stop("category")
            guard (1...days).contains(day) else { continue }
            stops[day - 1].append(ItineraryStop(placeId: try stop("id"), name: try stop("name"),
                                                category: PlaceCategory(rawValue: category) ?? .other,
                                                latitude: try stop("latitude"), longitude: try stop("longitude")))
        }
        return ItineraryInfo(id: id, guideId: try row("guideId"), guide: try row("guide"), name: try row("name"), days: days,
                             description: try row("description"), author: try row("author"), score: try row("score"),
                             voted: try row("voted"), stops: stops, createdAt: try row("createdAt"))
    }

    func insert(guide: Int64, name: String, days: Int, description: String?, author: Int64, at time: Date) throws -> Int64 {
        try db.insert("""
            INSERT INTO itinerary (guideId, name, days, description, authorId, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [guide, name, days, description, author, time, time])
    }

    func update(_ id: Int64, name: String, days: Int, description: String?, at time: Date) throws {
        try db.execute("UPDATE itinerary SET name = ?, days = ?, description = ?, updatedAt = ? WHERE id = ?",
                       [name, days, description, time, id])
    }

    /// Replaces itinerary `id`'s stops: `stops[d]` are day d + 1's places in order. The
    /// schema refuses a place of another guide.
    func setStops(_ id: Int64, guide: Int64, _ stops: [[Int64]]) throws {
        try db.execute("DELETE FROM itineraryStop WHERE itineraryId = ?", [id])
        for (day, places) in stops.enumerated() {
            for (position, place) in places.enumerated() {
                try db.execute("""
                    INSERT INTO itineraryStop (itineraryId, guideId, day, position, placeId) VALUES (?, ?, ?, ?, ?)
                    """, [id, guide, day + 1, position + 1, place])
            }
        }
    }

    func delete(_ id: Int64) throws {
        try db.execute("DELETE FROM itinerary WHERE id = ?", [id])
    }

    /// `guide`'s itineraries with their stops: by days then name, or most voted first.
    func all(in guide: Int64, byScore: Bool, viewer: Int64?, limit: Int? = nil) throws -> [ItineraryInfo] {
        let order = byScore ? "score DESC, itinerary.name, itinerary.id" : "itinerary.days, itinerary.name, itinerary.id"
        return try db.fetchAll("""
            SELECT \(Self.columns) WHERE itinerary.guideId = ? ORDER BY \(order)\(limit == nil ? "" : " LIMIT ?")
            """, [viewer, guide] + (limit.map { [$0] } ?? [])).map(card)
    }
}

/// The `guidePhoto` table.
struct GuidePhotoStore {
    let db: StoreTransaction

    /// A photo as the rules read it.
    struct Found {
        var id: Int64
        var guideId: Int64
        var placeId: Int64?
        var authorId: Int64
    }

    private static let columns = """
        guidePhoto.id, guidePhoto.guideId, guidePhoto.placeId, guidePhoto.caption, guidePhoto.format, guidePhoto.width,
        guidePhoto.height, guidePhoto.createdAt, "user".username,
        (SELECT count(*) FROM guideVote WHERE guideVote.photoId = guidePhoto.id) AS score,
        EXISTS (SELECT 1 FROM guideVote WHERE guideVote.kind = 'photo' AND guideVote.targetId = guidePhoto.id
                AND guideVote.userId = ?) AS voted
        FROM guidePhoto JOIN "user" ON "user".id = guidePhoto.authorId
        """

    private static func info(_ row: SQLRow) throws -> GuidePhotoInfo {
        let format: String = try row("format")
        return GuidePhotoInfo(id: try row("id"), guideId: try row("guideId"), placeId: try row("placeId"),
                              author: try row("username"), caption: try row("caption"),
                              mediaType: format == "png" ? "image/png" : "image/jpeg", width: try row("width"),
                              height: try row("height"), score: try row("score"), voted: try row("voted"),
                              createdAt: try row("createdAt"))
    }

    func find(_ id: Int64) throws -> Found? {
        try db.fetchOne("SELECT id, guideId, placeId, authorId FROM guidePhoto WHERE id = ?", [id]).map {
            Found(id: try $0("id"), guideId: try $0("guideId"), placeId: try $0("placeId"), authorId: try $0("authorId"))
        }
    }

    /// The id of `guide`'s photo with digest `sha256`, if any.
    func id(in guide: Int64, sha256: Data) throws -> Int64? {
        try db.value(Int64.self, "SELECT id FROM guidePhoto WHERE guideId = ? AND sha256 = ?", [guide, sha256])
    }

    func insert(guide: Int64, place: Int64?, author: Int64, caption: String?, picture: (data: Data, header: ImageHeader),
                sha256: Data, at time: Date) throws -> Int64 {
        try db.insert("""
            INSERT INTO guidePhoto (guideId, placeId, authorId, caption, format, width, height, sha256, data, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [guide, place, author, caption, picture.header.format == .png ? "png" : "jpeg", picture.header.width,
                  picture.header.height, sha256, picture.data, time])
    }

    func delete(_ id: Int64) throws {
        try db.execute("DELETE FROM guidePhoto WHERE id = ?", [id])
    }

    /// Photo `id` as `viewer` sees it.
    func info(_ id: Int64, viewer: Int64?) throws -> GuidePhotoInfo? {
        try db.fetchOne("SELECT \(Self.columns) WHERE guidePhoto.id = ?", [viewer, id]).map(Self.info)
    }

    /// `guide`'s photos (of the guide itself when `place` is nil and `wholeGuide` false; of
    /// one place; or all of them), oldest first.
    func all(in guide: Int64, place: Int64?, wholeGuide: Bool, viewer: Int64?) throws -> [GuidePhotoInfo] {
        let filter = wholeGuide ? "" : (place == nil ? " AND guidePhoto.placeId IS NULL" : " AND guidePhoto.placeId = ?")
        return try db.fetchAll("SELECT \(Self.columns) WHERE guidePhoto.guideId = ?\(filter) ORDER BY guidePhoto.id",
                               [viewer, guide] + (wholeGuide ? [] : place.map { [$0] } ?? [])).map(Self.info)
    }

    /// Photo `id`'s picture.
    func picture(_ id: Int64) throws -> Picture? {
        try db.fetchOne("SELECT data, format FROM guidePhoto WHERE id = ?", [id]).map {
            Picture(data: try $0("data"), format: try $0("format"))
        }
    }

    /// The photos of `user` on `place` and whether others have some there too.
    func othersPhotos(on place: Int64, except user: Int64) throws -> Bool {
        try db.exists("SELECT 1 FROM guidePhoto WHERE placeId = ? AND authorId <> ?", [place, user])
    }
}

extension StoreTransaction {
    /// The itineraries of guides.
    var itineraries: ItineraryStore { ItineraryStore(db: self) }
    /// The photos of guides and places.
    var guidePhotos: GuidePhotoStore { GuidePhotoStore(db: self) }
}
