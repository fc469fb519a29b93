import Canvas
import Foundation

/// Every Law 1 marking of a pitch as paths in pitch metres.
///
/// Pitch metres: `x` runs along the length from one goal line (0) to the other (`length`),
/// `y` across from one touchline (0) to the other (`width`). Line paths are the centre lines
/// of strokes `lineWidth` wide, placed so that each line's outer edge lies on the Law 1
/// measurement.
public struct PitchGeometry: Sendable {
    public let dimensions: PitchDimensions
    /// The width the lines are drawn with, in metres (at least ``Law1/lineWidth``).
    public let lineWidth: Double

    /// How deep the goals are drawn behind the goal lines (the net; Law 1 does not fix it).
    public static let goalDepth = 2.0
    /// The radius of the centre and penalty marks as drawn (Law 1 gives no size).
    public static let markRadius = 0.25

    public init(dimensions: PitchDimensions, lineWidth: Double = Law1.lineWidth) {
        self.dimensions = dimensions
        self.lineWidth = max(lineWidth, Law1.lineWidth)
    }

    private var length: Double { dimensions.length }
    private var width: Double { dimensions.width }
    private var halfLine: Double { lineWidth / 2 }
    private var midY: Double { width / 2 }

    /// The outer edge of the field of play.
    public var field: Rect { Rect(x: 0, y: 0, width: length, height: width) }

    /// Touchlines and goal lines.
    public var boundary: Path {
        var path = Path()
        path.addRect(field.insetBy(halfLine))
        return path
    }

    /// The halfway line, centred on the middle of the field.
    public var halfwayLine: Path {
        Path(polyline: [Point(x: length / 2, y: 0), Point(x: length / 2, y: width)])
    }

    /// The centre circle, radius 9.15 m to its outer edge.
    public var centreCircle: Path {
        var path = Path()
        path.addCircle(center: centreMarkCenter, radius: Law1.centreCircleRadius - halfLine)
        return path
    }

    public var centreMarkCenter: Point { Point(x: length / 2, y: midY) }

    /// The centre of the penalty mark at each end (`atRightEnd` false: the end at x = 0).
    public func penaltyMarkCenter(atRightEnd: Bool) -> Point {
        Point(x: atRightEnd ? length - Law1.penaltyMarkDistance : Law1.penaltyMarkDistance, y: midY)
    }

    /// The radius marks are drawn with: ``markRadius``, or more when lines are drawn wider.
    public var drawnMarkRadius: Double { max(Self.markRadius, lineWidth * 1.6) }

    /// The centre mark and both penalty marks, as filled circles.
    public var marks: Path {
        var path = Path()
        for center in [centreMarkCenter, penaltyMarkCenter(atRightEnd: false), penaltyMarkCenter(atRightEnd: true)] {
            path.addCircle(center: center, radius: drawnMarkRadius)
        }
        return path
    }

    /// The outer edges of the penalty area at one end.
    public func penaltyArea(atRightEnd: Bool) -> Rect {
        area(reach: Law1.penaltyAreaDistance, atRightEnd: atRightEnd)
    }

    /// The outer edges of the goal area at one end.
    public func goalArea(atRightEnd: Bool) -> Rect {
        area(reach: Law1.goalAreaDistance, atRightEnd: atRightEnd)
    }

    private func area(reach: Double, atRightEnd: Bool) -> Rect {
        let across = Law1.goalWidth + 2 * reach
        return Rect(x: atRightEnd ? length - reach : 0, y: midY - across / 2, width: reach, height: across)
    }

    /// Penalty and goal areas: three lines each, the fourth side being the goal line.
    public var areas: Path {
        var path = Path()
        for atRightEnd in [false, true] {
            for rect in [penaltyArea(atRightEnd: atRightEnd), goalArea(atRightEnd: atRightEnd)] {
                let inner = atRightEnd ? rect.minX + halfLine : rect.maxX - halfLine
                let goalLine = atRightEnd ? length : 0
                path.move(to: Point(x: goalLine, y: rect.minY + halfLine))
                path.line(to: Point(x: inner, y: rect.minY + halfLine))
                path.line(to: Point(x: inner, y: rect.maxY - halfLine))
                path.line(to: Point(x: goalLine, y: rect.maxY - halfLine))
            }
        }
        return path
    }

    /// The half-angle, in radians, of the part of a penalty arc outside the penalty area.
    public var penaltyArcHalfAngle: Double {
        let radius = Law1.penaltyArcRadius - halfLine
        let reach = Law1.penaltyAreaDistance - Law1.penaltyMarkDistance
        return acos(min(reach / radius, 1))
    }

    /// The penalty arcs: radius 9.15 m from each penalty mark, outside the penalty area.
    public var penaltyArcs: Path {
        var path = Path()
        let radius = Law1.penaltyArcRadius - halfLine
        let angle = penaltyArcHalfAngle
        for atRightEnd in [false, true] {
            let center = penaltyMarkCenter(atRightEnd: atRightEnd)
            let facing = atRightEnd ? Double.pi : 0
            path.move(to: Point(x: center.x + radius * cos(facing - angle), y: center.y + radius * sin(facing - angle)))
            path.addArc(center: center, radius: radius, startAngle: facing - angle, endAngle: facing + angle)
        }
        return path
    }

    /// Quarter circles of radius 1 m (to the outer edge) at the four corners.
    public var cornerArcs: Path {
        var path = Path()
        let radius = Law1.cornerArcRadius - halfLine
        let corners: [(Point, Double)] = [
            (Point(x: 0, y: 0), 0), (Point(x: length, y: 0), .pi / 2),
            (Point(x: length, y: width), .pi), (Point(x: 0, y: width), 3 * .pi / 2),
        ]
        for (corner, start) in corners {
            path.move(to: Point(x: corner.x + radius * cos(start), y: corner.y + radius * sin(start)))
            path.addArc(center: corner, radius: radius, startAngle: start, endAngle: start + .pi / 2)
        }
        return path
    }

    /// The goals behind each goal line: 7.32 m between the posts' inner edges, drawn
    /// ``goalDepth`` deep.
    public var goals: Path {
        var path = Path()
        let postCentre = Law1.goalWidth / 2 + halfLine
        for atRightEnd in [false, true] {
            let line = atRightEnd ? length - halfLine : halfLine
            let back = atRightEnd ? length + Self.goalDepth : -Self.goalDepth
            path.move(to: Point(x: line, y: midY - postCentre))
            path.line(to: Point(x: back, y: midY - postCentre))
            path.line(to: Point(x: back, y: midY + postCentre))
            path.line(to: Point(x: line, y: midY + postCentre))
        }
        return path
    }

    /// All line markings (everything but the filled marks).
    public var lines: Path {
        var path = Path()
        for part in [boundary, halfwayLine, centreCircle, areas, penaltyArcs, cornerArcs, goals] {
            path.append(part)
        }
        return path
    }
}
