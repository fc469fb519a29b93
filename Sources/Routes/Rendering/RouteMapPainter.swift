import Canvas
import Foundation

/// Paints a laid-out ``RouteMapScene`` onto a canvas of the scene's size: background and
/// tiles, the cased route, the scale bar, legend and attribution, marks and markers, labels,
/// then the profile strip.
///
/// Painting depends only on user space, so a banded PNG gives the same picture as one
/// canvas; parts that cannot reach the canvas's clip (another band) are skipped.
struct RouteMapPainter: Sendable {
    let scene: RouteMapScene
    let style: RouteMapStyle

    /// Radii, in output units.
    static let endRadius = 8.0, endRing = 2.0
    static let kilometreRadius = 3.5, kilometreRing = 1.0
    static let stopRadius = 10.0, stopRing = 1.5
    static let waypointRadius = 4.5, waypointRing = 1.5
    static let markRadius = 7.0, markRing = 2.0

    func paint(on canvas: Canvas) {
        let visible = canvas.clipBounds
        canvas.paint(style.background)
        if !scene.tiles.isEmpty, visible.intersects(scene.mapArea) {
            canvas.withSavedState {
                var clip = Path()
                clip.addRect(scene.mapArea)
                canvas.clip(to: clip)
                for tile in scene.tiles where tile.rect.intersects(visible) {
                    try? canvas.draw(tile.image, in: tile.rect)
                }
            }
        }
        paintLines(visible: visible, on: canvas)
        paintCircles(visible: visible, on: canvas)
        // Overlays above the lines, below the markers (which may reach into a corner).
        if let bar = scene.scaleBar, bar.box.intersects(visible) {
            fillBox(bar.box, on: canvas)
            canvas.stroke(Path(polyline: bar.path), style: StrokeStyle(color: style.text, width: 1.5, cap: .square))
            paint(bar.label, visible: visible, on: canvas)
        }
        if let legend = scene.legend, legend.box.intersects(visible) {
            fillBox(legend.box, on: canvas)
            paint(legend.title, visible: visible, on: canvas)
            let step = legend.bar.width / Double(max(legend.colors.count, 1))
            for (index, color) in legend.colors.enumerated() {
                var path = Path()
                // A hair wider than a step, so neighbours meet without a seam.
                path.addRect(Rect(x: legend.bar.minX + Double(index) * step, y: legend.bar.minY,
                                  width: step + (index == legend.colors.count - 1 ? 0 : 0.5), height: legend.bar.height))
                canvas.fill(path, color: color)
            }
            paint(legend.low, visible: visible, on: canvas)
            paint(legend.high, visible: visible, on: canvas)
        }
        if let attribution = scene.attribution { paint(attribution, visible: visible, on: canvas) }
        paintDots(scene.waypoints, radius: Self.waypointRadius, ring: Self.waypointRing, color: style.waypoint,
                  visible: visible, on: canvas)
        paintDots(scene.kilometreMarks, radius: Self.kilometreRadius, ring: Self.kilometreRing, color: style.kilometre,
                  visible: visible, on: canvas)
        paintLeaders(visible: visible, on: canvas)
        for stop in scene.stops where box(around: stop.center, radius: Self.stopRadius).intersects(visible) {
            paintDisc(at: stop.center, radius: Self.stopRadius, ring: Self.stopRing, color: style.stop, on: canvas)
            paint(stop.number, visible: visible, on: canvas)
        }
        paintEnds(visible: visible, on: canvas)
        for mark in scene.marks where mark.showsDot && box(around: mark.center, radius: Self.markRadius).intersects(visible) {
            paintDisc(at: mark.center, radius: Self.markRadius, ring: Self.markRing, color: mark.color, on: canvas)
        }
        for label in scene.labels { paint(label, visible: visible, on: canvas) }
        if let profile = scene.profile, profile.strip.intersects(visible) { paintProfile(profile, visible: visible, on: canvas) }
    }

    private func paintLines(visible: Rect, on canvas: Canvas) {
        let round = { (color: Color, width: Double) in StrokeStyle(color: color, width: width, cap: .round, join: .round) }
        let reach = visible.insetBy(-style.casedWidth)
        var casing = Path()
        for line in scene.casings { Self.append(line, within: reach, to: &casing) }
        canvas.stroke(casing, style: round(style.casing, style.casedWidth))
        // Runs of one colour are drawn together: one stroke per colour keeps overlaps even.
        var order: [Color] = []
        var byColor: [Color: Path] = [:]
        for run in scene.runs {
            if byColor[run.color] == nil { order.append(run.color) }
            Self.append(run.points, within: reach, to: &byColor[run.color, default: Path()])
        }
        for color in order {
            if let path = byColor[color] { canvas.stroke(path, style: round(color, style.routeWidth)) }
        }
    }

    /// The marks' circles: a light fill in the mark's colour and its outline, below the
    /// markers.
    private func paintCircles(visible: Rect, on canvas: Canvas) {
        for mark in scene.marks where mark.circle.count > 2
            && Rect(boundingBoxOf: mark.circle)?.insetBy(-1).intersects(visible) ?? false {
            var path = Path(polyline: mark.circle)
            path.close()
            canvas.fill(path, color: mark.color.withAlpha(0.12))
            canvas.stroke(path, style: StrokeStyle(color: mark.color, width: 1.5, join: .round))
        }
    }

