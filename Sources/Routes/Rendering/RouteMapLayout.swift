import Canvas
import Foundation

/// Lays a route map out: fits the document, simplifies its lines in pixel space, places
/// kilometre marks, markers, labels, the scale bar, legend and profile. Everything is measured
/// here, once, so every canvas (or band) the map is painted on gets the same layout.
struct RouteMapLayout {
    let options: RouteMapOptions
    let geometry: RouteGeometry
    let fit: MapFit
    let mapArea: Rect
    /// Measures text in user space.
    let measure: (String, Font) -> TextMetrics
    var notes: [String] = []

    /// Ends closer than this (ground metres) make a loop, drawn with one merged marker.
    static let loopMeters = 50.0
    /// ...or ends closer than this many output units.
    static let loopUnits = 4.0
    /// Kilometre marks are spread to at least this many output units apart on average.
    static let minimumMarkSpacing = 10.0
    /// At most this many kilometre marks.
    static let maximumMarks = 500

    static let labelFont = Font(size: 10, weight: .bold)
    static let legFont = Font(size: 10)
    static let smallFont = Font(size: 9)
    static let statsFont = Font(size: 11)

    /// The height of the profile strip for an output `height` units tall.
    static func profileHeight(forHeight height: Double) -> Double {
        min(max(height * 0.22, 56), 110, height * 0.4)
    }

    /// The tolerance, in output units, of simplification: half a device pixel.
    var tolerance: Double { 0.5 / max(options.scale, 1e-9) }

    func point(_ world: Point) -> Point { fit.point(world: world) }

