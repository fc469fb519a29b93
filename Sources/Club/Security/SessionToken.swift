import Crypto
import Foundation

/// Session tokens: 32 random bytes given to the user (base64url), of which the database keeps
/// only the SHA-256.
enum SessionToken {
    /// How long a session lasts.
    static let lifetime: TimeInterval = 30 * 24 * 3600

    /// A new token.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// What the database stores for `token`.
    static func digest(_ token: String) -> Data {
        Data(SHA256.hash(data: Data(token.utf8)))
    }

    /// True when `token` is the one whose digest is `stored`, compared in constant time (every
    /// byte looked at, whatever the first difference), so that timing tells a guesser nothing.
    static func matches(_ token: String, digest stored: Data) -> Bool {
        let digest = self.digest(token)
        guard stored.count == digest.count else { return false }
        return zip(stored, digest).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
