/// Reads KML 2.2: each `<Placemark>` with line geometry becomes a track (named after the
/// placemark) whose segments are its `<LineString>`s and `gx:Track`s, also inside
/// `<MultiGeometry>` and `gx:MultiTrack`; a `<Point>` becomes a waypoint. A `gx:Track` pairs its
/// `<when>` times with its `<gx:coord>` positions. Polygons, models, styles and extended data
/// are skipped.
final class KMLHandler: XMLElementHandler {
    private enum Element: UInt8 {
        case other = 0, kml, document, placemark, name, lineString, coordinates, point, track, when, coord,
             timeStamp, skipped

        init(code: UInt8) { self = Element(rawValue: code) ?? .other }

        init(name: String) {
            switch name {
            case "kml": self = .kml
            case "Document": self = .document
            case "Placemark": self = .placemark
            case "name": self = .name
            case "LineString": self = .lineString
            case "coordinates": self = .coordinates
            case "Point": self = .point
            case "Track": self = .track
            case "when": self = .when
            case "coord": self = .coord
            case "TimeStamp": self = .timeStamp
            case "Polygon", "LinearRing", "Model", "Style", "StyleMap", "ExtendedData", "Region", "LookAt", "Camera":
                self = .skipped
            default: self = .other
            }
        }
    }

    private enum CoordinatesTarget { case line, point }

    let rootCode = Element.kml.rawValue
    let rootName = "kml"
    @exclusivity(unchecked) var builder: DocumentBuilder

    private var inPlacemark = false
    private var placemarkName: String?
    private var placemarkTime: Double?
    /// Whether the open placemark (or loose geometry) has begun a track in the builder.
    private var trackBegun = false
    private var placemarkPoints: [CoordinateScanner.Tuple] = []

    @exclusivity(unchecked) private var scanner = CoordinateScanner()
    private var target = CoordinatesTarget.line
    private var pointTuple: CoordinateScanner.Tuple?
    private var trackTimes: [Double?] = []
    private var trackCoordinates: [CoordinateScanner.Tuple] = []

    init(builder: DocumentBuilder) {
        self.builder = builder
    }

    func code(for name: String) -> UInt8 { Element(name: name).rawValue }

    func didStart(_ code: UInt8, parent parentCode: UInt8, attributes: XMLAttributes) throws(RouteReadError) -> XMLContentHandling {
        let parent = Element(code: parentCode)
        switch Element(code: code) {
        case .skipped:
            return .skipSubtree
        case .placemark:
            finishPlacemark()
            inPlacemark = true
            return .ignore
        case .name:
            return parent == .document || parent == .placemark ? .collect : .ignore
        case .lineString:
            beginTrackIfNeeded()
            builder.beginSegment()
            return .ignore
        case .point:
            pointTuple = nil
            return .ignore
        case .coordinates:
            switch parent {
            case .lineString: target = .line
            case .point: target = .point
            default: return .ignore
            }
            return .stream
        case .track:
            beginTrackIfNeeded()
            trackTimes = []
            trackCoordinates = []
            return .ignore
        case .when:
            return parent == .track || parent == .timeStamp ? .collect : .ignore
        case .coord:
            return parent == .track ? .collect : .ignore
        default:
            return .ignore
        }
    }

    func characters(_ text: String) throws(RouteReadError) {
        switch target {
        case .line:
            try scanner.consume(text) { (tuple) throws(RouteReadError) in
                try builder.addTrackPoint(latitude: tuple.latitude, longitude: tuple.longitude, elevation: tuple.altitude, time: nil)
            }
        case .point:
            try scanner.consume(text) { tuple in
                if pointTuple == nil { pointTuple = tuple }
            }
        }
    }

    func didEnd(_ code: UInt8, parent parentCode: UInt8, text: String) throws(RouteReadError) {
        let parent = Element(code: parentCode)
        switch Element(code: code) {
        case .name:
            if parent == .placemark {
                placemarkName = text
            } else if parent == .document {
                builder.setDocumentName(text)
            }
        case .coordinates:
            switch target {
            case .line:
                try scanner.finish { (tuple) throws(RouteReadError) in
                    try builder.addTrackPoint(latitude: tuple.latitude, longitude: tuple.longitude, elevation: tuple.altitude, time: nil)
                }
            case .point:
                try scanner.finish { tuple in
                    if pointTuple == nil { pointTuple = tuple }
                }
            }
        case .lineString:
            builder.endSegment()
            if !inPlacemark { endLooseTrack() }
        case .point:
            guard let tuple = pointTuple else { return }
            pointTuple = nil
            if inPlacemark {
                placemarkPoints.append(tuple)
            } else {
                try builder.addWaypoint(name: nil, latitude: tuple.latitude, longitude: tuple.longitude, elevation: tuple.altitude, time: nil)
            }
        case .when:
            let time = Timestamp.secondsSince1970(text)
            if parent == .track {
                try builder.checkLimit(pending: trackTimes.count + 1)
                trackTimes.append(time)
            } else if parent == .timeStamp && inPlacemark {
                placemarkTime = time
            }
        case .coord:
            try builder.checkLimit(pending: trackCoordinates.count + 1)
            trackCoordinates.append(CoordinateScanner.spaceSeparated(text))
        case .track:
            // <when> and <gx:coord> are parallel lists; when their lengths differ, which time
            // belongs to which point is unknown, so the points are kept without times.
            let paired = trackTimes.count == trackCoordinates.count
            builder.beginSegment()
            for (index, tuple) in trackCoordinates.enumerated() {
                try builder.addTrackPoint(latitude: tuple.latitude, longitude: tuple.longitude, elevation: tuple.altitude,
                                          time: paired ? trackTimes[index] : nil)
            }
            builder.endSegment()
            trackTimes = []
            trackCoordinates = []
            if !inPlacemark { endLooseTrack() }
        case .placemark:
            try finishPlacemarkPoints()
            finishPlacemark()
        default:
            break
        }
    }

    private func beginTrackIfNeeded() {
        guard !trackBegun else { return }
        builder.beginTrack()
        trackBegun = true
    }

    private func endLooseTrack() {
        builder.endTrack()
        trackBegun = false
    }

    private func finishPlacemarkPoints() throws(RouteReadError) {
        for tuple in placemarkPoints {
            try builder.addWaypoint(name: placemarkName, latitude: tuple.latitude, longitude: tuple.longitude,
                                    elevation: tuple.altitude, time: placemarkTime)
        }
        placemarkPoints = []
    }

    private func finishPlacemark() {
        if trackBegun {
            if let placemarkName { builder.setTrackName(placemarkName) }
            builder.endTrack()
        }
        trackBegun = false
        inPlacemark = false
        placemarkName = nil
        placemarkTime = nil
        placemarkPoints = []
    }
}
