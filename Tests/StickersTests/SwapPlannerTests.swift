import Support
import Testing
@testable import Stickers

/// The swap day: the most wanted cards moved, in cycles at par, never fewer than pairs alone.
@Suite struct SwapPlannerTests {
    /// Collector `id` with `spare` copies to give (two copies each) and `missing` cards.
    private static func collector(_ id: Int64, spare: [Int], holds: [Int] = []) throws -> SwapPool.Collector {
        var holdings: [Int: Holding] = [:]
        for number in holds { holdings[number] = try Holding(owned: 1) }
        for number in spare { holdings[number] = try Holding(owned: 2) }
        return SwapPool.Collector(id: id, holdings: holdings)
    }

    private static func cards(_ numbers: ClosedRange<Int>, _ rarity: Rarity = .common) -> [DrawableCard] {
        numbers.map { DrawableCard(number: $0, rarity: rarity) }
    }

    @Test func aCycleOfThreeMovesCardsNoPairCan() throws {
        // 1 has 10 spare and misses 20; 2 has 20 and misses 30; 3 has 30 and misses 10.
        let pool = try SwapPool(cards: Self.cards(1...30), collectors: [
            Self.collector(1, spare: [10], holds: Array(1...9) + Array(11...19) + Array(21...30)),
            Self.collector(2, spare: [20], holds: Array(1...19) + Array(21...29)),
            Self.collector(3, spare: [30], holds: Array(1...9) + Array(11...29)),
        ])
        #expect(SwapPlanner.pairwiseBaseline(pool).cards == 0)
        let plan = try SwapPlanner.plan(pool)
        #expect(plan.cycles == [[SwapStep(giver: 1, card: 10, receiver: 3), SwapStep(giver: 3, card: 30, receiver: 2),
                                 SwapStep(giver: 2, card: 20, receiver: 1)]])
        #expect(try SwapPlanner.plan(pool, maximumCycleLength: 3).cards == 3)
        #expect(try SwapPlanner.plan(pool, maximumCycleLength: 2).cards == 0)
        #expect(throws: StickerError.self) { try SwapPlanner.plan(pool, maximumCycleLength: 1) }
    }

    @Test func swapsAreAtParRarityByRarity() throws {
        // 1 can give a common card 2 misses, 2 a rare card 1 misses: no swap at par.
        let pool = try SwapPool(cards: Self.cards(1...2) + Self.cards(3...4, .rare), collectors: [
            Self.collector(1, spare: [1], holds: [2, 4]),
            Self.collector(2, spare: [3], holds: [2, 4]),
        ])
        #expect(try SwapPlanner.plan(pool).cards == 0)
        #expect(SwapPlanner.pairwiseBaseline(pool).cards == 0)
        #expect(try SwapMatch.ranking(for: 1, in: pool).isEmpty)
    }

    @Test func blockedCopiesAreNotSpare() throws {
        // Card 1: two copies but one promised, so 1 keeps one and has none to give.
        let one = SwapPool.Collector(id: 1, holdings: [1: try Holding(owned: 2, blocked: 1)])
        let two = SwapPool.Collector(id: 2, holdings: [2: try Holding(owned: 2)])
        let pool = try SwapPool(cards: Self.cards(1...2), collectors: [one, two])
        #expect(try SwapPlanner.plan(pool).cards == 0)
    }

    @Test func whoToSwapWithCountsTheSwapsPossibleNotTheOverlap() throws {
        // 2 has three cards 1 misses but misses only one of 1's spares: one swap. 3 has one
        // card 1 misses and misses two of 1's: also one swap, though the overlaps differ.
        let pool = try SwapPool(cards: Self.cards(1...10), collectors: [
            Self.collector(1, spare: [1, 2], holds: [3, 4]),
            Self.collector(2, spare: [5, 6, 7], holds: [2, 3, 4]),
            Self.collector(3, spare: [8], holds: [3, 4, 5, 6, 7, 9, 10]),
            Self.collector(4, spare: [3], holds: [1, 2]),
        ])
        let ranking = try SwapMatch.ranking(for: 1, in: pool)
        #expect(ranking == [SwapMatch(collector: 2, swaps: 1, theyCanGive: 3, youCanGive: 1),
                            SwapMatch(collector: 3, swaps: 1, theyCanGive: 1, youCanGive: 2)])
        #expect(throws: StickerError.self) { try SwapMatch.ranking(for: 99, in: pool) }
    }

    @Test func aPoolRefusesRepeatsAndUnknownCards() throws {
        #expect(throws: StickerError.self) { try SwapPool(cards: Self.cards(1...2) + Self.cards(2...2), collectors: []) }
        #expect(throws: StickerError.self) {
            try SwapPool(cards: Self.cards(1...2), collectors: [Self.collector(1, spare: [3])])
        }
        #expect(throws: StickerError.self) {
            try SwapPool(cards: Self.cards(1...2), collectors: [Self.collector(1, spare: [1]), Self.collector(1, spare: [2])])
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func everyPlanIsValidAndBeatsOrMatchesPairsAlone(seed: UInt64) throws {
        let pool = try SwapPool.synthetic(collectors: 30, cards: 150, shops: 4, seed: seed)
        let baseline = SwapPlanner.pairwiseBaseline(pool)
        let best = try SwapPlanner.plan(pool)
        let capped = try SwapPlanner.plan(pool, maximumCycleLength: 3)
        let four = try SwapPlanner.plan(pool, maximumCycleLength: 4)
        for plan in [baseline, best, capped, four] { try Self.check(plan, in: pool) }
        #expect(baseline.longestCycle <= 2 && capped.longestCycle <= 3 && four.longestCycle <= 4)
        #expect(best.cards >= four.cards && best.cards >= capped.cards, "no plan moves more than the optimum")
        #expect(best.cards > baseline.cards, "cycles of three and more move more: \(best.cards) against \(baseline.cards)")
        #expect(try SwapPlanner.plan(pool) == best, "the same pool gives the same plan")
    }

    /// Every step gives a spare copy to a collector who misses the card, each cycle closes and
    /// keeps to one rarity, and no collector gives more than they have spare.
    static func check(_ plan: SwapPlan, in pool: SwapPool) throws {
        let rarity = Dictionary(uniqueKeysWithValues: pool.cards.map { ($0.number, $0.rarity) })
        var holdings = Dictionary(uniqueKeysWithValues: pool.collectors.map { ($0.id, $0.holdings) })
        for cycle in plan.cycles {
            #expect(cycle.count >= 2)
            for (index, step) in cycle.enumerated() {
                #expect(step.receiver == cycle[(index + 1) % cycle.count].giver, "the cycle closes")
                #expect(rarity[step.card] == rarity[cycle[0].card], "at par")
                let given = holdings[step.giver]?[step.card] ?? Holding.none
                #expect(given.spare > 0, "\(step.giver) has card \(step.card) spare")
                #expect(holdings[step.receiver] != nil, "\(step.receiver) collects")
                #expect((holdings[step.receiver]?[step.card] ?? Holding.none).isMissing, "\(step.receiver) misses card \(step.card)")
                holdings[step.giver]?[step.card] = try Holding(owned: given.owned - 1, blocked: given.blocked)
                holdings[step.receiver]?[step.card] = try Holding(owned: 1)
            }
        }
    }
}