    /// Builds the scene (tiles excluded: the renderer fetches them).
    mutating func scene() -> RouteMapScene {
        let style = options.style
        let distances = geometry.cumulativeDistances
        let userSegments = geometry.worldSegments.map { $0.map(point) }
        var obstacles: [Rect] = []

        // Lines: track segments, then planned legs.
        var casings: [[Point]] = []
        var runs: [RouteMapScene.Run] = []
        let values: RouteValues?
        if options.colourBy != .none, !geometry.segments.isEmpty {
            values = RouteValues(options.colourBy, segments: geometry.segments, distances: distances)
            if values == nil {
                let need = options.colourBy == .speed ? "times" : "elevations"
                notes.append("the track has no \(need) to colour by \(options.colourBy.rawValue): drawn in one colour")
            }
        } else {
            values = nil
        }
        let palette = style.palette(for: options.colourBy)
        // A line within the tolerance of its first point is a dot, and a dot where one of its
        // colour already is adds nothing: left out, so that many tiny segments cost what the
        // output can show (320,000 one-point segments, every dot overlapping in Cairo's
        // rasteriser, took 10 s at 600x400 and 234 s at 100x80).
        var dots = Set<DotCell>()
        func isNew(_ line: [Point], _ color: Color?) -> Bool {
            guard let cell = dotCell(line, color) else { return true }
            return dots.insert(cell).inserted
        }
        for (index, segment) in userSegments.enumerated() {
            let simplified = Polyline.simplified(segment, tolerance: tolerance)
            if isNew(simplified, nil) { casings.append(simplified) }
            if let values, let palette {
                runs += colouredRuns(segment, edges: values.edges[index], values: values, palette: palette)
                    .filter { isNew($0.points, $0.color) }
            } else if isNew(simplified, style.route) {
                runs.append(.init(points: simplified, color: style.route))
            }
        }
        var stopRoutes: [[Point]] = []
        var legs: [(from: Point, to: Point, metres: Double)] = []
        for (route, world) in zip(geometry.routes, geometry.worldRoutes) {
            let points = world.map(point)
            casings.append(points)
            runs.append(.init(points: points, color: style.route))
            stopRoutes.append(points)
            for index in points.indices.dropFirst() {
                legs.append((points[index - 1], points[index], Haversine.distance(route[index - 1], route[index])))
            }
        }

        // Start and finish.
        var ends: RouteMapScene.Ends?
        if let first = geometry.segments.first?.first, let last = geometry.segments.last?.last,
           let start = userSegments.first?.first, let finish = userSegments.last?.last {
            if Haversine.distance(first, last) <= Self.loopMeters || start.distance(to: finish) <= Self.loopUnits {
                ends = .merged(start)
            } else {
                ends = .separate(start: start, finish: finish)
                obstacles.append(Self.box(around: finish, radius: RouteMapPainter.endRadius))
            }
            obstacles.append(Self.box(around: start, radius: RouteMapPainter.endRadius))
        }

        let legend = values.map { legendBox($0) }
        let attribution = options.attribution.map { text -> RouteMapScene.Label in
            let metrics = measure(text, Self.smallFont)
            let origin = Point(x: mapArea.maxX - 4 - metrics.advance, y: mapArea.maxY - 4 - metrics.descent)
            return label(text, at: origin, font: Self.smallFont, color: style.text, background: style.labelBackground)
        }
        let scaleBar = scaleBar()
        let overlays = [legend?.box, attribution?.box, scaleBar?.box].compactMap { $0 }
        obstacles += overlays

        // Numbered stops, clear of each other, of the start and finish and of the overlays.
        let endDiscs: [StopPlacement.Disc] = switch ends {
        case .separate(let start, let finish): [start, finish].map { .init(center: $0, radius: RouteMapPainter.endRadius) }
        case .merged(let point): [.init(center: point, radius: RouteMapPainter.endRadius)]
        case nil: []
        }
        // Numbered waypoints are markers like a route's stops, numbered in their own order.
        let markedGroups = options.numberedWaypoints ? stopRoutes + [geometry.worldWaypoints.map(point)] : stopRoutes
        let centers = StopPlacement.centers(for: markedGroups, radius: RouteMapPainter.stopRadius, avoiding: endDiscs,
                                            boxes: overlays, within: mapArea)
        let numbers = markedGroups.flatMap { route in route.indices.map { "\($0 + 1)" } }
        var stops: [RouteMapScene.Stop] = []
        for ((anchor, center), number) in zip(zip(markedGroups.flatMap { $0 }, centers), numbers) {
            stops.append(.init(anchor: anchor, center: center,
                               number: centered(number, at: center, font: Self.labelFont, color: .white)))
            obstacles.append(Self.box(around: center, radius: RouteMapPainter.stopRadius))
            // A moved marker leaves a dot on its stop, which labels keep clear of too.
            if anchor != center { obstacles.append(Self.box(around: anchor, radius: StopPlacement.anchorRadius)) }
        }

        // Kilometre marks (and labels), then leg lengths: each label is skipped when it would
        // overlap a marker, an overlay or an earlier label.
        let (marks, markKilometres) = kilometreMarks(userSegments, distances: distances)
        var labels: [RouteMapScene.Label] = []
        if options.kilometreLabels {
            for (mark, km) in zip(marks, markKilometres) {
                // Up and to the right of its mark.
                let label = self.label("\(km)", at: Point(x: mark.x + 5, y: mark.y - 7), font: Self.labelFont,
                                       color: style.kilometre, background: style.labelBackground)
                if place(label, among: &obstacles) { labels.append(label) }
            }
        }
        for leg in legs {
            let middle = Point(x: (leg.from.x + leg.to.x) / 2, y: (leg.from.y + leg.to.y) / 2)
            let label = centered(RouteText.distance(leg.metres), at: middle, font: Self.legFont, color: style.text,
                                 background: style.labelBackground)
            guard leg.from.distance(to: leg.to) > label.box.width + 2 * RouteMapPainter.stopRadius else { continue }
            if place(label, among: &obstacles) { labels.append(label) }
        }

        return RouteMapScene(size: options.size, mapArea: mapArea, tiles: [], casings: casings, runs: runs,
                             waypoints: options.numberedWaypoints ? [] : geometry.worldWaypoints.map(point), kilometreMarks: marks, stops: stops, ends: ends,
                             labels: labels, legend: legend, scaleBar: scaleBar, attribution: attribution,
                             profile: options.profile ? profile(distances: distances) : nil)
    }

    /// Where a line that is only a dot (all its points within ``tolerance`` of the first) lies:
    /// a cell of a grid whose cells are ``tolerance`` across, diagonally, and the dot's colour
    /// (nil for the casing). Nil for a longer line, or one too far out to place.
    func dotCell(_ line: [Point], _ color: Color?) -> DotCell? {
        guard let first = line.first, line.allSatisfy({ $0.distance(to: first) <= tolerance }) else { return nil }
        let side = tolerance / 2.0.squareRoot()
        let x = (first.x / side).rounded(.down), y = (first.y / side).rounded(.down)
        guard abs(x) < 1e15, abs(y) < 1e15 else { return nil }
        return DotCell(x: Int(x), y: Int(y), color: color)
    }

