/// Exact shortest path from stop 0 to stop n − 1 through every other stop, by dynamic programming
/// over subsets of the middle stops.
enum HeldKarp {
    static func solve(_ costs: CostMatrix) -> [Int] {
        let m = costs.n - 2
        let last = costs.n - 1
        let full = (1 << m) - 1
        // best[mask * m + j]: cheapest path from stop 0 through the middle stops in `mask`,
        // ending at middle stop j (stop j + 1), which is in `mask`.
        var best = [Double](repeating: .infinity, count: (full + 1) * m)
        var parent = [Int8](repeating: -1, count: (full + 1) * m)
        for j in 0..<m { best[(1 << j) * m + j] = costs[0, j + 1] }
        for mask in 1...full {
            for j in 0..<m where mask & (1 << j) != 0 {
                let here = best[mask * m + j]
                guard here < .infinity else { continue }
                var rest = full & ~mask
                while rest != 0 {
                    let k = rest.trailingZeroBitCount
                    rest &= rest - 1
                    let next = mask | (1 << k)
                    let cost = here + costs[j + 1, k + 1]
                    if cost < best[next * m + k] {
                        best[next * m + k] = cost
                        parent[next * m + k] = Int8(j)
                    }
                }
            }
        }
        var end = 0
        var bestTotal = Double.infinity
        for j in 0..<m {
            let total = best[full * m + j] + costs[j + 1, last]
            if total < bestTotal {
                bestTotal = total
                end = j
            }
        }
        var order = [last]
        var mask = full, j = end
        while j >= 0 {
            order.append(j + 1)
            let previous = Int(parent[mask * m + j])
            mask &= ~(1 << j)
            j = previous
        }
        order.append(0)
        return order.reversed()
    }
}
