import Foundation

extension RouteDocument {
    /// The planned route through `stops` in order (numbered stops, straight legs labelled with
    /// their lengths); a single stop is a waypoint. An itinerary's day is drawn this way.
    public static func plan(_ stops: [Place], name: String? = nil) -> RouteDocument {
        stops.count == 1 ? RouteDocument(name: name, waypoints: stops)
            : RouteDocument(name: name, routes: [PlannedRoute(name: name, stops: stops)])
    }
}
