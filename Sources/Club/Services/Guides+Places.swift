import Foundation
import Routes
import Support

extension Guides {
    /// The longest place name, in characters.
    public static let maximumPlaceName = 120
    /// The longest price range (`€€`, `10-20 EUR`, `free`), in characters.
    public static let maximumPrice = 40
    /// The longest address, in characters.
    public static let maximumAddress = 200
    /// The most places a guide may hold.
    public static let maximumPlaces = 2_000
    /// The widest search near a point, in kilometres.
    public static let maximumNearKilometres = 20_000.0

    /// Adds a place to a guide (its owner and editors), with its picture when given; `fields`
    /// must hold a name and both coordinates. The category is `other` when not given.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a missing or bad field (opening
    ///   hours that do not parse say which rule and why; coordinates out of range name
    ///   which); ``ClubError/duplicate(field:value:)`` for a name another place of the guide
    ///   has (ignoring case and accents).
    @discardableResult
    public func addPlace(_ actor: ActingUser, to guide: GuideReference, _ fields: PlaceFields,
                         picture: Data? = nil) throws -> PlaceInfo {
        guard let name = fields.name else { throw ClubError.invalid(field: "name", message: "a place needs a name") }
        guard let latitude = fields.latitude, let longitude = fields.longitude else {
            throw ClubError.invalid(field: "at", message: "a place needs its latitude and longitude, as LAT,LON")
        }
        let values = try Self.placeValues(PlaceStore.Values(name: name, description: nil, category: .other, openingHours: nil,
                                                            priceRange: nil, address: nil, latitude: latitude,
                                                            longitude: longitude), fields)
        let picture = try picture.map { ($0, try Self.checkPicture($0, field: "picture")) }
        let now = Date()
        return try store.write { db in
            let found = try Self.find(db, guide)
            try Self.checkEdits(db, found, actor)
            if try db.places.isNameTaken(values.name, in: found.id) {
                throw ClubError.duplicate(field: "place name in '\(found.name)'", value: values.name)
            }
            guard try db.places.count(in: found.id) < Self.maximumPlaces else {
                throw ClubError.invalid(field: "place", message: "'\(found.name)' has \(Self.maximumPlaces) places, the most a guide may")
            }
            let id = try db.places.insert(values, guide: found.id, author: actor.userID, at: now)
            if let picture { try db.pictures.set(picture, in: .placePicture, of: id) }
            try db.guides.touch(found.id, at: now)
            return try Self.placeCard(db, id, viewer: actor)
        }
    }

    /// Changes a place (the guide's owner and editors): the fields given; an empty text
    /// clears a description, opening hours, price or address.
    public func editPlace(_ actor: ActingUser, _ id: Int64, _ fields: PlaceFields) throws -> PlaceInfo {
        let now = Date()
        return try store.write { db in
            let (place, guide) = try Self.editedPlace(db, id, actor)
            guard let current = try db.places.values(place.id) else { throw ClubError.notFound(kind: "place", reference: String(id)) }
            let values = try Self.placeValues(current, fields)
            if try db.places.isNameTaken(values.name, in: guide.id, except: place.id) {
                throw ClubError.duplicate(field: "place name in '\(guide.name)'", value: values.name)
            }
            try db.places.update(place.id, values, at: now)
            try db.guides.touch(guide.id, at: now)
            return try Self.placeCard(db, place.id, viewer: actor)
        }
    }

    /// Deletes a place with its picture, photos, votes and comments, and takes it off the
    /// guide's itineraries (the guide's owner and editors).
    public func deletePlace(_ actor: ActingUser, _ id: Int64) throws {
        let now = Date()
        try store.write { db in
            let (place, guide) = try Self.editedPlace(db, id, actor)
            try db.places.delete(place.id)
            try db.guides.touch(guide.id, at: now)
        }
    }

    /// A place as `viewer` (nil: nobody logged in) sees it, with its score.
    public func place(_ viewer: ActingUser?, _ id: Int64) throws -> PlaceInfo {
        try store.read { db in try Self.placeCard(db, id, viewer: viewer) }
    }

    /// One page of a guide's places in `order`, those whose name contains `search` (ignoring
    /// case and accents) when given. ``PlaceOrder/notDownloaded`` lists those added or changed
    /// since the viewer last exported the guide (every place for nobody logged in).
    public func places(_ viewer: ActingUser?, in guide: GuideReference, order: PlaceOrder = .name, search: String? = nil,
                       after cursor: String? = nil, limit: Int = PagingCursor.defaultLimit) throws -> ListPage<PlaceInfo> {
        let key = try search.map(Validation.searchedKey)
        return try store.read { db in
            let found = try Self.find(db, guide)
            return try db.places.list(guide: found.id, containing: key, order: order, viewer: viewer?.userID, after: cursor,
                                      limit: limit)
        }
    }

    /// One page of the places of every guide whose name contains `search`, ignoring case and
    /// accents, by name.
    public func searchPlaces(_ viewer: ActingUser?, _ search: String, after cursor: String? = nil,
                             limit: Int = PagingCursor.defaultLimit) throws -> ListPage<PlaceInfo> {
        let key = try Validation.searchedKey(search)
        return try store.read { db in
            try db.places.list(guide: nil, containing: key, order: .name, viewer: viewer?.userID, after: cursor, limit: limit)
        }
    }

