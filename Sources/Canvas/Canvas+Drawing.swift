import CCairo

extension Canvas {
    /// Runs `body` and then restores the transform, clip and operator to what they were.
    public func withSavedState<T>(_ body: () throws -> T) rethrows -> T {
        cairo_save(context)
        defer { cairo_restore(context) }
        return try body()
    }

    /// Moves the origin by (`x`, `y`).
    public func translate(x: Double, y: Double) { cairo_translate(context, x, y) }

    /// Scales user space.
    public func scaleBy(x: Double, y: Double) { cairo_scale(context, x, y) }

    /// Rotates user space by `radians` (clockwise on screen for positive angles).
    public func rotate(by radians: Double) { cairo_rotate(context, radians) }

    /// Applies `transform` after the current one: what is drawn next goes through
    /// `transform` first.
    public func concatenate(_ transform: Transform2D) {
        var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c,
                                    yy: transform.d, x0: transform.tx, y0: transform.ty)
        cairo_transform(context, &matrix)
    }

    /// The part of user space that drawing can still reach (the canvas, or the band of it
    /// that exists, less any clip).
    public var clipBounds: Rect {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(context, &x1, &y1, &x2, &y2)
        return Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    /// Ends the current page of a PDF and starts a blank one of the same size. The drawing
    /// state (transform, clip) carries over, so draw each page inside ``withSavedState(_:)``.
    /// Raster and SVG canvases hold one page.
    ///
    /// - Throws: ``CanvasError/cairo(_:)`` when the canvas is not a PDF.
    public func newPage() throws {
        guard format == .pdf else { throw CanvasError.cairo("only PDF canvases have several pages") }
        cairo_show_page(context)
        try checkStatus()
        pageNumber += 1
    }

    /// Adds an entry to a PDF's outline (the bookmarks a viewer lists beside the pages) that
    /// opens the current page; entries appear in the order they are added, under `parent`.
    ///
    /// ```swift
    /// let league = try canvas.addBookmark("La Liga")
    /// try canvas.addBookmark("Results", parent: league)
    /// ```
    /// - Throws: ``CanvasError/cairo(_:)`` when the canvas is not a PDF.
    @discardableResult
    public func addBookmark(_ title: String, parent: Bookmark = .root, open: Bool = true) throws -> Bookmark {
        guard format == .pdf else { throw CanvasError.cairo("only PDF canvases have bookmarks") }
        let id = cairo_pdf_surface_add_outline(surface, parent.id, title, "page=\(pageNumber)",
                                               open ? CAIRO_PDF_OUTLINE_FLAG_OPEN : cairo_pdf_outline_flags_t(0))
        try checkStatus()
        return Bookmark(id: id)
    }

    /// Limits later drawing to the inside of `path` (until the saved state is restored).
    public func clip(to path: Path, rule: FillRule = .winding) {
        setPath(path)
        cairo_set_fill_rule(context, rule.cairo)
        cairo_clip(context)
    }

    /// Fills the whole canvas (within the clip) with `color`.
    public func paint(_ color: Color, operator op: CompositeOperator = .over) {
        setSource(color)
        cairo_set_operator(context, op.cairo)
        cairo_paint(context)
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
    }

    /// Makes the whole canvas (within the clip) transparent.
    public func clear() {
        cairo_set_operator(context, CAIRO_OPERATOR_CLEAR)
        cairo_paint(context)
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
    }

    /// Strokes `path` with `style`.
    public func stroke(_ path: Path, style: StrokeStyle, operator op: CompositeOperator = .over) {
        guard !path.isEmpty else { return }
        setPath(path)
        setSource(style.color)
        setLineStyle(style)
        cairo_set_operator(context, op.cairo)
        cairo_stroke(context)
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
    }

    private func setLineStyle(_ style: StrokeStyle) {
        cairo_set_line_width(context, style.width)
        cairo_set_line_cap(context, style.cap.cairo)
        cairo_set_line_join(context, style.join.cairo)
        if style.dash.isEmpty {
            cairo_set_dash(context, nil, 0, 0)
        } else {
            style.dash.withUnsafeBufferPointer { buffer in
                cairo_set_dash(context, buffer.baseAddress, Int32(buffer.count), style.dashOffset)
            }
        }
    }

    /// Strokes `path` painting with what `source` draws instead of a colour, so that, for
    /// example, an eraser reveals a background drawn again beneath it.
    ///
    /// `source` draws in the current user space, clipped to the stroke's bounds (so only that
    /// much is rendered, in a layer of that size); `path` and the stroke's width are mapped by
    /// `transform` first. The style's colour is not used.
    public func stroke(_ path: Path, style: StrokeStyle, transform: Transform2D = .identity,
                       paintingWith source: () -> Void) {
        guard !path.isEmpty else { return }
        let bounds = withSavedState { () -> Rect in
            concatenate(transform)
            setPath(path)
            setLineStyle(style)
            var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
            cairo_stroke_extents(context, &x1, &y1, &x2, &y2)
            cairo_new_path(context)
            let corners = [(x1, y1), (x2, y1), (x1, y2), (x2, y2)].map { corner -> Point in
                var (x, y) = corner
                cairo_user_to_device(context, &x, &y)
                return Point(x: x, y: y)
            }
            let xs = corners.map(\.x), ys = corners.map(\.y)
            let minX = (xs.min() ?? 0).rounded(.down), minY = (ys.min() ?? 0).rounded(.down)
            return Rect(x: minX, y: minY, width: (xs.max() ?? 0).rounded(.up) - minX,
                        height: (ys.max() ?? 0).rounded(.up) - minY)
        }
        withSavedState {
            // Path coordinates are kept in device space, so the clip can be set up there.
            cairo_save(context)
            cairo_identity_matrix(context)
            cairo_rectangle(context, bounds.x, bounds.y, bounds.width, bounds.height)
            cairo_restore(context)
            cairo_clip(context)
            cairo_push_group(context)
            source()
            cairo_pop_group_to_source(context)
            concatenate(transform)
            setPath(path)
            setLineStyle(style)
            cairo_stroke(context)
        }
    }

    /// Fills the inside of `path` with `color`.
    public func fill(_ path: Path, color: Color, rule: FillRule = .winding,
                     operator op: CompositeOperator = .over) {
        guard !path.isEmpty else { return }
        setPath(path)
        setSource(color)
        cairo_set_fill_rule(context, rule.cairo)
        cairo_set_operator(context, op.cairo)
        cairo_fill(context)
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
    }

    /// Draws into a layer of its own, then composites the layer onto the canvas with
    /// `operator` and `opacity`. Inside a layer, ``CompositeOperator/destinationOut`` and
    /// ``clear()`` remove only what the layer holds, never what is beneath it.
    ///
    /// ```swift
    /// canvas.layer {
    ///     canvas.stroke(ink, style: pen)
    ///     canvas.stroke(eraserPath, style: rubber, operator: .destinationOut) // the background stays
    /// }
    /// ```
    public func layer(operator op: CompositeOperator = .over, opacity: Double = 1,
                      _ body: () throws -> Void) rethrows {
        cairo_push_group(context)
        do {
            try body()
        } catch {
            cairo_pattern_destroy(cairo_pop_group(context))
            throw error
        }
        cairo_pop_group_to_source(context)
        cairo_set_operator(context, op.cairo)
        if opacity >= 1 {
            cairo_paint(context)
        } else {
            cairo_paint_with_alpha(context, max(opacity, 0))
        }
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
    }

    /// Draws another raster canvas with its top-left corner at `origin` (user space).
    public func draw(_ other: Canvas, at origin: Point = .zero, operator op: CompositeOperator = .over,
                     opacity: Double = 1) {
        cairo_set_source_surface(context, other.surface, origin.x, origin.y)
        cairo_set_operator(context, op.cairo)
        if opacity >= 1 {
            cairo_paint(context)
        } else {
            cairo_paint_with_alpha(context, max(opacity, 0))
        }
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
    }

    /// A new raster canvas of the same size and scale holding a copy of this one's pixels.
    public func copy() throws -> Canvas {
        guard format == .png else { throw CanvasError.notRaster }
        let copy = try Canvas(width: width, height: height, scale: scale)
        cairo_surface_flush(surface)
        copy.draw(self, operator: .source)
        return copy
    }

    func setSource(_ color: Color) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    func setPath(_ path: Path) {
        cairo_new_path(context)
        for element in path.elements {
            switch element {
            case .move(let p):
                cairo_move_to(context, p.x, p.y)
            case .line(let p):
                cairo_line_to(context, p.x, p.y)
            case .curve(let c1, let c2, let end):
                cairo_curve_to(context, c1.x, c1.y, c2.x, c2.y, end.x, end.y)
            case .arc(let center, let radius, let start, let end, let clockwise):
                if clockwise {
                    cairo_arc(context, center.x, center.y, radius, start, end)
                } else {
                    cairo_arc_negative(context, center.x, center.y, radius, start, end)
                }
            case .close:
                cairo_close_path(context)
            }
        }
    }
}

