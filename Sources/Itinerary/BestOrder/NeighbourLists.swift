/// Each stop's few nearest stops, nearest first: the only candidates a move may join it to.
///
/// Held in one flat array of n × k entries, so memory grows linearly with the stops (the cost matrix
/// itself is given). Nearness is the mean of both directions, so an asymmetric matrix still gives
/// one list per stop.
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
            for (slot, entry) in nearest.enumerated() { flat[a * k + slot] = Int32(entry.stop) }
        }
        self.flat = flat
    }

    /// The `slot`-th nearest stop to `stop`.
    @inline(__always) subscript(stop: Int, slot: Int) -> Int { Int(flat[stop &* k &+ slot]) }
}
