import Foundation
import Support

/// Reads GeoJSON (RFC 7946) with `JSONDecoder`.
///
/// - A `LineString` becomes a track of one segment; a `MultiLineString` a track with a segment
///   per line; the lines of a `GeometryCollection` become the segments of one track.
/// - A `Point` becomes a waypoint, a `MultiPoint` one waypoint per position.
/// - A feature's `properties.name` (or `title`) names what it becomes; `properties.time` gives a
///   point its time; `properties.coordTimes` (the array of per-position times that togeojson
///   and Strava exports write) gives line positions theirs when the lengths match.
/// - Positions are `[longitude, latitude, elevation?]`; extra members are ignored. A position
///   that is not at least two numbers is an invalid coordinate, dropped and counted.
/// - Polygons are areas, not routes, and are ignored; an unknown `type` is an error.
enum GeoJSONReader {
    /// The deepest nesting of arrays and objects read. GeoJSON needs about ten levels (a
    /// collection of features with multi-line coordinates); the limit leaves room for nested
    /// geometry collections and keeps the decoding's recursion shallow.
    static let maximumNesting = 64

    static func read(_ data: Data, source: String) throws(RouteReadError) -> DocumentBuilder {
        if let deep = JSONSyntaxError.nesting(deeperThan: maximumNesting, in: data) {
            throw RouteReadError(source: source, line: deep.line, column: deep.column,
                                 message: "\(deep.message); GeoJSON needs about ten, so no deeper input is read",
                                 kind: .limitExceeded)
        }
        let root: Root
        do {
            root = try JSONDecoder().decode(Root.self, from: data)
        } catch let error as DecodingError {
            throw describe(error, data: data, source: source)
        } catch {
            throw RouteReadError(source: source, message: "malformed JSON: \(error.localizedDescription)", kind: .malformed)
        }
        var builder = DocumentBuilder(source: source)
        switch root {
        case .collection(let name, let features):
            if let name { builder.setDocumentName(name) }
            for feature in features { try add(feature, to: &builder) }
        case .feature(let feature):
            try add(feature, to: &builder)
        case .geometry(let geometry):
            try add(Feature(geometry: geometry), to: &builder)
        }
        return builder
    }

    // MARK: Building

    private static func add(_ feature: Feature, to builder: inout DocumentBuilder) throws(RouteReadError) {
        guard let geometry = feature.geometry else { return }
        let name = feature.name
        switch geometry {
        case .point(let position):
            try builder.addWaypoint(name: name, latitude: position.latitude, longitude: position.longitude,
                                    elevation: position.elevation, time: feature.time.flatMap(Timestamp.secondsSince1970))
        case .multiPoint(let positions):
            for position in positions {
                try builder.addWaypoint(name: name, latitude: position.latitude, longitude: position.longitude,
                                        elevation: position.elevation, time: nil)
            }
        case .lineString(let positions):
            builder.beginTrack(name: name.flatMap(DocumentBuilder.cleanName))
            try addSegment(positions, times: feature.coordTimes?.first, to: &builder)
            builder.endTrack()
        case .multiLineString(let lines):
            builder.beginTrack(name: name.flatMap(DocumentBuilder.cleanName))
            for (index, line) in lines.enumerated() {
                let times = feature.coordTimes.flatMap { index < $0.count ? $0[index] : nil }
                try addSegment(line, times: times, to: &builder)
            }
            builder.endTrack()
        case .collection(let geometries):
            var lines: [[Position]] = []
            var points: [Position] = []
            collect(geometries, lines: &lines, points: &points)
            if !lines.isEmpty {
                builder.beginTrack(name: name.flatMap(DocumentBuilder.cleanName))
                for line in lines { try addSegment(line, times: nil, to: &builder) }
                builder.endTrack()
            }
            for position in points {
                try builder.addWaypoint(name: name, latitude: position.latitude, longitude: position.longitude,
                                        elevation: position.elevation, time: nil)
            }
        case .ignored:
            break
        }
    }

    private static func addSegment(_ positions: [Position], times: [String?]?, to builder: inout DocumentBuilder) throws(RouteReadError) {
        let times = times.flatMap { $0.count == positions.count ? $0 : nil }
        builder.beginSegment()
        for (index, position) in positions.enumerated() {
            try builder.addTrackPoint(latitude: position.latitude, longitude: position.longitude, elevation: position.elevation,
                                      time: times?[index].flatMap(Timestamp.secondsSince1970))
        }
        builder.endSegment()
    }

    private static func collect(_ geometries: [Geometry], lines: inout [[Position]], points: inout [Position]) {
        for geometry in geometries {
            switch geometry {
            case .point(let position): points.append(position)
            case .multiPoint(let positions): points += positions
            case .lineString(let line): lines.append(line)
            case .multiLineString(let more): lines += more
            case .collection(let nested): collect(nested, lines: &lines, points: &points)
            case .ignored: break
            }
        }
    }

    // MARK: Errors

