import Foundation
import Synchronization
import Testing
@testable import Canvas
@testable import Routes

/// Pixel probes on route maps of synthetic tracks (600 x 400 unless said otherwise).
@Suite struct RouteRenderingTests {
    static let style = RouteMapStyle.standard
    static let route = RGBA(style.route), start = RGBA(style.start), finish = RGBA(style.finish)
    static let kilometre = RGBA(style.kilometre), background = RGBA(style.background)

    // MARK: Synthetic tracks

    /// A point `east` and `north` metres from (lat, lon), on a sphere of the haversine radius.
    static func offset(_ lat: Double, _ lon: Double, east: Double, north: Double, elevation: Double? = nil,
                       time: Date? = nil) -> GeoPoint {
        let radius = 6_371_008.8
        let latitude = lat + north / radius * 180 / .pi
        let longitude = lon + east / (radius * cos(lat * .pi / 180)) * 180 / .pi
        return GeoPoint(latitude: latitude, longitude: longitude, elevation: elevation, time: time)
    }

    /// An arc of a circle of `radius` metres around Munich, from `from` to `to` degrees
    /// (counter-clockwise from east), `count` points.
    static func arc(radius: Double = 1_000, from: Double, to: Double, count: Int = 200) -> [GeoPoint] {
        (0..<count).map { i in
            let angle = (from + (to - from) * Double(i) / Double(count - 1)) * .pi / 180
            return offset(48.137, 11.575, east: radius * cos(angle), north: radius * sin(angle))
        }
    }

    /// A "C": open on the right, so the line's extremes (left, top, bottom) are mid-track.
    static let cShape = arc(from: 45, to: 315)

    static func document(_ points: [GeoPoint]) -> RouteDocument {
        RouteDocument(tracks: [Track(segments: [points])])
    }

    static func render(_ document: RouteDocument, _ options: RouteMapOptions = RouteMapOptions())
        throws -> (image: RasterImage, renderer: RouteMapRenderer, notes: [String]) {
        let renderer = try RouteMapRenderer(document: document, options: options)
        let result = try renderer.render(format: .png)
        return (try RasterImage(pngData: result.data), renderer, result.notes)
    }

    // MARK: Probes

    static func pixel(_ image: RasterImage, at point: Point, scale: Double = 1) -> RGBA {
        image.pixel(x: Int((point.x * scale).rounded(.down)), y: Int((point.y * scale).rounded(.down)))
    }

    static func isLike(_ pixel: RGBA, _ colour: RGBA, tolerance: Int = 40) -> Bool {
        pixel.distance(to: colour) <= tolerance
    }

    /// The bounding box of the pixels near `colour`, or nil when none is.
    static func extent(of colour: RGBA, in image: RasterImage, tolerance: Int = 40) -> Rect? {
        var points: [Point] = []
        for y in 0..<image.height {
            for x in 0..<image.width where isLike(image.pixel(x: x, y: y), colour, tolerance: tolerance) {
                points.append(Point(x: Double(x), y: Double(y)))
            }
        }
        return Rect(boundingBoxOf: points)
    }

    // MARK: Tests

    @Test func theStartIsGreenAndTheFinishRed() throws {
        let (image, renderer, notes) = try Self.render(Self.document(Self.cShape))
        #expect(notes.isEmpty)
        let start = renderer.fit.point(for: Self.cShape[0]), finish = renderer.fit.point(for: Self.cShape[199])
        #expect(Self.isLike(Self.pixel(image, at: start), Self.start))
        #expect(Self.isLike(Self.pixel(image, at: finish), Self.finish))
        // Halfway round, the route's own colour.
        #expect(Self.isLike(Self.pixel(image, at: renderer.fit.point(for: Self.cShape[100])), Self.route))
        // Far from the line, the background.
        #expect(Self.isLike(image.pixel(x: 300, y: 200), Self.background, tolerance: 4))
    }

    @Test(arguments: [RouteMapPadding(24), RouteMapPadding(top: 60, left: 10, bottom: 30, right: 120)])
    func theLineFillsTheFrameInsideThePadding(padding: RouteMapPadding) throws {
        let (image, _, _) = try Self.render(Self.document(Self.cShape), RouteMapOptions(padding: padding))
        let drawn = try #require(Self.extent(of: Self.route, in: image))
        // Inside the padding...
        #expect(drawn.minX >= padding.left && drawn.minY >= padding.top)
        #expect(drawn.maxX < 600 - padding.right && drawn.maxY < 400 - padding.bottom)
        // ...and reaching it on one axis (less the casing): the C is about as tall as wide,
        // so its height is what fills a landscape frame.
        let casing = Self.style.casingWidth + 1
        #expect(drawn.minY <= padding.top + casing && drawn.maxY >= 400 - padding.bottom - casing - 1)
    }

