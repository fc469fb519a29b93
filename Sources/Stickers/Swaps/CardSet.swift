/// A set of card indexes 0..<count as bits, for the swap plan's fast intersections.
struct CardSet: Hashable, Sendable {
    private(set) var words: [UInt64]

    init(count: Int) {
        words = Array(repeating: 0, count: (count + 63) / 64)
    }

    func contains(_ index: Int) -> Bool {
        words[index >> 6] & (1 << UInt64(index & 63)) != 0
    }

    mutating func insert(_ index: Int) {
        words[index >> 6] |= 1 << UInt64(index & 63)
    }

    mutating func remove(_ index: Int) {
        words[index >> 6] &= ~(1 << UInt64(index & 63))
    }

    /// How many indexes both sets hold.
    func intersectionCount(_ other: CardSet) -> Int {
        var count = 0
        for index in words.indices { count += (words[index] & other.words[index]).nonzeroBitCount }
        return count
    }

    /// Whether the sets share an index.
    func intersects(_ other: CardSet) -> Bool {
        for index in words.indices where words[index] & other.words[index] != 0 { return true }
        return false
    }

    /// The lowest index both sets hold.
    func firstCommon(_ other: CardSet) -> Int? {
        for index in words.indices {
            let both = words[index] & other.words[index]
            if both != 0 { return index * 64 + both.trailingZeroBitCount }
        }
        return nil
    }

    /// The lowest `limit` indexes both sets hold, in order.
    func common(_ other: CardSet, limit: Int) -> [Int] {
        var found: [Int] = []
        for index in words.indices where found.count < limit {
            var both = words[index] & other.words[index]
            while both != 0, found.count < limit {
                found.append(index * 64 + both.trailingZeroBitCount)
                both &= both - 1
            }
        }
        return found
    }
}
