import Canvas

/// A pen of the board: a colour and a width in surface units.
public struct Pen: Sendable, Equatable {
    public var color: Color
    public var width: Double

    public init(color: Color, width: Double) {
        self.color = color
        self.width = width
    }

    /// The spec's defaults: red `#D32F2F` and blue `#1976D2`, 6 units wide.
    public static let defaults: [String: Pen] = [
        "red": Pen(color: Color(red: 0xD3 / 255, green: 0x2F / 255, blue: 0x2F / 255), width: 6),
        "blue": Pen(color: Color(red: 0x19 / 255, green: 0x76 / 255, blue: 0xD2 / 255), width: 6),
    ]

    /// The default eraser width, 32 units.
    public static let defaultEraserWidth = 32.0
}