extension LineCap {
    var cairo: cairo_line_cap_t {
        switch self {
        case .butt: return CAIRO_LINE_CAP_BUTT
        case .round: return CAIRO_LINE_CAP_ROUND
        case .square: return CAIRO_LINE_CAP_SQUARE
        }
    }
}

extension LineJoin {
    var cairo: cairo_line_join_t {
        switch self {
        case .miter: return CAIRO_LINE_JOIN_MITER
        case .round: return CAIRO_LINE_JOIN_ROUND
        case .bevel: return CAIRO_LINE_JOIN_BEVEL
        }
    }
}

extension FillRule {
    var cairo: cairo_fill_rule_t {
        switch self {
        case .winding: return CAIRO_FILL_RULE_WINDING
        case .evenOdd: return CAIRO_FILL_RULE_EVEN_ODD
        }
    }
}

extension CompositeOperator {
    var cairo: cairo_operator_t {
        switch self {
        case .over: return CAIRO_OPERATOR_OVER
        case .clear: return CAIRO_OPERATOR_CLEAR
        case .source: return CAIRO_OPERATOR_SOURCE
        case .destinationOut: return CAIRO_OPERATOR_DEST_OUT
        case .multiply: return CAIRO_OPERATOR_MULTIPLY
        case .screen: return CAIRO_OPERATOR_SCREEN
        }
    }
}
