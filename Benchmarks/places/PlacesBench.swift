// The gazetteer benchmark: load time, query latency percentiles over representative
// queries, and a one-shot mode that behaves like `roadtrip places QUERY --limit 10`.
// Compiled by bench.sh with swiftc -O against the Gazetteer sources; not part of the package.
import Foundation
import Gazetteer
import RoadtripCore

@main
struct PlacesBench {
    static func main() throws {
        let args = CommandLine.arguments
        guard args.count >= 3 else {
            FileHandle.standardError.write(Data("usage: places-bench DATA_DIR (latency | once QUERY | names)\n".utf8))
            exit(64)
        }
        let data = URL(fileURLWithPath: args[1])
        switch args[2] {
        case "once":
            // What the CLI does: load, search, print ten lines.
            let g = try Gazetteer.load(from: data)
            let places = CombinedPlaces(builtIn: g, folder: nil, destinationsDirectory: data).search(args.count > 3 ? args[3] : "", limit: 10)
            print(places.isEmpty ? "no places match" : places.map(\.label).joined(separator: "\n"))
        case "names":
            // Every place as "Name, Region, Country": the file fzf filters.
            let g = try Gazetteer.load(from: data)
            var out = ""
            out.reserveCapacity(8_000_000)
            for row in 0..<g.count { out += g.placeLabel(row: row) + "\n" }
            FileHandle.standardOutput.write(Data(out.utf8))
        default:
            try latency(data)
        }
    }

    static func latency(_ data: URL) throws {
        var loads: [Double] = [], loadCPU: [Double] = []
        var g: Gazetteer?
        for _ in 0..<5 {
            g = nil  // unmap the previous copy first, as a fresh process would start
            let cpuStart = threadCPUNanoseconds()
            let start = DispatchTime.now().uptimeNanoseconds
            g = try Gazetteer.load(from: data)
            loads.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            loadCPU.append(Double(threadCPUNanoseconds() - cpuStart) / 1e6)
        }
        let gazetteer = g!
        let queries = representativeQueries(gazetteer)
        // What the CLI and the planner search; its first search reads the destinations (timed apart).
        let search = CombinedPlaces(builtIn: gazetteer, folder: nil, destinationsDirectory: data)
        let destinationsStart = DispatchTime.now().uptimeNanoseconds
        _ = search.search("warm", limit: 1)
        print(String(format: "destinations read on the first search: %.1f ms",
                     Double(DispatchTime.now().uptimeNanoseconds - destinationsStart) / 1e6))
        // Wall time, and this thread's CPU time: on a shared machine the wall clock also
        // counts the time other processes held the CPU.
        var times: [Double] = [], cpuTimes: [Double] = []
        var slowest: [(Double, String)] = []
        var found = 0
        for round in 0..<10 {
            for q in queries {
                let cpuStart = threadCPUNanoseconds()
                let start = DispatchTime.now().uptimeNanoseconds
                let r = search.search(q, limit: 8)
                let us = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3
                let cpu = Double(threadCPUNanoseconds() - cpuStart) / 1e3
                if round == 0 { found += r.isEmpty ? 0 : 1 } else { times.append(us); cpuTimes.append(cpu) }
                if round == 9 { slowest.append((cpu, q)) }
            }
        }
        times.sort()
        cpuTimes.sort()
        func pct(_ p: Double, _ t: [Double] = times) -> Double { t[min(t.count - 1, Int(Double(t.count) * p))] }
        let sortedLoads = loads.sorted()
        print(String(format: "load (wall): first %.1f ms, median of 5 %.1f ms; CPU median %.1f ms (%d places)",
                     loads[0], sortedLoads[2], loadCPU.sorted()[2], gazetteer.count))
        print(String(format: "queries: %d distinct (%d with results), %d timed runs, limit 8",
                     queries.count, found, times.count))
        print(String(format: "query latency (wall): p50 %.1f µs, p90 %.1f µs, p99 %.1f µs, max %.1f µs",
                     pct(0.5), pct(0.9), pct(0.99), times.last!))
        print(String(format: "query latency (CPU):  p50 %.1f µs, p90 %.1f µs, p99 %.1f µs, max %.1f µs",
                     pct(0.5, cpuTimes), pct(0.9, cpuTimes), pct(0.99, cpuTimes), cpuTimes.last!))
        slowest.sort { $0.0 > $1.0 }
        print("slowest (CPU): " + slowest.prefix(5).map { String(format: "%@ %.0f µs", "\"\($0.1)\"", $0.0) }.joined(separator: ", "))

        // The same queries made for a trip (issue 27): a stop going in between Las Vegas and Zion,
        // so each query looks further down each list and ranks by distance too.
        let trip = PlaceContext(stops: [
            Coordinate(latitude: 36.17, longitude: -115.14), Coordinate(latitude: 37.2, longitude: -112.99)
        ], insertingAt: 1)
        var contextCPU: [Double] = []
        var contextSlowest: [(Double, String)] = []
        for round in 0..<10 {
            for q in queries {
                let cpuStart = threadCPUNanoseconds()
                _ = search.search(q, limit: 8, near: trip)
                let cpu = Double(threadCPUNanoseconds() - cpuStart) / 1e3
                if round > 0 { contextCPU.append(cpu) }
                if round == 9 { contextSlowest.append((cpu, q)) }
            }
        }
        contextCPU.sort()
        print(String(format: "query latency with a trip's context (CPU): p50 %.1f µs, p90 %.1f µs, p99 %.1f µs, max %.1f µs",
                     pct(0.5, contextCPU), pct(0.9, contextCPU), pct(0.99, contextCPU), contextCPU.last!))
        contextSlowest.sort { $0.0 > $1.0 }
        print("slowest with context (CPU): " + contextSlowest.prefix(5).map { String(format: "%@ %.0f µs", "\"\($0.1)\"", $0.0) }.joined(separator: ", "))
    }

    /// Typing simulations (every prefix) of names across the population range, whole
    /// names with qualifiers, one-typo misspellings, other scripts and coordinates.
    static func representativeQueries(_ g: Gazetteer) -> [String] {
        var out: [String] = [
            "Portland", "Portland, ME", "Portland, Maine", "Halifax, Nova Scotia", "Queenstown, NZ",
            "Queenstown, New Zealand", "Paris, TX", "Albuqerque", "Sacramneto", "zurich", "tromso",
            "st louis", "東京", "Москва", "Munich", "Cologne", "Vienna", "Seville", "48.8584, 2.2945",
            "48.8584 2.2945", "-33.86,151.21", "san fran", "new york", "s", "a", "sa", "Springfield, IL",
            "Pittsbrugh", "Lodnon", "Barcelnoa", "xqzvw", "Saint-Étienne", "københavn", "Kraków",
        ]
        var row = 0
        while row < g.count && out.count < 400 {
            let p = g.place(at: row)
            let name = p.name
            for n in 1...min(name.count, 8) { out.append(String(name.prefix(n))) }
            out.append(name + ", " + (p.region.isEmpty ? p.country : p.region))
            if name.count >= 6 {
                var chars = Array(name)
                chars.swapAt(2, 3)
                out.append(String(chars))
            }
            row = row < 2000 ? row + 97 : row * 2 + 13
        }
        return out
    }
}

/// CPU time this thread has used, in nanoseconds.
func threadCPUNanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

extension Gazetteer {
    /// "Name, Region, Country" of a row.
    func placeLabel(row: Int) -> String { place(at: row).label }
}