    /// One page of the places within `kilometres` of `point` (of one guide when given),
    /// nearest first by geodesic distance (ties by id), each with its
    /// ``PlaceInfo/distanceMeters``. The places come from the `place_position` index a box at a
    /// time (``NearestFirst``), never from a scan of every place.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a radius that is not a number of
    ///   kilometres above 0 and at most ``maximumNearKilometres``, or a cursor of another
    ///   search.
    public func near(_ viewer: ActingUser?, _ point: GeoPoint, within kilometres: Double, guide: GuideReference? = nil,
                     after cursor: String? = nil, limit: Int = PagingCursor.defaultLimit) throws -> ListPage<PlaceInfo> {
        try Validation.coordinates(point.latitude, point.longitude)
        guard kilometres.isFinite, kilometres > 0, kilometres <= Self.maximumNearKilometres else {
            throw ClubError.invalid(field: "within", message: "\(kilometres) is not a distance in kilometres above 0 and at most "
                                    + "\(Int(Self.maximumNearKilometres))")
        }
        let search = NearestFirst(list: "place-near", listName: "search for places near a point", point: point,
                                  radius: kilometres * 1_000)
        return try store.read { db in
            let guideID = try guide.map { try Self.find(db, $0).id }
            let (chosen, next) = try search.page(after: cursor, limit: limit) { latitudes, longitudes in
                try db.places.positions(latitudes: latitudes, longitudes: longitudes, guide: guideID)
                    .map { ($0.id, GeoPoint(latitude: $0.latitude, longitude: $0.longitude)) }
            }
            var items = try db.places.cards(chosen.map(\.id), viewer: viewer?.userID)
            for index in items.indices { items[index].distanceMeters = chosen[index].distance }
            return ListPage(items: items, next: next)
        }
    }

    /// Sets (or, with nil, removes) a place's picture (the guide's owner and editors).
    public func setPlacePicture(_ actor: ActingUser, _ id: Int64, _ data: Data?) throws {
        let picture = try data.map { ($0, try Self.checkPicture($0, field: "picture")) }
        let now = Date()
        try store.write { db in
            let (place, guide) = try Self.editedPlace(db, id, actor)
            try db.pictures.set(picture, in: .placePicture, of: place.id)
            try db.places.touch(place.id, at: now)
            try db.guides.touch(guide.id, at: now)
        }
    }

    /// A place's picture (anyone may see it).
    public func placePicture(_ id: Int64) throws -> Picture {
        try store.read { db in
            let place = try Self.findPlace(db, id)
            guard let picture = try db.pictures.picture(in: .placePicture, of: place.id) else {
                throw ClubError.notFound(kind: "picture of place", reference: place.name)
            }
            return picture
        }
    }

    // MARK: - Rules

    static func findPlace(_ db: StoreTransaction, _ id: Int64) throws -> PlaceStore.Found {
        guard let found = try db.places.find(id) else { throw ClubError.notFound(kind: "place", reference: String(id)) }
        return found
    }

    static func placeCard(_ db: StoreTransaction, _ id: Int64, viewer: ActingUser?) throws -> PlaceInfo {
        guard let card = try db.places.card(id, viewer: viewer?.userID) else { throw ClubError.notFound(kind: "place", reference: String(id)) }
        return card
    }

    /// Place `id` and its guide, for a change the guide's owner and editors may make.
    private static func editedPlace(_ db: StoreTransaction, _ id: Int64, _ actor: ActingUser) throws
        -> (PlaceStore.Found, GuideStore.Found) {
        let place = try findPlace(db, id)
        let guide = try find(db, id: place.guideId)
        try checkEdits(db, guide, actor)
        return (place, guide)
    }

    /// `current` with `fields` checked and applied.
    static func placeValues(_ current: PlaceStore.Values, _ fields: PlaceFields) throws -> PlaceStore.Values {
        var values = current
        if let name = fields.name { values.name = try Validation.text(name, field: "name", maximum: maximumPlaceName) }
        if let text = fields.description {
            values.description = try Validation.optionalText(text, field: "description", maximum: maximumDescription)
        }
        if let category = fields.category { values.category = category }
        if let text = fields.openingHours { values.openingHours = try openingHours(text) }
        if let text = fields.priceRange { values.priceRange = try Validation.optionalText(text, field: "price", maximum: maximumPrice) }
        if let text = fields.address { values.address = try Validation.optionalText(text, field: "address", maximum: maximumAddress) }
        if fields.latitude != nil || fields.longitude != nil {
            guard let latitude = fields.latitude, let longitude = fields.longitude else {
                throw ClubError.invalid(field: "at", message: "give the place's latitude and longitude together, as LAT,LON")
            }
            try Validation.coordinates(latitude, longitude)
            values.latitude = latitude
            values.longitude = longitude
        }
        return values
    }

    /// Opening hours in canonical `opening_hours` form; nil for empty text.
    static func openingHours(_ text: String) throws -> String? {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        do {
            return try OpeningHours(parsing: text).description
        } catch {
            throw ClubError.invalid(field: "hours", message: error.message)
        }
    }
}
