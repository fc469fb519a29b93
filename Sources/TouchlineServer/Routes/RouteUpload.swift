import Club
import Foundation
import Hummingbird
import Routes

/// A route file in a request body: GPX, KML, GeoJSON, TCX or an encoded polyline, told apart
/// by its content (a declared type only has to be one a route file may be sent as).
enum RouteUpload {
    /// Media types a route file may be sent as: the formats' own and the generic ones clients
    /// fall back to. A body without a `Content-Type` is read too.
    static let mediaTypes: Set<String> = [
        "application/gpx+xml", "application/vnd.google-earth.kml+xml", "application/geo+json",
        "application/vnd.garmin.tcx+xml", "application/json", "application/xml", "text/xml",
        "application/octet-stream", "text/plain",
    ]

    /// The largest body taken: `--max-upload`, and never more than a stored route's file may be.
    static func limit(_ api: APIServices) -> Int {
        min(api.options.maxUploadBytes, StoredRoutes.maximumFileBytes)
    }

    /// The body's bytes, checked for type and size.
    ///
    /// - Throws: ``Problem`` 415 for a declared type no route file is sent as, 413 over ``limit(_:)``.
    static func data(_ request: Request, api: APIServices) async throws -> Data {
        if let type = MediaTypes.essence(request.headers[.contentType]), !mediaTypes.contains(type) {
            throw Problem(.unsupportedMediaType,
                          "send the route file as application/gpx+xml, application/vnd.google-earth.kml+xml, "
                            + "application/geo+json or application/vnd.garmin.tcx+xml (or application/octet-stream)")
        }
        return try await Body.read(request, limit: limit(api))
    }

    /// The document in `data`, read by Routes' reader (whose errors name `body` and the line
    /// and column). Call it inside ``APIServices/rendering(_:)``: the reader's memory grows with
    /// the file (GeoJSON to about nine times its size).
    static func document(_ data: Data) throws -> RouteDocument {
        try read(data).document
    }

    /// What Routes' reader makes of `data`: the document, what it dropped, and the format.
    static func read(_ data: Data) throws -> ReadResult {
        try RouteReader.read(data, source: "body")
    }
}

/// The answer to `POST /api/v1/routes`: the stored route's summary, with the format its file
/// was read as and what the reader dropped (the notes `route import` prints).
struct RouteUploadReply: Encodable {
    var route: RouteSummary
    var format: RouteFormat
    var report: ValidationReport

    private enum CodingKeys: String, CodingKey {
        case format, dropped
    }

    func encode(to encoder: any Encoder) throws {
        try route.encode(to: encoder)
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(format.rawValue, forKey: .format)
        // By reason, only those that happened: {"invalid coordinate": 2}.
        let dropped = Dictionary(uniqueKeysWithValues: report.dropped.filter { $0.value > 0 }.map { ($0.key.rawValue, $0.value) })
        try fields.encode(dropped, forKey: .dropped)
    }
}
