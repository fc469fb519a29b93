import Canvas
import Foundation

/// Making text fit a width: shortening with an ellipsis, wrapping at spaces.
enum TextFitting {
    /// `text`, or as much of it as fits in `width` followed by an ellipsis.
    static func shortened(_ text: String, toFit width: Double, measure: (String) -> Double) -> String {
        if measure(text) <= width { return text }
        let characters = Array(text)
        var low = 0, high = characters.count - 1
        var best = "…"
        while low <= high {
            let mid = (low + high) / 2
            let candidate = String(characters[0..<mid]).trimmingCharacters(in: .whitespaces) + "…"
            if measure(candidate) <= width {
                best = candidate
                low = mid + 1
            } else {
                high = mid - 1
            }
        }
        return best
    }

    /// `text` in `font`, shortened to fit `width` on `canvas`.
    static func shortened(_ text: String, toFit width: Double, font: Font, on canvas: Canvas) -> String {
        shortened(text, toFit: width) { canvas.measure($0, font: font).advance }
    }

    /// `text` broken at spaces into lines no wider than `width`; a word wider than a line is
    /// shortened with an ellipsis.
    static func wrapped(_ text: String, toFit width: Double, measure: (String) -> Double) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if measure(candidate) <= width {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = measure(word) <= width ? word : shortened(word, toFit: width, measure: measure)
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// A canvas to measure text on before any page exists. Vector surfaces measure without
    /// hinting, as PDF and SVG draw; raster pages differ by fractions of a point, which the
    /// widths layouts ask for leave room for.
    static func measuringCanvas() throws -> Canvas {
        try Canvas(width: 1, height: 1, format: .svg)
    }

    /// "A", "A and B", "A, B and C".
    static func joined(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// `+5`, `0` or `−3` (with a true minus sign).
    static func signed(_ value: Int) -> String {
        value > 0 ? "+\(value)" : value < 0 ? "\u{2212}\(-value)" : "0"
    }
}
