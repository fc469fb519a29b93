import Foundation
import Testing
@testable import Canvas
@testable import Routes

/// Marks on route maps, and the treasure hunt's map made of them: pixel probes.
@Suite struct HuntMapTests {
    static let start = GeoPoint(latitude: 43.2641, longitude: -2.9494)
    static let collector = RGBA(HuntMap.collector), treasure = RGBA(HuntMap.treasure), area = RGBA(HuntMap.area)

    private func render(_ options: RouteMapOptions) throws -> (RasterImage, RouteMapRenderer) {
        let renderer = try RouteMapRenderer(document: RouteDocument(), options: options)
        return (try RasterImage(pngData: try renderer.render(format: .png).data), renderer)
    }

    /// The user-space point `metres` from `point` at `bearing`.
    private func point(_ renderer: RouteMapRenderer, from point: GeoPoint, bearing: Double, metres: Double) throws -> Point {
        renderer.fit.point(for: try #require(Geodesic.destination(from: point, bearingDegrees: bearing, distanceMeters: metres)))
    }

    @Test func beforeTheTreasureIsFoundTheMapShowsTheAreaAndTheCollectorOnly() throws {
        let options = HuntMap.options(start: Self.start, target: nil, claimRadiusMeters: 150, areaRadiusMeters: 2_000)
        let (image, renderer) = try render(options)
        let centre = renderer.fit.point(for: Self.start)
        #expect(RouteRenderingTests.isLike(RouteRenderingTests.pixel(image, at: centre), Self.collector))
        // The area's circle, 2 km away on every side, is inside the picture: its outline shows.
        for bearing in [0.0, 90, 180, 270] {
            let edge = try point(renderer, from: Self.start, bearing: bearing, metres: 2_000)
            #expect(edge.x > 0 && edge.x < 800 && edge.y > 0 && edge.y < 800)
            #expect(RouteRenderingTests.isLike(RouteRenderingTests.pixel(image, at: edge), Self.area, tolerance: 60), "\(bearing)")
        }
        // The claim's reach, 150 m round the collector, is outlined in blue.
        let reach = try point(renderer, from: Self.start, bearing: 45, metres: 150)
        #expect(RouteRenderingTests.isLike(RouteRenderingTests.pixel(image, at: reach), Self.collector, tolerance: 60))
        // No red anywhere: the treasure stays hidden.
        #expect(RouteRenderingTests.extent(of: Self.treasure, in: image) == nil)
    }

    @Test func onceFoundTheTreasureIsRedWithTheClaimsReachAroundIt() throws {
        let target = try #require(Geodesic.destination(from: Self.start, bearingDegrees: 120, distanceMeters: 1_300))
        let options = HuntMap.options(start: Self.start, target: target, claimRadiusMeters: 150, areaRadiusMeters: 2_000)
        let (image, renderer) = try render(options)
        #expect(RouteRenderingTests.isLike(RouteRenderingTests.pixel(image, at: renderer.fit.point(for: target)), Self.treasure))
        #expect(RouteRenderingTests.isLike(RouteRenderingTests.pixel(image, at: renderer.fit.point(for: Self.start)), Self.collector))
        let reach = try point(renderer, from: target, bearing: 300, metres: 150)
        #expect(RouteRenderingTests.isLike(RouteRenderingTests.pixel(image, at: reach), Self.treasure, tolerance: 60))
        // The red is the treasure's dot and circle: nothing red farther than 160 m from it.
        let extent = try #require(RouteRenderingTests.extent(of: Self.treasure, in: image))
        let metresPerPixel = renderer.fit.metresPerUnit
        #expect(max(extent.width, extent.height) * metresPerPixel < 2 * 160)
        // The same hunt draws the same bytes.
        let again = try RouteMapRenderer(document: RouteDocument(), options: options).render(format: .png).data
        #expect(again == (try renderer.render(format: .png).data))
    }

    @Test func marksOutOfRangeAreRefusedByIndex() throws {
        func refused(_ mark: RouteMapMark) -> String? {
            var options = RouteMapOptions()
            options.marks = [RouteMapMark(point: Self.start, color: .black), mark]
            do {
                _ = try RouteMapRenderer(document: RouteDocument(), options: options)
                return nil
            } catch {
                return (error as? LocalizedError)?.errorDescription
            }
        }
        let position = "marks[1]: expected a latitude in -90...90 and a longitude in -180...180"
        let radius = "marks[1]: expected a circle radius above 0 and at most 100000 m"
        #expect(refused(RouteMapMark(point: GeoPoint(latitude: .nan, longitude: 0), color: .black)) == position)
        #expect(refused(RouteMapMark(point: GeoPoint(latitude: 0, longitude: 1e308), color: .black)) == position)
        for bad in [0, -5, .infinity, .nan, 1e308] {
            #expect(refused(RouteMapMark(point: Self.start, color: .black, circleRadiusMeters: bad)) == radius, "\(bad)")
        }
        var many = RouteMapOptions()
        many.marks = Array(repeating: RouteMapMark(point: Self.start, color: .black), count: RouteMapMark.maximumMarks + 1)
        #expect(throws: RouteMapError.tooManyPoints(kind: "marks", count: 1_001, limit: 1_000)) {
            try RouteMapRenderer(document: RouteDocument(), options: many)
        }
        #expect(throws: RouteMapError.nothingToDraw) { try RouteMapRenderer(document: RouteDocument()) }
    }
}
