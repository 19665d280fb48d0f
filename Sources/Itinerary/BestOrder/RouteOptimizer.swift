/// The best order of a trip's stops, the first and last kept where they are.
///
/// Up to `exactLimit` stops the answer is exact (Held–Karp, O(2ⁿ·n²)); above it a local search
/// (2-opt and Or-opt on neighbour lists, then perturb-and-descend rounds) started from the better
/// of the current and the nearest-neighbour order, so the answer is never worse than the order the
/// trip already has. Costs may be asymmetric.
public enum RouteOptimizer {
    /// The most stops solved exactly: 12 stops take well under a millisecond, 16 tens of
    /// milliseconds and 2 MB (14 middle stops: 2¹⁴ subsets × 14 ends).
    static let exactLimit = 16

    /// Whether a trip of `stops` stops is solved exactly, at once (no progress, nothing to stop).
    public static func solvesExactly(stops: Int) -> Bool { stops <= exactLimit }

    /// The cheapest order found for `matrix` (costs from row stop to column stop) and its cost.
    ///
    /// `order` lists stop indices, starting with 0 and ending with n − 1. When nothing beats the
    /// current order, it is returned unchanged. `control` stops the search early (it then answers
    /// with its best so far) and hears its progress.
    public static func optimize(matrix: [[Double]], control: OrderSearchControl? = nil) -> RouteOptimization {
        let n = matrix.count
        if n <= exactLimit { return exact(matrix: matrix) }
        return heuristic(matrix: matrix, control: control)
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

    /// The work allowed by default, in moves priced: about a second of a release build at 1,000
    /// stops on this project's 2-core test machine, and the same order on any machine.
    static let defaultMoves = 60_000_000

    /// Local search from the better of the current and the nearest-neighbour order.
    ///
    /// - Parameters:
    ///   - moves: the most moves priced in all (`defaultMoves`): the work is bounded by it, not by
    ///     a clock, so the same trip gives the same order however busy the machine is.
    ///   - seed: the perturbations' random seed; the same seed gives the same answer.
    ///   - control: stops the search early (with its best order so far) and hears its progress.
    static func heuristic(
        matrix: [[Double]], moves: Int = defaultMoves, seed: UInt64 = 0x5EED, control: OrderSearchControl? = nil
    ) -> RouteOptimization {
        let costs = CostMatrix(matrix)
        let identity = Array(0..<costs.n)
        guard costs.n > 3 else { return RouteOptimization(order: identity, cost: costs.cost(of: identity), exact: true) }
        let greedy = costs.nearestNeighbourOrder()
        let current = costs.cost(of: identity)
        var start = costs.cost(of: greedy) < current ? greedy : identity
        let near = NeighbourLists(costs)
        var spent = 0
        if !costs.isSymmetric && costs.n >= roughPassStops {
            // A large road table: half the budget on the mean of both directions, where no move
            // needs the O(n) prefix sums of the real costs, then the rest on the real costs from there.
            var rough = LocalSearch(
                costs: costs.averaged(), seed: seed &+ 1, control: control, near: near, progress: (0, moves, current))
            let found = rough.run(start: start, moves: moves / 2)
            if costs.cost(of: found) < costs.cost(of: start) { start = found }
            spent = rough.work
        }
        var search = LocalSearch(
            costs: costs, seed: seed, control: control, near: near, progress: (spent, moves, current))
        let best = search.run(start: start, moves: moves == .max ? .max : max(0, moves - spent))
        return keepingCurrentUnlessBetter(best, costs: costs, exact: false)
    }

    /// From this many stops an asymmetric matrix gets a rough pass on its symmetric mean first: 0.6 %
    /// less driving at 1,000 stops in the benchmark's road-like tables, no better below a few hundred.
    static let roughPassStops = 500

    /// The cost of visiting the stops in `order`.
    ///
    /// Read straight from the rows: a flat copy of a 2,000-stop matrix would be 32 MB for one sum.
    public static func cost(of order: [Int], in matrix: [[Double]]) -> Double {
        guard order.count > 1 else { return 0 }
        var total = 0.0
        for k in 0..<(order.count - 1) { total += CostMatrix.finite(matrix[order[k]][order[k + 1]]) }
        return total
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
