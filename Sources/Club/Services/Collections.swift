import Crypto
import Foundation
import Stickers
import Support

/// Sticker collections as a service: importing one from a folder's manifest, the catalogue,
/// starting, envelopes (granted, opened, recorded), cards an administrator gives, albums and
/// the odds of finishing one. Any user sees the catalogue; the owner and editors administer a
/// collection; a collector sees their own album and draws. The rules of collecting are
/// Stickers'; this decides who may do what and keeps it in the store.
public struct Collections: Sendable {
    let store: ClubStore
    let random: DrawSource

    /// The most envelopes one grant gives, and the most a collector may hold unopened.
    public static let maximumGrant = 1_000
    public static let maximumHeldEnvelopes = 10_000
    /// The most cards one gift gives.
    public static let maximumGift = 100
    /// The most draws one listing shows.
    public static let maximumDrawsListed = 500

    /// Envelopes are drawn with `random`: the system's cryptographic generator unless a test
    /// gives a seeded one.
    public init(store: ClubStore, random: DrawSource = .system) {
        self.store = store
        self.random = random
    }

    // MARK: - Catalogue

    /// Creates a collection owned by `actor` from `manifest` and the images it names
    /// (`images`, by the manifest's relative path), in one transaction. Every problem (a
    /// missing or unreadable image, a name taken) is reported at once and nothing is kept.
    public func importCollection(_ actor: ActingUser, manifest: CollectionManifest, images: [String: Data],
                                 source: String = "collection.json") throws -> CollectionImportSummary {
        let problems = manifest.problems()
        guard problems.isEmpty else { throw ManifestError.invalid(source: source, problems: problems) }
        var headers: [String: ImageHeader] = [:], imageProblems: [String] = []
        for path in manifest.imagePaths {
            guard let data = images[path] else {
                imageProblems.append("\(path): missing")
                continue
            }
            do {
                headers[path] = try Self.checkImage(data, field: path)
            } catch let error as ClubError {
                imageProblems.append(error.localizedDescription)
            }
        }
        guard imageProblems.isEmpty else { throw ManifestError.invalid(source: source, problems: imageProblems) }
        let now = Date()
        return try store.write { db in
            let store = db.collections
            guard try store.find(nameKey: CaseFold.key(manifest.name)) == nil else {
                throw ClubError.duplicate(field: "collection", value: manifest.name)
            }
            var imageIDs: [String: Int64] = [:]
            for (path, header) in headers.sorted(by: { $0.key < $1.key }) {
                guard let data = images[path] else { continue }
                imageIDs[path] = try Self.storedImage(db, data, header)
            }
            let id = try store.insertCollection(name: manifest.name, nameKey: CaseFold.key(manifest.name),
                                                description: manifest.description ?? "",
                                                coverImageID: manifest.cover.flatMap { imageIDs[$0] },
                                                packSize: manifest.packSize ?? 5, weights: manifest.weights ?? .standard,
                                                ownerID: actor.userID, createdAt: now)
            var cards = 0
            for family in manifest.families {
                let familyID = try store.insertFamily(collection: id, name: family.name)
                for card in family.cards {
                    let sticker = try store.insertSticker(title: card.title, description: card.description ?? "", createdAt: now)
                    try store.insertCard(collection: id, number: card.number, sticker: sticker, family: familyID,
                                         rarity: card.rarity ?? .common, image: card.image.flatMap { imageIDs[$0] })
                    cards += 1
                }
            }
            return CollectionImportSummary(id: id, name: manifest.name, families: manifest.families.count, cards: cards,
                                           images: Set(imageIDs.values).count)
        }
    }

    /// Every collection, or only those `actor` has not started (`notStarted`), by name.
    public func catalogue(_ actor: ActingUser, notStarted: Bool = true) throws -> [CollectionSummary] {
        try store.read { db in try db.collections.summaries(for: actor.userID, notStarted: notStarted) }
    }

    /// One collection with `actor`'s part in it.
    public func show(_ actor: ActingUser, _ name: CollectionReference) throws -> CollectionSummary {
        try store.read { db in
            let found = try Self.find(db, name)
            guard let summary = try db.collections.summary(found.id, for: actor.userID) else {
                throw ClubError.notFound(kind: "collection", reference: name.description)
            }
            return summary
        }
    }

    // MARK: - Collecting

