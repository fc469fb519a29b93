/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014): the same numbers for the same seed on every platform and Swift version, which
/// the standard library's shuffle does not promise.
struct SeededRandom: Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform number in `0 ..< bound` (`bound > 0`), by Lemire's multiply-and-reject.
    mutating func next(below bound: UInt64) -> UInt64 {
        let threshold = (0 &- bound) % bound
        while true {
            let (high, low) = next().multipliedFullWidth(by: bound)
            if low >= threshold { return high }
        }
    }

    /// Fisher–Yates, from the last element down.
    mutating func shuffle<Element>(_ elements: inout [Element]) {
        var index = elements.count - 1
        while index > 0 {
            let other = Int(next(below: UInt64(index + 1)))
            elements.swapAt(index, other)
            index -= 1
        }
    }
}
