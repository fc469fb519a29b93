/// A colour in sRGB with straight (not premultiplied) alpha, each component in 0...1.
///
/// ```swift
/// let red = try Color(hex: "#D32F2F")
/// let glass = Color(red: 1, green: 1, blue: 1, alpha: 0.5)
/// ```
public struct Color: Sendable, Hashable, CustomStringConvertible {
    /// Red component, 0...1.
    public var red: Double
    /// Green component, 0...1.
    public var green: Double
    /// Blue component, 0...1.
    public var blue: Double
    /// Opacity, 0 (transparent) ... 1 (opaque).
    public var alpha: Double

    /// Creates a colour from components in 0...1; values outside are clamped.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.clamp(red)
        self.green = Self.clamp(green)
        self.blue = Self.clamp(blue)
        self.alpha = Self.clamp(alpha)
    }

    /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional, case is ignored).
    ///
    /// - Throws: ``CanvasError/invalidColor(_:)`` for anything else.
    public init(hex: String) throws {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit) else {
            throw CanvasError.invalidColor(hex)
        }
        if digits.count <= 4 { digits = Substring(digits.flatMap { [$0, $0] }) }
        var components: [Double] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            guard let byte = UInt8(digits[index..<next], radix: 16) else { throw CanvasError.invalidColor(hex) }
            components.append(Double(byte) / 255)
            index = next
        }
        self.init(red: components[0], green: components[1], blue: components[2],
                  alpha: components.count == 4 ? components[3] : 1)
    }

    /// The colour as `#RRGGBB`, or `#RRGGBBAA` when it is not opaque.
    public var hexString: String {
        let bytes = [red, green, blue] + (alpha < 1 ? [alpha] : [])
        return "#" + bytes.map { component in
            let byte = Int((component * 255).rounded())
            return (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }.joined()
    }

    public var description: String { hexString }

    /// The same colour with another opacity.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Mixes towards `other` by `fraction` (0 gives this colour, 1 gives `other`).
    public func mixed(with other: Color, fraction: Double) -> Color {
        let f = Self.clamp(fraction)
        return Color(red: red + (other.red - red) * f,
                     green: green + (other.green - green) * f,
                     blue: blue + (other.blue - blue) * f,
                     alpha: alpha + (other.alpha - alpha) * f)
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let transparent = Color(red: 0, green: 0, blue: 0, alpha: 0)

    private static func clamp(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }
}
