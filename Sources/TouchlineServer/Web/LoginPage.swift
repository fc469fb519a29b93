import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The sign-in page, `login.html` of the web files filled in: `{{message}}` (a paragraph with
/// the message, or nothing), `{{next}}` (where to go once signed in) and `{{username}}` (what
/// was typed, after a failed attempt). Every value is HTML-escaped, and the template is filled
/// in one pass, so a value is never read as a placeholder.
struct LoginPage {
    var message: String?
    var next: String?
    var username: String?

    /// The page as a response with `status`.
    ///
    /// - Throws: ``Problem`` 500 when the web files have no `login.html`.
    func response(status: HTTPResponse.Status, files: WebFiles, retryAfter: Int? = nil) throws -> Response {
        guard let template = try files.file("login.html") else {
            throw Problem(.internalError, "the sign-in page is missing from the web files")
        }
        let html = Self.fill(String(decoding: template.data, as: UTF8.self), [
            "message": message.map { #"<p id="message" role="alert">"# + Self.escape($0) + "</p>" } ?? "",
            "next": Self.escape(next ?? ""),
            "username": Self.escape(username ?? ""),
        ])
        var headers: HTTPFields = [.contentType: template.contentType, .cacheControl: "no-store"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// `template` with each `{{name}}` replaced by `values[name]` (unknown names are left as they are).
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            let name = String(rest[open.upperBound..<close.lowerBound])
            result += rest[..<open.lowerBound]
            result += values[name] ?? String(rest[open.lowerBound..<close.upperBound])
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// `text` safe inside HTML text and quoted attributes.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
