import Canvas
import Foundation
import Routes

/// A city guide as a printed booklet takes it: plain values, filled by a front end from the
/// club's guide export. ``GuideBook`` binds it into pages; ``maps()`` draws its maps alone, as
/// PNG, for an offline copy.
public struct GuideBookDocument: Sendable {
    /// A place, under its chapter (its category's title).
    public struct Place: Sendable {
        public var name: String
        public var chapter: String
        public var description: String?
        public var hours: String?
        public var price: String?
        public var address: String?
        public var latitude: Double
        public var longitude: Double
        /// A PNG or JPEG picture of it.
        public var picture: Data?
        public var score: Int
        /// The comments' highlights: title, text and author.
        public var comments: [(title: String, text: String, author: String)]

        public init(name: String, chapter: String, description: String? = nil, hours: String? = nil, price: String? = nil,
                    address: String? = nil, latitude: Double, longitude: Double, picture: Data? = nil, score: Int = 0,
                    comments: [(title: String, text: String, author: String)] = []) {
            self.name = name
            self.chapter = chapter
            self.description = description
            self.hours = hours
            self.price = price
            self.address = address
            self.latitude = latitude
            self.longitude = longitude
            self.picture = picture
            self.score = score
            self.comments = comments
        }
    }

    /// An itinerary: each day's stops as indices into ``places``.
    public struct Itinerary: Sendable {
        public var name: String
        public var description: String?
        public var days: [[Int]]

        public init(name: String, description: String? = nil, days: [[Int]]) {
            self.name = name
            self.description = description
            self.days = days
        }
    }

    public var title: String
    public var country: String
    public var description: String?
    /// The cover picture, PNG or JPEG.
    public var cover: Data?
    /// The places in the order printed: chapter by chapter, by name within one.
    public var places: [Place]
    public var itineraries: [Itinerary]
    public var paper: PaperSize

    public init(title: String, country: String, description: String? = nil, cover: Data? = nil, places: [Place],
                itineraries: [Itinerary], paper: PaperSize = .a4) {
        self.title = title
        self.country = country
        self.description = description
        self.cover = cover
        self.places = places
        self.itineraries = itineraries
        self.paper = paper
    }

    /// A map to print or save: its title and what it shows.
    public struct Map: Sendable {
        public var title: String
        /// `places` or `itinerary-N-day-D`, for a file name.
        public var name: String
        public var document: RouteDocument

        /// Options of `size` for drawing it: the places' map numbers its waypoints as the
        /// booklet's list does.
        public func options(size: Size, scale: Double = 1) -> RouteMapOptions {
            var options = RouteMapOptions(size: size, scale: scale)
            options.numberedWaypoints = document.routes.isEmpty && document.waypoints.count > 1
            return options
        }
    }

    /// The map of every place (numbered waypoints), then each itinerary's days as planned
    /// routes (numbered stops joined by straight legs with their lengths). A day of one stop is
    /// a waypoint; an empty day has no map.
    public func mapList() -> [Map] {
        var maps: [Map] = []
        if !places.isEmpty {
            maps.append(Map(title: "All places", name: "places", document: RouteDocument(waypoints: places.enumerated().map {
                Routes.Place(name: "\($0.offset + 1). \($0.element.name)", point: GeoPoint(latitude: $0.element.latitude,
                                                                                         longitude: $0.element.longitude))
            })))
        }
        for (number, itinerary) in itineraries.enumerated() {
            for (day, stops) in itinerary.days.enumerated() {
                let points = stops.compactMap { places.indices.contains($0) ? places[$0] : nil }.map {
                    Routes.Place(name: $0.name, point: GeoPoint(latitude: $0.latitude, longitude: $0.longitude))
                }
                guard !points.isEmpty else { continue }
                maps.append(Map(title: "\(itinerary.name): day \(day + 1)", name: "itinerary-\(number + 1)-day-\(day + 1)",
                                document: .plan(points, name: "Day \(day + 1)")))
            }
        }
        return maps
    }

    /// Every map of ``mapList()`` as a PNG of `size` points at `scale`, with the file name it
    /// goes under in an offline copy (`maps/places.png`, `maps/itinerary-1-day-2.png`).
    public func maps(size: Size = Size(width: 800, height: 600), scale: Double = 1) throws -> [(path: String, png: Data)] {
        try mapList().map { map in
            let renderer = try RouteMapRenderer(document: map.document, options: map.options(size: size, scale: scale))
            return ("maps/\(map.name).png", try renderer.render(format: .png).data)
        }
    }
}
