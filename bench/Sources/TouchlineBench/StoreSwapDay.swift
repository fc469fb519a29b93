import Club
import Foundation
import Stickers

/// The swap-day scene through the store: the "swaps" scenes' synthetic club (100 collectors of
/// a 1,000-card collection, four shops; 20 of 200 for `--smoke`) put into the database as a
/// collection, its collectors and the copies administrators gave them (untimed), then
/// `Swaps.plan` timed as `swap plan` runs it: every collector's copies read back, the plan
/// computed, names and titles attached.
struct StoreSwapDay {
    /// The collection's id in the store.
    var collection: Int64
    /// Who plans the day: its owner.
    var owner: ActingUser
    /// The cards the plan moves computed in memory from the same club, to check the store's.
    var expectedCards: Int
    var collectors: Int
    var cards: Int

    /// The scene's name for `size`.
    static func sceneName(_ size: StoreSize, prefix: String) -> String {
        let (collectors, cards) = shape(size)
        return "\(prefix): swap plan \(collectors) x \(StoreScene.grouped(cards))"
    }

    static func shape(_ size: StoreSize) -> (collectors: Int, cards: Int) {
        size.users < 10_000 ? (20, 200) : (100, 1_000)
    }

    /// Puts the club into `store`: user 0 owns the collection, users 1...N collect it.
    static func build(store: ClubStore, size: StoreSize, actor: (Int) throws -> ActingUser) throws -> StoreSwapDay {
        let (collectors, cards) = shape(size)
        let pool = try SwapPool.synthetic(collectors: collectors, cards: cards, shops: 4, seed: SwapScene.seed)
        let owner = try actor(0)
        let families = Rarity.allCases.compactMap { rarity -> CollectionManifest.Family? in
            let members = pool.cards.filter { $0.rarity == rarity }
            guard !members.isEmpty else { return nil }
            return .init(name: rarity.rawValue.capitalized, cards: members.map {
                .init(number: $0.number, title: "Card \($0.number)", rarity: $0.rarity)
            })
        }
        let manifest = CollectionManifest(name: "Swap day", families: families)
        let collections = Collections(store: store)
        let imported = try collections.importCollection(owner, manifest: manifest, images: [:])
        for (index, collector) in pool.collectors.enumerated() {
            let member = try actor(index + 1)
            _ = try collections.start(member, .id(imported.id))
            let copies = collector.holdings.keys.sorted().flatMap { number in
                Array(repeating: number, count: collector.holdings[number]?.owned ?? 0)
            }
            for start in stride(from: 0, to: copies.count, by: Collections.maximumGift) {
                _ = try collections.give(owner, .id(imported.id), to: member.username,
                                         cards: Array(copies[start..<min(start + Collections.maximumGift, copies.count)]))
            }
        }
        return StoreSwapDay(collection: imported.id, owner: owner, expectedCards: try SwapPlanner.plan(pool).cards,
                            collectors: collectors, cards: cards)
    }

    /// `Swaps.plan` of the club, timed; its cards checked against the plan made in memory.
    func scene(bench: Bench, store: ClubStore, size: StoreSize, prefix: String) throws -> SceneResult {
        let swaps = Swaps(store: store), owner = owner, collection = collection, expected = expectedCards
        return try bench.inProcess(Self.sceneName(size, prefix: prefix),
                                   note: "Swaps.plan as swap plan runs it: \(StoreScene.grouped(expected)) cards moved, "
                                       + "the same as the planner alone (swaps: plan)") {
            try timed {
                let plan = try swaps.plan(owner, .id(collection))
                guard plan.cards == expected else { throw BenchError("the store's plan moves \(plan.cards) cards, not \(expected)") }
                return 0
            }
        }
    }
}
