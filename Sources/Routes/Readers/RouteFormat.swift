/// A file format the route readers understand.
///
/// A file's extension names its format (``init(fileExtension:)``); without a known extension
/// `RouteReader.detectFormat(_:)` tells them apart by content, so callers rarely name one.
public enum RouteFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// GPS Exchange Format, versions 1.0 and 1.1: tracks, routes and waypoints.
    case gpx
    /// Keyhole Markup Language (Google Earth): `LineString`, `MultiGeometry`, `gx:Track`, `Point`.
    case kml
    /// GeoJSON (RFC 7946): `LineString`, `MultiLineString`, `Point`, `MultiPoint`, features and
    /// feature collections.
    case geojson
    /// Garmin Training Center XML: activities (laps of tracks) and courses.
    case tcx
    /// A Google encoded polyline string (precision 5 or 6).
    case polyline

    /// The format a file extension names, in any case: `gpx`, `kml`, `tcx`, and `geojson` or
    /// `json` for GeoJSON. Nil for any other extension (encoded polylines have none of their
    /// own), and then the content decides.
    ///
    /// ```swift
    /// RouteFormat(fileExtension: "GeoJSON")   // .geojson
    /// RouteFormat(fileExtension: "txt")       // nil
    /// ```
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "gpx": self = .gpx
        case "kml": self = .kml
        case "tcx": self = .tcx
        case "geojson", "json": self = .geojson
        default: return nil
        }
    }
}
