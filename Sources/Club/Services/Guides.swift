import Foundation
import Support

/// City guides: for a team travelling to an away match or a tournament, and those who follow
/// it, the ground, where to eat, what to see and how to get around, in a few days'
/// itineraries, voted, commented on and taken offline.
///
/// A guide (a city) has a name unique ignoring case and accents, a country, a description, a
/// cover picture and a transit map. Its owner adds editors; the owner and editors add and edit
/// its places (``addPlace(_:to:_:)``) and itineraries. Anyone logged in adds photos of the
/// guide or its places, votes for places, itineraries and photos once each (and takes a vote
/// back), and comments on places. Anyone, logged in or not, reads guides.
///
/// Scores are counted from the votes when read: a photo's and an itinerary's are their own
/// votes, a place's its own and its photos', a guide's every vote for something in it. So are
/// a guide's counts of places, itineraries and photos: none of them is stored, so none drifts.
///
/// When an owner deletes their account, each guide they own passes to its longest-standing
/// editor, or goes with everything in it when it has none. The places and itineraries they
/// wrote stay in their guides without an author; their photos, votes and comments go.
///
/// ```swift
/// let guides = Guides(store: store)
/// let bilbao = try guides.create(alice, name: "Bilbao", country: "Spain")
/// let place = try guides.addPlace(alice, to: .id(bilbao.id), PlaceFields(name: "San Mamés", category: .ground,
///                                 latitude: 43.2641, longitude: -2.9494))
/// try guides.vote(bob, .place(place.id))
/// ```
public struct Guides: Sendable {
    /// The longest guide name, in characters.
    public static let maximumName = 100
    /// The longest country, in characters.
    public static let maximumCountry = 60
    /// The longest description (of a guide, place or itinerary), in characters.
    public static let maximumDescription = 5_000
    /// The most guides one user may own.
    public static let maximumPerUser = 100
    /// The most editors a guide may have.
    public static let maximumEditors = 50
    /// The largest picture (cover, transit map, place picture or photo), in bytes.
    public static let pictureMaximumBytes = 8 << 20
    /// The longest side of a picture, in pixels.
    public static let pictureMaximumSide = 8_192
    /// The most pixels a picture may have.
    public static let pictureMaximumPixels = 40_000_000

    let store: ClubStore

    public init(store: ClubStore) {
        self.store = store
    }

    /// Creates a guide owned by the actor.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a bad name, country or description;
    ///   ``ClubError/duplicate(field:value:)`` for a name another guide has (ignoring case and
    ///   accents).
    @discardableResult
    public func create(_ actor: ActingUser, name: String, country: String, description: String? = nil) throws -> GuideInfo {
        let name = try Validation.text(name, field: "name", maximum: Self.maximumName)
        let country = try Validation.text(country, field: "country", maximum: Self.maximumCountry)
        let description = try Validation.optionalText(description, field: "description", maximum: Self.maximumDescription)
        let now = Date()
        return try store.write { db in
            if try db.guides.isNameTaken(Validation.searchKey(name)) { throw ClubError.duplicate(field: "guide name", value: name) }
            guard try db.guides.count(ownedBy: actor.userID) < Self.maximumPerUser else {
                throw ClubError.invalid(field: "guide", message: "\(actor.username) owns \(Self.maximumPerUser) guides, the most one may")
            }
            let id = try db.guides.insert(name: name, nameKey: Validation.searchKey(name), country: country,
                                          description: description, owner: actor.userID, at: now)
            return try Self.card(db, id: id, viewer: actor)
        }
    }

    /// A guide's card as `viewer` (nil: nobody logged in) sees it.
    public func show(_ viewer: ActingUser?, _ guide: GuideReference) throws -> GuideInfo {
        try store.read { db in try Self.card(db, id: try Self.find(db, guide).id, viewer: viewer) }
    }

