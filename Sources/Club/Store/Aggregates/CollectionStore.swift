import Foundation
import Stickers
import Support

/// The sticker collection tables (schema v13, ``CollectionSchema``): collections, editors,
/// families, cards and images, collectors with their envelopes and copies, and the draws'
/// record. ``Collections`` decides who may do what; this only reads and writes.
struct CollectionStore {
    let db: StoreTransaction

    /// A collection as the service resolves it.
    struct Found {
        var id: Int64
        var name: String
        var ownerID: Int64
        var packSize: Int
        var weights: RarityWeights
    }

    // MARK: - Catalogue

    /// The collection whose name folds to `nameKey`.
    func find(nameKey: String) throws -> Found? {
        try found(where: "nameKey = ?", [nameKey])
    }

    /// The collection `id`.
    func find(id: Int64) throws -> Found? {
        try found(where: "id = ?", [id])
    }

    private func found(where condition: String, _ arguments: [any SQLBindable]) throws -> Found? {
        try db.fetchOne("""
            SELECT id, name, ownerId, packSize, commonWeight, rareWeight, specialWeight FROM collection WHERE \(condition)
            """, arguments).map { row in
            Found(id: try row("id"), name: try row("name"), ownerID: try row("ownerId"), packSize: try row("packSize"),
                  weights: RarityWeights(common: try row("commonWeight"), rare: try row("rareWeight"),
                                         special: try row("specialWeight")))
        }
    }

    /// Whether `user` edits collection `id`.
    func isEditor(_ id: Int64, user: Int64) throws -> Bool {
        try db.value(Int.self, "SELECT count(*) FROM collectionEditor WHERE collectionId = ? AND userId = ?", [id, user]) == 1
    }

    /// Whether `user` has started collection `id`.
    func isCollector(_ id: Int64, user: Int64) throws -> Bool {
        try db.value(Int.self, "SELECT count(*) FROM collector WHERE collectionId = ? AND userId = ?", [id, user]) == 1
    }

    /// The id of the stored image with digest `sha256`, if any.
    func imageID(sha256: String) throws -> Int64? {
        try db.value(Int64.self, "SELECT id FROM stickerImage WHERE sha256 = ?", [sha256])
    }

    func insertImage(sha256: String, format: String, width: Int, height: Int, data: Data) throws -> Int64 {
        try db.insert("INSERT INTO stickerImage (sha256, format, width, height, data) VALUES (?, ?, ?, ?, ?)",
                      [sha256, format, width, height, data])
    }

