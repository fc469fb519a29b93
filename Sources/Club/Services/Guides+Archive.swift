import Crypto
import Foundation
import Support

extension Guides {
    /// The newest comments on each place an export carries, for reading offline.
    public static let exportedComments = 5

    /// A guide as `viewer` (nil: nobody logged in) may see it, ready to take offline: its
    /// card, places with their pictures and newest comments (of those the viewer may see),
    /// itineraries and photos, each picture once under `images/`, named by its SHA-256. The
    /// front end adds maps (``GuideArchive/Manifest/maps``) before it writes the archive, and
    /// records the download (``recordDownload(_:_:at:)``) once it has.
    public func export(_ viewer: ActingUser?, _ guide: GuideReference) throws -> GuideArchive {
        try store.read { db in
            let found = try Self.find(db, guide)
            guard let card = try db.guides.card(found.id) else { throw ClubError.notFound(kind: "guide", reference: guide.description) }
            var files: [String: Data] = [:]
            func file(_ picture: Picture?) -> String? {
                guard let picture else { return nil }
                let digest = SHA256.hash(data: picture.data).prefix(12).map { String(format: "%02x", $0) }.joined()
                let path = "images/\(digest).\(picture.mediaType == "image/png" ? "png" : "jpg")"
                files[path] = picture.data
                return path
            }
            let exported = GuideArchive.Guide(name: card.name, country: card.country, description: card.description,
                                              cover: file(try db.pictures.picture(in: .guideCover, of: found.id)),
                                              transitMap: file(try db.pictures.picture(in: .guideTransitMap, of: found.id)),
                                              score: card.score)
            let places = try db.places.all(in: found.id, viewer: viewer?.userID).map { place in
                GuideArchive.Place(
                    id: place.id, name: place.name, description: place.description, category: place.category,
                    openingHours: place.openingHours, priceRange: place.priceRange, address: place.address,
                    latitude: place.latitude, longitude: place.longitude,
                    picture: file(try db.pictures.picture(in: .placePicture, of: place.id)), author: place.author,
                    score: place.score,
                    comments: try db.placeComments.comments(on: place.id, viewer: viewer?.userID, after: nil,
                                                            limit: Self.exportedComments).items.map {
                        // Whole seconds: what guide.json's ISO 8601 dates hold.
                        GuideArchive.Comment(author: $0.author, title: $0.title, text: $0.text,
                                             createdAt: Date(timeIntervalSince1970: $0.createdAt.timeIntervalSince1970.rounded(.down)))
                    })
            }
            let itineraries = try db.itineraries.all(in: found.id, byScore: false, viewer: viewer?.userID).map {
                GuideArchive.Itinerary(name: $0.name, days: $0.days, description: $0.description,
                                       stops: $0.stops.map { $0.map(\.placeId) }, score: $0.score)
            }
            let photos = try db.guidePhotos.all(in: found.id, place: nil, wholeGuide: true, viewer: viewer?.userID).map { photo in
                GuideArchive.Photo(file: file(try db.guidePhotos.picture(photo.id)) ?? "", place: photo.placeId,
                                   caption: photo.caption, author: photo.author, score: photo.score)
            }
            let manifest = GuideArchive.Manifest(format: GuideArchive.format, version: GuideArchive.version, guide: exported,
                                                 places: places, itineraries: itineraries, photos: photos, maps: [])
            return GuideArchive(manifest: manifest, files: files)
        }
    }

