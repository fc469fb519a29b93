import Foundation
import Testing
@testable import Canvas

@Suite struct GeometryTests {
    @Test func transformsConcatenateInOrder() {
        let move = Transform2D(translationX: 10, y: 5)
        let double = Transform2D(scaleX: 2, y: 2)
        // First move, then double.
        #expect(move.concatenating(double).apply(Point(x: 1, y: 1)) == Point(x: 22, y: 12))
        #expect(double.concatenating(move).apply(Point(x: 1, y: 1)) == Point(x: 12, y: 7))
    }

    @Test func inverseUndoesATransform() throws {
        let transform = Transform2D(rotation: 0.7).concatenating(Transform2D(translationX: 3, y: -8))
        let inverse = try #require(transform.inverted)
        let point = Point(x: 12.5, y: -4)
        let back = inverse.apply(transform.apply(point))
        #expect(abs(back.x - point.x) < 1e-9 && abs(back.y - point.y) < 1e-9)
        #expect(Transform2D(scaleX: 0, y: 1).inverted == nil)
    }

    @Test func mapsOneRectOntoAnother() {
        let map = Transform2D(mapping: Rect(x: 0, y: 0, width: 10, height: 20), onto: Rect(x: 100, y: 100, width: 50, height: 100))
        #expect(map.apply(Point(x: 10, y: 20)) == Point(x: 150, y: 200))
        #expect(map.lengthScale == 5)
    }

    @Test func fitsAnAspectCentred() {
        let fitted = Rect(x: 0, y: 0, width: 200, height: 100).fitting(aspect: 1)
        #expect(fitted == Rect(x: 50, y: 0, width: 100, height: 100))
        let tall = Rect(x: 0, y: 0, width: 100, height: 300).fitting(aspect: 2)
        #expect(tall == Rect(x: 0, y: 125, width: 100, height: 50))
    }

    @Test func measuresDistanceToASegment() {
        let point = Point(x: 5, y: 3)
        #expect(point.distance(toSegmentFrom: Point(x: 0, y: 0), to: Point(x: 10, y: 0)) == 3)
        #expect(Point(x: -3, y: 4).distance(toSegmentFrom: .zero, to: Point(x: 10, y: 0)) == 5)
    }

    @Test func pathsMapArcsThroughUniformTransforms() {
        var path = Path()
        path.addCircle(center: Point(x: 1, y: 1), radius: 2)
        let mapped = path.applying(Transform2D(scaleX: 3, y: 3))
        guard case .arc(let center, let radius, _, _, _) = mapped.elements[1] else {
            Issue.record("expected an arc")
            return
        }
        #expect(center == Point(x: 3, y: 3))
        #expect(radius == 6)
    }
}
