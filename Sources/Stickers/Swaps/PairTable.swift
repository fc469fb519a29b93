/// The one-for-one swaps each pair of collectors can make, symmetric, with each row's largest
/// entry kept so that the best pair is found without scanning every pair each round.
struct PairTable {
    let count: Int
    private var swaps: [Int]
    /// Each row's largest entry and its column (the lowest column among equals).
    private var rowBest: [(swaps: Int, column: Int)]

    init(count: Int) {
        self.count = count
        swaps = Array(repeating: 0, count: count * count)
        rowBest = Array(repeating: (0, 0), count: count)
    }

    subscript(a: Int, b: Int) -> Int {
        get { swaps[a * count + b] }
        set {
            guard a != b else { return }
            swaps[a * count + b] = newValue
            swaps[b * count + a] = newValue
            update(row: a, column: b, value: newValue)
            update(row: b, column: a, value: newValue)
        }
    }

    private mutating func update(row: Int, column: Int, value: Int) {
        let best = rowBest[row]
        if value > best.swaps || (value == best.swaps && column < best.column) {
            rowBest[row] = (value, column)
        } else if column == best.column && value < best.swaps {
            // The row's best fell: find it again.
            var found = (swaps: 0, column: 0)
            for other in 0..<count where swaps[row * count + other] > found.swaps {
                found = (swaps[row * count + other], other)
            }
            rowBest[row] = found
        }
    }

    /// The pair (lower index first) with the most swaps, the lowest pair among equals; nil
    /// when no pair can swap.
    func best() -> (Int, Int)? {
        var found: (swaps: Int, a: Int, b: Int)?
        for row in 0..<count where rowBest[row].swaps > (found?.swaps ?? 0) {
            found = (rowBest[row].swaps, row, rowBest[row].column)
        }
        guard let found else { return nil }
        return (min(found.a, found.b), max(found.a, found.b))
    }
}
