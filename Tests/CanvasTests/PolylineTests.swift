import Foundation
import Testing
@testable import Canvas

@Suite struct PolylineTests {
    @Test func dropsPointsOnAStraightLineAndKeepsTheEnds() {
        let line = (0...100).map { Point(x: Double($0), y: 2 * Double($0)) }
        #expect(Polyline.simplified(line, tolerance: 0.25) == [line[0], line[100]])
    }

    @Test func keepsCornersBeyondTheTolerance() {
        let corner = [Point(x: 0, y: 0), Point(x: 5, y: 0.1), Point(x: 10, y: 0), Point(x: 10, y: 10)]
        #expect(Polyline.simplified(corner, tolerance: 0.25) == [corner[0], corner[2], corner[3]])
        #expect(Polyline.simplified(corner, tolerance: 0.05) == corner)
    }

    @Test func everyDroppedPointStaysWithinTheTolerance() {
        var point = Point.zero
        var walk: [Point] = []
        for index in 0..<10_000 { // more than one chunk
            point = Point(x: point.x + 1, y: point.y + jitter(index))
            walk.append(point)
        }
        let simplified = Polyline.simplified(walk, tolerance: 0.5)
        #expect(simplified.count < walk.count / 2)
        #expect(simplified.first == walk.first && simplified.last == walk.last)
        // Each recorded point lies within the tolerance of the simplified line.
        var segment = 0
        for recorded in walk {
            while segment < simplified.count - 2, recorded.x > simplified[segment + 1].x { segment += 1 }
            let distance = recorded.distance(toSegmentFrom: simplified[segment], to: simplified[segment + 1])
            #expect(distance <= 0.5 + 1e-9)
        }
    }

    @Test func shortOrUntoleratedInputIsUntouched() {
        let two = [Point(x: 0, y: 0), Point(x: 1, y: 1)]
        #expect(Polyline.simplified(two, tolerance: 1) == two)
        #expect(Polyline.simplified([], tolerance: 1).isEmpty)
        let three = [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 2, y: 0)]
        #expect(Polyline.simplified(three, tolerance: 0) == three)
    }

    @Test func aLongZigzagKeepsEveryCornerAndTakesLinearWork() {
        // 30,000 points, each a corner a pixel below the one before: Douglas-Peucker's worst
        // case. Runs of 256 bound the work to 256 distance checks a point (runs of 4,096 made
        // a 160,000-point pen stroke take seconds in a release build).
        let zigzag = (0..<30_000).map { Point(x: Double($0 % 2) * 800, y: Double($0)) }
        let simplified = Polyline.simplified(zigzag, tolerance: 0.25)
        #expect(simplified.count == zigzag.count && simplified.first == zigzag.first && simplified.last == zigzag.last)
        // A straight line of as many points keeps only the ends of its runs.
        let line = (0..<30_000).map { Point(x: Double($0), y: 2 * Double($0)) }
        #expect(Polyline.simplified(line, tolerance: 0.25).count == (30_000 - 1 + 255) / 256 + 1)
    }
}

/// A repeatable value in -0.5 ..< 0.5 for `index` (a sine hash): test data without a generator.
func jitter(_ index: Int) -> Double {
    let value = sin(Double(index) * 12.9898) * 43_758.5453
    return value - value.rounded(.down) - 0.5

}
