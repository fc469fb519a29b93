import Canvas

/// Draws a pitch (grass, optional mowing stripes, every Law 1 marking) onto a canvas.
public struct PitchPainter: Sendable {
    public var layout: PitchLayout
    public var style: BoardStyle
    public var stripes: Bool

    public init(layout: PitchLayout, style: BoardStyle = .standard, stripes: Bool = false) {
        self.layout = layout
        self.style = style
        self.stripes = stripes
    }

    /// The geometry as drawn: lines widened to the style's minimum when the pitch is small.
    public var geometry: PitchGeometry {
        let perMetre = layout.unitsPerMetre
        let minimum = perMetre > 0 ? style.minimumLineWidth / perMetre : Law1.lineWidth
        return PitchGeometry(dimensions: layout.dimensions, lineWidth: max(Law1.lineWidth, minimum))
    }

    /// Paints the whole canvas with grass, then stripes and markings.
    public func paint(on canvas: Canvas) {
        canvas.paint(style.grass)
        let toSpace = layout.metresToSpace
        guard let toMetres = toSpace.inverted else { return }
        canvas.withSavedState {
            canvas.concatenate(toSpace)
            if stripes { paintStripes(on: canvas, visible: visibleMetres(of: canvas.bounds, through: toMetres)) }
            let geometry = geometry
            if layout.isHalf {
                // Only the shown half's markings: the halfway line, and the margins elsewhere.
                let margin = PitchLayout.margin
                let start = layout.dimensions.length / 2 - geometry.lineWidth / 2
                var clip = Path()
                clip.addRect(Rect(x: start, y: -margin, width: layout.dimensions.length + margin - start,
                                  height: layout.dimensions.width + 2 * margin))
                canvas.clip(to: clip)
            }
            canvas.stroke(geometry.lines, style: StrokeStyle(color: style.lines, width: geometry.lineWidth,
                                                             cap: .butt, join: .miter))
            canvas.fill(geometry.marks, color: style.lines)
        }
    }

    /// Bands across the length, alternately lighter, aligned on the goal line at x = 0.
    private func paintStripes(on canvas: Canvas, visible: Rect) {
        let width = style.stripeWidth
        guard width > 0, visible.width / width < 10_000 else { return }
        var path = Path()
        var band = (visible.minX / width).rounded(.down)
        while band * width < visible.maxX {
            if band.truncatingRemainder(dividingBy: 2) == 0 {
                path.addRect(Rect(x: band * width, y: visible.minY, width: width, height: visible.height))
            }
            band += 1
        }
        canvas.fill(path, color: style.stripe)
    }

    /// The metre-space box covering `bounds`.
    private func visibleMetres(of bounds: Rect, through toMetres: Transform2D) -> Rect {
        let corners = [Point(x: bounds.minX, y: bounds.minY), Point(x: bounds.maxX, y: bounds.minY),
                       Point(x: bounds.minX, y: bounds.maxY), Point(x: bounds.maxX, y: bounds.maxY)].map(toMetres.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }
}
