import Foundation
import Testing
@testable import Canvas
@testable import Tactics

/// Law 1 measurements as constants, checked by hand.
@Suite struct PitchGeometryTests {
    let geometry = PitchGeometry(dimensions: .standard)

    @Test func law1Constants() {
        #expect(Law1.centreCircleRadius == 9.15)
        #expect(Law1.goalAreaDistance == 5.5)
        #expect(Law1.penaltyAreaDistance == 16.5)
        #expect(Law1.penaltyMarkDistance == 11)
        #expect(Law1.penaltyArcRadius == 9.15)
        #expect(Law1.cornerArcRadius == 1)
        #expect(Law1.goalWidth == 7.32)
        #expect(Law1.lineWidth == 0.12)
        #expect(PitchDimensions.standard.length == 105 && PitchDimensions.standard.width == 68)
    }

    @Test func areasOnA105By68Pitch() {
        // 7.32 + 2 x 16.5 = 40.32 m wide, centred on 34 m.
        #expect(geometry.penaltyArea(atRightEnd: false) == Rect(x: 0, y: 13.84, width: 16.5, height: 40.32))
        #expect(geometry.penaltyArea(atRightEnd: true) == Rect(x: 88.5, y: 13.84, width: 16.5, height: 40.32))
        // 7.32 + 2 x 5.5 = 18.32 m wide.
        #expect(geometry.goalArea(atRightEnd: false) == Rect(x: 0, y: 24.84, width: 5.5, height: 18.32))
        #expect(geometry.goalArea(atRightEnd: true) == Rect(x: 99.5, y: 24.84, width: 5.5, height: 18.32))
    }

    @Test func marksAndCircles() {
        #expect(geometry.centreMarkCenter == Point(x: 52.5, y: 34))
        #expect(geometry.penaltyMarkCenter(atRightEnd: false) == Point(x: 11, y: 34))
        #expect(geometry.penaltyMarkCenter(atRightEnd: true) == Point(x: 94, y: 34))
        guard case .arc(let center, let radius, _, _, _) = geometry.centreCircle.elements[1] else {
            Issue.record("the centre circle is not an arc")
            return
        }
        #expect(center == Point(x: 52.5, y: 34))
        // The line's outer edge lies on 9.15 m.
        #expect(abs(radius + Law1.lineWidth / 2 - 9.15) < 1e-12)
    }

    @Test func penaltyArcStaysOutsideTheArea() {
        // The arc meets the penalty area line where 9.15 m from the mark reaches 16.5 m.
        let radius = 9.15 - 0.06
        let expected = acos(5.5 / radius)
        #expect(abs(geometry.penaltyArcHalfAngle - expected) < 1e-12)
        #expect(abs(geometry.penaltyArcHalfAngle * 180 / .pi - 52.77) < 0.05)
        for element in geometry.penaltyArcs.elements {
            if case .arc(let center, let r, let start, let end, _) = element {
                for angle in stride(from: start, through: end, by: (end - start) / 10) {
                    let x = center.x + r * cos(angle)
                    #expect(x >= 16.5 - 0.06 - 1e-9 && x <= 105 - 16.5 + 0.06 + 1e-9)
                }
            }
        }
    }

    @Test func linesAreInsetSoTheirOuterEdgesMeasure() {
        let wide = PitchGeometry(dimensions: .standard, lineWidth: 0.5)
        #expect(wide.boundary.elements.first == .move(Point(x: 0.25, y: 0.25)))
        // A line width below Law 1's is raised to it.
        #expect(PitchGeometry(dimensions: .standard, lineWidth: 0.01).lineWidth == 0.12)
    }

    @Test func goalsAreBehindTheGoalLines() {
        let xs = geometry.goals.elements.compactMap { element -> Double? in
            if case .line(let p) = element { return p.x }
            return nil
        }
        #expect(xs.contains(-PitchGeometry.goalDepth))
        #expect(xs.contains(105 + PitchGeometry.goalDepth))
    }

    @Test(arguments: [(100.0, 64.0), (90, 45), (120, 90), (110, 75)])
    func acceptsSizesWithinLaw1(_ size: (Double, Double)) throws {
        let dimensions = try PitchDimensions(length: size.0, width: size.1)
        #expect(dimensions.length == size.0)
    }

    @Test(arguments: [(89.0, 60.0), (121, 60), (100, 44), (100, 91), (60, 60), (.nan, 60)])
    func rejectsSizesOutsideLaw1(_ size: (Double, Double)) {
        #expect(throws: PitchDimensionsError.self) { try PitchDimensions(length: size.0, width: size.1) }
    }
}

@Suite struct PitchLayoutTests {
    @Test func fitsThePitchWithAFourMetreMargin() {
        let layout = PitchLayout(fitting: Rect(x: 0, y: 0, width: 1024, height: 768), dimensions: .standard,
                                 orientation: .horizontal, isHalf: false)
        // 113 x 76 m fitted into 1024 x 768: 1024 / 113 units a metre, centred vertically.
        let metre = 1024.0 / 113
        #expect(abs(layout.area.x - 4 * metre) < 1e-9)
        #expect(abs(layout.area.width - 105 * metre) < 1e-9)
        #expect(abs(layout.area.y - ((768 - 76 * metre) / 2 + 4 * metre)) < 1e-9)
        let map = layout.metresToSpace
        #expect(map.apply(Point(x: 0, y: 0)) == Point(x: layout.area.minX, y: layout.area.minY))
        let far = map.apply(Point(x: 105, y: 68))
        #expect(abs(far.x - layout.area.maxX) < 1e-9 && abs(far.y - layout.area.maxY) < 1e-9)
    }

    @Test func verticalPitchesHaveTheFirstGoalAtTheBottom() {
        let layout = PitchLayout(fitting: Rect(x: 0, y: 0, width: 600, height: 800), dimensions: .standard,
                                 orientation: .vertical, isHalf: false)
        let map = layout.metresToSpace
        let origin = map.apply(.zero)
        #expect(abs(origin.x - layout.area.minX) < 1e-9 && abs(origin.y - layout.area.maxY) < 1e-9)
        let top = map.apply(Point(x: 105, y: 68))
        #expect(abs(top.x - layout.area.maxX) < 1e-9 && abs(top.y - layout.area.minY) < 1e-9)
        #expect(layout.area.height > layout.area.width)
    }

    @Test func halfPitchesShowTheAttackingHalf() {
        let layout = PitchLayout(fitting: Rect(x: 0, y: 0, width: 1000, height: 1000), dimensions: .standard,
                                 orientation: .horizontal, isHalf: true)
        let map = layout.metresToSpace
        let halfway = map.apply(Point(x: 52.5, y: 0))
        #expect(abs(halfway.x - layout.area.minX) < 1e-9)
        #expect(abs(map.apply(Point(x: 105, y: 68)).x - layout.area.maxX) < 1e-9)
        #expect(abs(layout.area.width / layout.area.height - 52.5 / 68) < 1e-9)
    }
}
