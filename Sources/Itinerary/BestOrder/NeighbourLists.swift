/// Each stop's few nearest stops, nearest first: the only candidates a move may join it to.
///
/// Besides the nearest, each stop keeps its neighbours in a minimum spanning tree: in a clustered
/// trip every nearest stop is in the same cluster, and the tree's edges are the ways out of it (the
/// idea behind LKH's α-nearness, at the cost of one Prim pass). Held in one flat array of n × k
/// entries, so memory grows linearly with the stops (the cost matrix itself is given). Nearness is
/// the mean of both directions, so an asymmetric matrix still gives one list per stop.
struct NeighbourLists {
    /// How many neighbours each stop keeps: 10 is where 2-opt and Or-opt stop finding more.
    static let defaultK = 10

    let k: Int
    private let flat: [Int32]

    init(_ costs: CostMatrix, k: Int = defaultK) {
        let n = costs.n
        let k = max(0, min(k, n - 1))
        self.k = k
        var flat = [Int32](repeating: 0, count: n * k)
        let tree = Self.spanningTreeNeighbours(costs)
        // A small sorted buffer per stop: n × (n + k log k) work, no n² storage.
        var nearest: [(cost: Double, stop: Int)] = []
        nearest.reserveCapacity(k + 1)
        for a in 0..<n {
            nearest.removeAll(keepingCapacity: true)
            for b in 0..<n where b != a {
                let cost = costs.symmetric(a, b)
                if nearest.count == k, let worst = nearest.last, (worst.cost, worst.stop) <= (cost, b) { continue }
                var at = nearest.count
                while at > 0, (nearest[at - 1].cost, nearest[at - 1].stop) > (cost, b) { at -= 1 }
                nearest.insert((cost, b), at: at)
                if nearest.count > k { nearest.removeLast() }
            }
            // The tree's neighbours take the places of the farthest of the nearest.
            for b in tree[a] where !nearest.contains(where: { $0.stop == b }) {
                if nearest.count == k { nearest.removeLast() }
                nearest.append((costs.symmetric(a, b), b))
            }
            nearest.sort { ($0.cost, $0.stop) < ($1.cost, $1.stop) }
            for (slot, entry) in nearest.enumerated() { flat[a * k + slot] = Int32(entry.stop) }
        }
        self.flat = flat
    }

    /// Each stop's neighbours in a minimum spanning tree of the symmetric costs (Prim, O(n²), O(n) memory).
    /// A stop with more tree neighbours than list places keeps the nearest of them.
    private static func spanningTreeNeighbours(_ costs: CostMatrix) -> [[Int]] {
        let n = costs.n
        var neighbours = [[Int]](repeating: [], count: n)
        guard n > 1 else { return neighbours }
        var inTree = [Bool](repeating: false, count: n)
        var reach = [Double](repeating: .infinity, count: n)
        var parent = [Int](repeating: 0, count: n)
        var next = 0
        for _ in 0..<n {
            let a = next
            inTree[a] = true
            if a != 0 {
                neighbours[a].append(parent[a])
                neighbours[parent[a]].append(a)
            }
            var nearest = -1
            for b in 0..<n where !inTree[b] {
                let cost = costs.symmetric(a, b)
                if cost < reach[b] {
                    reach[b] = cost
                    parent[b] = a
                }
                if nearest < 0 || reach[b] < reach[nearest] { nearest = b }
            }
            if nearest < 0 { break }
            next = nearest
        }
        return neighbours
    }

    /// The `slot`-th nearest stop to `stop`.
    @inline(__always) subscript(stop: Int, slot: Int) -> Int { Int(flat[stop &* k &+ slot]) }
}
