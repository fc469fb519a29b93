import Canvas
import Foundation

/// The map of a treasure hunt, drawn by ``RouteMapRenderer``: the area the treasure may be
/// in (a grey circle around where the hunt started), the collector there in blue, and, only
/// once found, the treasure in red. The claim's reach (a circle of the claim radius) is drawn
/// around the treasure once found, and around the collector before.
///
/// ```swift
/// let options = HuntMap.options(start: here, target: nil, claimRadiusMeters: 150, areaRadiusMeters: 2_000)
/// let png = try RouteMapRenderer(document: RouteDocument(), options: options).render(format: .png).data
/// ```
public enum HuntMap {
    /// The collector's colour.
    public static let collector = RoutePalette.hex(0x1E5BD6)
    /// The treasure's colour.
    public static let treasure = RoutePalette.hex(0xD32F2F)
    /// The area's colour.
    public static let area = RoutePalette.hex(0x607D8B)

    /// Options for a hunt's map of `size`, with the marks for `start` and, when found, `target`.
    public static func options(start: GeoPoint, target: GeoPoint?, claimRadiusMeters: Double, areaRadiusMeters: Double,
                               size: Size = Size(width: 800, height: 800)) -> RouteMapOptions {
        var options = RouteMapOptions(size: size)
        var marks = [RouteMapMark(point: start, color: area, circleRadiusMeters: areaRadiusMeters, showsDot: false)]
        if let target {
            marks.append(RouteMapMark(point: start, color: collector))
            marks.append(RouteMapMark(point: target, color: treasure, circleRadiusMeters: claimRadiusMeters))
        } else {
            marks.append(RouteMapMark(point: start, color: collector, circleRadiusMeters: claimRadiusMeters))
        }
        options.marks = marks
        return options
    }
}
