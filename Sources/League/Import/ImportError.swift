import Foundation

/// An input that cannot be imported, with the place that is wrong.
///
/// An import is all or nothing: the first malformed value stops it. The description reads
/// like Touchline's other readers, leaving out what is unknown:
///
/// - `SOURCE:LINE: FIELD: message` for a column or part of a line of a text file
///   (`1-premierleague.txt:12: score: malformed score '2-x' ...`),
/// - `SOURCE:LINE: message` for a whole line,
/// - `SOURCE: FIELD: message` for a JSON value, named by its path (`matches[12].score.ft`),
/// - `SOURCE: message` for the input as a whole.
public struct ImportError: Error, Equatable, LocalizedError {
    /// What kind of problem it is.
    public enum Kind: String, Sendable, Equatable {
        /// Over one of the limits (``SeasonImporter/maximumInputBytes``, ``SeasonImporter/maximumMatches``,
        /// ``SeasonImporter/maximumNameLength``, ...).
        case tooLarge
        /// Not UTF-8 text.
        case encoding
        /// None of the formats ``SeasonImporter/Format`` names.
        case unknownFormat
        /// Not well-formed: JSON that does not parse, a CSV quote left open, a line that is
        /// neither a round, a date nor a match.
        case syntax
        /// A required field or column is missing.
        case missingField
        /// A value of the wrong type or outside its range: negative goals, a bad date, a
        /// malformed score.
        case invalidValue
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// The input's name, usually its file name.
    public var source: String
    /// The 1-based line, when known.
    public var line: Int?
    /// The field: a JSON path (`matches[12].score.ft`), a CSV column (`FT`) or a part of a
    /// Football.TXT line (`score`, `date`).
    public var field: String?
    /// What is wrong and what was expected.
    public var message: String

    /// An error of `kind` in `source`, at `line` and `field` when known.
    public init(_ kind: Kind, source: String, line: Int? = nil, field: String? = nil, _ message: String) {
        self.kind = kind
        self.source = source
        self.line = line
        self.field = field
        self.message = message
    }

    /// `SOURCE:LINE: FIELD: message`, leaving out what is unknown.
    public var errorDescription: String? {
        var text = source
        if let line { text += ":\(line)" }
        text += ": "
        if let field { text += "\(field): " }
        return text + message
    }
}
