/// Reads GPX 1.0 and 1.1: `<trk>`/`<trkseg>`/`<trkpt>` become tracks, `<rte>`/`<rtept>` planned
/// routes, `<wpt>` waypoints; `<ele>`, `<time>` and `<name>` are read, `<extensions>` skipped,
/// and anything else (`<fix>`, `<sat>`, `<speed>`, `<link>`, `<bounds>` ...) ignored, whatever
/// its value.
final class GPXHandler: XMLElementHandler {
    private enum Element: UInt8 {
        case other = 0, gpx, metadata, trk, trkseg, trkpt, rte, rtept, wpt, ele, time, name, extensions

        init(code: UInt8) { self = Element(rawValue: code) ?? .other }

        init(name: String) {
            switch name.utf8.count {
            case 3:
                switch name {
                case "ele": self = .ele
                case "trk": self = .trk
                case "wpt": self = .wpt
                case "rte": self = .rte
                case "gpx": self = .gpx
                default: self = .other
                }
            case 4: self = name == "time" ? .time : name == "name" ? .name : .other
            case 5: self = name == "trkpt" ? .trkpt : name == "rtept" ? .rtept : .other
            case 6: self = name == "trkseg" ? .trkseg : .other
            case 8: self = name == "metadata" ? .metadata : .other
            case 10: self = name == "extensions" ? .extensions : .other
            default: self = .other
            }
        }
    }

    let rootCode = Element.gpx.rawValue
    let rootName = "gpx"
    // Touched for every point; see XMLEventDriver on why dynamic exclusivity checks are off.
    @exclusivity(unchecked) var builder: DocumentBuilder
    /// The point element open (`trkpt`, `rtept`, `wpt`), or `.other`.
    @exclusivity(unchecked) private var point = Element.other
    @exclusivity(unchecked) private var latitude = Double.nan
    @exclusivity(unchecked) private var longitude = Double.nan
    @exclusivity(unchecked) private var elevation: Double?
    @exclusivity(unchecked) private var time: Double?
    @exclusivity(unchecked) private var pointName: String?

    init(builder: DocumentBuilder) {
        self.builder = builder
    }

    func code(for name: String) -> UInt8 { Element(name: name).rawValue }

    func didStart(_ code: UInt8, parent parentCode: UInt8, attributes: XMLAttributes) throws(RouteReadError) -> XMLContentHandling {
        let parent = Element(code: parentCode)
        switch Element(code: code) {
        case .ele, .time:
            return point != .other && parent == point ? .collect : .ignore
        case let kind where kind == .trkpt || kind == .rtept || kind == .wpt:
            // A point must sit where its kind belongs; elsewhere (a <trkpt> in <rte>) it is skipped.
            switch kind {
            case .trkpt: guard parent == .trkseg || parent == .trk else { return .skipSubtree }
            case .rtept: guard parent == .rte else { return .skipSubtree }
            default: guard parent == .gpx else { return .skipSubtree }
            }
            point = kind
            latitude = .nan
            longitude = .nan
            // Read in place: no string is made for either.
            latitude = attributes.withValue(of: "lat") { DecimalText.double($0) ?? .nan } ?? .nan
            longitude = attributes.withValue(of: "lon") { DecimalText.double($0) ?? .nan } ?? .nan
            elevation = nil
            time = nil
            pointName = nil
            return .ignore
        case .name:
            switch parent {
            case .trk, .rte, .metadata, .gpx: return .collect
            default: return point != .other && parent == point ? .collect : .ignore
            }
        case .trkseg:
            if parent == .trk { builder.beginSegment() }
            return .ignore
        case .trk:
            if parent == .gpx { builder.beginTrack() }
            return .ignore
        case .rte:
            if parent == .gpx { builder.beginRoute() }
            return .ignore
        case .extensions:
            return .skipSubtree
        default:
            return .ignore
        }
    }

    func didEnd(_ code: UInt8, parent parentCode: UInt8, text: String) throws(RouteReadError) {
        let parent = Element(code: parentCode)
        switch Element(code: code) {
        case .ele:
            if point != .other { elevation = DecimalText.double(text) }
        case .time:
            if point != .other { time = Timestamp.secondsSince1970(text) }
        case .trkpt:
            point = .other
            try builder.addTrackPoint(latitude: latitude, longitude: longitude, elevation: elevation, time: time)
        case .rtept:
            point = .other
            try builder.addStop(name: pointName, latitude: latitude, longitude: longitude, elevation: elevation, time: time)
        case .wpt:
            point = .other
            try builder.addWaypoint(name: pointName, latitude: latitude, longitude: longitude, elevation: elevation, time: time)
        case .name:
            switch parent {
            case .trk: builder.setTrackName(text)
            case .rte: builder.setRouteName(text)
            case .metadata, .gpx: builder.setDocumentName(text)
            default: if point != .other { pointName = text }
            }
        case .trkseg:
            if parent == .trk { builder.endSegment() }
        case .trk:
            if parent == .gpx { builder.endTrack() }
        case .rte:
            if parent == .gpx { builder.endRoute() }
        default:
            break
        }
    }
}
