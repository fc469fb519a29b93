internal import Crypto

/// One of N fixed slices of a batch of input paths, so that N machines or jobs given the same
/// list each take their own slice and between them handle every path exactly once, with no
/// coordination: a Kubernetes Indexed Job, a Slurm array, GNU parallel.
///
/// Shards are numbered from 1 (`1/4` ... `4/4`). A path belongs to shard `h mod N + 1`, where
/// `h` is the first 8 bytes, read big-endian, of the SHA-256 digest of the path's UTF-8 bytes
/// exactly as spelled. The rule depends on nothing else: not on the other paths, their order or
/// number, the process, the machine or the Swift version (Swift's `Hasher` is seeded per
/// process, so it is not used). So every job must be given the paths spelled the same way:
/// `tracks/a.gpx`, `./tracks/a.gpx` and `/data/tracks/a.gpx` are three different paths that
/// may fall in three different shards; the same glob run from the same folder gives the same
/// spellings.
///
/// ```swift
/// if let shard = Shard("2/4") {                  // the second of four shards
///     let mine = paths.filter(shard.contains)    // about a quarter of the paths
/// }
/// Shard("4/3")                                   // nil: K is from 1 to N
/// ```
public struct Shard: Sendable, Hashable, LosslessStringConvertible {
    /// The most shards a batch may be split into: far more jobs than a batch of files is spread
    /// over, and small enough that the modulo of a 64-bit hash stays even (its bias is below
    /// one in 10^14).
    public static let maximumCount = 10_000

    /// What `init?(_:)` accepts, in words, for error messages:
    /// "K/N with N from 1 to 10000 and K from 1 to N".
    public static let rule = "K/N with N from 1 to \(maximumCount) and K from 1 to N"

    /// This shard's number, from 1 to `count`.
    public let index: Int

    /// How many shards the batch is split into, from 1 to ``maximumCount``.
    public let count: Int

    /// The shard `index` of `count`, or nil unless `count` is from 1 to ``maximumCount`` and
    /// `index` from 1 to `count`.
    public init?(index: Int, count: Int) {
        guard (1...Self.maximumCount).contains(count), (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Reads `K/N` (`"2/4"`: the second of four shards), or nil for anything else: a missing or
    /// second slash, signs, spaces, non-digits, or numbers outside ``rule``.
    public init?(_ description: String) {
        let parts = description.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let index = Self.number(parts[0]), let count = Self.number(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// `K/N`, as ``init(_:)`` reads it.
    public var description: String { "\(index)/\(count)" }

    /// True when `path`, spelled exactly as given, belongs to this shard. Of the `count` shards
    /// `1/N` ... `N/N`, exactly one contains any given path.
    public func contains(_ path: String) -> Bool {
        Self.index(of: path, count: count) == index
    }

    /// The shard, from 1 to `count`, that `path` belongs to.
    static func index(of path: String, count: Int) -> Int {
        let digest = SHA256.hash(data: Array(path.utf8))
        let leading = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int(leading % UInt64(count)) + 1
    }

    /// A run of ASCII digits as a number; nil when empty, anything else, or too large for `Int`.
    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        return Int(text)
    }
}
