import Foundation
import Stickers

/// The "swaps" scenes: a swap day for a synthetic club of 100 collectors and 1,000 cards
/// (``SwapPool/synthetic(collectors:cards:shops:seed:)``), planned with cycles of any length,
/// with cycles of at most 3, and as two-person swaps alone (the baseline), each with the cards
/// it moves in its note. The club is made once per shape, untimed.
enum SwapScene {
    static let seed: UInt64 = 0x5717_CE45_0000_0001

    static func run(bench: Bench, smoke: Bool) throws -> [SceneResult] {
        if let only = bench.only, !(only.hasPrefix("swaps") || "swaps".hasPrefix(only)) { return [] }
        let collectors = smoke ? 20 : 100, cards = smoke ? 200 : 1_000
        var results: [SceneResult] = []
        for (shape, shops) in [("shops", 4), ("uniform", 0)] {
            let pool = try SwapPool.synthetic(collectors: collectors, cards: cards, shops: shops, seed: seed)
            let baseline = SwapPlanner.pairwiseBaseline(pool)
            let size = "\(collectors) x \(cards), \(shape)"
            func gain(_ plan: SwapPlan) -> String {
                let percent = baseline.cards > 0 ? (Double(plan.cards) / Double(baseline.cards) - 1) * 100 : 0
                return "\(plan.cards.formatted()) cards, \(String(format: "%+.1f", percent)) % over pairs alone"
            }
            let best = try SwapPlanner.plan(pool)
            results.append(try bench.inProcess("swaps: plan \(size)", note: gain(best) + ", longest cycle \(best.longestCycle)") {
                try timed { try SwapPlanner.plan(pool).cards }
            })
            let capped = try SwapPlanner.plan(pool, maximumCycleLength: 3)
            results.append(try bench.inProcess("swaps: plan cycles <= 3, \(size)", note: gain(capped)) {
                try timed { try SwapPlanner.plan(pool, maximumCycleLength: 3).cards }
            })
            results.append(try bench.inProcess("swaps: pairs alone \(size)", note: "\(baseline.cards.formatted()) cards (the baseline)") {
                timed { SwapPlanner.pairwiseBaseline(pool).cards }
            })
        }
        return results
    }
}
