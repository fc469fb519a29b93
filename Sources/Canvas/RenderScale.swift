/// The scale of a render, in device pixels per unit (a PNG at scale 2 has twice the pixels a
/// side): from ``minimum`` to a maximum, one rule for every renderer and both front ends.
///
/// ```swift
/// guard RenderScale.isValid(scale) else { throw ValidationError("--scale must be \(RenderScale.rule())") }
/// ```
public enum RenderScale {
    /// The largest scale of a single render (a board, a route map): 16.
    public static let maximum: Double = 16
    /// The largest scale of a batch of thumbnails, where every size is drawn for every file: 4.
    public static let maximumThumbnail: Double = 4

    /// The smallest scale: 0.01 (a hundredth of a pixel per unit). Cairo's transforms break on
    /// scales near zero (a scale of 5e-324 made it abort the process), and nothing smaller
    /// draws anything anyway.
    public static let minimum: Double = 0.01

    /// True for a finite scale from ``minimum`` to `maximum`.
    public static func isValid(_ scale: Double, maximum: Double = RenderScale.maximum) -> Bool {
        scale.isFinite && scale >= minimum && scale <= maximum
    }

    /// The rule in words: "from 0.01 to 16".
    public static func rule(maximum: Double = RenderScale.maximum) -> String {
        "from \(minimum) to \(maximum == maximum.rounded() ? String(Int(maximum)) : String(maximum))"
    }
}