    /// `actor` starts collecting: they become a collector with one envelope to open.
    public func start(_ actor: ActingUser, _ name: CollectionReference) throws -> CollectionSummary {
        let now = Date()
        return try store.write { db in
            let found = try Self.find(db, name)
            guard try !db.collections.isCollector(found.id, user: actor.userID) else {
                throw ClubError.conflict(field: "collection", message: "\(actor.username) has already started '\(found.name)'")
            }
            try db.collections.insertCollector(found.id, user: actor.userID, at: now)
            try db.collections.insertEnvelopes(found.id, user: actor.userID, count: 1, kind: .regular, source: "start",
                                               grantedBy: nil, at: now)
            guard let summary = try db.collections.summary(found.id, for: actor.userID) else {
                throw ClubError.notFound(kind: "collection", reference: name.description)
            }
            return summary
        }
    }

    /// `actor` leaves a collection: their album, copies and unopened envelopes go; the record
    /// of their draws stays; every pending swap proposal they made or received is closed
    /// (releasing the other side's promised copy) and every open battle they play ends with
    /// no card (``Battle/abandon()``), both kept as a record; their treasure hunts go.
    public func leave(_ actor: ActingUser, _ name: CollectionReference) throws {
        let now = Date()
        try store.write { db in
            let found = try Self.find(db, name)
            try Self.checkCollecting(db, found, actor)
            let reason = "\(actor.username) left the collection"
            try Swaps.closeAll(db, user: actor.userID, collection: found.id, reason: reason, at: now)
            try Battles.abandonAll(db, user: actor.userID, collection: found.id, reason: reason, at: now)
            guard try db.collections.deleteCollector(found.id, user: actor.userID) else {
                throw Self.notCollecting(actor.username, found)
            }
        }
    }

    /// Opens `actor`'s oldest unopened envelope: its cards drawn by the collection's rarity
    /// weights (special cards for a special envelope), added to the album and recorded.
    public func open(_ actor: ActingUser, _ name: CollectionReference) throws -> EnvelopeOpening {
        let now = Date()
        return try store.write { db in
            let found = try Self.find(db, name)
            try Self.checkCollecting(db, found, actor)
            guard let envelope = try db.collections.nextEnvelope(found.id, user: actor.userID) else {
                throw ClubError.conflict(field: "envelopes", message: "\(actor.username) has no envelope of '\(found.name)' to open")
            }
            var generator = random.generator
            let numbers: [Int]
            do {
                numbers = try EnvelopeDraw.draw(from: try db.collections.drawableCards(found.id), weights: found.weights,
                                                kind: envelope.kind, size: found.packSize, using: &generator)
            } catch StickerError.noCardsToDraw {
                throw ClubError.conflict(field: "collection", message: "'\(found.name)' has no cards to draw")
            }
            let before = try db.collections.holdings(found.id, user: actor.userID)
            try Self.checkRoom(before, adding: numbers)
            try db.collections.deleteEnvelope(envelope.id)
            try db.collections.addCopies(found.id, user: actor.userID, numbers: numbers)
            try db.collections.insertDraw(found.id, user: actor.userID, source: envelope.source, kind: envelope.kind,
                                          grantedBy: envelope.grantedBy, grantedAt: envelope.grantedAt, cards: numbers, at: now)
            let album = Dictionary(uniqueKeysWithValues: try db.collections.album(found.id, user: actor.userID).map { ($0.number, $0) })
            let left = try db.collections.envelopeCounts(found.id, user: actor.userID)
            return EnvelopeOpening(collection: found.name, source: envelope.source, kind: envelope.kind.rawValue,
                                   cards: numbers.map { number in
                                       EnvelopeOpening.Drawn(number: number, title: album[number]?.title ?? "",
                                                             rarity: album[number]?.rarity.rawValue ?? "common",
                                                             new: (before[number]?.owned ?? 0) == 0)
                                   }, envelopesLeft: left.regular + left.special)
        }
    }