/// The plan against exhaustive search on small clubs: no set of swaps moves more cards.
@Suite struct SwapPlanOptimumTests {
    /// The most wanted cards any set of cycles can deliver, by trying every set of deliveries
    /// and checking with a plain augmenting-path flow that the givers can supply it.
    static func bruteForce(_ pool: SwapPool) -> Int {
        let people = pool.collectors.count, cards = pool.cards.map(\.number)
        let spare = pool.collectors.map { c in cards.map { (c.holdings[$0] ?? Holding.none).spare } }
        let wants = pool.collectors.indices.flatMap { p in
            cards.indices.filter { (pool.collectors[p].holdings[cards[$0]] ?? Holding.none).isMissing }.map { (p, $0) }
        }
        var best = 0
        for mask in 0..<(1 << wants.count) where mask.nonzeroBitCount > best {
            let chosen = wants.indices.filter { mask & (1 << $0) != 0 }.map { wants[$0] }
            var receives = [Int](repeating: 0, count: people), needed = [Int](repeating: 0, count: cards.count)
            for (p, c) in chosen { receives[p] += 1; needed[c] += 1 }
            // Each collector gives as many as they get, from their spares, to fill every card's need.
            if maximumFlow(supply: receives, demand: needed, capacity: spare) == chosen.count { best = chosen.count }
        }
        return best
    }