    /// A cell of the grid dots are placed on, with the dot's colour.
    struct DotCell: Hashable {
        var x: Int, y: Int
        var color: Color?
    }

    /// Splits a segment into runs of one palette step; each run is simplified on its own.
    private func colouredRuns(_ segment: [Point], edges: [Double?], values: RouteValues,
                              palette: RoutePalette) -> [RouteMapScene.Run] {
        guard segment.count > 1 else { return [.init(points: segment, color: options.style.route)] }
        var runs: [RouteMapScene.Run] = []
        var start = 0
        var current: Int? = edges[0].map(values.step)
        func color(_ step: Int?) -> Color { step.map { RouteValues.color(ofStep: $0, in: palette) } ?? options.style.route }
        for edge in 1..<edges.count {
            let step = edges[edge].map(values.step)
            if step != current {
                runs.append(.init(points: Polyline.simplified(Array(segment[start...edge]), tolerance: tolerance),
                                  color: color(current)))
                start = edge
                current = step
            }
        }
        runs.append(.init(points: Polyline.simplified(Array(segment[start...]), tolerance: tolerance), color: color(current)))
        return runs
    }

    /// Marks at every kilometre along the tracks (every 2, 5, 10, ... when they would crowd),
    /// with the kilometre each one marks.
    private func kilometreMarks(_ segments: [[Point]], distances: [[Double]]) -> ([Point], [Int]) {
        guard let total = distances.last?.last, total >= 1_000 else { return ([], []) }
        var pixelLength = 0.0
        for segment in segments where segment.count > 1 {
            for i in 1..<segment.count { pixelLength += segment[i - 1].distance(to: segment[i]) }
        }
        let unitsPerKm = pixelLength / (total / 1_000)
        var step = 1, candidates = [1, 2, 5]
        while Double(step) * unitsPerKm < Self.minimumMarkSpacing || total / 1_000 / Double(step) > Double(Self.maximumMarks) {
            if candidates.isEmpty { candidates = [10 * step, 20 * step, 50 * step].map { $0 / 5 } }
            step = candidates.removeFirst()
            if step > 1_000_000 { return ([], []) }
        }
        var marks: [Point] = [], kilometres: [Int] = []
        var next = step
        for (segment, cumulative) in zip(segments, distances) where segment.count > 1 {
            for i in 1..<segment.count {
                while Double(next) * 1_000 <= cumulative[i], Double(next) * 1_000 < total {
                    let a = cumulative[i - 1], b = cumulative[i]
                    let t = b > a ? (Double(next) * 1_000 - a) / (b - a) : 0
                    marks.append(Point(x: segment[i - 1].x + (segment[i].x - segment[i - 1].x) * t,
                                       y: segment[i - 1].y + (segment[i].y - segment[i - 1].y) * t))
                    kilometres.append(next)
                    next += step
                }
            }
        }
        return (marks, kilometres)
    }

    /// A 1-2-5 × 10^n metre bar, at most a quarter of the map wide (and 120 units), bottom left.
    private func scaleBar() -> RouteMapScene.ScaleBar? {
        let metresPerUnit = fit.metresPerUnit
        let longest = min(120, mapArea.width / 4) * metresPerUnit
        guard longest.isFinite, longest > 0 else { return nil }
        let magnitude = pow(10, log10(longest).rounded(.down))
        let metres = [5.0, 2.0, 1.0].first { $0 * magnitude <= longest }.map { $0 * magnitude } ?? magnitude
        let length = metres / metresPerUnit
        let text = RouteText.roundDistance(metres)
        let metrics = measure(text, Self.smallFont)
        let left = mapArea.minX + 10, baseline = mapArea.maxY - 10
        let labelOrigin = Point(x: left, y: baseline - 5)
        let top = labelOrigin.y - metrics.ascent
        let box = Rect(x: left - 4, y: top - 3, width: max(length, metrics.advance) + 8, height: baseline + 4 - (top - 3))
        let path = [Point(x: left, y: baseline - 4), Point(x: left, y: baseline),
                    Point(x: left + length, y: baseline), Point(x: left + length, y: baseline - 4)]
        return .init(box: box, path: path, label: label(text, at: labelOrigin, font: Self.smallFont,
                                                        color: options.style.text, background: nil))
    }