    /// Changes a guide's name, country or description (nil leaves one as it is; an empty
    /// description clears it): its owner and editors.
    public func edit(_ actor: ActingUser, _ guide: GuideReference, name: String? = nil, country: String? = nil,
                     description: String? = nil) throws -> GuideInfo {
        let name = try name.map { try Validation.text($0, field: "name", maximum: Self.maximumName) }
        let country = try country.map { try Validation.text($0, field: "country", maximum: Self.maximumCountry) }
        let description = try description.map { try Validation.optionalText($0, field: "description", maximum: Self.maximumDescription) }
        let now = Date()
        return try store.write { db in
            let found = try Self.find(db, guide)
            try Self.checkEdits(db, found, actor)
            guard let current = try db.guides.card(found.id) else { throw ClubError.notFound(kind: "guide", reference: guide.description) }
            let newName = name ?? current.name
            if try db.guides.isNameTaken(Validation.searchKey(newName), except: found.id) {
                throw ClubError.duplicate(field: "guide name", value: newName)
            }
            try db.guides.update(found.id, name: newName, nameKey: Validation.searchKey(newName), country: country ?? current.country,
                                 description: description ?? current.description, at: now)
            return try Self.card(db, id: found.id, viewer: actor)
        }
    }

    /// Deletes a guide with its places, itineraries, photos, votes and comments (its owner).
    public func delete(_ actor: ActingUser, _ guide: GuideReference) throws {
        try store.write { db in
            let found = try Self.find(db, guide)
            try Self.checkOwns(found, actor)
            try db.guides.delete(found.id)
        }
    }

    /// Makes `username` an editor of a guide (its owner).
    public func addEditor(_ actor: ActingUser, _ guide: GuideReference, _ username: String) throws -> GuideInfo {
        let now = Date()
        return try store.write { db in
            let found = try Self.find(db, guide)
            try Self.checkOwns(found, actor)
            let user = try db.users.id(username: username)
            if user == found.ownerId { throw ClubError.invalid(field: "editor", message: "\(username) owns '\(found.name)'") }
            if try db.guides.isEditor(user, of: found.id) {
                throw ClubError.invalid(field: "editor", message: "\(username) is an editor of '\(found.name)' already")
            }
            guard try db.guides.editors(of: found.id).count < Self.maximumEditors else {
                throw ClubError.invalid(field: "editor", message: "'\(found.name)' has \(Self.maximumEditors) editors, the most a guide may")
            }
            try db.guides.addEditor(user, to: found.id, at: now)
            return try Self.card(db, id: found.id, viewer: actor)
        }
    }

    /// Takes `username` off a guide's editors (its owner, or the editor themselves).
    public func removeEditor(_ actor: ActingUser, _ guide: GuideReference, _ username: String) throws -> GuideInfo {
        try store.write { db in
            let found = try Self.find(db, guide)
            let user = try db.users.id(username: username)
            guard actor.userID == found.ownerId || actor.userID == user else {
                throw ClubError.permissionDenied("only the owner of '\(found.name)' removes its editors")
            }
            guard try db.guides.removeEditor(user, from: found.id) else {
                throw ClubError.notFound(kind: "editor", reference: "\(username) of \(found.name)")
            }
            return try Self.card(db, id: found.id, viewer: actor)
        }
    }

    /// One page of the guides whose name contains `search` ignoring case and accents (every
    /// guide when nil), by name.
    public func list(_ viewer: ActingUser?, search: String? = nil, after cursor: String? = nil,
                     limit: Int = PagingCursor.defaultLimit) throws -> ListPage<GuideInfo> {
        let key = try search.map(Validation.searchedKey)
        return try store.read { db in
            var page = try db.guides.list(containing: key, after: cursor, limit: limit)
            page.items = try page.items.map { try Self.completed(db, $0, viewer: viewer) }
            return page
        }
    }

    /// The `limit` (1 to 100) guides with the most votes, ties by name: the top five by default.
    public func top(_ viewer: ActingUser?, limit: Int = 5) throws -> [GuideInfo] {
        try store.read { db in
            try db.guides.top(limit: max(1, min(limit, PagingCursor.maximumLimit))).map { try Self.completed(db, $0, viewer: viewer) }
        }
    }

    /// Sets (or, with nil, removes) a guide's cover picture or transit map (its owner and
    /// editors).
    public func setPicture(_ actor: ActingUser, _ guide: GuideReference, _ kind: GuidePictureKind, _ data: Data?) throws {
        let picture = try data.map { ($0, try Self.checkPicture($0, field: kind.rawValue)) }
        let now = Date()
        try store.write { db in
            let found = try Self.find(db, guide)
            try Self.checkEdits(db, found, actor)
            try db.pictures.set(picture, in: kind.table, of: found.id)
            try db.guides.touch(found.id, at: now)
        }
    }

