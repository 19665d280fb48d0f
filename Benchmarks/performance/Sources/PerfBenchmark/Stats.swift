import Foundation

/// Durations of repeated runs, summarised as percentiles.
struct Samples {
    private(set) var values: [Duration] = []

    mutating func add(_ d: Duration) { values.append(d) }

    /// Runs `body` `count` times, timing each run.
    static func measure(_ count: Int, _ body: () throws -> Void) rethrows -> Samples {
        var samples = Samples()
        let clock = ContinuousClock()
        for _ in 0..<count {
            let start = clock.now
            try body()
            samples.add(clock.now - start)
        }
        return samples
    }

    /// The `p`th percentile (nearest rank), in milliseconds.
    func percentile(_ p: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let rank = max(0, min(sorted.count - 1, Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1))
        return sorted[rank].milliseconds
    }

    var median: Double { percentile(50) }
    var count: Int { values.count }
}

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}

/// CPU time this thread has used: unlike the wall clock, it does not count time other processes had the core.
func threadCPUTime() -> Duration {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return .seconds(t.tv_sec) + .nanoseconds(t.tv_nsec)
}

/// Times one run of `body`, in milliseconds.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    return (clock.now - start).milliseconds
}
