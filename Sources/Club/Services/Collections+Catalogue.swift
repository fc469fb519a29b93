import Foundation
import Stickers
import Support

/// A collection's catalogue edited one part at a time by its owner and editors: families,
/// cards, a card reused in another collection, the cover, and the whole exported back as a
/// manifest with its images. Names, titles and descriptions follow the manifest's rules
/// (``CollectionManifest/textProblem(_:_:_:)``).
extension Collections {
    /// What a card edit changes; nil fields stay as they are.
    public struct CardChanges: Sendable, Equatable {
        public var title: String?
        public var description: String?
        public var family: String?
        public var rarity: Rarity?
        /// A PNG or JPEG for the card's image.
        public var image: Data?

        public init(title: String? = nil, description: String? = nil, family: String? = nil, rarity: Rarity? = nil,
                    image: Data? = nil) {
            self.title = title
            self.description = description
            self.family = family
            self.rarity = rarity
            self.image = image
        }
    }

    /// A collection as a manifest and the images it names by file name (``export(_:_:)``).
    public struct Export: Sendable, Equatable {
        public var manifest: CollectionManifest
        public var images: [String: Data]
    }

    // MARK: - Families

    /// Adds family `family` (a name unique in the collection, ignoring case).
    public func addFamily(_ actor: ActingUser, _ name: CollectionReference, family: String) throws {
        try Self.checkText(family, "family", CollectionManifest.nameLength)
        try store.write { db in
            let found = try Self.administeredCollection(db, name, actor)
            guard try db.collections.familyID(found.id, nameKey: CaseFold.key(family)) == nil else {
                throw ClubError.duplicate(field: "family", value: family)
            }
            guard try db.collections.size(found.id).families < CollectionManifest.maximumFamilies else {
                throw ClubError.conflict(field: "family", message: "'\(found.name)' has \(CollectionManifest.maximumFamilies) families already")
            }
            _ = try db.collections.insertFamily(collection: found.id, name: family)
        }
    }

    /// Renames family `family` to `newName`.
    public func renameFamily(_ actor: ActingUser, _ name: CollectionReference, family: String, to newName: String) throws {
        try Self.checkText(newName, "family", CollectionManifest.nameLength)
        try store.write { db in
            let found = try Self.administeredCollection(db, name, actor)
            let id = try Self.family(db, found, family)
            if let other = try db.collections.familyID(found.id, nameKey: CaseFold.key(newName)), other != id {
                throw ClubError.duplicate(field: "family", value: newName)
            }
            try db.collections.renameFamily(id, to: newName)
        }
    }

    /// Removes family `family`, refused while a card uses it.
    public func removeFamily(_ actor: ActingUser, _ name: CollectionReference, family: String) throws {
        try store.write { db in
            let found = try Self.administeredCollection(db, name, actor)
            let id = try Self.family(db, found, family)
            let cards = try db.collections.cardCount(family: id)
            guard cards == 0 else {
                throw ClubError.conflict(field: "family", message: "'\(family)' holds \(cards) card\(cards == 1 ? "" : "s") of "
                                         + "'\(found.name)': move or remove them first")
            }
            try db.collections.deleteFamily(id)
        }
    }

    // MARK: - Cards

    /// Adds card `number` (unique in the collection, 1 to 99,999) to family `family`.
    public func addCard(_ actor: ActingUser, _ name: CollectionReference, number: Int, title: String, family: String,
                        description: String = "", rarity: Rarity = .common, image: Data? = nil) throws {
        try Self.checkNumber(number)
        try Self.checkText(title, "title", CollectionManifest.nameLength)
        try Self.checkText(description, "description", CollectionManifest.descriptionLength)
        let checked = try Self.checkedImage(image, field: "image")
        try store.write { db in
            let found = try Self.administeredCollection(db, name, actor)
            let familyID = try Self.family(db, found, family)
            try Self.checkFree(db, found, number)
            guard try db.collections.size(found.id).cards < CollectionManifest.maximumCards else {
                throw ClubError.conflict(field: "number", message: "'\(found.name)' has \(CollectionManifest.maximumCards) cards already")
            }
            let sticker = try db.collections.insertSticker(title: title, description: description, createdAt: Date())
            let imageID = try Self.storedImage(db, checked)
            try db.collections.insertCard(collection: found.id, number: number, sticker: sticker, family: familyID,
                                          rarity: rarity, image: imageID)
        }
    }

    /// Changes card `number`. Its title and description belong to the card itself, so they
    /// change in every collection that reuses it; its family, rarity and image are this
    /// collection's.
    public func editCard(_ actor: ActingUser, _ name: CollectionReference, number: Int, _ changes: CardChanges) throws {
        if let title = changes.title { try Self.checkText(title, "title", CollectionManifest.nameLength) }
        if let description = changes.description { try Self.checkText(description, "description", CollectionManifest.descriptionLength) }
        let checked = try Self.checkedImage(changes.image, field: "image")
        try store.write { db in
            let found = try Self.administeredCollection(db, name, actor)
            let card = try Self.card(db, found, number)
            if changes.title != nil || changes.description != nil, let sticker = try db.collections.sticker(card.stickerID) {
                try db.collections.updateSticker(card.stickerID, title: changes.title ?? sticker.title,
                                                 description: changes.description ?? sticker.description)
            }
            let family = try changes.family.map { try Self.family(db, found, $0) } ?? card.familyID
            let image = try Self.storedImage(db, checked) ?? card.imageID
            try db.collections.updateCard(found.id, number: number, family: family, rarity: changes.rarity ?? card.rarity, image: image)
        }
    }

