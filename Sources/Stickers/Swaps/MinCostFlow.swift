import HeapModule

/// A flow network with integer capacities and non-negative integer costs, and its minimum-cost
/// maximum flow by the primal-dual method: Dijkstra's shortest paths on reduced costs (node
/// potentials keep them non-negative), then a blocking flow (Dinic) along every shortest path
/// at once, until the sink is out of reach. The number of rounds is the number of distinct
/// path costs, which stays small when costs are 0 and 1, as the swap plan's are.
struct MinCostFlow {
    private(set) var nodeCount: Int
    private var target: [Int] = []
    private var capacity: [Int] = []
    private var cost: [Int] = []
    private var edges: [[Int]]

    init(nodes: Int) {
        nodeCount = nodes
        edges = Array(repeating: [], count: nodes)
    }

    /// Adds an edge from `from` to `to` and returns its id; its residual twin is `id ^ 1`.
    @discardableResult
    mutating func addEdge(from: Int, to: Int, capacity units: Int, cost price: Int) -> Int {
        let id = target.count
        target += [to, from]
        capacity += [units, 0]
        cost += [price, -price]
        edges[from].append(id)
        edges[to].append(id + 1)
        return id
    }

    /// The flow the solution sends along edge `id`.
    func flow(_ id: Int) -> Int { capacity[id ^ 1] }

    /// Sends as much flow as possible from `source` to `sink` at the least cost; returns the
    /// flow and its cost.
    mutating func solve(source: Int, sink: Int) -> (flow: Int, cost: Int) {
        var potential = [Int](repeating: 0, count: nodeCount)
        var total = (flow: 0, cost: 0)
        while true {
            let distance = shortestDistances(from: source, potential: potential)
            guard distance[sink] < Int.max else { return total }
            for node in 0..<nodeCount {
                potential[node] += min(distance[node], distance[sink])
            }
            let sent = blockingFlow(source: source, sink: sink, potential: potential)
            total.flow += sent
            total.cost += sent * (potential[sink] - potential[source])
        }
    }

    private func reducedCost(_ edge: Int, from node: Int, _ potential: [Int]) -> Int {
        cost[edge] + potential[node] - potential[target[edge]]
    }

    private struct Entry: Comparable {
        var distance: Int
        var node: Int
        static func < (a: Entry, b: Entry) -> Bool { (a.distance, a.node) < (b.distance, b.node) }
    }

    /// Dijkstra over the residual edges by reduced cost (never negative).
    private func shortestDistances(from source: Int, potential: [Int]) -> [Int] {
        var distance = [Int](repeating: Int.max, count: nodeCount)
        var queue = Heap<Entry>()
        distance[source] = 0
        queue.insert(Entry(distance: 0, node: source))
        while let entry = queue.popMin() {
            guard entry.distance == distance[entry.node] else { continue }
            for edge in edges[entry.node] where capacity[edge] > 0 {
                let next = entry.distance + reducedCost(edge, from: entry.node, potential)
                if next < distance[target[edge]] {
                    distance[target[edge]] = next
                    queue.insert(Entry(distance: next, node: target[edge]))
                }
            }
        }
        return distance
    }

    /// Dinic's blocking flows over the admissible edges (residual, reduced cost 0) until the
    /// sink cannot be reached through them; returns the flow sent.
    private mutating func blockingFlow(source: Int, sink: Int, potential: [Int]) -> Int {
        var sent = 0
        while true {
            let level = levels(from: source, potential: potential)
            guard level[sink] >= 0 else { return sent }
            var next = [Int](repeating: 0, count: nodeCount)
            var dead = [Bool](repeating: false, count: nodeCount)
            var path: [Int] = []
            var node = source
            while true {
                if node == sink {
                    let bottleneck = path.map { capacity[$0] }.min() ?? 0
                    for edge in path {
                        capacity[edge] -= bottleneck
                        capacity[edge ^ 1] += bottleneck
                    }
                    sent += bottleneck
                    path = []
                    node = source
                    continue
                }
                var advanced = false
                while next[node] < edges[node].count {
                    let edge = edges[node][next[node]]
                    let to = target[edge]
                    if capacity[edge] > 0, !dead[to], level[to] == level[node] + 1,
                       reducedCost(edge, from: node, potential) == 0 {
                        path.append(edge)
                        node = to
                        advanced = true
                        break
                    }
                    next[node] += 1
                }
                if advanced { continue }
                dead[node] = true
                guard let back = path.popLast() else { break }
                node = target[back ^ 1]
                next[node] += 1
            }
        }
    }

    /// Breadth-first levels from `source` over the admissible edges; -1 where unreached.
    private func levels(from source: Int, potential: [Int]) -> [Int] {
        var level = [Int](repeating: -1, count: nodeCount)
        level[source] = 0
        var queue = [source]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edge in edges[node] where capacity[edge] > 0 && level[target[edge]] < 0
                && reducedCost(edge, from: node, potential) == 0 {
                level[target[edge]] = level[node] + 1
                queue.append(target[edge])
            }
        }
        return level
    }
}
