import CCairo

/// A font: a fontconfig family name, a size in user-space units, weight and slant.
public struct Font: Sendable, Hashable {
    public enum Weight: Sendable, Hashable { case regular, bold }
    public enum Slant: Sendable, Hashable { case upright, italic }

    public var family: String
    public var size: Double
    public var weight: Weight
    public var slant: Slant

    /// DejaVu Sans (installed by `scripts/bootstrap`) unless another family is named.
    public init(family: String = "DejaVu Sans", size: Double, weight: Weight = .regular, slant: Slant = .upright) {
        self.family = family
        self.size = size
        self.weight = weight
        self.slant = slant
    }
}

/// The measured size of a run of text, in user-space units.
public struct TextMetrics: Sendable, Hashable {
    /// How far the pen advances: the width to use for layout.
    public var advance: Double
    /// The ink's width.
    public var inkWidth: Double
    /// The ink's height.
    public var inkHeight: Double
    /// The font's ascent above the baseline.
    public var ascent: Double
    /// The font's descent below the baseline (positive).
    public var descent: Double
}

/// Where a text's anchor point sits on the text.
public enum TextAlignment: Sendable, Hashable {
    case left, center, right
}

extension Canvas {
    /// Measures `text` in `font` without drawing it.
    public func measure(_ text: String, font: Font) -> TextMetrics {
        select(font)
        var extents = cairo_text_extents_t()
        var fontExtents = cairo_font_extents_t()
        cairo_text_extents(context, text, &extents)
        cairo_font_extents(context, &fontExtents)
        return TextMetrics(advance: extents.x_advance, inkWidth: extents.width, inkHeight: extents.height,
                           ascent: fontExtents.ascent, descent: fontExtents.descent)
    }

    /// Draws `text` with its baseline at `point.y`, aligned horizontally on `point.x`.
    public func draw(text: String, at point: Point, font: Font, color: Color, alignment: TextAlignment = .left) {
        let advance = measure(text, font: font).advance
        let x: Double
        switch alignment {
        case .left: x = point.x
        case .center: x = point.x - advance / 2
        case .right: x = point.x - advance
        }
        setSource(color)
        cairo_move_to(context, x, point.y)
        cairo_show_text(context, text)
        cairo_new_path(context)
    }

    private func select(_ font: Font) {
        cairo_select_font_face(context, font.family,
                               font.slant == .italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
                               font.weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, font.size)
    }
}
