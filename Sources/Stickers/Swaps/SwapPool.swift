/// Every collector of one collection with the copies they hold, as the swap plan and the
/// swap matches read them. A collector can give their spare copies (``Holding/spare``: the
/// unblocked copies but one) and wants the cards they miss.
public struct SwapPool: Sendable {
    /// One collector and their copies, by card number (a number absent holds no copy).
    public struct Collector: Sendable, Hashable {
        public var id: Int64
        public var holdings: [Int: Holding]

        public init(id: Int64, holdings: [Int: Holding]) {
            self.id = id
            self.holdings = holdings
        }
    }

    /// The most collectors a plan is computed for: the baseline keeps a table of every pair,
    /// and the search for cycles of three looks at triples.
    public static let maximumCollectors = 1_000
    /// The most collectors times cards a plan is computed for (1,000 collectors of a
    /// 2,000-card collection), which bounds its memory.
    public static let maximumSize = 2_000_000

    /// The collection's cards.
    public let cards: [DrawableCard]
    /// The collectors, in the order they were given.
    public let collectors: [Collector]

    /// - Throws: ``StickerError/invalid(field:expected:)`` for a card number given twice, a
    ///   collector given twice, a holding of a card the collection lacks, more than
    ///   ``maximumCollectors`` collectors or more than ``maximumSize`` collectors times cards.
    public init(cards: [DrawableCard], collectors: [Collector]) throws {
        guard collectors.count <= Self.maximumCollectors else {
            throw StickerError.invalid(field: "collectors", expected: "at most \(Self.maximumCollectors) collectors")
        }
        var numbers = Set<Int>()
        for card in cards where !numbers.insert(card.number).inserted {
            throw StickerError.invalid(field: "cards", expected: "each number once, not \(card.number) twice")
        }
        var ids = Set<Int64>()
        for collector in collectors {
            guard ids.insert(collector.id).inserted else {
                throw StickerError.invalid(field: "collectors", expected: "each collector once, not \(collector.id) twice")
            }
            if let unknown = collector.holdings.keys.sorted().first(where: { !numbers.contains($0) }) {
                throw StickerError.invalid(field: "collectors[\(collector.id)].holdings",
                                           expected: "cards of the collection, not \(unknown)")
            }
        }
        guard cards.count * max(1, collectors.count) <= Self.maximumSize else {
            throw StickerError.invalid(field: "collectors", expected: "at most \(Self.maximumSize) collectors times cards")
        }
        self.cards = cards
        self.collectors = collectors
    }

    /// One graph per rarity that has cards: who can give and who wants each card of it.
    func rarityGraphs() -> [RarityGraph] {
        Rarity.allCases.compactMap { rarity in
            let numbers = cards.filter { $0.rarity == rarity }.map(\.number).sorted()
            guard !numbers.isEmpty else { return nil }
            var graph = RarityGraph(collectors: collectors.map(\.id), cards: numbers)
            for (person, collector) in collectors.enumerated() {
                for (card, number) in numbers.enumerated() {
                    let holding = collector.holdings[number] ?? .none
                    if holding.spare > 0 { graph.setGive(person, card, holding.spare) }
                    if holding.isMissing { graph.setTake(person, card) }
                }
            }
            return graph
        }
    }
}
