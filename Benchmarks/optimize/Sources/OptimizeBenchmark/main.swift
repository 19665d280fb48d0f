import Foundation
import Itinerary
import RoadtripCore

// The best-order benchmark (issue 21): every instance in ../instances (random and clustered points,
// the most populous French towns), solved as the app solves it (`RouteOptimizer.optimize`, the
// default budget of moves), its cost over the best known (LKH, Scripts/bench/optimize_best_known.py) and
// the time in-process. Targets: ≤ 1 % over the best known up to 1,000 stops, 1,000 stops in ≤ 1 s,
// exact up to 16 stops in ≤ 100 ms; the same order twice.
//
// Usage: Benchmarks/optimize/run [NAME-FILTER]   e.g. `run towns-` or `run 1000`

let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../instances").standardized
let filter = CommandLine.arguments.dropFirst().first

struct Instance {
    var name: String
    var matrix: [[Double]]
    var bestKnown: [Int]
}

func load(_ name: String) throws -> Instance {
    let text = try String(contentsOf: folder.appendingPathComponent("\(name).txt"), encoding: .utf8)
    let lines = text.split(separator: "\n")
    let geo = lines[0].hasPrefix("# geo")
    let rows = lines.dropFirst().map { $0.split(separator: " ") }
    let matrix: [[Double]]
    if geo {
        let stops = rows.map { Coordinate(latitude: Double($0[0])!, longitude: Double($0[1])!) }
        matrix = EstimatedTravelMatrixProvider().instantMatrix(for: stops).durations
    } else {
        let points = rows.map { (Double($0[0])!, Double($0[1])!) }
        matrix = points.map { a in points.map { b in ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1)).squareRoot() } }
    }
    let best = try String(contentsOf: folder.appendingPathComponent("\(name).best"), encoding: .utf8)
        .split(separator: "\n").last!.split(separator: " ").map { Int($0)! }
    return Instance(name: name, matrix: matrix, bestKnown: best)
}

/// Wall-clock and CPU seconds of `work`: on a shared machine the CPU time is the steadier figure.
func seconds(_ work: () -> Void) -> (wall: Double, cpu: Double) {
    func cpuNow() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
    let start = DispatchTime.now().uptimeNanoseconds, cpuStart = cpuNow()
    work()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, cpuNow() - cpuStart)
}

func shown(_ time: Double) -> String {
    time < 0.1 ? String(format: "%.1f ms", time * 1000) : String(format: "%.2f s", time)
}

let sizes = [12, 16, 50, 100, 200, 500, 1000, 2000]
let kinds = ["random", "clustered", "towns"]
var failed = false
print("| instance | stops | over best known | CPU time | wall time | same order twice |")
print("|---|---|---|---|---|---|")
for n in sizes {
    for kind in kinds {
        let name = "\(kind)-\(n)"
        if let filter, !name.contains(filter) { continue }
        guard let instance = try? load(name) else { continue }
        var first = RouteOptimizer.optimize(matrix: instance.matrix)
        let time = seconds { first = RouteOptimizer.optimize(matrix: instance.matrix) }
        let again = RouteOptimizer.optimize(matrix: instance.matrix)
        let best = RouteOptimizer.cost(of: instance.bestKnown, in: instance.matrix)
        let gap = (first.cost / best - 1) * 100
        let missed = (n <= 1000 && gap > 1) || (n <= 16 && time.cpu > 0.1) || (n == 1000 && time.cpu > 1) || again != first
        failed = failed || missed
        print(
            "| \(name)\(first.exact ? " (exact)" : "") | \(n) | \(String(format: "%+.2f %%", gap)) | \(shown(time.cpu)) | "
                + "\(shown(time.wall)) | "
                + "\(again == first ? "yes" : "NO") |\(missed ? " MISSED" : "")")
    }
}
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
print("\nPeak memory \(usage.ru_maxrss / 1024) MB; release build, in-process, one run after a warm-up.")
exit(failed ? 1 : 0)
