import Foundation
import Hummingbird

/// An HTML form's body (`application/x-www-form-urlencoded`), as the sign-in and sign-out
/// pages post it: `name=value` pairs joined by `&`, `+` for a space, percent-encoded UTF-8.
enum FormBody {
    static let mediaType = "application/x-www-form-urlencoded"

    /// The fields of the request's form body of at most `limit` bytes; a name given twice
    /// keeps its first value.
    ///
    /// - Throws: ``Problem`` 415 for another content type, 413 when too large, 400 when a
    ///   field's encoding is broken.
    static func read(_ request: Request, limit: Int) async throws -> [String: String] {
        guard MediaTypes.essence(request.headers[.contentType]) == mediaType else {
            throw Problem(.unsupportedMediaType, "send the form as \(mediaType)")
        }
        return try parse(try await Body.read(request, limit: limit))
    }

    /// The fields of `data`.
    static func parse(_ data: Data) throws -> [String: String] {
        guard let text = String(data: data, encoding: .utf8) else { throw Problem.malformed("form: not UTF-8") }
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try decode(parts[0], field: nil)
            let value = try decode(parts.count > 1 ? parts[1] : "", field: name)
            if fields[name] == nil { fields[name] = value }
        }
        return fields
    }

    private static func decode(_ text: Substring, field: String?) throws -> String {
        guard let decoded = text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding else {
            let what = field.map { "form field '\($0.prefix(40))'" } ?? "form field name '\(text.prefix(40))'"
            throw Problem.malformed("\(what): broken percent-encoding")
        }
        return decoded
    }
}
