/// A sheet of paper, in PostScript points (1/72 inch).
public struct PaperSize: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A sheet measured in millimetres.
    public init(widthMillimeters: Double, heightMillimeters: Double) {
        self.init(width: widthMillimeters / 25.4 * 72, height: heightMillimeters / 25.4 * 72)
    }

    /// ISO A3, 297 x 420 mm.
    public static let a3 = PaperSize(width: 841.89, height: 1190.551)
    /// ISO A4, 210 x 297 mm.
    public static let a4 = PaperSize(width: 595.276, height: 841.89)
    /// ISO A5, 148 x 210 mm.
    public static let a5 = PaperSize(width: 419.528, height: 595.276)
    /// US Letter, 8.5 x 11 in.
    public static let letter = PaperSize(width: 612, height: 792)
    /// US Legal, 8.5 x 14 in.
    public static let legal = PaperSize(width: 612, height: 1008)

    /// The sheets known by name: `a3`, `a4`, `a5`, `letter`, `legal`.
    public static let named: [String: PaperSize] = ["a3": .a3, "a4": .a4, "a5": .a5, "letter": .letter, "legal": .legal]

    /// The same sheet turned on its side.
    public var landscape: PaperSize { PaperSize(width: max(width, height), height: min(width, height)) }
}
