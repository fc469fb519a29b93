import Foundation
import Hummingbird
import NIOCore
import Support

/// JSON in and out of the API: UTF-8, ISO 8601 UTC dates, keys sorted so that the same answer
/// is the same bytes. Unknown fields in a request body are ignored (clients may send fields a
/// later version understands); missing or mistyped ones are refused as malformed, naming the field.
enum APIJSON {
    /// The encoder of every JSON answer.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    /// Deepest nesting a request body may have.
    static let maximumDepth = 32

    /// A JSON answer.
    static func response<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok,
                                       headers: HTTPFields = [:]) throws -> Response {
        var headers = headers
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers,
                        body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }

    /// `type` read from a JSON request body of at most `limit` bytes.
    ///
    /// - Throws: ``Problem`` 415 when the body is declared as something other than JSON (a body
    ///   without a `Content-Type` is read as JSON), 413 when too large, 400 when it is not JSON
    ///   or a field is missing or of the wrong type.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request, limit: Int) async throws -> T {
        if let declared = request.headers[.contentType], !MediaTypes.isJSON(declared) {
            throw Problem(.unsupportedMediaType, "send the body as application/json")
        }
        let data = try await Body.read(request, limit: limit)
        return try decode(type, from: data)
    }

    /// `type` read from `data`, with the errors ``decode(_:from:limit:)`` describes.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        if let deep = JSONSyntaxError.nesting(deeperThan: maximumDepth, in: data) {
            throw Problem.malformed("body: line \(deep.line), column \(deep.column): \(deep.message)")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(type, from: data)
        } catch let error as DecodingError {
            throw Problem.malformed(describe(error, data: data))
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem.malformed("body: not JSON")
        }
    }

    private static func describe(_ error: DecodingError, data: Data) -> String {
        func field(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "body" : "field '\(CodingPathText.path(path))'"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(field(context.codingPath + [key])): missing"
        case .valueNotFound(let type, let context):
            return "\(field(context.codingPath)): expected \(CodingPathText.expected(type)), found null"
        case .typeMismatch(let type, let context):
            return "\(field(context.codingPath)): expected \(CodingPathText.expected(type))"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, let syntax = JSONSyntaxError.locate(in: data) {
                return "body: line \(syntax.line), column \(syntax.column): \(syntax.message)"
            }
            return "\(field(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "body: not JSON"
        }
    }
}

/// Request bodies, read whole up to a limit.
enum Body {
    /// The body's bytes.
    ///
    /// - Throws: ``Problem`` 413 when it is longer than `limit` (by its `Content-Length` before
    ///   reading, else as it arrives).
    static func read(_ request: Request, limit: Int) async throws -> Data {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw tooLarge(limit)
        }
        do {
            let buffer = try await request.body.collect(upTo: limit)
            return Data(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw tooLarge(limit)
        }
    }

    static func tooLarge(_ limit: Int) -> Problem {
        Problem(.tooLarge, "the body is larger than the \(limit) bytes this endpoint takes")
    }
}

/// Content types the API reads and answers.
enum MediaTypes {
    /// True for `application/json` and `+json` types, with any parameters.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let type = essence(contentType) else { return false }
        return type == "application/json" || type.hasSuffix("+json")
    }

    /// The type without parameters, lower-cased: `application/json; charset=utf-8` → `application/json`.
    static func essence(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        let type = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        let trimmed = type.trimmingCharacters(in: .whitespaces).lowercased()
        return trimmed.isEmpty ? nil : trimmed
    }
}