    /// A guide's cover picture or transit map (anyone may see it).
    public func picture(_ guide: GuideReference, _ kind: GuidePictureKind) throws -> Picture {
        try store.read { db in
            let found = try Self.find(db, guide)
            guard let picture = try db.pictures.picture(in: kind.table, of: found.id) else {
                throw ClubError.notFound(kind: "\(kind.title) of guide", reference: found.name)
            }
            return picture
        }
    }

    /// Records that the actor took a guide offline at `time` (an export does):
    /// ``PlaceOrder/notDownloaded`` lists the places added or changed after it.
    public func recordDownload(_ actor: ActingUser, _ guide: GuideReference, at time: Date = Date()) throws {
        try store.write { db in
            try db.guides.recordDownload(of: try Self.find(db, guide).id, by: actor.userID, at: time)
        }
    }

    // MARK: - Rules

    static func find(_ db: StoreTransaction, _ guide: GuideReference) throws -> GuideStore.Found {
        let found: GuideStore.Found?
        switch guide {
        case .id(let id): found = try db.guides.find(id: id) ?? db.guides.find(nameKey: Validation.searchKey(String(id)))
        case .name(let name): found = try db.guides.find(nameKey: Validation.searchKey(name))
        }
        guard let found else { throw ClubError.notFound(kind: "guide", reference: guide.description) }
        return found
    }

    static func find(_ db: StoreTransaction, id: Int64) throws -> GuideStore.Found {
        guard let found = try db.guides.find(id: id) else { throw ClubError.notFound(kind: "guide", reference: String(id)) }
        return found
    }

    static func card(_ db: StoreTransaction, id: Int64, viewer: ActingUser?) throws -> GuideInfo {
        guard let info = try db.guides.card(id) else { throw ClubError.notFound(kind: "guide", reference: String(id)) }
        return try completed(db, info, viewer: viewer)
    }

    /// `info` with its editors and whether `viewer` may edit it.
    static func completed(_ db: StoreTransaction, _ info: GuideInfo, viewer: ActingUser?) throws -> GuideInfo {
        var info = info
        info.editors = try db.guides.editors(of: info.id)
        if let viewer {
            info.canEdit = viewer.username == info.owner || info.editors.contains { $0.lowercased() == viewer.username.lowercased() }
        }
        return info
    }

    /// Whether `actor` owns or edits guide `found`.
    static func edits(_ db: StoreTransaction, _ found: GuideStore.Found, _ actor: ActingUser?) throws -> Bool {
        guard let actor else { return false }
        return try actor.userID == found.ownerId || db.guides.isEditor(actor.userID, of: found.id)
    }

    static func checkEdits(_ db: StoreTransaction, _ found: GuideStore.Found, _ actor: ActingUser) throws {
        guard try edits(db, found, actor) else {
            throw ClubError.permissionDenied("only the owner and editors of '\(found.name)' may do that")
        }
    }

    static func checkOwns(_ found: GuideStore.Found, _ actor: ActingUser) throws {
        guard actor.userID == found.ownerId else {
            throw ClubError.permissionDenied("only the owner of '\(found.name)' may do that")
        }
    }

    /// A guide's picture or photo, checked as ``Validation/image(_:field:side:pixels:bytes:)``
    /// does with the guides' larger limits.
    static func checkPicture(_ data: Data, field: String) throws -> ImageHeader {
        try Validation.image(data, field: field, side: pictureMaximumSide, pixels: pictureMaximumPixels, bytes: pictureMaximumBytes)
    }

    /// Before `user`'s account goes: each guide they own passes to its longest-standing editor;
    /// one without editors goes with everything in it.
    static func handOver(_ db: StoreTransaction, user: Int64) throws {
        for (guide, successor) in try db.guides.ownedWithSuccessors(by: user) {
            guard let successor else {
                try db.guides.delete(guide)
                continue
            }
            try db.guides.removeEditor(successor, from: guide)
            try db.guides.setOwner(guide, successor)
        }
    }
}

/// A guide's pictures besides its photos.
public enum GuidePictureKind: String, Sendable, CaseIterable {
    case cover
    case transitMap = "transit-map"

    var table: PictureStore.Table {
        switch self {
        case .cover: .guideCover
        case .transitMap: .guideTransitMap
        }
    }

    var title: String {
        switch self {
        case .cover: "cover"
        case .transitMap: "transit map"
        }
    }
}
