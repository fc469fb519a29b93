import Foundation

/// The formats ``RouteWriter`` writes, by the names `touchline route export --format` and the
/// HTTP API's export paths use, with each one's file extension and media type.
///
/// ```swift
/// let format = RouteExportFormat.gpx
/// let data = format.data(document, metadata: RouteMetadata(name: "Sunday loop"))
/// // saved as "sunday-loop.\(format.fileExtension)", served as format.mediaType
/// ```
public enum RouteExportFormat: String, Sendable, Hashable, CaseIterable {
    /// GPX 1.1.
    case gpx
    /// GeoJSON (RFC 7946).
    case geojson
    /// KML 2.2.
    case kml

    /// The document written in this format, with `metadata` (see ``RouteWriter``).
    public func data(_ document: RouteDocument, metadata: RouteMetadata? = nil) -> Data {
        switch self {
        case .gpx: RouteWriter.gpx(document, metadata: metadata)
        case .geojson: RouteWriter.geoJSON(document, metadata: metadata)
        case .kml: RouteWriter.kml(document, metadata: metadata)
        }
    }

    /// The file extension, without the dot: `gpx`, `geojson`, `kml`.
    public var fileExtension: String { rawValue }

    /// The registered media type: `application/gpx+xml`, `application/geo+json` (RFC 7946) and
    /// `application/vnd.google-earth.kml+xml`.
    public var mediaType: String {
        switch self {
        case .gpx: "application/gpx+xml"
        case .geojson: "application/geo+json"
        case .kml: "application/vnd.google-earth.kml+xml"
        }
    }
}
