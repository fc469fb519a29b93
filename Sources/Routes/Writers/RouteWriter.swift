import Foundation

/// Writes a `RouteDocument` as GPX 1.1, GeoJSON (RFC 7946) or KML 2.2, UTF-8 encoded.
///
/// Every output reads back through `RouteReader` to the same points: coordinates are written
/// with enough digits to round-trip exactly, elevations when present, times as ISO 8601 UTC
/// (milliseconds when the time has a fraction). Names are XML- or JSON-escaped. Empty segments
/// are left out.
///
/// What each format can hold:
/// - **GPX**: waypoints (`wpt`), planned routes (`rte`) and tracks (`trk`, one `trkseg` per segment).
/// - **GeoJSON**: a `FeatureCollection`: a track is a `LineString` (one segment) or
///   `MultiLineString` with per-position times in `properties.coordTimes`; a planned route is a
///   `LineString` (it reads back as a track); a waypoint is a `Point` with `properties.time`.
/// - **KML**: a track is a `Placemark` whose segments are `gx:Track`s when every point is timed,
///   else `LineString`s; a planned route is a `LineString` placemark (it reads back as a track);
///   a waypoint is a `Point` placemark with a `TimeStamp`.
///
/// With `RouteMetadata`, the route's name, category, note and average heart rate go along: GPX
/// `<metadata>` (`name`, `desc`, `keywords` and, in the `urn:touchline:route:1` namespace,
/// `extensions` with `category` and `heartRate`), KML `<Document>` (`name`, `description` and
/// `ExtendedData`), GeoJSON (`name` on the collection; `category`, `note` and `heartRate` in the
/// properties of every track and planned route).
///
/// ```swift
/// let gpx = RouteWriter.gpx(document)
/// let again = try RouteReader.read(gpx, source: "round trip").document
/// ```
public enum RouteWriter {
    /// The document as GPX 1.1.
    public static func gpx(_ document: RouteDocument, metadata: RouteMetadata? = nil) -> Data {
        let extended = metadata.map { $0.category != nil || $0.heartRate != nil } ?? false
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Touchline" xmlns="http://www.topografix.com/GPX/1/1"
            """
        if extended { out += " xmlns:touchline=\"\(RouteMetadata.gpxNamespace)\"" }
        out += ">\n"
        let name = metadata?.name ?? document.name
        if name != nil || metadata?.note != nil || extended {
            // GPX 1.1 orders metadata as name, desc, ..., keywords, ..., extensions.
            out += "  <metadata>"
            if let name { out += "<name>\(xmlEscape(name))</name>" }
            if let note = metadata?.note { out += "<desc>\(xmlEscape(note))</desc>" }
            if let category = metadata?.category { out += "<keywords>\(xmlEscape(category))</keywords>" }
            if extended {
                out += "<extensions>"
                if let category = metadata?.category { out += "<touchline:category>\(xmlEscape(category))</touchline:category>" }
                if let heartRate = metadata?.heartRate { out += "<touchline:heartRate>\(heartRate)</touchline:heartRate>" }
                out += "</extensions>"
            }
            out += "</metadata>\n"
        }
        func point(_ tag: String, _ p: GeoPoint, name: String? = nil, indent: String) {
            out += "\(indent)<\(tag) lat=\"\(number(p.latitude))\" lon=\"\(number(p.longitude))\">"
            if let elevation = p.elevation, elevation.isFinite { out += "<ele>\(number(elevation))</ele>" }
            if let time = p.time { out += "<time>\(timestamp(time))</time>" }
            if let name { out += "<name>\(xmlEscape(name))</name>" }
            out += "</\(tag)>\n"
        }
        for waypoint in document.waypoints {
            point("wpt", waypoint.point, name: waypoint.name, indent: "  ")
        }
        for route in document.routes where !route.stops.isEmpty {
            out += "  <rte>\n"
            if let name = route.name { out += "    <name>\(xmlEscape(name))</name>\n" }
            for stop in route.stops { point("rtept", stop.point, name: stop.name, indent: "    ") }
            out += "  </rte>\n"
        }
        for track in document.tracks where track.segments.contains(where: { !$0.isEmpty }) {
            out += "  <trk>\n"
            if let name = track.name { out += "    <name>\(xmlEscape(name))</name>\n" }
            for segment in track.segments where !segment.isEmpty {
                out += "    <trkseg>\n"
                for p in segment { point("trkpt", p, indent: "      ") }
                out += "    </trkseg>\n"
            }
            out += "  </trk>\n"
        }
        out += "</gpx>\n"
        return Data(out.utf8)
    }

    /// The document as a GeoJSON `FeatureCollection`.
    public static func geoJSON(_ document: RouteDocument, metadata: RouteMetadata? = nil) -> Data {
        var features: [String] = []
        func position(_ p: GeoPoint) -> String {
            var parts = [number(p.longitude), number(p.latitude)]
            if let elevation = p.elevation, elevation.isFinite { parts.append(number(elevation)) }
            return "[" + parts.joined(separator: ",") + "]"
        }
        func line(_ points: [GeoPoint]) -> String { "[" + points.map(position).joined(separator: ",") + "]" }
        func times(_ points: [GeoPoint]) -> String {
            "[" + points.map { $0.time.map { jsonString(timestamp($0)) } ?? "null" }.joined(separator: ",") + "]"
        }
        func properties(name: String?, extra: [String] = []) -> String {
            var members = extra
            if let name { members.insert("\"name\":\(jsonString(name))", at: 0) }
            return "{" + members.joined(separator: ",") + "}"
        }
        // The stored route's own properties, on each of its lines.
        var routeProperties: [String] = []
        if let category = metadata?.category { routeProperties.append("\"category\":\(jsonString(category))") }
        if let note = metadata?.note { routeProperties.append("\"note\":\(jsonString(note))") }
        if let heartRate = metadata?.heartRate { routeProperties.append("\"heartRate\":\(heartRate)") }
        for track in document.tracks {
            let segments = track.segments.filter { !$0.isEmpty }
            guard !segments.isEmpty else { continue }
            let timed = segments.contains { $0.contains { $0.time != nil } }
            let geometry: String
            var extra = routeProperties
            if segments.count == 1 {
                geometry = "{\"type\":\"LineString\",\"coordinates\":\(line(segments[0]))}"
                if timed { extra.append("\"coordTimes\":\(times(segments[0]))") }
            } else {
                geometry = "{\"type\":\"MultiLineString\",\"coordinates\":[\(segments.map(line).joined(separator: ","))]}"
                if timed { extra.append("\"coordTimes\":[\(segments.map(times).joined(separator: ","))]") }
            }
            features.append("{\"type\":\"Feature\",\"properties\":\(properties(name: track.name, extra: extra)),\"geometry\":\(geometry)}")
        }
        for route in document.routes where !route.stops.isEmpty {
            let points = route.stops.map(\.point)
            var extra = routeProperties
            if points.contains(where: { $0.time != nil }) { extra.append("\"coordTimes\":\(times(points))") }
            features.append("{\"type\":\"Feature\",\"properties\":\(properties(name: route.name, extra: extra)),"
                + "\"geometry\":{\"type\":\"LineString\",\"coordinates\":\(line(points))}}")
        }
        for waypoint in document.waypoints {
            var extra: [String] = []
            if let time = waypoint.point.time { extra.append("\"time\":\(jsonString(timestamp(time)))") }
            features.append("{\"type\":\"Feature\",\"properties\":\(properties(name: waypoint.name, extra: extra)),"
                + "\"geometry\":{\"type\":\"Point\",\"coordinates\":\(position(waypoint.point))}}")
        }
        var out = "{\"type\":\"FeatureCollection\","
        if let name = metadata?.name ?? document.name { out += "\"name\":\(jsonString(name))," }
        out += "\"features\":[\n" + features.joined(separator: ",\n") + "\n]}\n"
        return Data(out.utf8)
    }

    /// The document as KML 2.2 (with the Google `gx:` extension for timed tracks).
    public static func kml(_ document: RouteDocument, metadata: RouteMetadata? = nil) -> Data {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">
            <Document>

            """
        if let name = metadata?.name ?? document.name { out += "<name>\(xmlEscape(name))</name>\n" }
        if let note = metadata?.note { out += "<description>\(xmlEscape(note))</description>\n" }
        if metadata?.category != nil || metadata?.heartRate != nil {
            out += "<ExtendedData>\n"
            if let category = metadata?.category {
                out += "<Data name=\"category\"><value>\(xmlEscape(category))</value></Data>\n"
            }
            if let heartRate = metadata?.heartRate { out += "<Data name=\"heartRate\"><value>\(heartRate)</value></Data>\n" }
            out += "</ExtendedData>\n"
        }
        func tuple(_ p: GeoPoint, separator: String) -> String {
            var parts = [number(p.longitude), number(p.latitude)]
            if let elevation = p.elevation, elevation.isFinite { parts.append(number(elevation)) }
            return parts.joined(separator: separator)
        }
        func segment(_ points: [GeoPoint]) -> String {
            let times = points.compactMap(\.time)
            if times.count == points.count {
                var text = "<gx:Track>\n"
                for time in times { text += "<when>\(timestamp(time))</when>\n" }
                for p in points { text += "<gx:coord>\(tuple(p, separator: " "))</gx:coord>\n" }
                return text + "</gx:Track>\n"
            }
            return "<LineString><coordinates>\n" + points.map { tuple($0, separator: ",") }.joined(separator: "\n")
                + "\n</coordinates></LineString>\n"
        }
        func placemark(name: String?, _ segments: [[GeoPoint]]) {
            out += "<Placemark>\n"
            if let name { out += "<name>\(xmlEscape(name))</name>\n" }
            if segments.count == 1 {
                out += segment(segments[0])
            } else {
                out += "<MultiGeometry>\n" + segments.map(segment).joined() + "</MultiGeometry>\n"
            }
            out += "</Placemark>\n"
        }
        for track in document.tracks {
            let segments = track.segments.filter { !$0.isEmpty }
            if !segments.isEmpty { placemark(name: track.name, segments) }
        }
        for route in document.routes where !route.stops.isEmpty {
            placemark(name: route.name, [route.stops.map(\.point)])
        }
        for waypoint in document.waypoints {
            out += "<Placemark>\n"
            if let name = waypoint.name { out += "<name>\(xmlEscape(name))</name>\n" }
            if let time = waypoint.point.time { out += "<TimeStamp><when>\(timestamp(time))</when></TimeStamp>\n" }
            out += "<Point><coordinates>\(tuple(waypoint.point, separator: ","))</coordinates></Point>\n</Placemark>\n"
        }
        out += "</Document>\n</kml>\n"
        return Data(out.utf8)
    }

    // MARK: - Text

    /// `text` safe inside XML character data and attribute values: the five markup characters
    /// as entities, other control characters (not allowed in XML 1.0) dropped, except tab and
    /// line breaks.
    static func xmlEscape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` as a JSON string literal, quotes included.
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// The shortest decimal that reads back as exactly `value`, without an exponent.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let text = "\(value)"
        guard text.contains("e") || text.contains("E") else {
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
        var fixed = String(format: "%.17f", value)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        if fixed.hasSuffix(".") { fixed.removeLast() }
        return fixed == "-0" ? "0" : fixed
    }

    /// ISO 8601 in UTC: `2024-05-01T06:20:00Z`, or `2024-05-01T06:20:00.250Z` with a fraction
    /// (rounded to milliseconds), by Foundation's ISO 8601 format style.
    static func timestamp(_ date: Date) -> String {
        let millis = (date.timeIntervalSince1970 * 1000).rounded()
        let rounded = Date(timeIntervalSince1970: millis / 1000)
        let hasFraction = millis.truncatingRemainder(dividingBy: 1000) != 0
        return rounded.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: hasFraction))
    }
}
