/// The cards of one rarity that collectors can give (with how many copies) and take, and the
/// cycles found in it. Collectors and cards are indexes here; steps name them by id and number.
struct RarityGraph {
    let collectorIDs: [Int64]
    let cardNumbers: [Int]
    private let collectorIndex: [Int64: Int]
    private let cardIndex: [Int: Int]
    /// Copies each collector can still give, `collector * cards + card`.
    private var give: [Int]
    private(set) var gives: [CardSet]
    private(set) var takes: [CardSet]

    init(collectors: [Int64], cards: [Int]) {
        collectorIDs = collectors
        cardNumbers = cards
        collectorIndex = Dictionary(collectors.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        cardIndex = Dictionary(cards.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        give = Array(repeating: 0, count: collectors.count * cards.count)
        gives = Array(repeating: CardSet(count: cards.count), count: collectors.count)
        takes = gives
    }

    var collectorCount: Int { collectorIDs.count }
    var cardCount: Int { cardNumbers.count }

    func copies(_ person: Int, _ card: Int) -> Int { give[person * cardCount + card] }

    mutating func setGive(_ person: Int, _ card: Int, _ copies: Int) {
        give[person * cardCount + card] = copies
        if copies > 0 { gives[person].insert(card) } else { gives[person].remove(card) }
    }

    mutating func setTake(_ person: Int, _ card: Int, _ wanted: Bool = true) {
        if wanted { takes[person].insert(card) } else { takes[person].remove(card) }
    }

    /// Whether `giver` can give `receiver` some card.
    func canGive(_ giver: Int, _ receiver: Int) -> Bool {
        giver != receiver && gives[giver].intersects(takes[receiver])
    }

    /// Moves one copy of `card` from `giver` to `receiver` and returns the step.
    mutating func move(_ giver: Int, _ card: Int, _ receiver: Int) -> SwapStep {
        setGive(giver, card, copies(giver, card) - 1)
        setTake(receiver, card, false)
        return SwapStep(giver: collectorIDs[giver], card: cardNumbers[card], receiver: collectorIDs[receiver])
    }

    /// Applies a step of a plan found elsewhere (in another graph of the same rarity), if
    /// this graph can.
    mutating func apply(_ step: SwapStep) {
        guard let giver = collectorIndex[step.giver], let receiver = collectorIndex[step.receiver],
              let card = cardIndex[step.card],
              copies(giver, card) > 0, takes[receiver].contains(card) else { return }
        _ = move(giver, card, receiver)
    }

    /// How many one-for-one swaps `a` and `b` can make.
    func pairSwaps(_ a: Int, _ b: Int) -> Int {
        guard a != b else { return 0 }
        return min(gives[a].intersectionCount(takes[b]), gives[b].intersectionCount(takes[a]))
    }

    /// Every one-for-one swap `a` and `b` can make, lowest card numbers first.
    mutating func swapAll(_ a: Int, _ b: Int) -> [[SwapStep]] {
        let count = pairSwaps(a, b)
        let toB = gives[a].common(takes[b], limit: count), toA = gives[b].common(takes[a], limit: count)
        return zip(toB, toA).map { [move(a, $0.0, b), move(b, $0.1, a)] }
    }

    /// Takes every cycle of two it can, pair by pair in order.
    mutating func extractPairs() -> [[SwapStep]] {
        var cycles: [[SwapStep]] = []
        for a in 0..<collectorCount {
            for b in (a + 1)..<collectorCount where pairSwaps(a, b) > 0 {
                cycles += swapAll(a, b)
            }
        }
        return cycles
    }

    /// Takes every cycle of three it can (a gives b, b gives c, c gives a).
    mutating func extractTriangles() -> [[SwapStep]] {
        let count = collectorCount
        var edge = [Bool](repeating: false, count: count * count)
        func refresh(_ people: [Int]) {
            for person in people {
                for other in 0..<count {
                    edge[person * count + other] = canGive(person, other)
                    edge[other * count + person] = canGive(other, person)
                }
            }
        }
        refresh(Array(0..<count))
        var cycles: [[SwapStep]] = []
        for a in 0..<count {
            for b in (a + 1)..<count {
                for c in (a + 1)..<count where c != b {
                    guard edge[a * count + b] else { break }
                    while edge[a * count + b], edge[b * count + c], edge[c * count + a] {
                        guard let x = gives[a].firstCommon(takes[b]), let y = gives[b].firstCommon(takes[c]),
                              let z = gives[c].firstCommon(takes[a]) else { break }
                        cycles.append([move(a, x, b), move(b, y, c), move(c, z, a)])
                        refresh([a, b, c])
                    }
                }
            }
        }
        return cycles
    }

    /// Takes every cycle left when each collector can give as many cards as they take and
    /// each card has as many givers as takers (a circulation): walks from giver to taker and
    /// cuts a cycle off whenever the walk comes back to a collector on it.
    mutating func extractCycles() -> [[SwapStep]] {
        var cycles: [[SwapStep]] = []
        for start in 0..<collectorCount {
            var path = [start], steps: [SwapStep] = [], place = [start: 0]
            while let person = path.last {
                guard let (card, receiver) = nextStep(from: person) else {
                    break  // nothing to give: the circulation is used up here
                }
                steps.append(move(person, card, receiver))
                if let index = place[receiver] {
                    cycles.append(Array(steps[index...]))
                    steps.removeSubrange(index...)
                    for removed in path[(index + 1)...] { place[removed] = nil }
                    path.removeSubrange((index + 1)...)
                } else {
                    place[receiver] = path.count
                    path.append(receiver)
                }
            }
        }
        return cycles
    }

    /// The lowest card `person` can give to someone who takes it, and the first such taker.
    private func nextStep(from person: Int) -> (card: Int, receiver: Int)? {
        for card in 0..<cardCount where copies(person, card) > 0 {
            if let receiver = (0..<collectorCount).first(where: { $0 != person && takes[$0].contains(card) }) {
                return (card, receiver)
            }
        }
        return nil
    }
}
