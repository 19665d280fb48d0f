import Foundation
import Itinerary
import RoadtripCore

// Targets from issue 7: 12 stops exact ≤ 50 ms; 100 stops ≤ 100 ms and within 5 % of the best
// of several long runs. Stops are random places in western Europe, costs the offline estimate
// (geodesic × 1.25 at 80 km/h), as the app uses without an OSRM server.

let exactTarget = 50.0, heuristicTarget = 100.0, gapTarget = 5.0
let instances = Int(ProcessInfo.processInfo.environment["INSTANCES"] ?? "") ?? 10
let longRuns = 5, longRounds = 4000

func randomStops(_ n: Int, using rng: inout SplitMix64) -> [Coordinate] {
    (0..<n).map { _ in
        Coordinate(latitude: Double.random(in: 43...53, using: &rng), longitude: Double.random(in: -2...16, using: &rng))
    }
}

func milliseconds(_ work: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    work()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func describe(_ values: [Double]) -> String {
    let sorted = values.sorted()
    return String(format: "median %.2f, max %.2f", sorted[sorted.count / 2], sorted.last!)
}

let provider = EstimatedTravelMatrixProvider()
var rng = SplitMix64(seed: 2026)
var failed = false

var exactTimes: [Double] = []
for _ in 0..<instances {
    let matrix = provider.instantMatrix(for: randomStops(12, using: &rng)).durations
    exactTimes.append(milliseconds { _ = RouteOptimizer.optimize(matrix: matrix) })
}
let exactWorst = exactTimes.max()!
print("12 stops, exact (Held–Karp):      \(describe(exactTimes)) ms   target ≤ \(Int(exactTarget)) ms  "
      + (exactWorst <= exactTarget ? "ok" : "MISSED"))
failed = failed || exactWorst > exactTarget

var heuristicTimes: [Double] = [], gaps: [Double] = [], gains: [Double] = []
for _ in 0..<instances {
    let matrix = provider.instantMatrix(for: randomStops(100, using: &rng)).durations
    var result = RouteOptimizer.optimize(matrix: matrix)
    heuristicTimes.append(milliseconds { result = RouteOptimizer.optimize(matrix: matrix) })
    let best = (1...longRuns).map {
        RouteOptimizer.heuristic(matrix: matrix, rounds: longRounds, moves: .max, seed: UInt64($0)).cost
    }.min()!
    gaps.append((result.cost - min(best, result.cost)) / min(best, result.cost) * 100)
    let current = RouteOptimizer.cost(of: Array(0..<100), in: matrix)
    gains.append((current - result.cost) / current * 100)
}
let heuristicWorst = heuristicTimes.max()!, gapWorst = gaps.max()!
print("100 stops, heuristic:             \(describe(heuristicTimes)) ms   target ≤ \(Int(heuristicTarget)) ms  "
      + (heuristicWorst <= heuristicTarget ? "ok" : "MISSED"))
print("100 stops, gap to best of \(longRuns) runs × \(longRounds) rounds: \(describe(gaps)) %   target ≤ \(Int(gapTarget)) %  "
      + (gapWorst <= gapTarget ? "ok" : "MISSED"))
print("100 stops, drive time saved vs the random order: \(describe(gains)) %")
failed = failed || heuristicWorst > heuristicTarget || gapWorst > gapTarget
print("\(instances) instances each")
exit(failed ? 1 : 0)
