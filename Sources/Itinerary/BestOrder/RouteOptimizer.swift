/// The best order of a trip's stops, the first and last kept where they are.
///
/// Up to `exactLimit` stops the answer is exact (Held–Karp, O(2ⁿ·n²)); above it a local search
/// (2-opt and Or-opt, then perturb-and-descend rounds) started from the current order, so the
/// answer is never worse than the order the trip already has. Costs may be asymmetric.
public enum RouteOptimizer {
    /// The most stops solved exactly: 12 stops take well under a millisecond, 16 tens of
    /// milliseconds and 2 MB (14 middle stops: 2¹⁴ subsets × 14 ends).
    static let exactLimit = 16

    /// The cheapest order found for `matrix` (costs from row stop to column stop) and its cost.
    ///
    /// `order` lists stop indices, starting with 0 and ending with n − 1. When nothing beats the
    /// current order, it is returned unchanged.
    public static func optimize(matrix: [[Double]]) -> RouteOptimization {
        let n = matrix.count
        if n <= exactLimit { return exact(matrix: matrix) }
        return heuristic(matrix: matrix)
    }

    /// Held–Karp over the middle stops; memory grows as 2ⁿ, so at most 20 stops.
    public static func exact(matrix: [[Double]]) -> RouteOptimization {
        precondition(matrix.count <= 20, "Held–Karp needs 2^n memory: use optimize(matrix:) above 20 stops")
        let costs = CostMatrix(matrix)
        let identity = Array(0..<costs.n)
        guard costs.n > 3 else { return RouteOptimization(order: identity, cost: costs.cost(of: identity), exact: true) }
        let best = HeldKarp.solve(costs)
        return keepingCurrentUnlessBetter(best, costs: costs, exact: true)
    }

    /// Moves priced at most by default: every round of a 100-stop trip fits in it many times over;
    /// a 1,000-stop trip stops there, at well under a second of work in a release build.
    public static let defaultMoves = 200_000_000

    /// Local search from the current order and from the nearest-neighbour order.
    ///
    /// - Parameters:
    ///   - rounds: perturb-and-descend rounds after the first descent.
    ///   - moves: the most moves priced in all (`defaultMoves`): the work is bounded by it, not by
    ///     a clock, so the same trip gives the same order however busy the machine is.
    ///   - seed: the perturbations' random seed; the same seed gives the same answer.
    public static func heuristic(
        matrix: [[Double]], rounds: Int = 60, moves: Int = defaultMoves,
        seed: UInt64 = 0x5EED
    ) -> RouteOptimization {
        let costs = CostMatrix(matrix)
        let identity = Array(0..<costs.n)
        guard costs.n > 3 else { return RouteOptimization(order: identity, cost: costs.cost(of: identity), exact: true) }
        var search = LocalSearch(costs: costs, seed: seed)
        let best = search.run(starts: [identity, costs.nearestNeighbourOrder()], rounds: rounds, moves: moves)
        return keepingCurrentUnlessBetter(best, costs: costs, exact: false)
    }

    /// The cost of visiting the stops in `order`.
    public static func cost(of order: [Int], in matrix: [[Double]]) -> Double {
        CostMatrix(matrix).cost(of: order)
    }

    private static func keepingCurrentUnlessBetter(_ order: [Int], costs: CostMatrix, exact: Bool) -> RouteOptimization {
        let identity = Array(0..<costs.n)
        let current = costs.cost(of: identity), found = costs.cost(of: order)
        // Rounding noise must not propose a reshuffle that saves nothing.
        if found < current - 1e-9 * max(1, abs(current)) {
            return RouteOptimization(order: order, cost: found, exact: exact)
        }
        return RouteOptimization(order: identity, cost: current, exact: exact)
    }
}

/// An order of stops and what it costs.
public struct RouteOptimization: Hashable, Sendable {
    /// Stop indices, first 0 and last n − 1.
    public var order: [Int]
    public var cost: Double
    /// Whether `order` is proven best (Held–Karp) rather than the heuristic's best find.
    public var exact: Bool
}

/// A square cost matrix in one flat array, for speed in the inner loops.
struct CostMatrix {
    let n: Int
    private let values: [Double]

    init(_ rows: [[Double]]) {
        n = rows.count
        precondition(rows.allSatisfy { $0.count == rows.count }, "the cost matrix must be square")
        values = rows.flatMap { $0.map { $0.isFinite ? $0 : Double.greatestFiniteMagnitude / 1e6 } }
    }

    @inline(__always) subscript(from: Int, to: Int) -> Double { values[from &* n &+ to] }

    func cost(of order: [Int]) -> Double {
        guard order.count > 1 else { return 0 }
        var total = 0.0
        for k in 0..<(order.count - 1) { total += self[order[k], order[k + 1]] }
        return total
    }

    /// From the first stop, always on to the cheapest unvisited middle stop; the last stop last.
    func nearestNeighbourOrder() -> [Int] {
        var order = [0]
        var left = Set(1..<(n - 1))
        var here = 0
        while !left.isEmpty {
            let next = left.min { (self[here, $0], $0) < (self[here, $1], $1) }!
            order.append(next)
            left.remove(next)
            here = next
        }
        order.append(n - 1)
        return order
    }
}