    @Test func aLoopGetsOneMergedMarker() throws {
        // Round a circle of 500 m, stopping 30 m short of the start: within 50 m, a loop.
        let loop = Self.arc(radius: 500, from: 0, to: 360 - 30 / 500 * 180 / .pi, count: 300)
        let (image, renderer, _) = try Self.render(Self.document(loop))
        let start = renderer.fit.point(for: loop[0]), finish = renderer.fit.point(for: loop[299])
        #expect(start.distance(to: finish) > RouteMapPainter.endRadius + 2) // apart on the map
        // One marker at the start: green on its left, red on its right.
        #expect(Self.isLike(Self.pixel(image, at: Point(x: start.x - 3, y: start.y)), Self.start))
        #expect(Self.isLike(Self.pixel(image, at: Point(x: start.x + 3, y: start.y)), Self.finish))
        // No red anywhere else, and no marker at the finish.
        let red = try #require(Self.extent(of: Self.finish, in: image))
        #expect(red.maxX <= start.x + RouteMapPainter.endRadius + 1 && red.minX >= start.x - 1)
        #expect(!Self.isLike(Self.pixel(image, at: finish), Self.finish))

        // An open track keeps two markers.
        let (open, openRenderer, _) = try Self.render(Self.document(Self.cShape))
        let openStart = openRenderer.fit.point(for: Self.cShape[0])
        #expect(!Self.isLike(Self.pixel(open, at: Point(x: openStart.x + 3, y: openStart.y)), Self.finish))
    }

    @Test func aTrackAcrossTheAntimeridianIsOneCompactLine() throws {
        // East across 180°, then north: an L about 11 km each way.
        let points = [GeoPoint(latitude: 0, longitude: 179.95), GeoPoint(latitude: 0, longitude: 179.99),
                      GeoPoint(latitude: 0, longitude: -179.99), GeoPoint(latitude: 0, longitude: -179.95),
                      GeoPoint(latitude: 0.1, longitude: -179.95)]
        let (image, renderer, _) = try Self.render(Self.document(points))
        #expect(renderer.fit.zoom > 8) // a town's view, not the world's
        let drawn = try #require(Self.extent(of: Self.route, in: image))
        #expect(drawn.width > 300 && drawn.width < 400 && drawn.height > 300)
        // The line passes the antimeridian between the two sides.
        let crossing = renderer.fit.point(latitude: 0, longitude: 180)
        #expect(crossing.x > 100 && crossing.x < 500)
        #expect(Self.isLike(Self.pixel(image, at: crossing), Self.route))
        #expect(renderer.fit.point(latitude: 0, longitude: -180) == crossing)
    }

    @Test func aSinglePointRendersAsASensibleMap() throws {
        let only = GeoPoint(latitude: 51.5, longitude: -0.12)
        let (image, renderer, _) = try Self.render(Self.document([only]))
        let center = renderer.fit.point(for: only)
        #expect(abs(center.x - 300) < 1 && abs(center.y - 200) < 1)
        #expect(Self.isLike(Self.pixel(image, at: Point(x: center.x - 3, y: center.y)), Self.start))
        #expect(Self.isLike(Self.pixel(image, at: Point(x: center.x + 3, y: center.y)), Self.finish))
        // At least 200 m across, and not absurdly more.
        let across = renderer.fit.metresPerUnit * renderer.fit.frame.height
        #expect(across >= 199 && across < 250)
    }