    static func maximumFlow(supply: [Int], demand: [Int], capacity: [[Int]]) -> Int {
        let p = supply.count, c = demand.count, n = p + c + 2, s = n - 2, t = n - 1
        var cap = [[Int]](repeating: [Int](repeating: 0, count: n), count: n)
        for i in 0..<p { cap[s][i] = supply[i]; for j in 0..<c { cap[i][p + j] = capacity[i][j] } }
        for j in 0..<c { cap[p + j][t] = demand[j] }
        var flow = 0
        while true {
            var parent = [Int](repeating: -1, count: n)
            parent[s] = s
            var queue = [s]
            while !queue.isEmpty, parent[t] < 0 {
                let u = queue.removeFirst()
                for v in 0..<n where parent[v] < 0 && cap[u][v] > 0 { parent[v] = u; queue.append(v) }
            }
            guard parent[t] >= 0 else { return flow }
            var v = t, bottleneck = Int.max
            while v != s { bottleneck = min(bottleneck, cap[parent[v]][v]); v = parent[v] }
            v = t
            while v != s { cap[parent[v]][v] -= bottleneck; cap[v][parent[v]] += bottleneck; v = parent[v] }
            flow += bottleneck
        }
    }

    @Test(arguments: Array(1...40) as [UInt64])
    func noSetOfSwapsMovesMore(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let deck = (1...5).map { DrawableCard(number: $0, rarity: .common) }
        let collectors = try (1...4).map { id in
            var holdings: [Int: Holding] = [:]
            for number in 1...5 {
                let owned = [0, 0, 1, 2, 3].randomElement(using: &random) ?? 0
                if owned > 0 { holdings[number] = try Holding(owned: owned) }
            }
            return SwapPool.Collector(id: Int64(id), holdings: holdings)
        }
        let pool = try SwapPool(cards: deck, collectors: collectors)
        let plan = try SwapPlanner.plan(pool)
        try SwapPlannerTests.check(plan, in: pool)
        #expect(plan.cards == Self.bruteForce(pool))
    }
}

/// One seed, one plan, in every process (no set or dictionary order leaks into it).
@Suite struct SwapPlanDeterminismTests {
    /// A fingerprint of every step in order (FNV-1a over giver, card and receiver).
    static func fingerprint(_ plan: SwapPlan) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for step in plan.cycles.joined() {
            for value in [UInt64(bitPattern: step.giver), UInt64(step.card), UInt64(bitPattern: step.receiver)] {
                hash = (hash ^ value) &* 0x0000_0100_0000_01B3
            }
        }
        return hash
    }

    @Test func theSameClubGivesTheSamePlanInEveryProcess() throws {
        let pool = try SwapPool.synthetic(collectors: 30, cards: 150, shops: 4, seed: 1)
        let best = try SwapPlanner.plan(pool), capped = try SwapPlanner.plan(pool, maximumCycleLength: 3)
        let baseline = SwapPlanner.pairwiseBaseline(pool)
        // Pinned when written; a change here means plans now differ between runs or versions.
        #expect((best.cards, Self.fingerprint(best)) == (733, 8_905_200_313_533_828_652))
        #expect((capped.cards, Self.fingerprint(capped)) == (694, 3_820_428_615_466_652_799))
        #expect((baseline.cards, Self.fingerprint(baseline)) == (566, 832_919_010_667_227_364))
    }
}