    /// Writes a guide archive into this database as a new guide the actor owns (named `name`
    /// when given, else as in the archive): its pictures, places, itineraries and photos, all
    /// or nothing. Votes and comments stay in the archive: they are other users'. Every value
    /// is checked as if typed; a refusal names the manifest's field.
    ///
    /// - Throws: ``ClubError`` (a name taken, a value out of range: nothing is written).
    @discardableResult
    public func importGuide(_ actor: ActingUser, _ archive: GuideArchive, name: String? = nil) throws -> GuideInfo {
        let manifest = archive.manifest
        let guideName = try Validation.text(name ?? manifest.guide.name, field: "guide.name", maximum: Self.maximumName)
        let country = try Validation.text(manifest.guide.country, field: "guide.country", maximum: Self.maximumCountry)
        let description = try Validation.optionalText(manifest.guide.description, field: "guide.description",
                                                      maximum: Self.maximumDescription)
        guard manifest.places.count <= Self.maximumPlaces, manifest.photos.count <= Self.maximumPhotos else {
            throw ClubError.invalid(field: "guide.json", message: "at most \(Self.maximumPlaces) places and \(Self.maximumPhotos) photos")
        }
        func picture(_ path: String?, field: String) throws -> (Data, ImageHeader)? {
            guard let path else { return nil }
            guard let data = archive.files[path] else { throw ClubError.invalid(field: field, message: "\(path) is missing") }
            return (data, try Self.checkPicture(data, field: field))
        }
        var places: [(PlaceStore.Values, (Data, ImageHeader)?)] = []
        for (index, place) in manifest.places.enumerated() {
            let field = "places[\(index)]"
            let values = try Self.named(field) {
                try Self.placeValues(PlaceStore.Values(name: place.name, description: nil, category: place.category, openingHours: nil,
                                                       priceRange: nil, address: nil, latitude: 0, longitude: 0),
                                     PlaceFields(name: place.name, description: place.description ?? "",
                                                 openingHours: place.openingHours ?? "", priceRange: place.priceRange ?? "",
                                                 address: place.address ?? "", latitude: place.latitude, longitude: place.longitude))
            }
            places.append((values, try picture(place.picture, field: field + ".picture")))
        }
        var itineraries: [(name: String, days: Int, description: String?, stops: [[Int64]])] = []
        for (index, itinerary) in manifest.itineraries.enumerated() {
            let field = "itineraries[\(index)]"
            try Self.named(field) { try Self.checkDays(itinerary.days, stops: itinerary.stops) }
            itineraries.append((try Validation.text(itinerary.name, field: field + ".name", maximum: Self.maximumPlaceName),
                                itinerary.days,
                                try Validation.optionalText(itinerary.description, field: field + ".description",
                                                            maximum: Self.maximumDescription), itinerary.stops))
        }
        var photos: [(place: Int64?, caption: String?, picture: (Data, ImageHeader))] = []
        for (index, photo) in manifest.photos.enumerated() {
            let field = "photos[\(index)]"
            guard let image = try picture(photo.file, field: field + ".file") else { continue }
            photos.append((photo.place, try Validation.optionalText(photo.caption, field: field + ".caption",
                                                                      maximum: Self.maximumCaption), image))
        }
        let cover = try picture(manifest.guide.cover, field: "guide.cover")
        let transitMap = try picture(manifest.guide.transitMap, field: "guide.transitMap")
        try manifest.checkReferences(source: "guide.json")
        let now = Date()
        return try store.write { db in
            if try db.guides.isNameTaken(Validation.searchKey(guideName)) {
                throw ClubError.duplicate(field: "guide name", value: guideName)
            }
            guard try db.guides.count(ownedBy: actor.userID) < Self.maximumPerUser else {
                throw ClubError.invalid(field: "guide", message: "\(actor.username) owns \(Self.maximumPerUser) guides, the most one may")
            }
            let id = try db.guides.insert(name: guideName, nameKey: Validation.searchKey(guideName), country: country,
                                          description: description, owner: actor.userID, at: now)
            try db.pictures.set(cover, in: .guideCover, of: id)
            try db.pictures.set(transitMap, in: .guideTransitMap, of: id)
            var newIDs: [Int64: Int64] = [:]
            for (index, (values, image)) in places.enumerated() {
                if try db.places.isNameTaken(values.name, in: id) {
                    throw ClubError.duplicate(field: "places[\(index)].name in '\(guideName)'", value: values.name)
                }
                let placeID = try db.places.insert(values, guide: id, author: actor.userID, at: now)
                try db.pictures.set(image, in: .placePicture, of: placeID)
                newIDs[manifest.places[index].id] = placeID
            }
            func mapped(_ place: Int64) -> Int64 { newIDs[place] ?? place }
            for itinerary in itineraries {
                let itineraryID = try db.itineraries.insert(guide: id, name: itinerary.name, days: itinerary.days,
                                                            description: itinerary.description, author: actor.userID, at: now)
                try db.itineraries.setStops(itineraryID, guide: id, itinerary.stops.map { $0.map(mapped) })
            }
            for (index, photo) in photos.enumerated() {
                let digest = Data(SHA256.hash(data: photo.picture.0))
                if try db.guidePhotos.id(in: id, sha256: digest) != nil {
                    throw ClubError.duplicate(field: "photos[\(index)].file", value: manifest.photos[index].file)
                }
                _ = try db.guidePhotos.insert(guide: id, place: photo.place.map(mapped), author: actor.userID, caption: photo.caption,
                                              picture: photo.picture, sha256: digest, at: now)
            }
            try db.guides.recordDownload(of: id, by: actor.userID, at: now)
            return try Self.card(db, id: id, viewer: actor)
        }
    }

    /// Runs `check`, naming `field` in the manifest in a refusal of a value.
    private static func named<T>(_ field: String, _ check: () throws -> T) throws -> T {
        do {
            return try check()
        } catch let ClubError.invalid(name, message) {
            throw ClubError.invalid(field: "\(field).\(name)", message: message)
        }
    }
}