    @Test func scaleTwoDoublesThePixelsOfTheSamePicture() throws {
        var options = RouteMapOptions(kilometreLabels: true)
        let (one, renderer, _) = try Self.render(Self.document(Self.cShape), options)
        options.scale = 2
        let (two, _, _) = try Self.render(Self.document(Self.cShape), options)
        #expect(two.width == 2 * one.width && two.height == 2 * one.height)
        #expect(Self.isLike(Self.pixel(two, at: renderer.fit.point(for: Self.cShape[0]), scale: 2), Self.start))
        #expect(Self.isLike(Self.pixel(two, at: renderer.fit.point(for: Self.cShape[199]), scale: 2), Self.finish))
        // Averaged back down, nearly every pixel matches.
        var different = 0
        for y in 0..<one.height {
            for x in 0..<one.width {
                let block = [two.pixel(x: 2 * x, y: 2 * y), two.pixel(x: 2 * x + 1, y: 2 * y),
                             two.pixel(x: 2 * x, y: 2 * y + 1), two.pixel(x: 2 * x + 1, y: 2 * y + 1)]
                func mean(_ channel: KeyPath<RGBA, UInt8>) -> UInt8 {
                    UInt8(block.reduce(0) { $0 + Int($1[keyPath: channel]) } / 4)
                }
                let average = RGBA(red: mean(\.red), green: mean(\.green), blue: mean(\.blue), alpha: mean(\.alpha))
                if average.distance(to: one.pixel(x: x, y: y)) > 64 { different += 1 }
            }
        }
        #expect(different < one.width * one.height / 200, "\(different) pixels differ")
    }

    /// Solid tiles of one colour, except those listed.
    struct SolidTiles: TileSource {
        var missing: Set<[Int]> = []
        let requests = Requests()
        func tile(z: Int, x: Int, y: Int) -> RasterImage? {
            requests.count.add(1, ordering: .relaxed)
            guard !missing.contains([z, x, y]) else { return nil }
            return RasterImage(width: 16, height: 16, rgba: Array([UInt8]([150, 200, 240, 255]).repeated(256)))
        }
    }

    final class Requests: Sendable {
        let count = Atomic<Int>(0)
    }

    static func tile(under point: Point, of renderer: RouteMapRenderer) -> [Int] {
        let world = renderer.fit.world(at: point)
        let n = Double(1 << renderer.tileZoom)
        return [renderer.tileZoom, Int((world.x * n).rounded(.down)), Int((world.y * n).rounded(.down))]
    }

    @Test func aMissingTileLeavesTheBackgroundAndANote() throws {
        let tileColour = RGBA(red: 150, green: 200, blue: 240)
        let document = Self.document(Self.cShape)
        let (full, fullRenderer, fullNotes) = try Self.render(document, RouteMapOptions(tiles: SolidTiles()))
        #expect(fullNotes.isEmpty)
        #expect(Self.isLike(full.pixel(x: 1, y: 1), tileColour, tolerance: 4))
        // The tile under the top-left corner goes missing; probe the middle of what it covers.
        let missing = Self.tile(under: Point(x: 1, y: 1), of: fullRenderer)
        let n = Double(1 << missing[0])
        let far = fullRenderer.fit.point(world: Point(x: Double(missing[1] + 1) / n, y: Double(missing[2] + 1) / n))
        let corner = Point(x: far.x / 2, y: far.y / 2), elsewhere = Point(x: 300.5, y: 200.5)
        #expect(far.x > 40 && far.y > 40)
        #expect(missing != Self.tile(under: elsewhere, of: fullRenderer))

        let source = SolidTiles(missing: [missing])
        let (image, _, notes) = try Self.render(document, RouteMapOptions(tiles: source, attribution: "© Test Tiles"))
        #expect(notes.count == 1 && notes[0].contains("missing") && notes[0].contains(missing.map(String.init).joined(separator: "/")))
        #expect(Self.isLike(Self.pixel(image, at: corner), Self.background, tolerance: 4))
        #expect(Self.isLike(Self.pixel(image, at: elsewhere), tileColour, tolerance: 4))
        #expect(source.requests.count.load(ordering: .relaxed) <= RouteMapRenderer.maximumTiles)
    }

    @Test func tileFetchingIsBounded() throws {
        let source = SolidTiles()
        let options = RouteMapOptions(size: Size(width: 6_000, height: 6_000), tiles: source)
        let renderer = try RouteMapRenderer(document: Self.document(Self.cShape), options: options)
        #expect(source.requests.count.load(ordering: .relaxed) <= RouteMapRenderer.maximumTiles)
        #expect(renderer.notes.contains { $0.contains("instead of") })
    }

