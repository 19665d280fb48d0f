import RoadtripCore

/// 2-opt and Or-opt on neighbour lists with don't-look bits, then an iterated local search: a small
/// double bridge (two neighbouring stretches swapped), a descent from its ends, kept when no worse.
///
/// The path is open, its first and last stops never move. Costs may be asymmetric: a reversed
/// stretch is then priced exactly from prefix sums of the path's forward and backward costs. The
/// work is counted in moves priced (and stops shifted), not in time: a budget of moves bounds every
/// phase, the first descent included, and the answer is a function of the costs and the seed alone.
struct LocalSearch {
    let costs: CostMatrix
    let near: NeighbourLists
    let n: Int
    let symmetric: Bool
    private let control: OrderSearchControl?
    var random: SplitMix64

    /// The path being improved, where each stop is on it, and the best path so far.
    var path: [Int] = []
    var pos: [Int] = []
    private var best: [Int] = []
    var currentCost = 0.0
    private var bestCost = 0.0
    private var startCost = 0.0
    /// forward[k]: cost of path[0] → … → path[k]; backward[k]: the same stretch driven in reverse.
    /// Kept only for an asymmetric matrix (a symmetric one reverses for free).
    private var forward: [Double] = []
    private var backward: [Double] = []
    /// Stops whose don't-look bit is off: a FIFO ring and who is in it.
    private var queue: [Int] = []
    private var queueHead = 0
    private var queueCount = 0
    private var queued: [Bool] = []
    /// Positions changed since the last kick, to copy into or out of `best`.
    var dirtyLow = Int.max
    var dirtyHigh = -1
    var scratch: [Int] = []

    /// Moves priced so far, and the most the search may price.
    var work = 0
    private var budget = Int.max
    private var nextCheck = 0
    private var nextReport = 0
    private var stopped = false

    /// Small rounding must not count as a gain, or two equal moves could swap back and forth.
    let epsilon: Double

    /// Moves spent before this search began and the budget of the whole, for the share reported,
    /// and the cost the saving reported is counted from (the trip's own order).
    private let reportedOffset: Int
    private let reportedTotal: Int?
    private let reportedBaseline: Double?

    /// A search over `costs`; `near` reuses neighbour lists already made for the same stops, and
    /// `progress` places this search within a longer one for the share it reports.
    init(
        costs: CostMatrix, seed: UInt64, control: OrderSearchControl? = nil, near: NeighbourLists? = nil,
        progress: (offset: Int, total: Int, baseline: Double)? = nil
    ) {
        self.costs = costs
        self.n = costs.n
        self.near = near ?? NeighbourLists(costs)
        self.reportedOffset = progress?.offset ?? 0
        self.reportedTotal = progress?.total
        self.reportedBaseline = progress?.baseline
        self.symmetric = costs.isSymmetric
        self.control = control
        self.random = SplitMix64(seed: seed)
        self.epsilon = 1e-10 * max(1, costs.typicalEdge)
    }

    /// The best path found from `start`, pricing at most `moves` moves; never worse than `start`.
    mutating func run(start: [Int], moves: Int) -> [Int] {
        budget = max(0, moves)
        work = 0
        nextCheck = 0
        nextReport = 0
        stopped = false
        path = start
        best = start
        pos = [Int](repeating: 0, count: n)
        for (k, stop) in path.enumerated() { pos[stop] = k }
        currentCost = costs.cost(of: path)
        startCost = currentCost
        bestCost = currentCost
        guard n >= 5 else { return best }
        if !symmetric { refreshPrefix(from: 0) }
        queue = [Int](repeating: 0, count: n)
        queued = [Bool](repeating: false, count: n)
        queueHead = 0
        queueCount = 0
        scratch.reserveCapacity(2 * Self.kickStretch)
        for stop in path { enqueue(stop) }

        descend()
        // Every move of the first descent improves: wherever it stopped, its path is the best yet.
        best = path
        bestCost = currentCost
        // Kicks without a gain before giving up early: small trips stop long before the budget, as
        // a search that found nothing in 300 kicks a stop seldom finds more (the benchmark's 50 to
        // 200 stops reach the best known well before it).
        var idle = 0
        let idleLimit = max(5_000, 300 * n)
        while !shouldStop(), idle < idleLimit {
            dirtyLow = Int.max
            dirtyHigh = -1
            kick()
            descend()
            if currentCost <= bestCost && !stopped {
                idle = currentCost < bestCost - epsilon ? 0 : idle + 1
                bestCost = currentCost
                keepCurrent()
            } else {
                idle += 1
                restoreBest()
            }
        }
        report()
        return best
    }

