import Foundation
import Support

/// Where the random numbers of envelopes come from: the system's cryptographic generator
/// (``system``, the default everywhere outside tests), or a seeded one (``seeded(_:)``) that
/// tests give a service to know which cards come out. Shared safely between threads.
public struct DrawSource: Sendable {
    private final class Seeded: @unchecked Sendable {
        let lock = NSLock()
        var generator: SeededRandom
        init(_ seed: UInt64) { generator = SeededRandom(seed: seed) }
    }

    private let seeded: Seeded?

    /// The system's cryptographic generator (`SystemRandomNumberGenerator`: getrandom on Linux).
    public static let system = DrawSource(seeded: nil)

    /// The same numbers for the same seed: for tests only.
    public static func seeded(_ seed: UInt64) -> DrawSource { DrawSource(seeded: Seeded(seed)) }

    /// A generator drawing from this source.
    var generator: Generator { Generator(source: self) }

    /// The generator the domain's draws take.
    struct Generator: RandomNumberGenerator {
        let source: DrawSource
        private var system = SystemRandomNumberGenerator()

        init(source: DrawSource) { self.source = source }

        mutating func next() -> UInt64 {
            guard let seeded = source.seeded else { return system.next() }
            return seeded.lock.withLock { seeded.generator.next() }
        }
    }
}
