/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014): the same numbers for the same seed on every platform and Swift version, which
/// the standard library's generators and shuffle do not promise. Fixtures, drawing of lots,
/// tests of envelopes and the benchmarks' scenes use it; draws that count (envelopes, battle
/// prizes, treasure hunts) use `SystemRandomNumberGenerator`, the system's cryptographic
/// generator, through the same helpers (``Swift/RandomNumberGenerator/uniform(_:)``).
///
/// ```swift
/// var random = SeededRandom(seed: 42)
/// let coin = random.next(below: 2)
/// random.shuffle(&teams)
/// ```
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Numbers in a range from any generator's bits, computed here so that a seeded generator
/// gives the same numbers with every toolchain (the standard library's `random(in:using:)`
/// does not promise to).
extension RandomNumberGenerator {
    /// A uniform number in `0 ..< bound` (`bound > 0`), by Lemire's multiply-and-reject.
    public mutating func next(below bound: UInt64) -> UInt64 {
        let threshold = (0 &- bound) % bound
        while true {
            let (high, low) = next().multipliedFullWidth(by: bound)
            if low >= threshold { return high }
        }
    }

    /// A uniform index in `0 ..< count` (`count > 0`).
    public mutating func index(below count: Int) -> Int { Int(next(below: UInt64(count))) }

    /// A uniform value in `range` from 53 random bits: at least the lower bound and, but for
    /// rounding, below the upper one.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) * 0x1p-53
        return range.lowerBound + unit * (range.upperBound - range.lowerBound)
    }

    /// Fisher–Yates, from the last element down.
    public mutating func shuffle<Element>(_ elements: inout [Element]) {
        var index = elements.count - 1
        while index > 0 {
            let other = Int(next(below: UInt64(index + 1)))
            elements.swapAt(index, other)
            index -= 1
        }
    }
}
