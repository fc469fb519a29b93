import Canvas
import Foundation

/// The colours and line weights of a rendered board.
///
/// The defaults live in code and are mirrored in `Resources/styles/board.json`; a style file
/// of the same shape (any field may be left out) can replace them:
///
/// ```json
/// {"grass": "#3D8B3D", "stripe": "#47974A", "lines": "#FFFFFF", "blank": "#FFFFFF"}
/// ```
public struct BoardStyle: Sendable, Equatable {
    /// The pitch's grass.
    public var grass: Color
    /// The lighter grass of alternate mowing stripes.
    public var stripe: Color
    /// Pitch markings.
    public var lines: Color
    /// The plain background of `blank` boards.
    public var blank: Color
    /// The thinnest a pitch line may be drawn, in output units, so small boards stay legible.
    public var minimumLineWidth: Double
    /// The width of one mowing stripe, in metres (about 5.25 m on a 105 m pitch).
    public var stripeWidth: Double

    public init(grass: Color, stripe: Color, lines: Color, blank: Color,
                minimumLineWidth: Double = 1.5, stripeWidth: Double = 5.25) {
        self.grass = grass
        self.stripe = stripe
        self.lines = lines
        self.blank = blank
        self.minimumLineWidth = minimumLineWidth
        self.stripeWidth = stripeWidth
    }

    /// Touchline's default board style.
    public static let standard = BoardStyle(
        grass: Color(red: 0x3D / 255, green: 0x8B / 255, blue: 0x3D / 255),
        stripe: Color(red: 0x47 / 255, green: 0x97 / 255, blue: 0x4A / 255),
        lines: .white,
        blank: .white)

    /// Reads a style file: a JSON object whose fields override ``standard``.
    public init(jsonData data: Data, source: String) throws(StrokeLogError) {
        let fields = FieldReader(source: source, line: nil)
        let root: JSONValue
        switch JSONValue.parse(data) {
        case .success(let value): root = value
        case .failure(let syntax):
            throw StrokeLogError(.malformedJSON, source: source,
                                 at: .position(line: syntax.line, column: syntax.column), syntax.message)
        }
        let object = try fields.object(root, "")
        var style = BoardStyle.standard
        func color(_ key: String) throws(StrokeLogError) -> Color? {
            guard let value = object[key] else { return nil }
            let text = try fields.string(value, key)
            guard let color = try? Color(hex: text) else {
                throw fields.error(.invalidValue, key, "expected a colour like #3D8B3D, found '\(text)'")
            }
            return color
        }
        style.grass = try color("grass") ?? style.grass
        style.stripe = try color("stripe") ?? style.stripe
        style.lines = try color("lines") ?? style.lines
        style.blank = try color("blank") ?? style.blank
        if let value = object["minimumLineWidth"] {
            style.minimumLineWidth = try fields.number(value, "minimumLineWidth", in: 0...100, expecting: "a width from 0 to 100")
        }
        if let value = object["stripeWidth"] {
            style.stripeWidth = try fields.number(value, "stripeWidth", in: 1...60, expecting: "a width from 1 to 60 m")
        }
        self = style
    }
}
