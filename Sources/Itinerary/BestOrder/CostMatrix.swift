/// A square cost matrix in one flat array, for speed in the inner loops.
struct CostMatrix {
    let n: Int
    private let values: [Double]
    /// Whether every cost is the same both ways (the estimate; a road table rarely is), or is read
    /// so (`averaged()`).
    private(set) var isSymmetric: Bool
    /// Each cost read as the mean of both directions.
    private var meanOfBoth = false
    /// The mean cost from a stop to the next in index order: the scale rounding is judged at.
    let typicalEdge: Double

    init(_ rows: [[Double]]) {
        n = rows.count
        precondition(rows.allSatisfy { $0.count == rows.count }, "the cost matrix must be square")
        let values = rows.flatMap { $0.map(Self.finite) }
        self.values = values
        var symmetric = true
        outer: for i in 0..<n {
            for j in (i + 1)..<max(i + 1, n) where values[i * n + j] != values[j * n + i] {
                symmetric = false
                break outer
            }
        }
        isSymmetric = symmetric
        // Over reachable pairs only: one unreachable leg must not make every real gain look like noise.
        var total = 0.0, counted = 0
        for i in 0..<max(0, n - 1) where rows[i][i + 1].isFinite {
            total += rows[i][i + 1]
            counted += 1
        }
        typicalEdge = counted > 0 ? total / Double(counted) : 1
    }

    /// An unreachable pair (OSRM's null) is very dear but still adds up without overflowing.
    @inline(__always) static func finite(_ cost: Double) -> Double {
        cost.isFinite ? cost : Double.greatestFiniteMagnitude / 1e6
    }

    @inline(__always) subscript(from: Int, to: Int) -> Double {
        meanOfBoth ? (values[from &* n &+ to] + values[to &* n &+ from]) / 2 : values[from &* n &+ to]
    }

    /// The same matrix read as symmetric, each cost the mean of both directions (no copy): a road
    /// table's rough order is found on it quickly (a reversed stretch costs nothing to price), then
    /// polished on the real costs.
    func averaged() -> CostMatrix {
        var copy = self
        copy.meanOfBoth = !isSymmetric
        copy.isSymmetric = true
        return copy
    }

    /// The mean of both directions: how near two stops are, whichever way one drives.
    @inline(__always) func symmetric(_ a: Int, _ b: Int) -> Double {
        isSymmetric ? self[a, b] : (self[a, b] + self[b, a]) / 2
    }

    func cost(of order: [Int]) -> Double {
        guard order.count > 1 else { return 0 }
        var total = 0.0
        for k in 0..<(order.count - 1) { total += self[order[k], order[k + 1]] }
        return total
    }

    /// From the first stop, always on to the cheapest unvisited middle stop; the last stop last.
    func nearestNeighbourOrder() -> [Int] {
        guard n > 2 else { return Array(0..<n) }
        var order = [0]
        order.reserveCapacity(n)
        var left = Array(1..<(n - 1))
        var here = 0
        while !left.isEmpty {
            var pick = 0
            for k in 1..<left.count where self[here, left[k]] < self[here, left[pick]] { pick = k }
            here = left[pick]
            order.append(here)
            left.swapAt(pick, left.count - 1)
            left.removeLast()
        }
        order.append(n - 1)
        return order
    }
}