    /// The legend: title, a gradient bar, low and high values; top right.
    private func legendBox(_ values: RouteValues) -> RouteMapScene.Legend {
        let texts = values.legendTexts
        let palette = options.style.palette(for: values.colouring) ?? RoutePalette(stops: [options.style.route])
        let barWidth = 100.0
        let title = measure(texts.title, Self.smallFont)
        let width = max(barWidth, title.advance) + 12
        let height = 6 + title.ascent + title.descent + 4 + 8 + 4 + title.ascent + title.descent + 4
        let box = Rect(x: mapArea.maxX - 10 - width, y: mapArea.minY + 10, width: width, height: height)
        let titleLabel = label(texts.title, at: Point(x: box.minX + 6, y: box.minY + 6 + title.ascent), font: Self.smallFont,
                               color: options.style.text, background: nil)
        let bar = Rect(x: box.minX + 6, y: titleLabel.box.maxY + 4, width: width - 12, height: 8)
        let valuesBaseline = bar.maxY + 4 + title.ascent
        let low = label(texts.low, at: Point(x: bar.minX, y: valuesBaseline), font: Self.smallFont,
                        color: options.style.text, background: nil)
        let highWidth = measure(texts.high, Self.smallFont).advance
        let high = label(texts.high, at: Point(x: bar.maxX - highWidth, y: valuesBaseline), font: Self.smallFont,
                         color: options.style.text, background: nil)
        let colors = (0..<RouteValues.steps).map { RouteValues.color(ofStep: $0, in: palette) }
        return .init(box: box, title: titleLabel, bar: bar, colors: colors, low: low, high: high)
    }

    /// The elevation profile along the bottom, with the stats line.
    private mutating func profile(distances: [[Double]]) -> RouteMapScene.Profile {
        let style = options.style
        let height = Self.profileHeight(forHeight: options.size.height)
        let strip = Rect(x: 0, y: options.size.height - height, width: options.size.width, height: height)
        let left = max(options.padding.left, 8), right = max(options.padding.right, 8)
        let statsMetrics = measure("Hg", Self.statsFont)
        let statsBaseline = strip.minY + 6 + statsMetrics.ascent
        let chartTop = statsBaseline + statsMetrics.descent + 6
        let chart = Rect(x: left, y: chartTop, width: max(options.size.width - left - right, 1),
                         height: max(strip.maxY - 8 - chartTop, 1))

        // Along the tracks, or the planned routes' stops when there is no track.
        var samples: [(metres: Double, elevation: Double)] = []
        if geometry.segments.isEmpty {
            var total = 0.0
            for route in geometry.routes {
                for (index, stop) in route.enumerated() {
                    if index > 0 { total += Haversine.distance(route[index - 1], stop) }
                    if let elevation = stop.elevation, elevation.isFinite { samples.append((total, elevation)) }
                }
            }
        } else {
            for (segment, cumulative) in zip(geometry.segments, distances) {
                for (point, metres) in zip(segment, cumulative) {
                    if let elevation = point.elevation, elevation.isFinite { samples.append((metres, elevation)) }
                }
            }
        }
        let stats = label(options.statsLine ?? statsLine(distances: distances), at: Point(x: left, y: statsBaseline),
                          font: Self.statsFont, color: style.text, background: nil)
        guard let lowest = samples.map(\.elevation).min(), let highest = samples.map(\.elevation).max(),
              let length = samples.last?.metres, samples.count > 1, length > 0 else {
            notes.append("no elevations along the route: the profile is empty")
            let message = centered("no elevation data", at: chart.center, font: Self.smallFont, color: style.text.withAlpha(0.6))
            return .init(strip: strip, chart: chart, line: [], stats: stats, labels: [message])
        }
        // At least 20 m of height, so a flat route does not look like the Alps.
        let span = max(highest - lowest, 20)
        let base = (lowest + highest) / 2 - span / 2
        let first = samples[0].metres
        let line = samples.map { sample in
            Point(x: chart.minX + (sample.metres - first) / max(length - first, 1e-9) * chart.width,
                  y: chart.maxY - (sample.elevation - base) / span * chart.height * 0.9)
        }
        let top = label(String(format: "%.0f m", highest), at: .zero, font: Self.smallFont, color: style.text,
                        background: style.labelBackground)
        let bottom = label(String(format: "%.0f m", lowest), at: .zero, font: Self.smallFont, color: style.text,
                           background: style.labelBackground)
        return .init(strip: strip, chart: chart, line: Polyline.simplified(line, tolerance: tolerance), stats: stats,
                     labels: [moved(top, toTopRight: Point(x: chart.maxX, y: strip.minY + 4)),
                              moved(bottom, toTopRight: Point(x: chart.maxX, y: chart.maxY - bottom.box.height - 2))])
    }