    private static func describe(_ error: DecodingError, data: Data, source: String) -> RouteReadError {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = CodingPathText.path(codingPath)
            return text.isEmpty ? "the top level" : text
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty && context.underlyingError == nil
            && context.debugDescription.contains("not valid JSON"):
            let syntax = JSONSyntaxError.locate(in: data)
            return RouteReadError(source: source, line: syntax?.line, column: syntax?.column,
                                  message: "malformed JSON: \(syntax?.message ?? context.debugDescription)", kind: .malformed)
        case .dataCorrupted(let context):
            return RouteReadError(source: source, message: "\(path(context.codingPath)): \(context.debugDescription)", kind: .invalidData)
        case .typeMismatch(let type, let context):
            return RouteReadError(source: source, message: "\(path(context.codingPath)): expected \(describe(type))", kind: .invalidData)
        case .valueNotFound(let type, let context):
            return RouteReadError(source: source, message: "\(path(context.codingPath)): expected \(describe(type)), found null", kind: .invalidData)
        case .keyNotFound(let key, let context):
            return RouteReadError(source: source, message: "\(path(context.codingPath)): missing \"\(key.stringValue)\"", kind: .invalidData)
        @unknown default:
            return RouteReadError(source: source, message: "invalid GeoJSON: \(error)", kind: .invalidData)
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Double.Type: return "a number"
        case is Root.Type: return "a GeoJSON object"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") || name.hasPrefix("[") { return "an array" }
            if name.hasPrefix("Dictionary") || name.contains("Keyed") { return "an object" }
            return "a value of another type"
        }
    }
}

// MARK: - Model

extension GeoJSONReader {
    /// `[longitude, latitude, elevation?]`; NaN latitude when it is not at least two numbers.
    struct Position: Decodable {
        var longitude: Double
        var latitude: Double
        var elevation: Double?

        init(from decoder: any Decoder) throws {
            longitude = .nan
            latitude = .nan
            guard var container = try? decoder.unkeyedContainer(),
                  let lon = try? container.decode(Double.self),
                  let lat = try? container.decode(Double.self)
            else { return }
            longitude = lon
            latitude = lat
            if !container.isAtEnd, let height = try? container.decode(Double.self) { elevation = height }
        }
    }

    indirect enum Geometry: Decodable {
        case point(Position)
        case multiPoint([Position])
        case lineString([Position])
        case multiLineString([[Position]])
        case collection([Geometry])
        case ignored

        fileprivate enum Keys: String, CodingKey { case type, coordinates, geometries }

        static let ignoredTypes: Set<String> = ["Polygon", "MultiPolygon"]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            let type = try container.decode(String.self, forKey: .type)
            try self.init(type: type, container: container)
        }

        fileprivate init(type: String, container: KeyedDecodingContainer<Keys>) throws {
            switch type {
            case "Point": self = .point(try container.decode(Position.self, forKey: .coordinates))
            case "MultiPoint": self = .multiPoint(try container.decode([Position].self, forKey: .coordinates))
            case "LineString": self = .lineString(try container.decode([Position].self, forKey: .coordinates))
            case "MultiLineString": self = .multiLineString(try container.decode([[Position]].self, forKey: .coordinates))
            case "GeometryCollection": self = .collection(try container.decode([Geometry].self, forKey: .geometries))
            case _ where Self.ignoredTypes.contains(type): self = .ignored
            default:
                throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown GeoJSON geometry type \"\(type)\"")
            }
        }

        fileprivate static func decode(type: String, from decoder: any Decoder) throws -> Geometry {
            try Geometry(type: type, container: decoder.container(keyedBy: Keys.self))
        }
    }

    struct Feature: Decodable {
        var geometry: Geometry?
        var name: String?
        var time: String?
        /// Per-position times: one list for a LineString, one per line for a MultiLineString.
        var coordTimes: [[String?]]?

        private enum Keys: String, CodingKey { case type, geometry, properties }
        private enum PropertyKeys: String, CodingKey { case name, title, time, coordTimes }

        init(geometry: Geometry?) {
            self.geometry = geometry
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            geometry = try container.decodeIfPresent(Geometry.self, forKey: .geometry)
            guard (try? container.decodeNil(forKey: .properties)) == false,
                  let properties = try? container.nestedContainer(keyedBy: PropertyKeys.self, forKey: .properties)
            else { return }
            name = (try? properties.decodeIfPresent(String.self, forKey: .name)) ?? nil
            if name == nil { name = (try? properties.decodeIfPresent(String.self, forKey: .title)) ?? nil }
            time = (try? properties.decodeIfPresent(String.self, forKey: .time)) ?? nil
            if let single = try? properties.decodeIfPresent([String?].self, forKey: .coordTimes) {
                coordTimes = [single]
            } else if let nested = try? properties.decodeIfPresent([[String?]].self, forKey: .coordTimes) {
                coordTimes = nested
            }
        }
    }

    /// A whole GeoJSON text: a feature collection, a feature, or a bare geometry.
    enum Root: Decodable {
        case collection(name: String?, features: [Feature])
        case feature(Feature)
        case geometry(Geometry)

        private enum Keys: String, CodingKey { case type, features, name }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            let type = try container.decode(String.self, forKey: .type)
            switch type {
            case "FeatureCollection":
                let name = (try? container.decodeIfPresent(String.self, forKey: .name)) ?? nil
                self = .collection(name: name, features: try container.decode([Member].self, forKey: .features).map(\.feature))
            case "Feature":
                self = .feature(try Feature(from: decoder))
            default:
                self = .geometry(try Geometry.decode(type: type, from: decoder))
            }
        }
    }

    /// A member of `features`: a Feature, or (leniently) a bare geometry.
    private struct Member: Decodable {
        var feature: Feature

        private enum Keys: String, CodingKey { case type }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            let type = try container.decode(String.self, forKey: .type)
            if type == "Feature" {
                feature = try Feature(from: decoder)
            } else if type == "FeatureCollection" {
                throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "a FeatureCollection cannot be a member of features")
            } else {
                feature = Feature(geometry: try Geometry.decode(type: type, from: decoder))
            }
        }
    }
}
