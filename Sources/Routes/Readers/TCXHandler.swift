/// Reads Garmin Training Center XML (TCX v2).
///
/// - Each `<Activity>` becomes a track named after its `<Id>` (its start time). Its laps'
///   `<Track>`s are the segments, except that the first `<Track>` of a lap continues the
///   previous lap's segment: a lap boundary is a split, not a pause, so the distance between
///   laps still counts.
/// - Each `<Course>` becomes a planned route (named after its `<Name>`) whose stops are its
///   trackpoints; its `<CoursePoint>`s become named waypoints.
/// - A `<Trackpoint>` without `<Position>` (heart rate only, signal lost) is skipped: it has no
///   place to drop. `<Extensions>`, `<Creator>`, `<Author>`, workouts and folders are skipped.
final class TCXHandler: XMLElementHandler {
    private enum Element: UInt8 {
        case other = 0, database, activity, id, lap, track, trackpoint, time, position, latitude, longitude,
             altitude, course, name, coursePoint, skipped

        init(code: UInt8) { self = Element(rawValue: code) ?? .other }

        init(name: String) {
            switch name {
            case "Trackpoint": self = .trackpoint
            case "Time": self = .time
            case "Position": self = .position
            case "LatitudeDegrees": self = .latitude
            case "LongitudeDegrees": self = .longitude
            case "AltitudeMeters": self = .altitude
            case "Track": self = .track
            case "Lap": self = .lap
            case "Activity": self = .activity
            case "Id": self = .id
            case "Course": self = .course
            case "Name": self = .name
            case "CoursePoint": self = .coursePoint
            case "TrainingCenterDatabase": self = .database
            case "Extensions", "Creator", "Author", "Workouts", "Folders", "MultiSportSession": self = .skipped
            default: self = .other
            }
        }
    }

    let rootCode = Element.database.rawValue
    let rootName = "TrainingCenterDatabase"
    @exclusivity(unchecked) var builder: DocumentBuilder

    private var inActivity = false
    private var inCourse = false
    private var tracksInLap = 0
    /// The point element open (`Trackpoint`, `CoursePoint`), or `.other`.
    @exclusivity(unchecked) private var point = Element.other
    @exclusivity(unchecked) private var latitude: Double?
    @exclusivity(unchecked) private var longitude: Double?
    @exclusivity(unchecked) private var elevation: Double?
    @exclusivity(unchecked) private var time: Double?
    private var pointName: String?

    init(builder: DocumentBuilder) {
        self.builder = builder
    }

    func code(for name: String) -> UInt8 { Element(name: name).rawValue }

    func didStart(_ code: UInt8, parent parentCode: UInt8, attributes: XMLAttributes) throws(RouteReadError) -> XMLContentHandling {
        let parent = Element(code: parentCode)
        switch Element(code: code) {
        case .latitude, .longitude:
            return point != .other && parent == .position ? .collect : .ignore
        case .time, .altitude:
            return point != .other && parent == point ? .collect : .ignore
        case .trackpoint, .coursePoint:
            let kind = Element(code: code)
            guard (kind == .trackpoint && parent == .track && (inActivity || inCourse))
                    || (kind == .coursePoint && parent == .course) else { return .skipSubtree }
            point = kind
            latitude = nil
            longitude = nil
            elevation = nil
            time = nil
            pointName = nil
            return .ignore
        case .name:
            return parent == .course || (parent == .coursePoint && point == .coursePoint) ? .collect : .ignore
        case .id:
            return parent == .activity ? .collect : .ignore
        case .track:
            if inActivity && parent == .lap {
                // The first track of a lap continues the segment of the lap before.
                if tracksInLap > 0 || !builder.isSegmentOpen { builder.beginSegment() }
                tracksInLap += 1
            }
            return .ignore
        case .lap:
            tracksInLap = 0
            return .ignore
        case .activity:
            builder.beginTrack()
            inActivity = true
            return .ignore
        case .course:
            builder.beginRoute()
            inCourse = true
            return .ignore
        case .skipped:
            return .skipSubtree
        default:
            return .ignore
        }
    }

    func didEnd(_ code: UInt8, parent parentCode: UInt8, text: String) throws(RouteReadError) {
        let parent = Element(code: parentCode)
        switch Element(code: code) {
        case .latitude:
            if point != .other { latitude = DecimalText.double(text) ?? .nan }
        case .longitude:
            if point != .other { longitude = DecimalText.double(text) ?? .nan }
        case .altitude:
            if point != .other { elevation = DecimalText.double(text) }
        case .time:
            if point != .other { time = Timestamp.secondsSince1970(text) }
        case .trackpoint, .coursePoint:
            let kind = point
            point = .other
            // No <Position> at all: a sensor-only record, not a bad coordinate.
            guard latitude != nil || longitude != nil else { return }
            let lat = latitude ?? .nan, lon = longitude ?? .nan
            if kind == .coursePoint {
                try builder.addWaypoint(name: pointName, latitude: lat, longitude: lon, elevation: elevation, time: time)
            } else if inActivity {
                try builder.addTrackPoint(latitude: lat, longitude: lon, elevation: elevation, time: time)
            } else {
                try builder.addStop(name: nil, latitude: lat, longitude: lon, elevation: elevation, time: time)
            }
        case .name:
            if parent == .course {
                builder.setRouteName(text)
            } else if point == .coursePoint {
                pointName = text
            }
        case .id:
            if parent == .activity { builder.setTrackName(text) }
        case .activity:
            builder.endTrack()
            inActivity = false
        case .course:
            builder.endRoute()
            inCourse = false
        default:
            break
        }
    }
}
