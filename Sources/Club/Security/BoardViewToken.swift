import Crypto
import Foundation

/// A board's view token: 128 random bits from the system's generator, written as 32
/// lower-case hex digits (what `?view=` carries). The database keeps only the SHA-256 of the
/// token, in hex, and finds a board by it, as sessions are found by theirs.
enum BoardViewToken {
    /// Random bytes in a token: 16, so 128 bits.
    static let randomBytes = 16

    /// A new token.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return hex((0..<randomBytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// True for text shaped as a token: 32 lower-case hex digits. Anything else is no token,
    /// refused before the database is asked.
    static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 2 * randomBytes && token.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// What the database stores for `token`: its SHA-256 in lower-case hex.
    static func digest(_ token: String) -> String {
        hex(SHA256.hash(data: Data(token.utf8)))
    }

    private static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
