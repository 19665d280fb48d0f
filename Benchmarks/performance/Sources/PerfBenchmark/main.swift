import Foundation
import RoadtripCore

/// roadtrip's performance benchmarks (issue 9): every figure in one table, with the machine's details.
///
///     PerfBenchmark [--quick] [--strict] [--repository DIR] [--work DIR]
///
/// `--quick` runs every measurement with few repetitions (CI checks that it runs); `--strict`
/// exits 1 when a target is missed. The subcommands `first-frame FILE` and `geodsolve` are the
/// child processes the benchmark starts itself; `keys FILE [N]` runs key to frame alone, for profiling;
/// `workloads [DIR]` (run in the repository) writes the data files only; `itinerary FILE [RUNS]` plans
/// the first trip of FILE alone.
@MainActor
func main() throws -> Int32 {
    var arguments = Array(CommandLine.arguments.dropFirst())
    switch arguments.first {
    case "first-frame":
        try FirstFrameBenchmark.child(URL(fileURLWithPath: arguments[1]))
        return 0
    case "geodsolve":
        GeodesicBenchmark.child()
        return 0
    case "in-flight":
        // Key to frame beside OSRM requests that never come back, on one file.
        var table = Table()
        try InFlightBenchmark.run(URL(fileURLWithPath: arguments[1]), keys: Int(arguments.dropFirst(2).first ?? "") ?? 100, into: &table)
        print(table.render())
        return 0
    case "workloads":
        // The generated files alone, for measuring one line by hand: PerfBenchmark workloads [DIR].
        let folder = URL(fileURLWithPath: arguments.dropFirst().first ?? NSTemporaryDirectory() + "roadtrip-bench")
        let workloads = try Workloads(folder: folder, repository: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        print([workloads.sample, workloads.small, workloads.longTrip, workloads.large].map(\.path).joined(separator: "\n"))
        return 0
    case "itinerary":
        // The itinerary of the 1,000-stop trip alone: PerfBenchmark itinerary FILE [RUNS].
        var table = Table()
        try ItineraryBenchmark.run(URL(fileURLWithPath: arguments[1]), runs: Int(arguments.dropFirst(2).first ?? "") ?? 10, into: &table)
        print(table.render())
        return 0
    case "keys":
        // Key to frame on one file only, for profiling (perf record … PerfBenchmark keys FILE).
        var table = Table()
        try KeyToFrameBenchmark.run([URL(fileURLWithPath: arguments[1])], keys: Int(arguments.dropFirst(2).first ?? "") ?? 100,
                                         compareSynchronous: false, into: &table)
        print(table.render())
        return 0
    default:
        break
    }
    func option(_ name: String) -> String? {
        guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
        defer { arguments.removeSubrange(i...(i + 1)) }
        return arguments[i + 1]
    }
    let quick = arguments.contains("--quick")
    let strict = arguments.contains("--strict")
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
    let root = URL(fileURLWithPath: option("--repository") ?? FileManager.default.currentDirectoryPath)
    let work = URL(fileURLWithPath: option("--work") ?? NSTemporaryDirectory() + "roadtrip-bench")
    let benchmarkSources = root.appendingPathComponent("Benchmarks/performance")

    FileHandle.standardError.write(Data("Generating workloads (seed \(Workloads.seed)) in \(work.path)…\n".utf8))
    let workloads = try Workloads(folder: work, repository: root)
    var table = Table()
    let storeFiles = [workloads.sample, workloads.small, workloads.longTrip, workloads.large]
    try StoreBenchmark.run(storeFiles, repetitions: quick ? 1 : 3, foundation: !quick, into: &table)
    try KeyToFrameBenchmark.run([workloads.sample, workloads.large], keys: quick ? 30 : 300, into: &table)
    try InFlightBenchmark.run(workloads.sample, keys: quick ? 30 : 300, into: &table)
    FirstFrameBenchmark.run([workloads.sample, workloads.large], runs: quick ? 1 : 5, executable: executable, into: &table)
    try GeodesicBenchmark.run(count: quick ? 10_000 : 100_000, folder: work, executable: executable,
                              sources: benchmarkSources, into: &table)
    try PtyBenchmark.run(root: root, workloads: workloads, runs: quick ? 1 : 5, into: &table)
    try ItineraryBenchmark.run(workloads.longTrip, runs: quick ? 1 : 10, into: &table)

    print(Machine.describe())
    print("Mode: \(quick ? "quick (few repetitions; figures are indicative)" : "full"); workloads from seed \(Workloads.seed)")
    print("")
    print(table.render())
    let missed = table.missed
    print("")
    print(missed.isEmpty ? "Every target met." : "Targets missed: " + missed.map { "\($0.what) (\($0.workload))" }.joined(separator: "; "))
    return strict && !missed.isEmpty ? 1 : 0
}

do {
    exit(try MainActor.assumeIsolated { try main() })
} catch {
    FileHandle.standardError.write(Data("PerfBenchmark: \(error)\n".utf8))
    exit(2)
}