    /// An administrator grants `count` envelopes (1 to ``maximumGrant``) to collector `username`.
    @discardableResult
    public func grant(_ actor: ActingUser, _ name: CollectionReference, to username: String, envelopes count: Int) throws -> EnvelopeGrant {
        guard (1...Self.maximumGrant).contains(count) else {
            throw ClubError.invalid(field: "envelopes", message: "expected 1 to \(Self.maximumGrant), not \(count)")
        }
        let now = Date()
        return try store.write { db in
            let (found, user) = try Self.administered(db, name, by: actor, collector: username)
            let held = try db.collections.envelopeCounts(found.id, user: user)
            guard held.regular + held.special + count <= Self.maximumHeldEnvelopes else {
                throw ClubError.conflict(field: "envelopes", message: "\(username) would hold more than "
                    + "\(Self.maximumHeldEnvelopes) unopened envelopes of '\(found.name)'")
            }
            try db.collections.insertEnvelopes(found.id, user: user, count: count, kind: .regular, source: "grant",
                                               grantedBy: actor.userID, at: now)
            return EnvelopeGrant(collection: found.name, collector: username, granted: count, envelopes: held.regular + count,
                                 specialEnvelopes: held.special)
        }
    }

    /// An administrator gives collector `username` the cards `numbers` (a number twice, two
    /// copies; at most ``maximumGift``), recorded like a draw; returns that record.
    @discardableResult
    public func give(_ actor: ActingUser, _ name: CollectionReference, to username: String, cards numbers: [Int]) throws -> CardDrawRecord {
        guard (1...Self.maximumGift).contains(numbers.count) else {
            throw ClubError.invalid(field: "cards", message: "expected 1 to \(Self.maximumGift) card numbers, not \(numbers.count)")
        }
        let now = Date()
        return try store.write { db in
            let (found, user) = try Self.administered(db, name, by: actor, collector: username)
            let existing = try db.collections.existingNumbers(found.id, among: numbers)
            if let unknown = numbers.first(where: { !existing.contains($0) }) {
                throw ClubError.notFound(kind: "card", reference: "\(unknown) in '\(found.name)'")
            }
            try Self.checkRoom(try db.collections.holdings(found.id, user: user), adding: numbers)
            try db.collections.addCopies(found.id, user: user, numbers: numbers)
            try db.collections.insertDraw(found.id, user: user, source: "gift", kind: nil, grantedBy: actor.userID,
                                          grantedAt: now, cards: numbers, at: now)
            guard let record = try db.collections.draws(found.id, user: user, limit: 1).first else {
                throw ClubError.notFound(kind: "draw", reference: "of \(username) in '\(found.name)'")
            }
            return record
        }
    }

    /// `actor`'s album: every card with their copies, and their unopened envelopes.
    public func album(_ actor: ActingUser, _ name: CollectionReference) throws -> CollectorAlbum {
        try store.read { db in
            let found = try Self.find(db, name)
            try Self.checkCollecting(db, found, actor)
            let envelopes = try db.collections.envelopeCounts(found.id, user: actor.userID)
            return CollectorAlbum(collection: found.name, collector: actor.username, envelopes: envelopes.regular,
                                  specialEnvelopes: envelopes.special, cards: try db.collections.album(found.id, user: actor.userID))
        }
    }

    /// `actor`'s album with what printing it needs: the families in order and the images of
    /// the cards they own.
    public func printableAlbum(_ actor: ActingUser, _ name: CollectionReference) throws -> PrintableAlbum {
        try store.read { db in
            let found = try Self.find(db, name)
            try Self.checkCollecting(db, found, actor)
            let envelopes = try db.collections.envelopeCounts(found.id, user: actor.userID)
            let album = CollectorAlbum(collection: found.name, collector: actor.username, envelopes: envelopes.regular,
                                       specialEnvelopes: envelopes.special, cards: try db.collections.album(found.id, user: actor.userID))
            return PrintableAlbum(album: album, families: try db.collections.familyNames(found.id),
                                  images: try db.collections.ownedImages(found.id, user: actor.userID))
        }
    }

