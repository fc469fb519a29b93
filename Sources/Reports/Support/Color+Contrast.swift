import Canvas
import Foundation

extension Color {
    /// WCAG 2 relative luminance: 0 for black, 1 for white.
    var relativeLuminance: Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.040_45 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2 contrast ratio with `other`, from 1 (the same) to 21 (black on white).
    func contrastRatio(with other: Color) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// White or near-black, whichever reads better on this colour.
    var readableInk: Color {
        contrastRatio(with: .white) >= contrastRatio(with: Self.nearBlack) ? .white : Self.nearBlack
    }

    /// `self` when it reads on `background` at `ratio` or more (3 is WCAG's for large
    /// text), else whichever of white and near-black reads better.
    func readable(on background: Color, ratio: Double = 3) -> Color {
        contrastRatio(with: background) >= ratio ? self : background.readableInk
    }

    static let nearBlack = Color(red: 0.1, green: 0.1, blue: 0.11)
}
