import Foundation
import RoadtripCore

/// 2-opt and Or-opt descent with double-bridge perturbations, on an open path whose first and
/// last stops stay put.
///
/// Moves are priced in O(1) from prefix sums of the path's forward and backward edge costs, so a
/// reversed stretch of an asymmetric matrix is priced exactly. The work is counted in moves priced,
/// not in time: a budget of moves bounds every phase, the first descent included, and the answer is a
/// function of the costs and the seed alone, however busy the machine.
struct LocalSearch {
    private let costs: CostMatrix
    private var random: SplitMix64
    private var path: [Int] = []
    /// forward[k]: cost of path[0] → … → path[k]; backward[k]: the same stretch driven in reverse.
    private var forward: [Double] = []
    private var backward: [Double] = []
    /// Moves priced so far, and the most the search may price.
    private(set) var work = 0
    private var budget = Int.max
    private var exhausted: Bool { work >= budget }

    init(costs: CostMatrix, seed: UInt64) {
        self.costs = costs
        self.random = SplitMix64(seed: seed)
    }

    /// The best path found from `starts`, after `rounds` perturbations of the best so far, pricing at
    /// most `moves` moves in all; never worse than the best of `starts`.
    mutating func run(starts: [[Int]], rounds: Int, moves: Int) -> [Int] {
        budget = max(0, moves)
        work = 0
        var best: [Int] = []
        var bestCost = Double.infinity
        for start in starts {
            path = start
            descend()
            let cost = costs.cost(of: path)
            if cost < bestCost {
                best = path
                bestCost = cost
            }
        }
        guard costs.n >= 6 else { return best }
        for _ in 0..<rounds {
            // Esc in the planner, Ctrl-C on the command line: the best order so far is the answer.
            if exhausted || Task.isCancelled { break }
            path = best
            doubleBridge()
            descend()
            let cost = costs.cost(of: path)
            if cost < bestCost {
                best = path
                bestCost = cost
            }
        }
        return best
    }

    /// Applies improving moves until none is left.
    private mutating func descend() {
        var improved = true
        while improved, !exhausted, !Task.isCancelled {
            improved = false
            while twoOpt() { improved = true }
            while orOpt() { improved = true }
        }
    }

    private mutating func reprice() {
        let n = path.count
        if forward.count != n {
            forward = [Double](repeating: 0, count: n)
            backward = [Double](repeating: 0, count: n)
        }
        for k in 1..<n {
            forward[k] = forward[k - 1] + costs[path[k - 1], path[k]]
            backward[k] = backward[k - 1] + costs[path[k], path[k - 1]]
        }
    }

    /// Extra cost of driving path[i…j] backwards rather than forwards.
    @inline(__always) private func reversalExtra(_ i: Int, _ j: Int) -> Double {
        (backward[j] - backward[i]) - (forward[j] - forward[i])
    }

    /// Reverses the first improving stretch path[i…j] found; false when none improves.
    private mutating func twoOpt() -> Bool {
        reprice()
        let n = path.count
        for i in 1..<(n - 2) {
            let a = path[i - 1], b = path[i]
            let removedFirst = costs[a, b]
            for j in (i + 1)..<(n - 1) {
                work &+= 1
                if exhausted { return false }
                let c = path[j], d = path[j + 1]
                let delta = costs[a, c] + costs[b, d] - removedFirst - costs[c, d] + reversalExtra(i, j)
                if delta < -1e-9 {
                    path[i...j].reverse()
                    return true
                }
            }
        }
        return false
    }

    /// Moves the first improving stretch of 1 to 3 stops elsewhere, forwards or reversed.
    private mutating func orOpt() -> Bool {
        reprice()
        let n = path.count
        for length in 1...3 {
            guard n - 2 >= length + 1 else { break }
            for i in 1...(n - 1 - length) {
                let e = i + length - 1
                let before = path[i - 1], first = path[i], lastStop = path[e], after = path[e + 1]
                let gain = costs[before, first] + costs[lastStop, after] - costs[before, after]
                guard gain > 1e-9 else { continue }
                let flipExtra = reversalExtra(i, e)
                for p in 0..<(n - 1) where p < i - 1 || p > e {
                    work &+= 1
                    if exhausted { return false }
                    let x = path[p], y = path[p + 1]
                    let bridge = costs[x, y]
                    let straight = costs[x, first] + costs[lastStop, y] - bridge
                    let flipped = costs[x, lastStop] + costs[first, y] - bridge + flipExtra
                    if straight - gain < -1e-9 {
                        move(i, e, after: p, reversed: false)
                        return true
                    }
                    if flipped - gain < -1e-9 {
                        move(i, e, after: p, reversed: true)
                        return true
                    }
                }
            }
        }
        return false
    }

    /// Takes path[i…e] out and puts it back between path[p] and path[p + 1].
    private mutating func move(_ i: Int, _ e: Int, after p: Int, reversed: Bool) {
        var segment = Array(path[i...e])
        if reversed { segment.reverse() }
        if p < i {
            path.removeSubrange(i...e)
            path.insert(contentsOf: segment, at: p + 1)
        } else {
            path.insert(contentsOf: segment, at: p + 1)
            path.removeSubrange(i...e)
        }
    }

    /// A B C D → A C B D over the middle stops: a jump 2-opt and Or-opt cannot undo in one move.
    private mutating func doubleBridge() {
        let middle = path.count - 2
        var cuts = Set<Int>()
        while cuts.count < 3 { cuts.insert(1 + Int(random.next() % UInt64(middle))) }
        let c = cuts.sorted()
        let (p1, p2, p3) = (c[0], c[1], c[2])
        path = Array(path[..<p1]) + Array(path[p2..<p3]) + Array(path[p1..<p2]) + Array(path[p3...])
    }
}
