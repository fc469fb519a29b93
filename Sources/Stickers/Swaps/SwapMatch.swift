/// How well another collector suits one collector for swapping: the one-for-one swaps the
/// two can actually make, T = the sum over rarities of min(what they can give you, what you
/// can give them), rather than the raw number of cards either side wants.
public struct SwapMatch: Sendable, Hashable, Codable {
    /// The other collector.
    public var collector: Int64
    /// The swaps possible (T).
    public var swaps: Int
    /// Cards you miss that they have spare, all rarities.
    public var theyCanGive: Int
    /// Cards they miss that you have spare, all rarities.
    public var youCanGive: Int

    public init(collector: Int64, swaps: Int, theyCanGive: Int, youCanGive: Int) {
        self.collector = collector
        self.swaps = swaps
        self.theyCanGive = theyCanGive
        self.youCanGive = youCanGive
    }

    /// Every other collector of `pool` who can make at least one swap with `collector`, the
    /// most swaps first (then by id).
    ///
    /// - Throws: ``StickerError/invalid(field:expected:)`` when `collector` is not in the pool.
    public static func ranking(for collector: Int64, in pool: SwapPool) throws -> [SwapMatch] {
        guard let me = pool.collectors.firstIndex(where: { $0.id == collector }) else {
            throw StickerError.invalid(field: "collector", expected: "a collector of the collection, not \(collector)")
        }
        let graphs = pool.rarityGraphs()
        return pool.collectors.indices.filter { $0 != me }.map { other in
            SwapMatch(collector: pool.collectors[other].id,
                      swaps: graphs.reduce(0) { $0 + $1.pairSwaps(me, other) },
                      theyCanGive: graphs.reduce(0) { $0 + $1.gives[other].intersectionCount($1.takes[me]) },
                      youCanGive: graphs.reduce(0) { $0 + $1.gives[me].intersectionCount($1.takes[other]) })
        }
        .filter { $0.swaps > 0 }
        .sorted { ($1.swaps, $0.collector) < ($0.swaps, $1.collector) }
    }
}
