/// A sheet of paper, in PostScript points (1/72 inch).
public struct PaperSize: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// ISO A4, 210 x 297 mm.
    public static let a4 = PaperSize(width: 595.276, height: 841.89)
    /// US Letter, 8.5 x 11 in.
    public static let letter = PaperSize(width: 612, height: 792)

    /// The same sheet turned on its side.
    public var landscape: PaperSize { PaperSize(width: max(width, height), height: min(width, height)) }
}
