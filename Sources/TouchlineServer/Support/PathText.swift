import Foundation
import Hummingbird

/// Names in paths (a league team, a user): percent-decoded, as clients encode spaces and
/// accents (`/teams/Los%20R%C3%A1pidos`).
enum PathText {
    /// The decoded parameter `name`.
    ///
    /// - Throws: ``Problem`` 400 when its percent-encoding is broken or it is empty.
    static func parse(_ context: APIContext, _ name: String) throws -> String {
        let raw = context.parameters.get(name) ?? ""
        guard let text = raw.removingPercentEncoding, !text.isEmpty else {
            throw Problem.malformed("path segment '\(raw)': not a percent-encoded \(name)")
        }
        return text
    }
}
