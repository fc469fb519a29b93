import Foundation

/// Why a route file could not be read, and where.
///
/// The description reads like a compiler diagnostic, `SOURCE:LINE:COLUMN: message`, leaving out
/// the line and column when they are unknown:
///
/// ```
/// walk.gpx:12:18: malformed XML: end tag does not match its start tag (in <trkpt>)
/// walk.gpx: no usable points (dropped: 3 invalid coordinate)
/// ```
public struct RouteReadError: Error, Equatable, Hashable, Sendable, LocalizedError, CustomStringConvertible {
    /// What kind of failure this is, so a caller (the command-line tool) can choose an exit code.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The file could not be opened or read (missing, unreadable, a directory).
        case unreadable
        /// The content is none of the formats in `RouteFormat`, or not the one asked for.
        case unrecognizedFormat
        /// The syntax is broken: malformed XML or JSON, a truncated polyline.
        case malformed
        /// The syntax is fine but a value is impossible (a decoded coordinate out of range, a
        /// GeoJSON object of an unknown type, an unsupported precision).
        case invalidData
        /// Parsing worked, but nothing was left to draw or measure.
        case noUsablePoints
        /// The input is larger than the readers accept (points, file size, name length).
        case limitExceeded
    }

    /// The input: a file path, or the name the caller gave to in-memory data.
    public var source: String
    /// 1-based line of the problem, when known.
    public var line: Int?
    /// 1-based column (in bytes for XML, characters for polylines) of the problem, when known.
    public var column: Int?
    /// What went wrong and what was expected.
    public var message: String
    /// The category of failure.
    public var kind: Kind

    /// Creates an error.
    public init(source: String, line: Int? = nil, column: Int? = nil, message: String, kind: Kind = .invalidData) {
        self.source = source
        self.line = line
        self.column = column
        self.message = message
        self.kind = kind
    }

    /// `SOURCE:LINE:COLUMN: message`, without the parts that are unknown.
    public var description: String {
        var location = source
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): \(message)"
    }

    /// The same as `description`.
    public var errorDescription: String? { description }
}
