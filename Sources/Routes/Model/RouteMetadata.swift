/// What a stored route says about itself beyond its points: the name, category, note and
/// average heart rate that `RouteWriter` writes into GPX metadata, KML and GeoJSON properties.
///
/// ```swift
/// let metadata = RouteMetadata(name: "Sunday loop", category: "ride", note: "windy", heartRate: 142)
/// let gpx = RouteWriter.gpx(document, metadata: metadata)
/// ```
public struct RouteMetadata: Sendable, Hashable, Codable {
    /// The route's name; it replaces the document's own name in the output.
    public var name: String?
    /// A category such as run, ride or walk.
    public var category: String?
    /// A free note.
    public var note: String?
    /// The average heart rate, in beats per minute.
    public var heartRate: Int?

    /// Makes metadata; every field is optional.
    public init(name: String? = nil, category: String? = nil, note: String? = nil, heartRate: Int? = nil) {
        self.name = name
        self.category = category
        self.note = note
        self.heartRate = heartRate
    }

    /// The XML namespace of Touchline's GPX extension elements (`category`, `heartRate`).
    public static let gpxNamespace = "urn:touchline:route:1"
}