    /// The odds of finishing the album from `actor`'s (or, if they have not started, from an
    /// empty one), and with `envelopes` the probability of finishing within that many.
    public func odds(_ actor: ActingUser, _ name: CollectionReference, envelopes: Int? = nil) throws -> CollectionOdds {
        if let envelopes, !(0...CompletionOdds.maximumEnvelopes).contains(envelopes) {
            throw ClubError.invalid(field: "envelopes", message: "expected 0 to \(CompletionOdds.maximumEnvelopes), not \(envelopes)")
        }
        let (found, cards, holdings) = try store.read { db in
            let found = try Self.find(db, name)
            return (found, try db.collections.drawableCards(found.id), try db.collections.holdings(found.id, user: actor.userID))
        }
        guard !cards.isEmpty else {
            throw ClubError.conflict(field: "collection", message: "'\(found.name)' has no cards")
        }
        var classes: [AlbumProgress.RarityClass] = []
        for rarity in Rarity.allCases {
            let numbers = cards.filter { $0.rarity == rarity }.map(\.number)
            guard !numbers.isEmpty else { continue }
            let missing = numbers.filter { (holdings[$0]?.owned ?? 0) == 0 }.count
            let spare = numbers.reduce(0) { $0 + (holdings[$1]?.spare ?? 0) }
            classes.append(.init(weight: found.weights[rarity], cards: numbers.count, missing: missing, spare: spare))
        }
        do {
            let progress = try AlbumProgress(packSize: min(found.packSize, cards.count), classes: classes)
            let swapped = try progress.swappingAtPar()
            let exact = CompletionOdds.isExact(progress)
            return CollectionOdds(collection: found.name, cards: progress.cards, missing: progress.missing,
                                  packSize: progress.packSize, expectedEnvelopes: try CompletionOdds.expectedEnvelopes(progress),
                                  expectedEnvelopesSwapping: try CompletionOdds.expectedEnvelopes(swapped), envelopes: envelopes,
                                  probabilityWithin: try envelopes.map { try CompletionOdds.probabilityWithin($0, progress) },
                                  exact: exact,
                                  method: exact ? "exact: packs of different cards, all of one weight"
                                      : "approximate: rarity weights, draws as a Poisson process; expected envelopes the integral "
                                      + "of 1 - prod(1 - exp(-p t)) to 1e-9 relative, probability within prod(1 - exp(-p M K))")
        } catch let error as OddsError {
            throw ClubError.invalid(field: "odds", message: error.localizedDescription)
        }
    }

    /// The newest draws of a collection (at most `limit`, up to ``maximumDrawsListed``):
    /// `actor`'s own, or, for an administrator, anyone's (`of`, or everyone's when nil).
    public func draws(_ actor: ActingUser, _ name: CollectionReference, of username: String? = nil, limit: Int = 100) throws -> [CardDrawRecord] {
        guard (1...Self.maximumDrawsListed).contains(limit) else {
            throw ClubError.invalid(field: "limit", message: "expected 1 to \(Self.maximumDrawsListed), not \(limit)")
        }
        return try store.read { db in
            let found = try Self.find(db, name)
            if let username, CaseFold.key(username) == CaseFold.key(actor.username) {
                return try db.collections.draws(found.id, user: actor.userID, limit: limit)
            }
            guard try Self.administers(db, found, actor) else {
                guard username == nil else {
                    throw ClubError.permissionDenied("only the owner and editors of '\(found.name)' see other collectors' draws")
                }
                return try db.collections.draws(found.id, user: actor.userID, limit: limit)
            }
            return try db.collections.draws(found.id, user: try username.map { try db.users.id(username: $0) }, limit: limit)
        }
    }

    // MARK: - Administration

    /// The owner makes `username` an editor (who may grant envelopes and give cards).
    public func addEditor(_ actor: ActingUser, _ name: CollectionReference, _ username: String) throws {
        try store.write { db in
            let found = try Self.find(db, name)
            try Self.checkOwns(found, actor)
            let user = try db.users.id(username: username)
            guard user != found.ownerID else {
                throw ClubError.invalid(field: "editor", message: "\(username) owns '\(found.name)'")
            }
            try db.collections.addEditor(found.id, user: user)
        }
    }

    /// The owner takes `username`'s editing away.
    public func removeEditor(_ actor: ActingUser, _ name: CollectionReference, _ username: String) throws {
        try store.write { db in
            let found = try Self.find(db, name)
            try Self.checkOwns(found, actor)
            guard try db.collections.removeEditor(found.id, user: try db.users.id(username: username)) else {
                throw ClubError.notFound(kind: "editor", reference: "\(username) of '\(found.name)'")
            }
        }
    }

    /// The owner deletes the collection, with its collectors' albums and draws.
    public func delete(_ actor: ActingUser, _ name: CollectionReference) throws {
        try store.write { db in
            let found = try Self.find(db, name)
            try Self.checkOwns(found, actor)
            try db.collections.delete(found.id)
        }
    }

    // MARK: - Rules

    /// The id of image `data` (checked as `header`), stored once by its SHA-256.
    static func storedImage(_ db: StoreTransaction, _ data: Data, _ header: ImageHeader) throws -> Int64 {
        let digest = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        return try db.collections.imageID(sha256: digest)
            ?? db.collections.insertImage(sha256: digest, format: header.format == .png ? "png" : "jpeg",
                                          width: header.width, height: header.height, data: data)
    }

