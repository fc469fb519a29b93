import Crypto
import CryptoExtras
import Foundation

/// Salted, deliberately slow password hashes: scrypt from swift-crypto, stored as a PHC string
/// with its parameters (`$scrypt$ln=17,r=8,p=1$SALT$HASH`), so stronger settings can come
/// later without breaking stored hashes.
public struct PasswordHasher: Sendable {
    /// scrypt's cost as log2(N), its block size r and parallelism p.
    public struct Parameters: Sendable, Equatable {
        public var logN: Int
        public var blockSize: Int
        public var parallelism: Int

        public init(logN: Int, blockSize: Int, parallelism: Int) {
            self.logN = logN
            self.blockSize = blockSize
            self.parallelism = parallelism
        }

        /// OWASP's recommendation for scrypt: N = 2^17 (128 MiB), r = 8, p = 1.
        public static let owasp = Parameters(logN: 17, blockSize: 8, parallelism: 1)

        /// The memory scrypt needs for these parameters, in bytes.
        var memory: Int { 128 * blockSize * (1 << logN) + 256 * blockSize * parallelism }
    }

    /// The shortest password accepted.
    public static let minimumLength = 8
    /// The longest password accepted (in bytes), so hashing cost stays bounded.
    public static let maximumLength = 1024

    static let saltLength = 16
    static let hashLength = 32

    /// The parameters new hashes use.
    public let parameters: Parameters

    public init(parameters: Parameters = .owasp) {
        self.parameters = parameters
    }

    /// The PHC string for `password` with a fresh random salt.
    public func hash(_ password: String) throws -> String {
        try Self.check(password)
        var salt = [UInt8](repeating: 0, count: Self.saltLength)
        var generator = SystemRandomNumberGenerator()
        for index in salt.indices { salt[index] = generator.next() }
        let key = try Self.derive(password, salt: salt, parameters: parameters)
        return "$scrypt$ln=\(parameters.logN),r=\(parameters.blockSize),p=\(parameters.parallelism)$"
            + Self.base64(salt) + "$" + Self.base64(key)
    }

    /// True when `password` matches `stored`; compares in constant time.
    public func verify(_ password: String, against stored: String) -> Bool {
        guard let (parameters, salt, expected) = Self.parse(stored),
              password.utf8.count <= Self.maximumLength,
              let key = try? Self.derive(password, salt: salt, parameters: parameters) else { return false }
        guard key.count == expected.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(key, expected) { difference |= a ^ b }
        return difference == 0
    }

    /// Checks the password rules: 8 characters at least, 1024 bytes at most.
    static func check(_ password: String) throws {
        guard password.count >= minimumLength else {
            throw ClubError.invalid(field: "password", message: "must be at least \(minimumLength) characters")
        }
        guard password.utf8.count <= maximumLength else {
            throw ClubError.invalid(field: "password", message: "must be at most \(maximumLength) bytes")
        }
    }

    private static func derive(_ password: String, salt: [UInt8], parameters: Parameters) throws -> [UInt8] {
        let key = try KDF.Scrypt.deriveKey(from: Array(password.utf8), salt: salt, outputByteCount: hashLength,
                                           rounds: 1 << parameters.logN, blockSize: parameters.blockSize,
                                           parallelism: parameters.parallelism,
                                           maxMemory: parameters.memory + (1 << 20))
        return key.withUnsafeBytes { Array($0) }
    }

    /// Splits a PHC string; nil for anything else (or parameters out of a sane range).
    static func parse(_ stored: String) -> (Parameters, [UInt8], [UInt8])? {
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "scrypt" else { return nil }
        var values: [String: Int] = [:]
        for pair in parts[2].split(separator: ",") {
            let keyValue = pair.split(separator: "=")
            guard keyValue.count == 2, let value = Int(keyValue[1]) else { return nil }
            values[String(keyValue[0])] = value
        }
        guard let logN = values["ln"], let r = values["r"], let p = values["p"], (1...20).contains(logN),
              (1...32).contains(r), (1...16).contains(p),
              let salt = unbase64(parts[3]), let hash = unbase64(parts[4]) else { return nil }
        return (Parameters(logN: logN, blockSize: r, parallelism: p), salt, hash)
    }

    static func base64(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "=", with: "")
    }

    static func unbase64(_ text: Substring) -> [UInt8]? {
        var padded = String(text)
        while padded.count % 4 != 0 { padded += "=" }
        return Data(base64Encoded: padded).map { Array($0) }
    }
}
