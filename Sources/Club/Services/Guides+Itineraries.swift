import Foundation
import Support

extension Guides {
    /// The most days an itinerary may last.
    public static let maximumDays = 30
    /// The most stops one day may have.
    public static let maximumStopsPerDay = 100

    /// Adds an itinerary to a guide (its owner and editors): `days` days, `stops[d]` the ids
    /// of day d + 1's places in order (fewer lists than days leave the last days empty).
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a bad name or number of days, more
    ///   days of stops than days, or a place of another guide (naming it).
    @discardableResult
    public func createItinerary(_ actor: ActingUser, in guide: GuideReference, name: String, days: Int,
                                description: String? = nil, stops: [[Int64]] = []) throws -> ItineraryInfo {
        let name = try Validation.text(name, field: "name", maximum: Self.maximumPlaceName)
        let description = try Validation.optionalText(description, field: "description", maximum: Self.maximumDescription)
        try Self.checkDays(days, stops: stops)
        let now = Date()
        return try store.write { db in
            let found = try Self.find(db, guide)
            try Self.checkEdits(db, found, actor)
            try Self.checkStops(db, stops, guide: found)
            let id = try db.itineraries.insert(guide: found.id, name: name, days: days, description: description,
                                               author: actor.userID, at: now)
            try db.itineraries.setStops(id, guide: found.id, stops)
            try db.guides.touch(found.id, at: now)
            return try Self.itineraryCard(db, id, viewer: actor)
        }
    }

    /// Changes an itinerary (the guide's owner and editors): the name, days, description
    /// (empty clears it) or stops given.
    public func editItinerary(_ actor: ActingUser, _ id: Int64, name: String? = nil, days: Int? = nil,
                              description: String? = nil, stops: [[Int64]]? = nil) throws -> ItineraryInfo {
        let name = try name.map { try Validation.text($0, field: "name", maximum: Self.maximumPlaceName) }
        let description = try description.map { try Validation.optionalText($0, field: "description", maximum: Self.maximumDescription) }
        let now = Date()
        return try store.write { db in
            let (itinerary, guide) = try Self.editedItinerary(db, id, actor)
            guard let current = try db.itineraries.card(itinerary.id, viewer: nil) else {
                throw ClubError.notFound(kind: "itinerary", reference: String(id))
            }
            let newDays = days ?? current.days
            let newStops = stops ?? current.stops.map { $0.map(\.placeId) }
            try Self.checkDays(newDays, stops: newStops)
            try Self.checkStops(db, newStops, guide: guide)
            try db.itineraries.update(itinerary.id, name: name ?? current.name, days: newDays,
                                      description: description ?? current.description, at: now)
            try db.itineraries.setStops(itinerary.id, guide: guide.id, newStops)
            try db.guides.touch(guide.id, at: now)
            return try Self.itineraryCard(db, itinerary.id, viewer: actor)
        }
    }

    /// Deletes an itinerary with its votes (the guide's owner and editors).
    public func deleteItinerary(_ actor: ActingUser, _ id: Int64) throws {
        let now = Date()
        try store.write { db in
            let (itinerary, guide) = try Self.editedItinerary(db, id, actor)
            try db.itineraries.delete(itinerary.id)
            try db.guides.touch(guide.id, at: now)
        }
    }

    /// An itinerary with its stops day by day.
    public func itinerary(_ viewer: ActingUser?, _ id: Int64) throws -> ItineraryInfo {
        try store.read { db in try Self.itineraryCard(db, id, viewer: viewer) }
    }

    /// A guide's itineraries: by days then name, or (`mostVoted`) the five most voted.
    public func itineraries(_ viewer: ActingUser?, in guide: GuideReference, mostVoted: Bool = false) throws -> [ItineraryInfo] {
        try store.read { db in
            let found = try Self.find(db, guide)
            return try db.itineraries.all(in: found.id, byScore: mostVoted, viewer: viewer?.userID, limit: mostVoted ? 5 : nil)
        }
    }

    // MARK: - Rules

    static func itineraryCard(_ db: StoreTransaction, _ id: Int64, viewer: ActingUser?) throws -> ItineraryInfo {
        guard let card = try db.itineraries.card(id, viewer: viewer?.userID) else {
            throw ClubError.notFound(kind: "itinerary", reference: String(id))
        }
        return card
    }

    private static func editedItinerary(_ db: StoreTransaction, _ id: Int64, _ actor: ActingUser) throws
        -> (ItineraryStore.Found, GuideStore.Found) {
        guard let itinerary = try db.itineraries.find(id) else { throw ClubError.notFound(kind: "itinerary", reference: String(id)) }
        let guide = try find(db, id: itinerary.guideId)
        try checkEdits(db, guide, actor)
        return (itinerary, guide)
    }

    static func checkDays(_ days: Int, stops: [[Int64]]) throws {
        guard (1...maximumDays).contains(days) else {
            throw ClubError.invalid(field: "days", message: "\(days) is not a number of days from 1 to \(maximumDays)")
        }
        guard stops.count <= days else {
            throw ClubError.invalid(field: "stops", message: "stops for \(stops.count) days in an itinerary of \(days)")
        }
        for (day, places) in stops.enumerated() where places.count > maximumStopsPerDay {
            throw ClubError.invalid(field: "stops", message: "day \(day + 1) has \(places.count) stops: at most \(maximumStopsPerDay)")
        }
    }

    /// Refuses a stop at a place that is not `guide`'s, naming it.
    private static func checkStops(_ db: StoreTransaction, _ stops: [[Int64]], guide: GuideStore.Found) throws {
        for (day, places) in stops.enumerated() {
            for place in places {
                guard let found = try db.places.find(place) else {
                    throw ClubError.invalid(field: "stops", message: "day \(day + 1): there is no place \(place)")
                }
                guard found.guideId == guide.id else {
                    throw ClubError.invalid(field: "stops", message: "day \(day + 1): place \(place) ('\(found.name)') is not in "
                                            + "'\(guide.name)': an itinerary visits its own guide's places")
                }
            }
        }
    }
}