    /// A card's image or a cover, as the album printer takes them: PNG or JPEG, whole, at most
    /// 2 MiB and ``CollectionManifest/imageMaximumSide`` px a side.
    static func checkImage(_ data: Data, field: String) throws -> ImageHeader {
        try Validation.image(data, field: field, side: CollectionManifest.imageMaximumSide,
                             pixels: CollectionManifest.imageMaximumPixels)
    }

    static func find(_ db: StoreTransaction, _ reference: CollectionReference) throws -> CollectionStore.Found {
        let found: CollectionStore.Found?
        switch reference {
        case .id(let id): found = try db.collections.find(id: id)
        case .name(let name): found = try db.collections.find(nameKey: CaseFold.key(name))
        }
        guard let found else { throw ClubError.notFound(kind: "collection", reference: reference.description) }
        return found
    }

    static func administers(_ db: StoreTransaction, _ found: CollectionStore.Found, _ actor: ActingUser) throws -> Bool {
        try found.ownerID == actor.userID || db.collections.isEditor(found.id, user: actor.userID)
    }

    static func checkAdministers(_ db: StoreTransaction, _ found: CollectionStore.Found, _ actor: ActingUser) throws {
        guard try administers(db, found, actor) else {
            throw ClubError.permissionDenied("only the owner and editors of '\(found.name)' may do that; \(actor.username) is neither")
        }
    }

    /// The collection `name`, which `actor` administers, and the id of `username`, who collects it.
    static func administered(_ db: StoreTransaction, _ name: CollectionReference, by actor: ActingUser,
                             collector username: String) throws -> (CollectionStore.Found, Int64) {
        let found = try find(db, name)
        try checkAdministers(db, found, actor)
        let user = try db.users.id(username: username)
        if user == actor.userID {
            try checkCollecting(db, found, actor)
        } else {
            try checkCollecting(db, found, other: ActingUser(userID: user, username: username))
        }
        return (found, user)
    }

    static func checkOwns(_ found: CollectionStore.Found, _ actor: ActingUser) throws {
        guard found.ownerID == actor.userID else {
            throw ClubError.permissionDenied("only the owner of '\(found.name)' may do that")
        }
    }

    /// Checks that `actor` collects `found`; if not, the refusal says how they start it.
    static func checkCollecting(_ db: StoreTransaction, _ found: CollectionStore.Found, _ actor: ActingUser) throws {
        guard try db.collections.isCollector(found.id, user: actor.userID) else { throw notCollecting(actor.username, found) }
    }

    /// Checks that `user`, someone the actor names, collects `found`: only they can start it,
    /// so the refusal names no remedy for the actor.
    static func checkCollecting(_ db: StoreTransaction, _ found: CollectionStore.Found, other user: ActingUser) throws {
        guard try db.collections.isCollector(found.id, user: user.userID) else {
            throw ClubError.conflict(field: "collector", message: "\(user.username) has not started '\(found.name)'")
        }
    }

    /// Collection `name` and the id of `username`, another collector of it than `actor`, who
    /// collects it too: the two sides of `what` ("a swap", "a battle").
    static func pair(_ db: StoreTransaction, _ name: CollectionReference, _ actor: ActingUser, with username: String,
                     for what: String) throws -> (CollectionStore.Found, Int64) {
        let found = try find(db, name)
        try checkCollecting(db, found, actor)
        let other = try db.users.id(username: username)
        guard other != actor.userID else {
            throw ClubError.invalid(field: "to", message: "\(what) is with another collector, not with yourself")
        }
        try checkCollecting(db, found, other: ActingUser(userID: other, username: username))
        return (found, other)
    }

    static func notCollecting(_ username: String, _ found: CollectionStore.Found) -> ClubError {
        .refused(field: "collector", message: "\(username) has not started '\(found.name)'",
                 remedy: .startCollection(collection: found.name, id: found.id))
    }

    /// Checks that adding `numbers` keeps every card within ``Holding/maximumCopies``.
    static func checkRoom(_ holdings: [Int: Holding], adding numbers: [Int]) throws {
        var counts: [Int: Int] = [:]
        for number in numbers { counts[number, default: 0] += 1 }
        for (number, count) in counts where (holdings[number]?.owned ?? 0) + count > Holding.maximumCopies {
            throw ClubError.conflict(field: "cards", message: "card \(number) would have more than \(Holding.maximumCopies) copies")
        }
    }
}