    func insertCollection(name: String, nameKey: String, description: String, coverImageID: Int64?, packSize: Int,
                          weights: RarityWeights, ownerID: Int64, createdAt: Date) throws -> Int64 {
        try db.insert("""
            INSERT INTO collection (name, nameKey, description, coverImageId, packSize, commonWeight, rareWeight,
                                    specialWeight, ownerId, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [name, nameKey, description, coverImageID, packSize, weights.common, weights.rare, weights.special,
                  ownerID, createdAt])
    }

    func insertFamily(collection: Int64, name: String) throws -> Int64 {
        try db.insert("INSERT INTO cardFamily (collectionId, name, nameKey) VALUES (?, ?, ?)",
                      [collection, name, CaseFold.key(name)])
    }

    func insertSticker(title: String, description: String, createdAt: Date) throws -> Int64 {
        try db.insert("INSERT INTO sticker (title, description, createdAt) VALUES (?, ?, ?)", [title, description, createdAt])
    }

    func insertCard(collection: Int64, number: Int, sticker: Int64, family: Int64, rarity: Rarity, image: Int64?) throws {
        _ = try db.execute("""
            INSERT INTO collectionCard (collectionId, number, stickerId, familyId, rarity, imageId) VALUES (?, ?, ?, ?, ?, ?)
            """, [collection, number, sticker, family, rarity.rawValue, image])
    }

    /// Every collection with the asker's part in it, by name key; only those `user` has not
    /// started when `notStarted`.
    func summaries(for user: Int64, notStarted: Bool) throws -> [CollectionSummary] {
        let filter = notStarted
            ? " WHERE NOT EXISTS (SELECT 1 FROM collector AS mine WHERE mine.collectionId = collection.id AND mine.userId = ?)"
            : ""
        return try db.fetchAll(Self.summarySelect + filter + " ORDER BY collection.nameKey",
                               notStarted ? [user, user, user, user] : [user, user, user]).map(Self.summary)
    }

    /// Collection `id` with `user`'s part in it.
    func summary(_ id: Int64, for user: Int64) throws -> CollectionSummary? {
        try db.fetchOne(Self.summarySelect + " WHERE collection.id = ?", [user, user, user, id]).map(Self.summary)
    }

    private static let summarySelect = """
        SELECT collection.id, collection.name, collection.description, "user".username AS owner, collection.packSize,
               collection.commonWeight, collection.rareWeight, collection.specialWeight,
               (SELECT count(*) FROM cardFamily WHERE cardFamily.collectionId = collection.id) AS families,
               (SELECT count(*) FROM collectionCard WHERE collectionCard.collectionId = collection.id) AS cards,
               (SELECT count(*) FROM collector WHERE collector.collectionId = collection.id) AS collectors,
               CASE WHEN collection.ownerId = ? THEN 'owner'
                    WHEN EXISTS (SELECT 1 FROM collectionEditor AS editor
                                 WHERE editor.collectionId = collection.id AND editor.userId = ?) THEN 'editor'
                    ELSE 'visitor' END AS administers,
               EXISTS (SELECT 1 FROM collector AS me WHERE me.collectionId = collection.id AND me.userId = ?) AS started
        FROM collection JOIN "user" ON "user".id = collection.ownerId
        """

    private static func summary(_ row: SQLRow) throws -> CollectionSummary {
        let administers: String = try row("administers"), started: Bool = try row("started")
        let role = CollectionSummary.Role(rawValue: administers) ?? .visitor
        return CollectionSummary(id: try row("id"), name: try row("name"), description: try row("description"),
                                 owner: try row("owner"), packSize: try row("packSize"),
                                 weights: RarityWeights(common: try row("commonWeight"), rare: try row("rareWeight"),
                                                        special: try row("specialWeight")),
                                 families: try row("families"), cards: try row("cards"), collectors: try row("collectors"),
                                 role: role == .visitor && started ? .collector : role, started: started)
    }

    /// The collection's cards as envelopes draw them.
    func drawableCards(_ id: Int64) throws -> [DrawableCard] {
        try db.fetchAll("SELECT number, rarity FROM collectionCard WHERE collectionId = ? ORDER BY number", [id]).map { row in
            DrawableCard(number: try row("number"), rarity: Rarity(rawValue: try row("rarity")) ?? .common)
        }
    }

    /// Numbers of `id`'s cards among `numbers`.
    func existingNumbers(_ id: Int64, among numbers: [Int]) throws -> Set<Int> {
        Set(try drawableCards(id).map(\.number)).intersection(numbers)
    }

    // MARK: - Collecting

    func insertCollector(_ id: Int64, user: Int64, at date: Date) throws {
        _ = try db.execute("INSERT INTO collector (collectionId, userId, startedAt) VALUES (?, ?, ?)", [id, user, date])
    }

    func deleteCollector(_ id: Int64, user: Int64) throws -> Bool {
        try db.execute("DELETE FROM collector WHERE collectionId = ? AND userId = ?", [id, user]) == 1
    }

    /// Grants `count` envelopes of `kind` to collector `user`.
    func insertEnvelopes(_ id: Int64, user: Int64, count: Int, kind: EnvelopeKind, source: String, grantedBy: Int64?,
                         at date: Date) throws {
        let row: [any SQLBindable] = [id, user, kind.rawValue, source, grantedBy, date]
        _ = try db.insertAll(into: "envelope", columns: ["collectionId", "userId", "kind", "source", "grantedById", "grantedAt"],
                             rows: Array(repeating: row, count: count))
    }

    /// Unopened envelopes of collector `user`: regular and special.
    func envelopeCounts(_ id: Int64, user: Int64) throws -> (regular: Int, special: Int) {
        let row = try db.fetchOne("""
            SELECT coalesce(sum(CASE WHEN kind = 'regular' THEN 1 ELSE 0 END), 0) AS regular,
                   coalesce(sum(CASE WHEN kind = 'special' THEN 1 ELSE 0 END), 0) AS special
            FROM envelope WHERE collectionId = ? AND userId = ?
            """, [id, user])
        return (try row?("regular") ?? 0, try row?("special") ?? 0)
    }

    /// The envelope `user` opens next: the oldest.
    func nextEnvelope(_ id: Int64, user: Int64) throws -> (id: Int64, kind: EnvelopeKind, source: String, grantedBy: Int64?, grantedAt: Date)? {
        try db.fetchOne("""
            SELECT id, kind, source, grantedById, grantedAt FROM envelope WHERE collectionId = ? AND userId = ?
            ORDER BY id LIMIT 1
            """, [id, user]).map { row in
            (try row("id"), EnvelopeKind(rawValue: try row("kind")) ?? .regular, try row("source"), try row("grantedById"),
             try row("grantedAt"))
        }
    }

    func deleteEnvelope(_ envelope: Int64) throws {
        _ = try db.execute("DELETE FROM envelope WHERE id = ?", [envelope])
    }

    /// Collector `user`'s copies, by number (cards with none are absent).
    func holdings(_ id: Int64, user: Int64) throws -> [Int: Holding] {
        var holdings: [Int: Holding] = [:]
        for row in try db.fetchAll("SELECT number, owned, blocked FROM ownedCard WHERE collectionId = ? AND userId = ?", [id, user]) {
            holdings[try row("number")] = try Holding(owned: try row("owned"), blocked: try row("blocked"))
        }
        return holdings
    }

    /// One more copy of each of `numbers` (a number twice, two more) for collector `user`.
    func addCopies(_ id: Int64, user: Int64, numbers: [Int]) throws {
        var counts: [Int: Int] = [:]
        for number in numbers { counts[number, default: 0] += 1 }
        for (number, count) in counts.sorted(by: { $0.key < $1.key }) {
            _ = try db.execute("""
                INSERT INTO ownedCard (collectionId, userId, number, owned) VALUES (?, ?, ?, ?)
                ON CONFLICT (collectionId, userId, number) DO UPDATE SET owned = ownedCard.owned + excluded.owned
                """, [id, user, number, count])
        }
    }

    /// Collector `user`'s copies of card `number` (``Holding/none`` when they hold none).
    func holding(_ id: Int64, user: Int64, number: Int) throws -> Holding {
        guard let row = try db.fetchOne("SELECT owned, blocked FROM ownedCard WHERE collectionId = ? AND userId = ? AND number = ?",
                                        [id, user, number]) else { return .none }
        return try Holding(owned: try row("owned"), blocked: try row("blocked"))
    }

    /// Promises one more copy of card `number` (`by` 1) or releases one (`by` -1); the schema
    /// refuses a count outside `0...owned`.
    func changeBlocked(_ id: Int64, user: Int64, number: Int, by delta: Int) throws {
        _ = try db.execute("UPDATE ownedCard SET blocked = blocked + ? WHERE collectionId = ? AND userId = ? AND number = ?",
                           [delta, id, user, number])
    }

    /// Takes one copy of card `number` from collector `user` and returns the copies left (the
    /// row goes with the last one).
    func removeCopy(_ id: Int64, user: Int64, number: Int) throws -> Int {
        if try db.execute("DELETE FROM ownedCard WHERE collectionId = ? AND userId = ? AND number = ? AND owned = 1",
                          [id, user, number]) == 1 { return 0 }
        _ = try db.execute("UPDATE ownedCard SET owned = owned - 1 WHERE collectionId = ? AND userId = ? AND number = ?",
                           [id, user, number])
        return try holding(id, user: user, number: number).owned
    }

    /// Every collector of the collection with their username and copies, by user id.
    func collectorsHoldings(_ id: Int64) throws -> [(user: Int64, username: String, holdings: [Int: Holding])] {
        var collectors: [(user: Int64, username: String, holdings: [Int: Holding])] = []
        var index: [Int64: Int] = [:]
        for row in try db.fetchAll("""
            SELECT collector.userId, "user".username FROM collector JOIN "user" ON "user".id = collector.userId
            WHERE collector.collectionId = ? ORDER BY collector.userId
            """, [id]) {
            index[try row("userId")] = collectors.count
            collectors.append((try row("userId"), try row("username"), [:]))
        }
        for row in try db.fetchAll("SELECT userId, number, owned, blocked FROM ownedCard WHERE collectionId = ?", [id]) {
            guard let position = index[try row("userId")] else { continue }
            collectors[position].holdings[try row("number")] = try Holding(owned: try row("owned"), blocked: try row("blocked"))
        }
        return collectors
    }

    /// The collection's family names, in the order they were added.
    func familyNames(_ id: Int64) throws -> [String] {
        try db.values(String.self, "SELECT name FROM cardFamily WHERE collectionId = ? ORDER BY id", [id])
    }

    /// The stored images of the cards collector `user` owns, by number.
    func ownedImages(_ id: Int64, user: Int64) throws -> [Int: Data] {
        var images: [Int: Data] = [:]
        for row in try db.fetchAll("""
            SELECT card.number, stickerImage.data FROM ownedCard AS mine
            JOIN collectionCard AS card ON card.collectionId = mine.collectionId AND card.number = mine.number
            JOIN stickerImage ON stickerImage.id = card.imageId
            WHERE mine.collectionId = ? AND mine.userId = ?
            """, [id, user]) {
            images[try row("number")] = try row("data")
        }
        return images
    }

    /// Card titles by number.
    func titles(_ id: Int64) throws -> [Int: String] {
        var titles: [Int: String] = [:]
        for row in try db.fetchAll("""
            SELECT card.number, sticker.title FROM collectionCard AS card JOIN sticker ON sticker.id = card.stickerId
            WHERE card.collectionId = ?
            """, [id]) {
            titles[try row("number")] = try row("title")
        }
        return titles
    }


    /// Every card of the collection with collector `user`'s copies, in number order.
    func album(_ id: Int64, user: Int64) throws -> [AlbumCard] {
        try db.fetchAll("""
            SELECT card.number, sticker.title, cardFamily.name AS family, card.rarity,
                   coalesce(mine.owned, 0) AS owned, coalesce(mine.blocked, 0) AS blocked
            FROM collectionCard AS card
            JOIN sticker ON sticker.id = card.stickerId
            JOIN cardFamily ON cardFamily.id = card.familyId
            LEFT JOIN ownedCard AS mine ON mine.collectionId = card.collectionId AND mine.number = card.number
                                       AND mine.userId = ?
            WHERE card.collectionId = ? ORDER BY card.number
            """, [user, id]).map { row in
            AlbumCard(number: try row("number"), title: try row("title"), family: try row("family"),
                      rarity: Rarity(rawValue: try row("rarity")) ?? .common, owned: try row("owned"), blocked: try row("blocked"))
        }
    }

    func insertDraw(_ id: Int64, user: Int64, source: String, kind: EnvelopeKind?, grantedBy: Int64?, grantedAt: Date,
                    cards: [Int], at date: Date) throws {
        _ = try db.insert("""
            INSERT INTO cardDraw (collectionId, userId, source, kind, grantedById, grantedAt, cards, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [id, user, source, kind?.rawValue, grantedBy, grantedAt, cards.map(String.init).joined(separator: ","), date])
    }

    /// The newest `limit` draws of the collection, of collector `user` alone when given.
    func draws(_ id: Int64, user: Int64?, limit: Int) throws -> [CardDrawRecord] {
        try db.fetchAll("""
            SELECT cardDraw.id, collector.username AS collector, cardDraw.source, cardDraw.kind, granter.username AS grantedBy,
                   cardDraw.grantedAt, cardDraw.cards, cardDraw.createdAt
            FROM cardDraw
            JOIN "user" AS collector ON collector.id = cardDraw.userId
            LEFT JOIN "user" AS granter ON granter.id = cardDraw.grantedById
            WHERE cardDraw.collectionId = ?\(user == nil ? "" : " AND cardDraw.userId = ?")
            ORDER BY cardDraw.id DESC LIMIT ?
            """, user.map { [id, $0, limit] as [any SQLBindable] } ?? [id, limit]).map { row in
            let cards: String = try row("cards")
            return CardDrawRecord(id: try row("id"), collector: try row("collector"), source: try row("source"),
                                  kind: try row("kind"), grantedBy: try row("grantedBy"), grantedAt: try row("grantedAt"),
                                  cards: cards.split(separator: ",").compactMap { Int($0) }, at: try row("createdAt"))
        }
    }

    // MARK: - The catalogue, one part at a time

    /// A card of a collection as the catalogue edits it.
    struct StoredCard {
        var stickerID: Int64
        var familyID: Int64
        var rarity: Rarity
        var imageID: Int64?
    }

    /// The id of the family of collection `id` whose name folds to `nameKey`.
    func familyID(_ id: Int64, nameKey: String) throws -> Int64? {
        try db.value(Int64.self, "SELECT id FROM cardFamily WHERE collectionId = ? AND nameKey = ?", [id, nameKey])
    }

    func renameFamily(_ family: Int64, to name: String) throws {
        _ = try db.execute("UPDATE cardFamily SET name = ?, nameKey = ? WHERE id = ?", [name, CaseFold.key(name), family])
    }

    /// How many cards use family `family`.
    func cardCount(family: Int64) throws -> Int {
        try db.value(Int.self, "SELECT count(*) FROM collectionCard WHERE familyId = ?", [family]) ?? 0
    }

    func deleteFamily(_ family: Int64) throws {
        _ = try db.execute("DELETE FROM cardFamily WHERE id = ?", [family])
    }

    /// How many families and cards collection `id` has.
    func size(_ id: Int64) throws -> (families: Int, cards: Int) {
        let row = try db.fetchOne("""
            SELECT (SELECT count(*) FROM cardFamily WHERE collectionId = ?) AS families,
                   (SELECT count(*) FROM collectionCard WHERE collectionId = ?) AS cards
            """, [id, id])
        return (try row?("families") ?? 0, try row?("cards") ?? 0)
    }

    /// Card `number` of collection `id`.
    func card(_ id: Int64, number: Int) throws -> StoredCard? {
        try db.fetchOne("SELECT stickerId, familyId, rarity, imageId FROM collectionCard WHERE collectionId = ? AND number = ?",
                        [id, number]).map { row in
            StoredCard(stickerID: try row("stickerId"), familyID: try row("familyId"),
                       rarity: Rarity(rawValue: try row("rarity")) ?? .common, imageID: try row("imageId"))
        }
    }

    /// The number card `sticker` has in collection `id`, if it is in it.
    func number(of sticker: Int64, in id: Int64) throws -> Int? {
        try db.value(Int.self, "SELECT number FROM collectionCard WHERE collectionId = ? AND stickerId = ?", [id, sticker])
    }

    func updateCard(_ id: Int64, number: Int, family: Int64, rarity: Rarity, image: Int64?) throws {
        _ = try db.execute("UPDATE collectionCard SET familyId = ?, rarity = ?, imageId = ? WHERE collectionId = ? AND number = ?",
                           [family, rarity.rawValue, image, id, number])
        try deleteOrphans()
    }

    func updateSticker(_ sticker: Int64, title: String, description: String) throws {
        _ = try db.execute("UPDATE sticker SET title = ?, description = ? WHERE id = ?", [title, description, sticker])
    }

    /// Card `sticker`'s title and description.
    func sticker(_ sticker: Int64) throws -> (title: String, description: String)? {
        try db.fetchOne("SELECT title, description FROM sticker WHERE id = ?", [sticker]).map { (try $0("title"), try $0("description")) }
    }

    /// Whether any collector holds a copy of card `number`, or a swap proposal or ring names it.
    func isInUse(_ id: Int64, number: Int) throws -> Bool {
        try db.exists("""
            SELECT 1 FROM ownedCard WHERE collectionId = ? AND number = ?
            UNION ALL SELECT 1 FROM swapProposal WHERE collectionId = ? AND (giveNumber = ? OR getNumber = ?)
            UNION ALL SELECT 1 FROM swapRingLeg WHERE collectionId = ? AND number = ?
            """, [id, number, id, number, number, id, number])
    }

    /// Deletes card `number` of collection `id`, and its sticker and image when no collection
    /// uses them any more.
    func deleteCard(_ id: Int64, number: Int) throws {
        _ = try db.execute("DELETE FROM collectionCard WHERE collectionId = ? AND number = ?", [id, number])
        try deleteOrphans()
    }

    func setCover(_ id: Int64, image: Int64?) throws {
        _ = try db.execute("UPDATE collection SET coverImageId = ? WHERE id = ?", [image, id])
        try deleteOrphans()
    }

    /// Deletes the stickers and images no collection uses.
    private func deleteOrphans() throws {
        _ = try db.execute("DELETE FROM sticker WHERE NOT EXISTS (SELECT 1 FROM collectionCard WHERE stickerId = sticker.id)")
        _ = try db.execute("""
            DELETE FROM stickerImage WHERE NOT EXISTS (SELECT 1 FROM collectionCard WHERE imageId = stickerImage.id)
                                      AND NOT EXISTS (SELECT 1 FROM collection WHERE coverImageId = stickerImage.id)
            """)
    }

    /// Collection `id` as a manifest (families in the order added, cards by number) and its
    /// images by the file names the manifest gives them (`image-` and the first 16 digits of
    /// their SHA-256).
    /// The bytes of the distinct images collection `id` shows: its cards' and its cover.
    func imageBytes(_ id: Int64) throws -> Int {
        try db.value(Int.self, """
            SELECT coalesce(sum(length(data)), 0) FROM stickerImage WHERE id IN (
                SELECT imageId FROM collectionCard WHERE collectionId = ? AND imageId IS NOT NULL
                UNION SELECT coverImageId FROM collection WHERE id = ? AND coverImageId IS NOT NULL)
            """, [id, id]) ?? 0
    }

    func export(_ id: Int64) throws -> (CollectionManifest, [String: Data])? {
        guard let row = try db.fetchOne("""
            SELECT collection.name, collection.description, collection.packSize, collection.commonWeight,
                   collection.rareWeight, collection.specialWeight, cover.id AS coverId, cover.sha256 AS coverSha,
                   cover.format AS coverFormat
            FROM collection LEFT JOIN stickerImage AS cover ON cover.id = collection.coverImageId WHERE collection.id = ?
            """, [id]) else { return nil }
        // Each image's file name by its id; the bytes are read once an image, however many cards share it.
        var names: [Int64: String] = [:]
        func file(_ imageID: Int64?, _ sha: String?, _ format: String?) -> String? {
            guard let imageID, let sha, let format else { return nil }
            let name = "image-\(sha.prefix(16)).\(format == "png" ? "png" : "jpg")"
            names[imageID] = name
            return name
        }
        let description: String = try row("description")
        var manifest = CollectionManifest(
            name: try row("name"), description: description.isEmpty ? nil : description, packSize: try row("packSize"),
            weights: RarityWeights(common: try row("commonWeight"), rare: try row("rareWeight"), special: try row("specialWeight")),
            cover: file(try row("coverId"), try row("coverSha"), try row("coverFormat")), families: [])
        var families: [Int64: Int] = [:]
        for family in try db.fetchAll("SELECT id, name FROM cardFamily WHERE collectionId = ? ORDER BY id", [id]) {
            families[try family("id")] = manifest.families.count
            manifest.families.append(.init(name: try family("name"), cards: []))
        }
        for card in try db.fetchAll("""
            SELECT card.number, card.familyId, card.rarity, sticker.title, sticker.description,
                   image.id AS imageId, image.sha256, image.format
            FROM collectionCard AS card JOIN sticker ON sticker.id = card.stickerId
            LEFT JOIN stickerImage AS image ON image.id = card.imageId
            WHERE card.collectionId = ? ORDER BY card.number
            """, [id]) {
            guard let index = families[try card("familyId")] else { continue }
            let description: String = try card("description")
            manifest.families[index].cards.append(.init(
                number: try card("number"), title: try card("title"), description: description.isEmpty ? nil : description,
                image: file(try card("imageId"), try card("sha256"), try card("format")),
                rarity: Rarity(rawValue: try card("rarity")) ?? .common))
        }
        var images: [String: Data] = [:]
        for image in try db.fetchAll("""
            SELECT id, data FROM stickerImage
            WHERE id IN (SELECT imageId FROM collectionCard WHERE collectionId = ?)
               OR id = (SELECT coverImageId FROM collection WHERE id = ?)
            """, [id, id]) {
            guard let name = names[try image("id")] else { continue }
            images[name] = try image("data")
        }
        return (manifest, images)
    }

    // MARK: - Administration

    func addEditor(_ id: Int64, user: Int64) throws {
        _ = try db.execute("""
            INSERT INTO collectionEditor (collectionId, userId) VALUES (?, ?) ON CONFLICT (collectionId, userId) DO NOTHING
            """, [id, user])
    }

    func removeEditor(_ id: Int64, user: Int64) throws -> Bool {
        try db.execute("DELETE FROM collectionEditor WHERE collectionId = ? AND userId = ?", [id, user]) == 1
    }

    /// Deletes collection `id` with everything in it, and the cards and images no other
    /// collection uses.
    func delete(_ id: Int64) throws {
        _ = try db.execute("DELETE FROM collection WHERE id = ?", [id])
        try deleteOrphans()
    }
}

extension StoreTransaction {
    /// The sticker collections.
    var collections: CollectionStore { CollectionStore(db: self) }
}
