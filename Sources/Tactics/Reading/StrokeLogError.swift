import Foundation

/// A stroke log that cannot be replayed, with the place that is wrong.
///
/// Its description reads `SOURCE:LINE:COLUMN: message` when the place is a position in the
/// text, `SOURCE:LINE: message` for a line of a pointer log, and `SOURCE: FIELD: message`
/// for a field of a stroke document (for example `events[3].points[1]`).
public struct StrokeLogError: Error, Equatable, LocalizedError {
    /// What kind of problem it is.
    public enum Kind: String, Sendable, Equatable {
        case empty, malformedJSON, unknownFormat, unsupportedVersion, missingField, invalidValue
        case unknownTool, emptyStroke, notFinite, timeBackwards, noPointerDown, pointerAlreadyDown
        case missingHeader, tooLarge
        /// Version 2: an undo with nothing in effect, a redo with nothing undone.
        case nothingToUndo, nothingToRedo
    }

    /// Where in the input.
    public enum Location: Sendable, Equatable {
        case none
        case position(line: Int, column: Int)
        case line(Int)
        case field(String)
        case lineField(line: Int, field: String)
    }

    public var kind: Kind
    /// The input's name, usually its file name.
    public var source: String
    public var location: Location
    public var message: String

    public init(_ kind: Kind, source: String, at location: Location, _ message: String) {
        self.kind = kind
        self.source = source
        self.location = location
        self.message = message
    }

    public var errorDescription: String? {
        switch location {
        case .none: return "\(source): \(message)"
        case .position(let line, let column): return "\(source):\(line):\(column): \(message)"
        case .line(let line): return "\(source):\(line): \(message)"
        case .field(let field): return "\(source): \(field): \(message)"
        case .lineField(let line, let field): return "\(source):\(line): \(field): \(message)"
        }
    }
}