    /// Adds the pieces of `line` whose segments can reach `reach` (the visible part grown by
    /// the line's width). A band of a banded render strokes only what it shows; what is left
    /// out could not have touched it, not even by a round cap at a cut.
    static func append(_ line: [Point], within reach: Rect, to path: inout Path) {
        guard let first = line.first else { return }
        guard line.count > 1 else {
            if reach.contains(first) { path.append(Path(polyline: line)) }
            return
        }
        var open = false
        for index in 1..<line.count {
            let a = line[index - 1], b = line[index]
            let touches = min(a.x, b.x) <= reach.maxX && max(a.x, b.x) >= reach.minX
                && min(a.y, b.y) <= reach.maxY && max(a.y, b.y) >= reach.minY
            if touches {
                if !open { path.move(to: a) }
                path.line(to: b)
            }
            open = touches
        }
    }

    private func paintDots(_ centers: [Point], radius: Double, ring: Double, color: Color, visible: Rect, on canvas: Canvas) {
        guard !centers.isEmpty else { return }
        var rings = Path(), dots = Path()
        for center in centers where box(around: center, radius: radius).intersects(visible) {
            rings.addCircle(center: center, radius: radius)
            dots.addCircle(center: center, radius: radius - ring)
        }
        canvas.fill(rings, color: .white)
        canvas.fill(dots, color: color)
    }

    /// For each stop whose marker moved, a line from the stop to the marker's edge and a dot
    /// on the stop, under the markers.
    private func paintLeaders(visible: Rect, on canvas: Canvas) {
        let moved = scene.stops.filter(\.moved)
        guard !moved.isEmpty else { return }
        var leaders = Path()
        for stop in moved {
            let dx = stop.center.x - stop.anchor.x, dy = stop.center.y - stop.anchor.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > Self.stopRadius else { continue }
            let reach = (length - Self.stopRadius + 0.5) / length
            leaders.move(to: stop.anchor)
            leaders.line(to: Point(x: stop.anchor.x + dx * reach, y: stop.anchor.y + dy * reach))
        }
        canvas.stroke(leaders, style: StrokeStyle(color: style.stop, width: 1.5, cap: .round))
        paintDots(moved.map(\.anchor), radius: StopPlacement.anchorRadius, ring: 1, color: style.stop,
                  visible: visible, on: canvas)
    }

    private func paintDisc(at center: Point, radius: Double, ring: Double, color: Color, on canvas: Canvas) {
        var outer = Path(), inner = Path()
        outer.addCircle(center: center, radius: radius)
        inner.addCircle(center: center, radius: radius - ring)
        canvas.fill(outer, color: .white)
        canvas.fill(inner, color: color)
    }

    private func paintEnds(visible: Rect, on canvas: Canvas) {
        let radius = Self.endRadius, inner = Self.endRadius - Self.endRing
        switch scene.ends {
        case .none:
            break
        case .separate(let start, let finish):
            // The start on top: where a route comes back past its start, the start shows.
            if box(around: finish, radius: radius).intersects(visible) {
                paintDisc(at: finish, radius: radius, ring: Self.endRing, color: style.finish, on: canvas)
            }
            if box(around: start, radius: radius).intersects(visible) {
                paintDisc(at: start, radius: radius, ring: Self.endRing, color: style.start, on: canvas)
            }
        case .merged(let center):
            guard box(around: center, radius: radius).intersects(visible) else { return }
            var outer = Path()
            outer.addCircle(center: center, radius: radius)
            canvas.fill(outer, color: .white)
            // The left half is the start, the right half the finish.
            var left = Path(), right = Path()
            left.move(to: Point(x: center.x, y: center.y - inner))
            left.addArc(center: center, radius: inner, startAngle: -.pi / 2, endAngle: .pi / 2, clockwise: false)
            left.close()
            right.move(to: Point(x: center.x, y: center.y - inner))
            right.addArc(center: center, radius: inner, startAngle: -.pi / 2, endAngle: .pi / 2, clockwise: true)
            right.close()
            canvas.fill(left, color: style.start)
            canvas.fill(right, color: style.finish)
        }
    }

    private func paintProfile(_ profile: RouteMapScene.Profile, visible: Rect, on canvas: Canvas) {
        var strip = Path()
        strip.addRect(profile.strip)
        canvas.fill(strip, color: style.profileBackground)
        canvas.stroke(Path(polyline: [Point(x: profile.strip.minX, y: profile.strip.minY + 0.5),
                                      Point(x: profile.strip.maxX, y: profile.strip.minY + 0.5)]),
                      style: StrokeStyle(color: style.text.withAlpha(0.25), width: 1))
        if let first = profile.line.first, let last = profile.line.last {
            var area = Path(polyline: profile.line)
            area.line(to: Point(x: last.x, y: profile.chart.maxY))
            area.line(to: Point(x: first.x, y: profile.chart.maxY))
            area.close()
            canvas.fill(area, color: style.profileFill)
            canvas.stroke(Path(polyline: profile.line),
                          style: StrokeStyle(color: style.route, width: 1.5, cap: .round, join: .round))
        }
        canvas.stroke(Path(polyline: [Point(x: profile.chart.minX, y: profile.chart.maxY),
                                      Point(x: profile.chart.maxX, y: profile.chart.maxY)]),
                      style: StrokeStyle(color: style.text.withAlpha(0.4), width: 1))
        paint(profile.stats, visible: visible, on: canvas)
        for label in profile.labels { paint(label, visible: visible, on: canvas) }
    }

    private func paint(_ label: RouteMapScene.Label, visible: Rect, on canvas: Canvas) {
        guard label.box.intersects(visible) else { return }
        if let background = label.background {
            var path = Path()
            path.addRect(label.box)
            canvas.fill(path, color: background)
        }
        canvas.draw(text: label.text, at: label.origin, font: label.font, color: label.color)
    }

    private func fillBox(_ rect: Rect, on canvas: Canvas) {
        var path = Path()
        path.addRect(rect)
        canvas.fill(path, color: style.labelBackground)
    }

    private func box(around center: Point, radius: Double) -> Rect {
        Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
    }
}
