import Foundation
import Support

/// A value the football.json readers cannot use, found while decoding: what kind of problem,
/// the JSON path (`matches[12].score.ft`, empty for the document) and what was expected.
///
/// Thrown from `init(from:)` of the reading types; `JSONDecoder` passes it through unchanged.
struct ImportJSONProblem: Error, Equatable {
    var kind: ImportError.Kind
    var path: String
    var message: String

    init(_ kind: ImportError.Kind, at codingPath: [any CodingKey], _ message: String) {
        self.kind = kind
        self.path = ImportJSONDecoding.path(codingPath)
        self.message = message
    }
}

/// Decodes football.json with `JSONDecoder` and turns whatever goes wrong into an ``ImportError``
/// naming its place: the JSON path of a value of the wrong type or a missing field (from
/// `DecodingError`'s coding path), or the line and column of a syntax error
/// (`Support.JSONSyntaxError`).
enum ImportJSONDecoding {
    /// `type` decoded from `data` (UTF-8 JSON without a byte-order mark).
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, source: String) throws(ImportError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let problem as ImportJSONProblem {
            throw ImportError(problem.kind, source: source, field: field(problem.path), problem.message)
        } catch let error as DecodingError {
            throw importError(error, data: data, source: source)
        } catch {
            throw ImportError(.syntax, source: source, "malformed JSON: \(error.localizedDescription)")
        }
    }

    /// A coding path written as the readers name fields: `matches[12].score.ft`.
    static func path(_ codingPath: [any CodingKey]) -> String { CodingPathText.path(codingPath) }

    /// How messages name a JSON type a reader expected ("an array", "true or false").
    static func expected(_ type: Any.Type) -> String { CodingPathText.expected(type) }

    // MARK: - Internals

    private static func field(_ path: String) -> String? {
        path.isEmpty ? nil : path
    }

    private static func importError(_ error: DecodingError, data: Data, source: String) -> ImportError {
        switch error {
        case .keyNotFound(let key, let context):
            return ImportError(.missingField, source: source, field: field(path(context.codingPath + [key])),
                               "missing required field '\(key.stringValue)'")
        case .valueNotFound(let type, let context):
            return ImportError(.invalidValue, source: source, field: field(path(context.codingPath)),
                               "expected \(expected(type)), found null")
        case .typeMismatch(let type, let context):
            let found = ImportJSONKind.at(context.codingPath, in: data) ?? "a value of another type"
            return ImportError(.invalidValue, source: source, field: field(path(context.codingPath)),
                               "expected \(expected(type)), found \(found)")
        case .dataCorrupted(let context):
            // JSONDecoder reports syntax errors (and strings it cannot read) without a place:
            // ask JSONSerialization where they are.
            if context.codingPath.isEmpty, let syntax = JSONSyntaxError.locate(in: data) {
                return ImportError(.syntax, source: source, line: syntax.line,
                                   "malformed JSON at column \(syntax.column): \(syntax.message)")
            }
            return ImportError(context.codingPath.isEmpty ? .syntax : .invalidValue, source: source,
                               field: field(path(context.codingPath)), "malformed JSON: \(context.debugDescription)")
        @unknown default:
            return ImportError(.syntax, source: source, "malformed JSON: \(error.localizedDescription)")
        }
    }
}