    /// Removes card `number`, refused while a collector holds a copy or a swap proposal or ring,
    /// pending or kept as a record, names it.
    public func removeCard(_ actor: ActingUser, _ name: CollectionReference, number: Int) throws {
        try store.write { db in
            let found = try Self.administeredCollection(db, name, actor)
            _ = try Self.card(db, found, number)
            guard try !db.collections.isInUse(found.id, number: number) else {
                throw ClubError.conflict(field: "card", message: "card \(number) of '\(found.name)' is held by collectors or named in swaps")
            }
            try db.collections.deleteCard(found.id, number: number)
        }
    }

    /// Reuses card `number` of collection `name` in collection `other` as its card `newNumber`
    /// in family `family` there, with its own rarity and image (the source's image unless one
    /// is given): a player who moves club keeps his card. `actor` administers both.
    public func reuseCard(_ actor: ActingUser, _ name: CollectionReference, number: Int, in other: CollectionReference, as newNumber: Int,
                          family: String, rarity: Rarity = .common, image: Data? = nil) throws {
        try Self.checkNumber(newNumber)
        let checked = try Self.checkedImage(image, field: "image")
        try store.write { db in
            let source = try Self.administeredCollection(db, name, actor)
            let target = try Self.administeredCollection(db, other, actor)
            let card = try Self.card(db, source, number)
            if let existing = try db.collections.number(of: card.stickerID, in: target.id) {
                throw ClubError.conflict(field: "card", message: "card \(number) of '\(source.name)' is card \(existing) of "
                                         + "'\(target.name)' already")
            }
            let familyID = try Self.family(db, target, family)
            try Self.checkFree(db, target, newNumber)
            guard try db.collections.size(target.id).cards < CollectionManifest.maximumCards else {
                throw ClubError.conflict(field: "number", message: "'\(target.name)' has \(CollectionManifest.maximumCards) cards already")
            }
            let imageID = try Self.storedImage(db, checked) ?? card.imageID
            try db.collections.insertCard(collection: target.id, number: newNumber, sticker: card.stickerID, family: familyID,
                                          rarity: rarity, image: imageID)
        }
    }

    // MARK: - Cover and export

    /// Sets the collection's cover to a PNG or JPEG, or takes it away (nil).
    public func setCover(_ actor: ActingUser, _ name: CollectionReference, image: Data?) throws {
        let checked = try Self.checkedImage(image, field: "cover")
        try store.write { db in
            let found = try Self.administeredCollection(db, name, actor)
            try db.collections.setCover(found.id, image: try Self.storedImage(db, checked))
        }
    }

    /// The collection as a manifest `collection import` reads back, with its images, for its
    /// owner and editors; refused before any image is read when they take more than
    /// `maximumImageBytes` in all.
    public func export(_ actor: ActingUser, _ name: CollectionReference, maximumImageBytes: Int = .max) throws -> Export {
        try store.read { db in
            let found = try Self.administeredCollection(db, name, actor)
            let bytes = try db.collections.imageBytes(found.id)
            guard bytes <= maximumImageBytes else {
                throw ClubError.invalid(field: "export", message: "the images of '\(found.name)' take \(bytes) bytes, more than "
                                        + "the \(maximumImageBytes) bytes one export may hold here")
            }
            guard let (manifest, images) = try db.collections.export(found.id) else {
                throw ClubError.notFound(kind: "collection", reference: name.description)
            }
            return Export(manifest: manifest, images: images)
        }
    }

    // MARK: - Rules

    private static func administeredCollection(_ db: StoreTransaction, _ name: CollectionReference, _ actor: ActingUser) throws -> CollectionStore.Found {
        let found = try find(db, name)
        try checkAdministers(db, found, actor)
        return found
    }

    private static func family(_ db: StoreTransaction, _ found: CollectionStore.Found, _ family: String) throws -> Int64 {
        guard let id = try db.collections.familyID(found.id, nameKey: CaseFold.key(family)) else {
            throw ClubError.notFound(kind: "family", reference: "\(family) in '\(found.name)'")
        }
        return id
    }

    private static func card(_ db: StoreTransaction, _ found: CollectionStore.Found, _ number: Int) throws -> CollectionStore.StoredCard {
        guard let card = try db.collections.card(found.id, number: number) else {
            throw ClubError.notFound(kind: "card", reference: "\(number) in '\(found.name)'")
        }
        return card
    }

    /// Checks that no card of `found` has `number` (the seed's number clash).
    private static func checkFree(_ db: StoreTransaction, _ found: CollectionStore.Found, _ number: Int) throws {
        guard try db.collections.card(found.id, number: number) == nil else {
            throw ClubError.conflict(field: "number", message: "'\(found.name)' has a card \(number) already")
        }
    }

    /// `data` checked as a PNG or JPEG within the photo limits, before anything is written.
    private static func checkedImage(_ data: Data?, field: String) throws -> (Data, ImageHeader)? {
        try data.map { ($0, try Self.checkImage($0, field: field)) }
    }

    private static func storedImage(_ db: StoreTransaction, _ checked: (Data, ImageHeader)?) throws -> Int64? {
        try checked.map { try storedImage(db, $0.0, $0.1) }
    }

    private static func checkNumber(_ number: Int) throws {
        guard (1...CollectionManifest.maximumNumber).contains(number) else {
            throw ClubError.invalid(field: "number", message: "expected 1 to \(CollectionManifest.maximumNumber), not \(number)")
        }
    }

    private static func checkText(_ text: String, _ field: String, _ length: ClosedRange<Int>) throws {
        if let problem = CollectionManifest.textProblem(text, field, length) {
            throw ClubError.invalid(field: field, message: String(problem.dropFirst(field.count + 2)))
        }
    }
}