    /// Distance, elapsed time and climb, simply: the haversine length, first to last
    /// timestamp, and the sum of every rise between fixes.
    private func statsLine(distances: [[Double]]) -> String {
        var parts: [String] = []
        if geometry.segments.isEmpty {
            let legs = geometry.routes.reduce(0.0) { total, route in
                total + zip(route, route.dropFirst()).reduce(0.0) { $0 + Haversine.distance($1.0, $1.1) }
            }
            parts.append(RouteText.distance(legs))
        } else {
            parts.append(RouteText.distance(distances.last?.last ?? 0))
        }
        let times = geometry.segments.flatMap { $0.compactMap(\.time) }
        if let first = times.first, let last = times.last, last > first {
            parts.append(RouteText.duration(last.timeIntervalSince(first)))
        }
        var climb = 0.0, anyElevation = false
        for segment in geometry.segments {
            var previous: Double?
            for point in segment {
                guard let elevation = point.elevation, elevation.isFinite else { continue }
                anyElevation = true
                if let previous, elevation > previous { climb += elevation - previous }
                previous = elevation
            }
        }
        if anyElevation { parts.append("climb " + String(format: "%.0f m", climb)) }
        return parts.joined(separator: "  ·  ")
    }

    // MARK: Labels

    /// A label with its baseline starting at `origin`, boxed with a little margin.
    func label(_ text: String, at origin: Point, font: Font, color: Color, background: Color? = nil) -> RouteMapScene.Label {
        let metrics = measure(text, font)
        let margin = background == nil ? 0.0 : 2.0
        let box = Rect(x: origin.x - margin, y: origin.y - metrics.ascent * 0.8 - margin,
                       width: metrics.advance + 2 * margin, height: metrics.ascent * 0.8 + metrics.descent + 2 * margin)
        return .init(text: text, origin: origin, box: box, font: font, color: color, background: background)
    }

    /// A label centred on `center` (its ink centred vertically).
    func centered(_ text: String, at center: Point, font: Font, color: Color, background: Color? = nil) -> RouteMapScene.Label {
        let metrics = measure(text, font)
        var result = label(text, at: .zero, font: font, color: color, background: background)
        let dx = center.x - metrics.advance / 2, dy = center.y + metrics.inkHeight / 2
        result.origin = Point(x: dx, y: dy)
        result.box.x += dx
        result.box.y += dy
        return result
    }

    private func moved(_ label: RouteMapScene.Label, toTopRight corner: Point) -> RouteMapScene.Label {
        var result = label
        let dx = corner.x - label.box.maxX, dy = corner.y - label.box.minY
        result.origin = Point(x: label.origin.x + dx, y: label.origin.y + dy)
        result.box.x += dx
        result.box.y += dy
        return result
    }

    /// True (and `label`'s box added to `obstacles`) when it overlaps none of them and lies
    /// inside the map area.
    private func place(_ label: RouteMapScene.Label, among obstacles: inout [Rect]) -> Bool {
        let box = label.box
        guard box.minX >= mapArea.minX, box.minY >= mapArea.minY, box.maxX <= mapArea.maxX, box.maxY <= mapArea.maxY,
              !obstacles.contains(where: { $0.intersects(box) }) else { return false }
        obstacles.append(box)
        return true
    }

    static func box(around center: Point, radius: Double) -> Rect {
        Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
    }
}