    @Test func kilometreMarksArePurpleAtEveryKilometre() throws {
        // 5.5 km due north: the haversine kilometre is exactly 1000 m along the meridian.
        let points = (0...55).map { Self.offset(48, 11, east: 0, north: Double($0) * 100) }
        let (image, renderer, _) = try Self.render(Self.document(points))
        for km in 1...5 {
            let mark = renderer.fit.point(for: Self.offset(48, 11, east: 0, north: Double(km) * 1_000))
            #expect(Self.isLike(Self.pixel(image, at: mark), Self.kilometre), "km \(km)")
        }
        let between = renderer.fit.point(for: Self.offset(48, 11, east: 0, north: 1_500))
        #expect(Self.isLike(Self.pixel(image, at: between), Self.route))
    }

    @Test func kilometreLabelsNeverOverlap() throws {
        // 40 km wound tightly: far more marks than room for labels.
        let spiral = (0..<2_000).map { i -> GeoPoint in
            let t = Double(i) / 1_999 * 12 * .pi
            return Self.offset(45, 7, east: (300 + 40 * t) * cos(t), north: (300 + 40 * t) * sin(t))
        }
        let renderer = try RouteMapRenderer(document: Self.document(spiral), options: RouteMapOptions(kilometreLabels: true))
        let labels = renderer.scene.labels
        #expect(labels.count > 3 && labels.count < renderer.scene.kilometreMarks.count)
        for (i, a) in labels.enumerated() {
            for b in labels[(i + 1)...] { #expect(!a.box.intersects(b.box), "\(a.text) and \(b.text)") }
        }
    }

    @Test func colouredByElevationWithALegend() throws {
        // A straight climb from 100 m to 500 m.
        let points = (0...100).map { Self.offset(46, 8, east: Double($0) * 30, north: 0, elevation: 100 + Double($0) * 4) }
        let options = RouteMapOptions(colourBy: .elevation)
        let (image, renderer, notes) = try Self.render(Self.document(points), options)
        #expect(notes.isEmpty)
        let palette = Self.style.elevationPalette
        for fraction in [0.25, 0.5, 0.75] {
            let index = Int(fraction * 100)
            let expected = RGBA(palette.color(at: fraction))
            #expect(Self.isLike(Self.pixel(image, at: renderer.fit.point(for: points[index])), expected, tolerance: 24),
                    "at \(fraction)")
        }
        let legend = try #require(renderer.scene.legend)
        #expect(legend.low.text == "100" && legend.high.text == "500")
        #expect(Self.isLike(Self.pixel(image, at: Point(x: legend.bar.minX + 1, y: legend.bar.center.y)),
                            RGBA(palette.color(at: 0)), tolerance: 24))
        #expect(Self.isLike(Self.pixel(image, at: Point(x: legend.bar.maxX - 1, y: legend.bar.center.y)),
                            RGBA(palette.color(at: 1)), tolerance: 24))

        // Without times there is no speed: one colour and a note.
        let (_, _, speedNotes) = try Self.render(Self.document(points), RouteMapOptions(colourBy: .speed))
        #expect(speedNotes.count == 1 && speedNotes[0].contains("times"))
    }

    @Test func theProfileStripSitsBelowTheMap() throws {
        let points = (0...100).map { Self.offset(46, 8, east: Double($0) * 30, north: Double($0 % 7) * 20,
                                                 elevation: 100 + Double($0) * 4) }
        let options = RouteMapOptions(profile: true, statsLine: "3.0 km  ·  climb 400 m")
        let (image, renderer, notes) = try Self.render(Self.document(points), options)
        #expect(notes.isEmpty)
        let profile = try #require(renderer.scene.profile)
        #expect(renderer.mapArea.maxY == profile.strip.minY && profile.strip.maxY == 400)
        #expect(profile.stats.text == "3.0 km  ·  climb 400 m")
        // The route stays above the strip, inside the padding (the profile's line is below).
        let map = RasterImage(width: 600, height: Int(profile.strip.minY),
                              rgba: Array(image.rgba.prefix(600 * Int(profile.strip.minY) * 4)))
        let drawn = try #require(Self.extent(of: Self.route, in: map))
        #expect(drawn.maxY < profile.strip.minY - 24)
        // Under the profile's line, its fill; the climb rises to the right.
        let fill = RGBA(Self.style.profileFill)
        #expect(Self.isLike(Self.pixel(image, at: Point(x: profile.chart.center.x, y: profile.chart.maxY - 3)), fill, tolerance: 8))
        #expect(profile.line.first.map { $0.y > (profile.line.last?.y ?? 0) } == true)

        // Without elevations: the strip says so, and a note too.
        let flat = points.map { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) }
        let (_, _, flatNotes) = try Self.render(Self.document(flat), RouteMapOptions(profile: true))
        #expect(flatNotes.contains { $0.contains("no elevations") })
    }

    @Test func plannedRoutesShowNumberedStopsAndLegLengths() throws {
        let stops = [Self.offset(50, 4, east: 0, north: 0), Self.offset(50, 4, east: 3_000, north: 0),
                     Self.offset(50, 4, east: 3_000, north: 2_000)].map { Place(point: $0) }
        let document = RouteDocument(routes: [PlannedRoute(stops: stops)])
        let (image, renderer, _) = try Self.render(document)
        let stopColour = RGBA(Self.style.stop)
        for stop in stops {
            let center = renderer.fit.point(for: stop.point)
            #expect(Self.isLike(Self.pixel(image, at: Point(x: center.x, y: center.y + 6.5)), stopColour))
        }
        #expect(renderer.scene.stops.map(\.number.text) == ["1", "2", "3"])
        #expect(renderer.scene.labels.map(\.text) == ["3.0 km", "2.0 km"])
        let middle = renderer.fit.point(for: Self.offset(50, 4, east: 1_500, north: 0))
        #expect(renderer.scene.labels[0].box.contains(middle))
    }

    /// Stops metres apart on a 6 km route (as in `make run`'s example, where 2 and 3, 38 and
    /// 39, 46 and 47 were drawn on top of each other), with a track that starts and finishes on
    /// the first and last stops: no marker covers another marker, another stop or the track's
    /// start and finish, and each marker that moved is tied to its stop by a leader line.
    @Test func numberedWaypointsAreMarkersInTheirOrderClearOfEachOther() throws {
        let east: [Double] = [0, 5, 2_000, 4_000]
        let places = east.enumerated().map { Place(name: "Place \($0.offset + 1)", point: Self.offset(50, 4, east: $0.element, north: 0)) }
        var options = RouteMapOptions()
        options.numberedWaypoints = true
        let (image, renderer, _) = try Self.render(RouteDocument(waypoints: places), options)
        let stops = renderer.scene.stops
        #expect(stops.map(\.number.text) == ["1", "2", "3", "4"])
        #expect(renderer.scene.waypoints.isEmpty, "no dots under the markers")
        for (index, stop) in stops.enumerated() {
            #expect(stop.anchor == renderer.fit.point(for: places[index].point))
            #expect(Self.isLike(Self.pixel(image, at: Point(x: stop.center.x, y: stop.center.y + 6.5)), RGBA(Self.style.stop)),
                    "marker \(stop.number.text)")
        }
        // The two places 5 m apart get markers that do not overlap.
        #expect(stops[0].center.distance(to: stops[1].center) >= 2 * RouteMapPainter.stopRadius)
        // Without the option, waypoints stay dots.
        let (_, plain, _) = try Self.render(RouteDocument(waypoints: places))
        #expect(plain.scene.stops.isEmpty && plain.scene.waypoints.count == 4)
    }

    @Test func crowdedStopsMoveApartWithLeaderLines() throws {
        let east: [Double] = [0, 10, 500, 1_000, 1_008, 1_016, 1_024, 1_032, 1_500, 2_000, 3_000, 3_005,
                              4_000, 4_500, 5_000, 5_990, 6_000]
        let points = east.enumerated().map { Self.offset(50, 4, east: $0.element, north: $0.offset % 2 == 0 ? 0 : 3) }
        let document = RouteDocument(tracks: [Track(segments: [[points[0], points[points.count - 1]]])],
                                     routes: [PlannedRoute(stops: points.map { Place(point: $0) })])
        let (image, renderer, _) = try Self.render(document)
        let stops = renderer.scene.stops
        #expect(stops.map(\.number.text) == east.indices.map { "\($0 + 1)" })
        let radius = RouteMapPainter.stopRadius, gap = StopPlacement.gap
        let start = renderer.fit.point(for: points[0]), finish = renderer.fit.point(for: points[points.count - 1])
        for (index, stop) in stops.enumerated() {
            #expect(stop.anchor == renderer.fit.point(for: points[index]))
            for other in stops[(index + 1)...] {
                #expect(stop.center.distance(to: other.center) >= 2 * radius + gap - 1e-9, "markers \(stop.number.text) and \(other.number.text)")
            }
            for (other, anchor) in stops.map(\.anchor).enumerated() where other != index {
                #expect(stop.center.distance(to: anchor) >= radius + StopPlacement.anchorRadius + gap - 1e-9,
                        "marker \(stop.number.text) on stop \(other + 1)")
            }
            for end in [start, finish] {
                #expect(stop.center.distance(to: end) >= radius + RouteMapPainter.endRadius + gap - 1e-9, "marker \(stop.number.text) on an end")
            }
            // Every marker shows (below its number), on top of whatever else is there.
            #expect(Self.isLike(Self.pixel(image, at: Point(x: stop.center.x, y: stop.center.y + 6.5)), RGBA(Self.style.stop)),
                    "marker \(stop.number.text)")
        }
        // The start and finish show whole.
        #expect(Self.isLike(Self.pixel(image, at: start), Self.start))
        #expect(Self.isLike(Self.pixel(image, at: finish), Self.finish))
        // Those crowded moved; those with room stayed on their stops.
        #expect(stops.filter(\.moved).count >= 8)
        #expect(!stops[9].moved && !stops[12].moved && !stops[13].moved)
        // A moved marker's leader line leaves its stop: stop-coloured just beyond the stop's dot.
        for stop in stops where stop.moved && stop.center.distance(to: stop.anchor) > radius + 6
            && [start, finish].allSatisfy({ $0.distance(to: stop.anchor) > RouteMapPainter.endRadius + 2 }) {
            let along = Point(x: stop.anchor.x + (stop.center.x - stop.anchor.x) * 4 / stop.center.distance(to: stop.anchor),
                              y: stop.anchor.y + (stop.center.y - stop.anchor.y) * 4 / stop.center.distance(to: stop.anchor))
            #expect(Self.isLike(Self.pixel(image, at: stop.anchor), RGBA(Self.style.stop)), "stop \(stop.number.text)'s dot")
            let around = (-1...1).flatMap { dx in (-1...1).map { dy in Point(x: along.x + Double(dx), y: along.y + Double(dy)) } }
            #expect(around.contains { Self.isLike(Self.pixel(image, at: $0), RGBA(Self.style.stop)) }, "stop \(stop.number.text)'s leader")
        }
    }

    @Test func svgAndPDFOutputsStartCorrectly() throws {
        let options = RouteMapOptions(colourBy: .elevation, kilometreLabels: true, profile: true)
        let renderer = try RouteMapRenderer(document: Self.document(Self.cShape), options: options)
        let svg = try renderer.render(format: .svg).data
        let pdf = try renderer.render(format: .pdf).data
        #expect(String(decoding: svg.prefix(200), as: UTF8.self).hasPrefix("<?xml"))
        #expect(String(decoding: svg.prefix(400), as: UTF8.self).contains("<svg"))
        #expect(pdf.starts(with: Array("%PDF-".utf8)))
        #expect(try renderer.render(format: .pdf).data == pdf)
    }

    @Test(arguments: [RouteColouring.grade, .elevation, .speed])
    func hugeElevationsAndTimesDoNotCrashTheColouring(_ colouring: RouteColouring) throws {
        // Built directly, past the readers' limits: elevations of 1e18 m and ±1e300 m.
        let points = Self.cShape.enumerated().map { i, p in
            GeoPoint(latitude: p.latitude, longitude: p.longitude,
                     elevation: i == 10 ? 1e18 : i == 20 ? -1e300 : i == 21 ? 1e300 : Double(i % 40),
                     time: Date(timeIntervalSince1970: 1_700_000_000 + Double(i) * (i == 30 ? 1e10 : 5)))
        }
        let options = RouteMapOptions(size: Size(width: 200, height: 150), colourBy: colouring, profile: true)
        let rendered = try RouteMapRenderer(document: Self.document(points), options: options).render(format: .png)
        #expect(rendered.data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        let elevated = Self.cShape.enumerated().map { i, p in
            GeoPoint(latitude: p.latitude, longitude: p.longitude, elevation: Double(i % 40),
                     time: Date(timeIntervalSince1970: 1_700_000_000 + Double(i) * 5))
        }
        let options = RouteMapOptions(colourBy: .speed, kilometreLabels: true, profile: true, tiles: SolidTiles(),
                                      attribution: "© Test")
        let first = try RouteMapRenderer(document: Self.document(elevated), options: options).render(format: .png)
        let second = try RouteMapRenderer(document: Self.document(elevated), options: options).render(format: .png)
        #expect(first == second)
    }

    @Test func bandsGiveTheSamePictureAsOneCanvas() throws {
        let spiral = (0..<3_000).map { i -> GeoPoint in
            let t = Double(i) / 2_999 * 10 * .pi
            return Self.offset(45, 7, east: (200 + 50 * t) * cos(t), north: (200 + 50 * t) * sin(t),
                               elevation: 300 + 100 * sin(t))
        }
        let options = RouteMapOptions(colourBy: .grade, kilometreLabels: true, profile: true, tiles: SolidTiles(),
                                      attribution: "© Test")
        let renderer = try RouteMapRenderer(document: Self.document(spiral), options: options)
        let banded = try RasterImage(pngData: renderer.render(format: .png).data)
        let canvas = try renderer.makeCanvas()
        renderer.draw(on: canvas)
        #expect(try canvas.rasterImage() == banded)
    }

    @Test func badInputIsRefusedClearly() throws {
        #expect(throws: RouteMapError.nothingToDraw) {
            try RouteMapRenderer(document: RouteDocument(tracks: [Track(segments: [[]])]))
        }
        #expect(throws: RouteMapError.nothingToDraw) {
            try RouteMapRenderer(document: Self.document([GeoPoint(latitude: .nan, longitude: 3)]))
        }
        #expect(throws: RouteMapError.self) {
            try RouteMapRenderer(document: Self.document(Self.cShape), options: RouteMapOptions(padding: 300))
        }
        #expect(throws: RouteMapError.self) {
            try RouteMapRenderer(document: Self.document(Self.cShape),
                                 options: RouteMapOptions(attribution: String(repeating: "x", count: 1_000)))
        }
        #expect(throws: CanvasError.self) {
            try RouteMapRenderer(document: Self.document(Self.cShape), options: RouteMapOptions(size: Size(width: 0, height: 10)))
        }
        // A few bad points among good ones are left out, with a note.
        let (_, _, notes) = try Self.render(Self.document(Self.cShape + [GeoPoint(latitude: .infinity, longitude: 0)]))
        #expect(notes == ["1 points with invalid coordinates left out"])
    }

    @Test func validatingOptionsAppliesTheRenderersSizeRule() throws {
        #expect(throws: RouteMapError.sizeTooSmall(size: "1.0x1.0", minimum: "57x57")) {
            try RouteMapRenderer.validate(RouteMapOptions(size: Size(width: 1, height: 1)))
        }
        #expect(throws: CanvasError.imageTooLarge(width: 20_000, height: 20_000)) {
            try RouteMapRenderer.validate(RouteMapOptions(size: Size(width: 20_000, height: 20_000)))
        }
        try RouteMapRenderer.validate(RouteMapOptions(size: Size(width: 57, height: 57)))
        _ = try RouteMapRenderer(document: Self.document(Self.cShape), options: RouteMapOptions(size: Size(width: 57, height: 57)))
    }

    @Test(arguments: [RouteColouring.none, .elevation])
    func manyOnePointSegmentsDrawOneDotPerPlace(_ colouring: RouteColouring) throws {
        // 20,000 fixes of a 2 km line, each a segment of its own: 20,000 overlapping dots kept
        // Cairo's rasteriser busy for seconds (320,000 took 10 s); each device pixel needs one.
        let count = 20_000
        let segments = (0..<count).map { index in
            [Self.offset(48.137, 11.575, east: 0, north: Double(index) * 0.1, elevation: Double(index % 50))]
        }
        let document = RouteDocument(tracks: [Track(segments: segments)])
        let (image, renderer, _) = try Self.render(document, RouteMapOptions(colourBy: colouring))
        func place(_ index: Int) -> Point {
            renderer.fit.point(world: WebMercator.world(latitude: segments[index][0].latitude,
                                                        longitude: segments[index][0].longitude))
        }
        let span = place(count - 1).distance(to: place(0))
        // At most a few dots per pixel of the line's length, whatever the number of fixes.
        #expect(renderer.scene.casings.count <= Int(span * 3) && renderer.scene.runs.count <= Int(span * 3 * 2))
        #expect(renderer.scene.casings.count > Int(span / 2))
        // The line is still drawn, end to end.
        #expect(Self.isLike(Self.pixel(image, at: place(count / 2)), Self.route, tolerance: 60) || colouring != .none)
    }
}

extension Array {
    fileprivate func repeated(_ times: Int) -> [Element] {
        (0..<times).flatMap { _ in self }
    }
}
