import Canvas
import Foundation

/// Fitting text into a width, as every printed document here does it: shorten with an
/// ellipsis, wrap at spaces, or shrink the font to a minimum, then break into two lines, then
/// cut. Most functions take a `measure` closure (the advance of a string, usually
/// ``Canvas/Canvas/measure(_:font:)``), so they know nothing of fonts or surfaces.
enum TextFitting {
    /// Text laid out to fit: one or two lines at one font size.
    struct Block: Equatable {
        var lines: [String]
        var size: Double
    }

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

    /// The largest size from `sizes` (in steps of `step`, largest first) at which `text`
    /// fits `width` on one line, else its smallest size with the text shortened.
    static func singleLine(_ text: String, width: Double, sizes: ClosedRange<Double>, step: Double = 0.5,
                           measure: (String, Double) -> Double) -> Block {
        for size in stride(from: sizes.upperBound, through: sizes.lowerBound, by: -step) where measure(text, size) <= width {
            return Block(lines: [text], size: size)
        }
        let size = sizes.lowerBound
        return Block(lines: [shortened(text, toFit: width) { measure($0, size) }], size: size)
    }

    /// `text` on one line at a size from `oneLine`; failing that, broken between words into
    /// two lines at a size from `twoLines` (the break that keeps the longer line shortest);
    /// failing that, at the smallest two-line size, as many words as fit on the first line
    /// and the rest shortened with an ellipsis. A single word too long for the width is
    /// shortened on one line.
    static func block(_ text: String, width: Double, oneLine: ClosedRange<Double>, twoLines: ClosedRange<Double>,
                      step: Double = 0.5, measure: (String, Double) -> Double) -> Block {
        for size in stride(from: oneLine.upperBound, through: oneLine.lowerBound, by: -step) where measure(text, size) <= width {
            return Block(lines: [text], size: size)
        }
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard words.count >= 2 else { return singleLine(text, width: width, sizes: oneLine, measure: measure) }
        for size in stride(from: twoLines.upperBound, through: twoLines.lowerBound, by: -step) {
            let splits = (1..<words.count).map { cut in
                (words[..<cut].joined(separator: " "), words[cut...].joined(separator: " "))
            }
            let best = splits.min { max(measure($0.0, size), measure($0.1, size)) < max(measure($1.0, size), measure($1.1, size)) }
            if let (first, second) = best, measure(first, size) <= width, measure(second, size) <= width {
                return Block(lines: [first, second], size: size)
            }
        }
        let size = twoLines.lowerBound
        var cut = 0
        while cut < words.count, measure(words[...cut].joined(separator: " "), size) <= width { cut += 1 }
        guard cut > 0 else { return singleLine(text, width: width, sizes: oneLine, measure: measure) }
        let rest = words[cut...].joined(separator: " ")
        return Block(lines: [words[..<cut].joined(separator: " "), shortened(rest, toFit: width) { measure($0, size) }],
                     size: size)
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
