/// Plans a swap day for all of a collection's collectors at once, TradeMaximizer's way: the
/// swaps that move as many wanted cards as possible, in cycles of any length (A gives B, B
/// gives C, C gives A), each collector giving as many cards of each rarity as they get.
///
/// For each rarity, collectors and cards are nodes of a flow network: a collector can send a
/// card node as many copies as they have spare, and a card node can send one copy to each
/// collector who misses it. Every flow that leaves each collector as much as it brings is a
/// set of cycles; the one that moves the most cards is a minimum-cost circulation (cost -1 for
/// each wanted card delivered), found here as a minimum-cost flow (``MinCostFlow``) after
/// first assuming every wanted card delivered and then paying 1 for each delivery undone.
/// The cycles are then cut from it shortest first: pairs, then threes, then the rest.
///
/// With a cap on the cycle length (3 for swapping in person), the best plan is a hard problem
/// (as in kidney exchange); the planner then keeps the optimum's short cycles, adds every
/// short cycle the remaining cards still allow, and never returns fewer cards than the
/// two-person baseline.
public enum SwapPlanner {
    /// The swaps that move the most cards, cycles no longer than `maximumCycleLength`
    /// collectors when given (2 or more).
    ///
    /// - Throws: ``StickerError/invalid(field:expected:)`` for a cap below 2.
    public static func plan(_ pool: SwapPool, maximumCycleLength: Int? = nil) throws -> SwapPlan {
        if let cap = maximumCycleLength, cap < 2 {
            throw StickerError.invalid(field: "maximumCycleLength", expected: "2 or more collectors a cycle")
        }
        var cycles: [[SwapStep]] = []
        for graph in pool.rarityGraphs() {
            let cap = maximumCycleLength ?? Int.max
            var optimum = circulation(graph)
            var found = optimum.extractPairs()
            if cap >= 3 { found += optimum.extractTriangles() }
            let longer = optimum.extractCycles()
            found += longer.filter { $0.count <= cap }
            if longer.contains(where: { $0.count > cap }) {
                // What the optimum's longer cycles would have moved is free again: take every
                // short cycle the whole graph still has.
                var rest = graph
                for step in found.joined() { rest.apply(step) }
                found += rest.extractPairs()
                if cap >= 3 { found += rest.extractTriangles() }
            }
            cycles += found
        }
        let plan = SwapPlan(cycles: cycles)
        guard maximumCycleLength != nil else { return plan }
        let baseline = pairwiseBaseline(pool)
        return baseline.cards > plan.cards ? baseline : plan
    }

    /// Two-person swaps alone, the baseline a plan is measured against: repeatedly the pair of
    /// collectors who can make the most one-for-one swaps (at par, rarity by rarity) makes
    /// them all, until no pair can swap.
    public static func pairwiseBaseline(_ pool: SwapPool) -> SwapPlan {
        var graphs = pool.rarityGraphs()
        var table = PairTable(count: pool.collectors.count)
        for a in 0..<table.count {
            for b in (a + 1)..<table.count { table[a, b] = graphs.reduce(0) { $0 + $1.pairSwaps(a, b) } }
        }
        var cycles: [[SwapStep]] = []
        while let (a, b) = table.best() {
            for index in graphs.indices { cycles += graphs[index].swapAll(a, b) }
            for other in 0..<table.count where other != a && other != b {
                table[a, other] = graphs.reduce(0) { $0 + $1.pairSwaps(a, other) }
                table[b, other] = graphs.reduce(0) { $0 + $1.pairSwaps(b, other) }
            }
            table[a, b] = graphs.reduce(0) { $0 + $1.pairSwaps(a, b) }
        }
        return SwapPlan(cycles: cycles)
    }

    /// The graph with only the givings and takings of a circulation that delivers the most
    /// wanted cards.
    static func circulation(_ graph: RarityGraph) -> RarityGraph {
        let people = graph.collectorCount, cards = graph.cardCount
        let source = 0, sink = 1
        func personNode(_ person: Int) -> Int { 2 + person }
        func cardNode(_ card: Int) -> Int { 2 + people + card }
        // Only cards someone can give, and collectors who can give something, can take part.
        let givable = (0..<cards).map { card in (0..<people).contains { graph.copies($0, card) > 0 } }
        let givers = (0..<people).map { person in (0..<cards).contains { graph.copies(person, $0) > 0 } }
        var network = MinCostFlow(nodes: 2 + people + cards)
        var wantedBy = [Int](repeating: 0, count: cards)
        var gifts: [(person: Int, card: Int, edge: Int)] = []
        var wants: [(person: Int, card: Int, edge: Int)] = []
        for person in 0..<people where givers[person] {
            var wanted = 0
            for card in 0..<cards {
                let copies = graph.copies(person, card)
                if copies > 0 {
                    gifts.append((person, card, network.addEdge(from: personNode(person), to: cardNode(card),
                                                                capacity: copies, cost: 0)))
                } else if givable[card], graph.takes[person].contains(card) {
                    // Undoing the delivery of `card` to `person` costs one card moved.
                    wants.append((person, card, network.addEdge(from: personNode(person), to: cardNode(card),
                                                                capacity: 1, cost: 1)))
                    wanted += 1
                    wantedBy[card] += 1
                }
            }
            if wanted > 0 { network.addEdge(from: source, to: personNode(person), capacity: wanted, cost: 0) }
        }
        for card in 0..<cards where wantedBy[card] > 0 {
            network.addEdge(from: cardNode(card), to: sink, capacity: wantedBy[card], cost: 0)
        }
        _ = network.solve(source: source, sink: sink)
        var result = RarityGraph(collectors: graph.collectorIDs, cards: graph.cardNumbers)
        for gift in gifts where network.flow(gift.edge) > 0 {
            result.setGive(gift.person, gift.card, network.flow(gift.edge))
        }
        for want in wants where network.flow(want.edge) == 0 {
            result.setTake(want.person, want.card)
        }
        return result
    }
}