    // MARK: - Budget, stopping and progress

    /// True once the budget is spent or the search was stopped (Esc, Ctrl-C, a cancelled task).
    @inline(__always) mutating func shouldStop() -> Bool {
        if work >= budget { stopped = true }
        if work >= nextCheck {
            nextCheck = work &+ 4_096
            if control?.isStopped == true || Task.isCancelled { stopped = true }
            if work >= nextReport {
                nextReport = budget == .max ? .max : work &+ max(1, budget / 100)
                report()
            }
        }
        return stopped
    }

    private func report() {
        guard let control else { return }
        let total = reportedTotal ?? budget
        let fraction = total == 0 || total == .max ? 1 : min(1, Double(reportedOffset + work) / Double(total))
        control.report(
            OrderSearchProgress(
                fraction: fraction, startCost: reportedBaseline ?? startCost, bestCost: min(bestCost, currentCost)))
    }

    // MARK: - Descent

    /// Improves around every stop in the queue until none is left (or the budget is spent).
    private mutating func descend() {
        while queueCount > 0 {
            if shouldStop() { return }
            let stop = dequeue()
            if twoOpt(stop) || orOpt(stop) { enqueue(stop) }
        }
    }

    @inline(__always) mutating func enqueue(_ stop: Int) {
        guard !queued[stop] else { return }
        queued[stop] = true
        queue[(queueHead + queueCount) % n] = stop
        queueCount += 1
    }

    private mutating func dequeue() -> Int {
        let stop = queue[queueHead]
        queueHead = (queueHead + 1) % n
        queueCount -= 1
        queued[stop] = false
        return stop
    }

    // MARK: - Bookkeeping shared by the moves

    /// Extra cost of driving path[s…e] backwards rather than forwards (zero when symmetric).
    @inline(__always) func reversalExtra(_ s: Int, _ e: Int) -> Double {
        symmetric ? 0 : (backward[e] - backward[s]) - (forward[e] - forward[s])
    }

    /// Records that path[low…high] changed: positions, prefix sums and the stretch to copy back.
    mutating func changed(_ low: Int, _ high: Int) {
        for k in low...high { pos[path[k]] = k }
        dirtyLow = min(dirtyLow, low)
        dirtyHigh = max(dirtyHigh, high)
        work &+= high - low + 1
        if !symmetric { refreshPrefix(from: low) }
    }

    private mutating func refreshPrefix(from low: Int) {
        if forward.count != n {
            forward = [Double](repeating: 0, count: n)
            backward = [Double](repeating: 0, count: n)
        }
        for k in max(1, low)..<n {
            forward[k] = forward[k - 1] + costs[path[k - 1], path[k]]
            backward[k] = backward[k - 1] + costs[path[k], path[k - 1]]
        }
        work &+= n - low
    }

    /// The path is the new best: the stretch changed since the kick is copied into `best`.
    private mutating func keepCurrent() {
        guard dirtyHigh >= dirtyLow else { return }
        for k in dirtyLow...dirtyHigh { best[k] = path[k] }
        work &+= dirtyHigh - dirtyLow + 1
    }

    /// The kick did not pay: the changed stretch is put back as it was in `best`.
    private mutating func restoreBest() {
        currentCost = bestCost
        guard dirtyHigh >= dirtyLow else { return }
        for k in dirtyLow...dirtyHigh {
            path[k] = best[k]
            pos[path[k]] = k
        }
        work &+= dirtyHigh - dirtyLow + 1
        if !symmetric { refreshPrefix(from: dirtyLow) }
    }
}
