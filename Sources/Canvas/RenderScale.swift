/// The scale of a render, in device pixels per unit (a PNG at scale 2 has twice the pixels a
/// side): above 0 and at most a maximum, one rule for every renderer and both front ends.
///
/// ```swift
/// guard RenderScale.isValid(scale) else { throw ValidationError("--scale must be \(RenderScale.rule())") }
/// ```
public enum RenderScale {
    /// The largest scale of a single render (a board, a route map): 16.
    public static let maximum: Double = 16
    /// The largest scale of a batch of thumbnails, where every size is drawn for every file: 4.
    public static let maximumThumbnail: Double = 4

    /// True for a finite scale above 0 and at most `maximum`.
    public static func isValid(_ scale: Double, maximum: Double = RenderScale.maximum) -> Bool {
        scale.isFinite && scale > 0 && scale <= maximum
    }

    /// The rule in words: "above 0 and at most 16".
    public static func rule(maximum: Double = RenderScale.maximum) -> String {
        "above 0 and at most \(maximum == maximum.rounded() ? String(Int(maximum)) : String(maximum))"
    }
}
