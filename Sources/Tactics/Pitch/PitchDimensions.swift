import Foundation
import Support

/// A pitch's length (touchline) and width (goal line), in metres, within Law 1's limits.
public struct PitchDimensions: Sendable, Hashable, Codable, CustomStringConvertible {
    public let length: Double
    public let width: Double

    /// 105 x 68 m, the size most top-flight stadiums use.
    public static let standard = PitchDimensions(uncheckedLength: 105, width: 68)

    /// Creates dimensions, checking Law 1: length 90-120 m, width 45-90 m, longer than wide.
    public init(length: Double, width: Double) throws(PitchDimensionsError) {
        guard length.isFinite, Law1.lengthRange.contains(length) else {
            throw PitchDimensionsError(length: length, width: width,
                                       reason: "length must be 90 to 120 m")
        }
        guard width.isFinite, Law1.widthRange.contains(width) else {
            throw PitchDimensionsError(length: length, width: width, reason: "width must be 45 to 90 m")
        }
        guard length > width else {
            throw PitchDimensionsError(length: length, width: width, reason: "the length must exceed the width")
        }
        self.init(uncheckedLength: length, width: width)
    }

    private init(uncheckedLength length: Double, width: Double) {
        self.length = length
        self.width = width
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(length: try container.decode(Double.self, forKey: .length),
                      width: try container.decode(Double.self, forKey: .width))
    }

    public var description: String { "\(Self.format(length)) x \(Self.format(width)) m" }

    static func format(_ value: Double) -> String { NumberText.plain(value) }
}

/// Pitch dimensions outside Law 1's limits.
public struct PitchDimensionsError: Error, Equatable, LocalizedError {
    public let length: Double
    public let width: Double
    public let reason: String

    public var errorDescription: String? {
        "pitch \(PitchDimensions.format(length)) x \(PitchDimensions.format(width)) m is outside Law 1: \(reason)"
    }
}
