import Foundation

/// A guide named by its id (the HTTP API's paths) or by its name (the command line's).
public typealias GuideReference = EntityReference

/// A city guide as anyone sees it: its card, with the counts of what it holds and its score,
/// all counted when read (never stored, so never out of step).
public struct GuideInfo: Sendable, Equatable, Codable {
    public var id: Int64
    public var name: String
    public var country: String
    public var description: String?
    /// The owner's username.
    public var owner: String
    /// The editors' usernames, by name.
    public var editors: [String]
    /// Whether the guide has a cover picture and a transit map.
    public var hasCover: Bool
    public var hasTransitMap: Bool
    public var places: Int
    public var itineraries: Int
    public var photos: Int
    /// The votes for its places, itineraries and photos.
    public var score: Int
    public var createdAt: Date
    public var updatedAt: Date
    /// Whether the viewer may edit it (its owner or an editor).
    public var canEdit: Bool

    enum CodingKeys: String, CodingKey {
        case id, name, country, description, owner, editors, hasCover = "cover", hasTransitMap = "transitMap", places,
             itineraries, photos, score, createdAt, updatedAt, canEdit
    }
}

/// What a place is, for the booklet's chapters and the map's markers.
public enum PlaceCategory: String, Sendable, Equatable, Codable, CaseIterable, Comparable {
    /// A ground or stadium.
    case ground
    case food
    case drink
    case sight
    case shop
    case transport
    /// A hotel or somewhere else to sleep.
    case stay
    case other

    /// The heading of its chapter in a booklet.
    public var title: String {
        switch self {
        case .ground: "Grounds"
        case .food: "Food"
        case .drink: "Drinks"
        case .sight: "Sights"
        case .shop: "Shops"
        case .transport: "Getting around"
        case .stay: "Places to stay"
        case .other: "Other places"
        }
    }

    public static func < (lhs: PlaceCategory, rhs: PlaceCategory) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// What a place is made of when it is added or edited; nil leaves a field as it is when editing
/// (an empty text clears it).
public struct PlaceFields: Sendable, Equatable {
    public var name: String?
    public var description: String?
    public var category: PlaceCategory?
    /// OpenStreetMap `opening_hours` text (``OpeningHours``).
    public var openingHours: String?
    public var priceRange: String?
    public var address: String?
    public var latitude: Double?
    public var longitude: Double?

    public init(name: String? = nil, description: String? = nil, category: PlaceCategory? = nil, openingHours: String? = nil,
                priceRange: String? = nil, address: String? = nil, latitude: Double? = nil, longitude: Double? = nil) {
        self.name = name
        self.description = description
        self.category = category
        self.openingHours = openingHours
        self.priceRange = priceRange
        self.address = address
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A place in a guide as a viewer sees it.
public struct PlaceInfo: Sendable, Equatable, Codable {
    public var id: Int64
    public var guideId: Int64
    public var guide: String
    public var name: String
    public var description: String?
    public var category: PlaceCategory
    /// The opening hours in canonical `opening_hours` form; nil when not known.
    public var openingHours: String?
    public var priceRange: String?
    public var address: String?
    public var latitude: Double
    public var longitude: Double
    /// The author's username; nil when their account is gone.
    public var author: String?
    public var hasPicture: Bool
    public var photos: Int
    public var comments: Int
    /// Its own votes and its photos'.
    public var score: Int
    /// Whether the viewer voted for it.
    public var voted: Bool
    public var createdAt: Date
    public var updatedAt: Date
    /// From the point a search was near, in metres (geodesic); nil in other lists.
    public var distanceMeters: Double?

    enum CodingKeys: String, CodingKey {
        case id, guideId, guide, name, description, category, openingHours, priceRange, address, latitude, longitude, author,
             hasPicture = "picture", photos, comments, score, voted, createdAt, updatedAt, distanceMeters
    }
}

/// The orders a guide's places are listed in.
public enum PlaceOrder: String, Sendable, Equatable, CaseIterable {
    /// By name, ignoring case and accents.
    case name
    /// Most voted first, then by name.
    case score
    /// Only those added or changed since the viewer last took the guide offline, by name.
    case notDownloaded = "not-downloaded"
}

/// An itinerary of a guide: some days, each an ordered list of the guide's places.
public struct ItineraryInfo: Sendable, Equatable, Codable {
    public var id: Int64
    public var guideId: Int64
    public var guide: String
    public var name: String
    public var days: Int
    public var description: String?
    public var author: String?
    public var score: Int
    public var voted: Bool
    /// The stops of each day, day 1 first; a day may be empty.
    public var stops: [[ItineraryStop]]
    public var createdAt: Date
}

/// A place on an itinerary's day.
public struct ItineraryStop: Sendable, Equatable, Codable {
    public var placeId: Int64
    public var name: String
    public var category: PlaceCategory
    public var latitude: Double
    public var longitude: Double
}

/// A photo of a guide (``placeId`` nil) or of one of its places.
public struct GuidePhotoInfo: Sendable, Equatable, Codable {
    public var id: Int64
    public var guideId: Int64
    public var placeId: Int64?
    public var author: String
    public var caption: String?
    /// `image/png` or `image/jpeg`.
    public var mediaType: String
    public var width: Int
    public var height: Int
    public var score: Int
    public var voted: Bool
    public var createdAt: Date
}

/// A comment on a place.
public struct PlaceComment: Sendable, Equatable, Codable {
    public var id: Int64
    public var placeId: Int64
    public var author: String
    public var title: String
    public var text: String
    public var createdAt: Date
}

/// What a vote is for.
public enum VoteTarget: Sendable, Equatable, Hashable {
    case place(Int64)
    case itinerary(Int64)
    case photo(Int64)

    /// The thing of `kind` (`place`, `itinerary` or `photo`) with `id`; nil for another kind.
    public init?(kind: String, id: Int64) {
        switch kind {
        case "place": self = .place(id)
        case "itinerary": self = .itinerary(id)
        case "photo": self = .photo(id)
        default: return nil
        }
    }

    /// `place`, `itinerary` or `photo`, as the command line and the API name it.
    public var kind: String {
        switch self {
        case .place: "place"
        case .itinerary: "itinerary"
        case .photo: "photo"
        }
    }

    public var id: Int64 {
        switch self {
        case .place(let id), .itinerary(let id), .photo(let id): id
        }
    }
}

/// One of a user's votes, in the list of them.
public struct GuideVote: Sendable, Equatable, Codable {
    /// `place`, `itinerary` or `photo`.
    public var kind: String
    public var id: Int64
    /// The place's or itinerary's name, or the photo's caption.
    public var name: String?
    public var guideId: Int64
    public var guide: String
    public var votedAt: Date
}
