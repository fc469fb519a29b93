/// Something an import left out or doubts, with where it is in the input.
///
/// Issues do not stop an import (errors do, see ``ImportError``): a `skipped` match is not in
/// the season, a `suspicious` one is, as the file gives it.
///
/// ```swift
/// let result = try SeasonImporter.read(data, source: "en.1.json")
/// for issue in result.issues where issue.kind == .skipped { print(issue) }
/// // matches[41].status: skipped: unknown status 'suspended' (expected played, ...); A v B skipped
/// ```
public struct ImportIssue: Sendable, Equatable, CustomStringConvertible {
    /// Whether the match was left out or kept.
    public enum Kind: String, Sendable, Equatable {
        /// The match is not in the imported season (unknown status, duplicate, ...).
        case skipped
        /// The match is kept as given but something in it looks wrong (half-time goals above
        /// full time, an extra-time score below full time, goals that do not add up).
        case suspicious
    }

    /// Whether the match was left out or kept.
    public var kind: Kind
    /// The 1-based line of a text input (Football.TXT, CSV); nil for JSON.
    public var line: Int?
    /// The field: a JSON path such as `matches[12].status`, or a column or part of a line
    /// (`FT`, `status`); nil when the whole match or line is meant.
    public var field: String?
    /// What is wrong, naming the match (`A v B`) and, for a duplicate, the earlier match.
    public var message: String

    /// An issue of `kind` at `line` (text formats) or `field` (a JSON path or a column).
    public init(_ kind: Kind, line: Int? = nil, field: String? = nil, _ message: String) {
        self.kind = kind
        self.line = line
        self.field = field
        self.message = message
    }

    /// `LINE: FIELD: kind: message`, leaving out the parts that are unknown.
    public var description: String {
        var parts: [String] = []
        if let line { parts.append("line \(line)") }
        if let field { parts.append(field) }
        parts.append("\(kind.rawValue): \(message)")
        return parts.joined(separator: ": ")
    }
}
